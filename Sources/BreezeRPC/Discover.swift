import JSONRPC

/// `rpc.discover`: the OpenRPC document describing every method.
///
/// The document is `schema/openrpc.json`, embedded at build time through the `openrpc.json` symlink beside this
/// file, so the file in the repository is the one source of truth and no second copy is kept by hand.
/// - Important: a built-in like `ping`, not a `BreezeMethod`: it needs no Breeze services.
public enum Discover: RPCMethod {
    public static let name = "rpc.discover"
    public static let parameterNames = ["timeoutMs"]

    /// `timeoutMs` is accepted like on every method; the document is ready at once, so no deadline can pass.
    public struct Params: Decodable, Sendable {
        public let timeoutMs: Int?
    }

    public static func handle(_ params: Params, context: Void) async throws -> RawJSON {
        if let timeoutMs = params.timeoutMs, timeoutMs < 1 {
            throw ResponseError.invalidParams(
                "Parameter 'timeoutMs' must be a positive number of milliseconds, not \(timeoutMs).", field: "timeoutMs"
            )
        }
        return try document.get()
    }

    /// The embedded bytes, validated as JSON once. A broken document answers -32603 (and the tests fail).
    static let document = Swift.Result { () throws(JSONSyntaxError) -> RawJSON in
        try RawJSON(PackageResources.openrpc_json)
    }
}
