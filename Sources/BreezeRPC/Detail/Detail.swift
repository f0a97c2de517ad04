import Breeze
import JSONRPC

/// How much of an answer a caller wants: `summary`, `standard` or `full`.
///
/// `full` is the whole answer, exactly what the method wrote before `detail` existed; `standard` is that answer
/// within `ResultBudget` (series thinned evenly, the cut said in `truncated`); `summary` is what a person reads,
/// per day, computed from the series. Without the param a plain JSON-RPC call gets `full`, so existing callers
/// see no change, and an MCP `tools/call` gets `standard`, since hosts cut or spill large tool results: the
/// router marks tool calls (`MCPToolCall`) and this is the one place that reads the mark.
public enum Detail: String, ParameterChoice {
    case summary, standard, full

    /// The detail asked for, or the default of the surface the call came through.
    /// - Throws: `BreezeError.invalidParameter` naming `detail` and listing the choices.
    static func resolved(_ asked: String?) throws(BreezeError) -> Detail {
        guard let asked else { return implicit }
        return try Detail(parameter: asked, field: "detail")
    }

    /// The detail of a call that did not say: `standard` for an MCP tool call, `full` otherwise.
    static var implicit: Detail { MCPToolCall.isActive ? .standard : .full }
}

/// A result that knows the detail it was made at, so `TimeLimited` bounds it unless it is `full`.
protocol DetailChosen {
    var detail: Detail { get }
}

/// A method's answer at the detail asked for: the whole value (`full`, or `standard` before bounding), or its
/// summary.
public struct Detailed<Full: Encodable & Sendable, Summary: Encodable & Sendable>: JSONBytesConvertible, DetailChosen {
    let detail: Detail
    let answer: Answer

    enum Answer: Sendable {
        case whole(Full)
        case summary(Summary)
    }

    /// `full` at `detail`, its summary made by `summarize` only when `detail` is `summary`.
    init(_ full: Full, detail: Detail, summarize: (Full) -> Summary) {
        self.detail = detail
        answer = detail == .summary ? .summary(summarize(full)) : .whole(full)
    }

    public func jsonBytes() -> [UInt8] {
        // Every value here is strings, numbers and JSON values: encoding cannot fail.
        let bytes =
            switch answer {
            case .whole(let full): try? Router.resultJSON(full)
            case .summary(let summary): try? Router.resultJSON(summary)
            }
        return bytes ?? Array("null".utf8)
    }
}
