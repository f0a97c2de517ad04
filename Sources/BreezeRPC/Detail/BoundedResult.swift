import Breeze
import JSONRPC

/// A method's result as written on the wire: as the method wrote it, or within `ResultBudget` when the call's
/// detail is not `full` (see `Detail`).
public struct BoundedResult: JSONBytesConvertible {
    let bytes: [UInt8]

    /// `result` as JSON, bounded unless its detail (the method's, or the call's default for methods without the
    /// param) is `full`.
    init<M: BreezeMethod>(_ result: M.Result, of method: M.Type) throws {
        let bytes = try Router.resultJSON(result)
        let detail = (result as? any DetailChosen)?.detail ?? Detail.implicit
        guard detail != .full else {
            self.bytes = bytes
            return
        }
        self.bytes = ResultBudget.bounded(bytes, listMember: Self.listMember(M.name), narrow: M.narrowing)
    }

    public func jsonBytes() -> [UInt8] { bytes }

    /// The member a bounded list result is wrapped in: the result's name in the OpenRPC document (`cities`,
    /// `airQuality`), the same name MCP wraps a list in, so a tool's list reads alike at every detail.
    static func listMember(_ method: String) -> String {
        resultNames[method] ?? "result"
    }

    private static let resultNames: [String: String] = {
        guard case .success(let raw) = Discover.document,
            case .array(let methods)? = JSONValue(raw.text.root, in: raw.text)["methods"]
        else { return [:] }
        var names: [String: String] = [:]
        for method in methods {
            if case .string(let name)? = method["name"], case .string(let result)? = method["result"]?["name"] {
                names[name] = result
            }
        }
        return names
    }()
}
