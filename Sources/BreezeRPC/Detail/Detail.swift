import Breeze
import JSONRPC

/// How much of an answer a caller wants: `summary`, `standard` or `full`.
///
/// `full` is the whole answer, exactly what the method wrote before `detail` existed; `standard` is that answer
/// within `ResultBudget` (series thinned evenly, the cut said in `truncated`); `summary` is what a person reads,
/// per day, computed from the series. Without the param a plain JSON-RPC call gets `full`, so existing callers
/// see no change, and an MCP `tools/call` gets `standard`, since hosts cut or spill large tool results: the router
/// says how each call arrived (`RPCCall.Surface`), and `implicit(for:)` is the one place that reads it.
public enum Detail: String, ParameterChoice {
    case summary, standard, full

    /// The detail of a call that did not say: `standard` for an MCP tool call, `full` otherwise.
    static func implicit(for surface: RPCCall.Surface) -> Detail {
        switch surface {
        case .plain: .full
        case .toolCall: .standard
        }
    }
}

/// A result that knows the detail it was made at, so `CatalogMethod` bounds it unless it is `full`.
protocol DetailChosen {
    var detail: Detail { get }
}

/// A method's answer at the detail asked for: the whole value (`full`, or `standard` before bounding), or its
/// summary.
public struct Detailed<Full: JSONWritable, Summary: JSONWritable>: JSONWritable, DetailChosen {
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

    public func write(to json: inout JSONWriter) {
        switch answer {
        case .whole(let full): json.write(full)
        case .summary(let summary): json.write(summary)
        }
    }
}

/// Equal answers write equal bytes, so a repeated call's reply can be reused (see the router's `CallMemo`).
extension Detailed: Equatable where Full: Equatable, Summary: Equatable {}

extension Detailed.Answer: Equatable where Full: Equatable, Summary: Equatable {}
