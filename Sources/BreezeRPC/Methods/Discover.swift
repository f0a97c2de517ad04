import JSONRPC

/// `rpc.discover`: the OpenRPC document describing every method.
///
/// The document is `schema/openrpc.json`, embedded at build time through the `openrpc.json` symlink beside this
/// file, so the file in the repository is the one source of truth and no second copy is kept by hand.
/// - Important: a built-in like `ping`, not a `BreezeMethod`: it needs no Breeze services.
public enum Discover: RPCMethod {
    public static let name = "rpc.discover"
    /// Only the `timeoutMs` every method accepts (checked, then moot: the document is ready at once).
    public static let parameterNames = TimeoutParam.names

    public static func handle(_ params: TimeoutParam.Only, context: Void, call: RPCCall) async throws -> RawJSON {
        try document.get()
    }

    /// The embedded document as one compact line, validated as JSON once.
    ///
    /// The file is pretty-printed for people; the reply must fit on one line, so insignificant whitespace goes.
    /// A broken document answers -32603 (and the tests fail).
    static let document = Swift.Result { () throws(JSONSyntaxError) -> RawJSON in
        try RawJSON(compacted(PackageResources.openrpc_json))
    }

    /// `json` without the whitespace between tokens; strings, key order and number spellings stay as written.
    static func compacted(_ json: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            }
            output.append(byte)
        }
        return output
    }
}
