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

    /// The keys as they appear in `_meta`, for messages.
    static let protocolVersionKey = CodingKeys.protocolVersion.rawValue
    static let clientCapabilitiesKey = CodingKeys.clientCapabilities.rawValue

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "io.modelcontextprotocol/protocolVersion"
        case clientCapabilities = "io.modelcontextprotocol/clientCapabilities"
    }

    /// The era of a request with this `_meta` (nil: none).
    ///
    /// - Throws: -32022 listing the supported revisions for a revision not served; -32602 for a modern request
    ///   without the client capabilities it must declare (see `missingClientCapabilities`).
    static func era(of meta: MCPRequestMeta?) throws(ResponseError) -> MCPEra {
        guard let version = meta?.protocolVersion else { return .legacy }
        if MCPVersion.handshake.contains(version) { return .legacy }
        guard MCPVersion.modern.contains(version) else { throw .unsupportedProtocolVersion(requested: version) }
        guard meta?.clientCapabilities != nil else { throw .missingClientCapabilities(version: version) }
        return .modern
    }
}

extension ResponseError {
    /// -32602 for a modern request stamped with its revision but not its client capabilities, saying exactly
    /// what to add.
    ///
    /// Refused, not taken as `{}`: the modern revisions make both keys required on every request ("A request
    /// missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602"), so a
    /// client that leaves one out would fail against any other modern server; the error tells it how to comply.
    static func missingClientCapabilities(version: String) -> ResponseError {
        .invalidParams(
            "Missing _meta[\"\(MCPRequestMeta.clientCapabilitiesKey)\"]: MCP \(version) requires it on every request, "
                + "beside \"\(MCPRequestMeta.protocolVersionKey)\". Add \"\(MCPRequestMeta.clientCapabilitiesKey)\": {} "
                + "to params._meta ({} declares no optional capabilities; this server needs none).",
            field: "_meta")
    }

    /// MCP's `UnsupportedProtocolVersion`: `data` names the supported revisions and the requested one.
    static func unsupportedProtocolVersion(requested: String) -> ResponseError {
        ResponseError(
            code: .unsupportedProtocolVersion, type: "unsupportedProtocolVersion",
            message: "Unsupported protocol version",
            details: ["supported": .array(MCPVersion.supported.map(JSONValue.string)), "requested": .string(requested)])
    }
}
