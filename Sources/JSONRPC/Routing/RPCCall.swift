import FoundationEssentials

/// What the wire layer knows of one call besides its params, handed to the method with them: the surface it came
/// through and where its progress goes. Cancellation is the task's own (`Task.isCancelled`, `CancellationError`).
///
/// A value passed in, not a task local: a method's answer may depend on how the call arrived (MCP tool calls
/// default to a bounded answer), and its signature says so.
public struct RPCCall: Sendable {
    /// How the call arrived.
    public enum Surface: Sendable, Hashable {
        /// A plain JSON-RPC request.
        case plain
        /// The method of an MCP `tools/call`.
        case toolCall
    }

    public var surface: Surface
    /// Where the call's progress goes; nil when the request did not ask for progress (`_meta.progressToken`).
    public var progress: ProgressReporter?
    /// Where the call's notifications go (framed like its reply); nil when nothing listens, as in tests.
    var channel: NotificationChannel?

    public init(surface: Surface = .plain, progress: ProgressReporter? = nil) {
        self.surface = surface
        self.progress = progress
    }

    init(surface: Surface, channel: NotificationChannel?, progress: ProgressReporter? = nil) {
        self.surface = surface
        self.channel = channel
        self.progress = progress
    }

    /// A plain call with nothing listening.
    public static let plain = RPCCall()
}

/// Writes one whole message to the client, through the same writer as the replies; `Server.run` makes one per
/// request.
struct NotificationChannel: Sendable {
    let send: @Sendable ([UInt8]) -> Void
}

/// Sends `notifications/progress` for one request that asked for progress (its `_meta.progressToken`, MCP's
/// convention, honoured for plain methods too).
public struct ProgressReporter: Sendable {
    let token: RequestID
    let channel: NotificationChannel

    /// The method of a progress notification.
    public static let method = "notifications/progress"

    /// Reports `progress` of `total`.
    ///
    /// - Important: `progress` must grow from one report to the next, as MCP requires. Nothing is sent once the
    ///   request is cancelled: the client expects nothing more for it.
    public func report(_ progress: Int, total: Int?, message: String? = nil) {
        guard !Task.isCancelled else { return }
        var params: [String: JSONValue] = ["progressToken": token.jsonValue, "progress": .number(Double(progress))]
        if let total { params["total"] = .number(Double(total)) }
        if let message { params["message"] = .string(message) }
        let notification: JSONValue = ["jsonrpc": "2.0", "method": .string(Self.method), "params": .object(params)]
        guard let encoded = try? Router.encoder.encode(notification) else { return }
        channel.send(encoded.byteArray)
    }
}

extension RequestID {
    /// The id as a JSON value, for messages built from `JSONValue`s.
    var jsonValue: JSONValue {
        switch self {
        case .number(let value): .number(Double(value))
        case .string(let value): .string(value)
        }
    }
}
