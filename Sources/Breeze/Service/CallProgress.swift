/// Where a call that takes several upstream rounds reports how far it has got.
///
/// Part of the call (`Breeze.Call.progress`), set by whoever wants to show progress (the RPC binding turns reports
/// into protocol notifications); the domain only reports, and knows nothing of who listens.
public struct CallProgress: Sendable {
    /// Called with the rounds done and the rounds in all; `completed` grows with every call.
    public let report: @Sendable (_ completed: Int, _ total: Int) -> Void

    public init(report: @escaping @Sendable (_ completed: Int, _ total: Int) -> Void) {
        self.report = report
    }
}
