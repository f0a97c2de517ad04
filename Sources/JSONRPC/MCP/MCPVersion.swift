/// The MCP revisions served, and how a request says which one it speaks.
///
/// Legacy revisions are agreed once with `initialize`; modern ones (2026-07-28 on) are stamped on every request
/// in `_meta` and served without any session state.
enum MCPVersion {
    /// Revisions agreed with `initialize`, oldest first.
    static let handshake = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    /// Revisions stamped on every request, oldest first.
    static let modern = ["2026-07-28"]
    /// Every revision served, newest first: what `server/discover` and -32022 list.
    static let supported = Array((handshake + modern).reversed())

    /// `initialize`'s answer: the requested revision when it is one agreed by handshake, else the newest such
    /// one (the client then decides whether it can speak it). Never an unknown string echoed back.
    static func negotiated(_ requested: String) -> String {
        handshake.contains(requested) ? requested : handshake[handshake.count - 1]
    }
}

/// Which era's rules answer a request.
enum MCPEra: Equatable {
    /// No modern `_meta` stamp: the results as the handshake revisions define them.
    case legacy
    /// Stamped with a modern revision: results also carry `resultType`, the server's identity and, for lists,
    /// caching hints.
    case modern
}

/// The `_meta` keys MCP defines for a request, as far as the server reads them.
struct MCPRequestMeta: Decodable, Sendable {
    var protocolVersion: String?
    var clientCapabilities: JSONValue?

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "io.modelcontextprotocol/protocolVersion"
        case clientCapabilities = "io.modelcontextprotocol/clientCapabilities"
    }

    /// The era of a request with this `_meta` (nil: none).
    ///
    /// - Throws: -32022 listing the supported revisions for a revision not served; -32602 for a modern request
    ///   without the client capabilities it must declare.
    static func era(of meta: MCPRequestMeta?) throws(ResponseError) -> MCPEra {
        guard let version = meta?.protocolVersion else { return .legacy }
        if MCPVersion.handshake.contains(version) { return .legacy }
        guard MCPVersion.modern.contains(version) else { throw .unsupportedProtocolVersion(requested: version) }
        guard meta?.clientCapabilities != nil else {
            throw .invalidParams(
                "A request stamped with protocol version \(version) must also declare "
                    + "_meta[\"io.modelcontextprotocol/clientCapabilities\"] ({} for none).",
                field: "_meta")
        }
        return .modern
    }
}

extension ResponseError {
    /// MCP's `UnsupportedProtocolVersion`: `data` names the supported revisions and the requested one.
    static func unsupportedProtocolVersion(requested: String) -> ResponseError {
        ResponseError(
            code: .unsupportedProtocolVersion, type: "unsupportedProtocolVersion",
            message: "Unsupported protocol version",
            details: ["supported": .array(MCPVersion.supported.map(JSONValue.string)), "requested": .string(requested)])
    }
}
