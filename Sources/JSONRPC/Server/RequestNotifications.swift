import FoundationEssentials

/// Notifications a handler sends to the client while its request is in flight: progress.
///
/// Task locals rather than a handler parameter, so that no method signature changes and a handler that does
/// not report progress knows nothing of it. `Server.run` binds the writer for every request it serves; the
/// router binds the progress token of a request whose params carry `_meta.progressToken` (MCP's convention,
/// honoured for plain methods too). A handler only calls `reportProgress`.
public enum RequestNotifications {
    /// Writes one whole message to the client, through the same writer as the replies.
    struct Channel: Sendable {
        let send: @Sendable ([UInt8]) -> Void
    }

    /// The channel of the request being served; bound by `Server.run`.
    @TaskLocal static var channel: Channel?

    /// The `_meta.progressToken` of the request being served, when it asked for progress.
    @TaskLocal static var progressToken: RequestID?

    /// The method of a progress notification.
    public static let progressMethod = "notifications/progress"

    /// Sends `notifications/progress` for the request being served, if it asked for progress.
    ///
    /// - Important: `progress` must grow from one call to the next, as MCP requires. Nothing is sent once the
    ///   request is cancelled: the client expects nothing more for it.
    public static func reportProgress(_ progress: Int, total: Int?, message: String? = nil) {
        progressReporter()?(progress, total, message)
    }

    /// `reportProgress` for the request being served, as a closure; nil when the request did not ask for
    /// progress, so a caller binds a listener only when someone listens.
    ///
    /// - Important: as for `reportProgress`.
    public static func progressReporter() -> (@Sendable (_ progress: Int, _ total: Int?, _ message: String?) -> Void)? {
        guard let channel, let token = progressToken else { return nil }
        return { progress, total, message in
            guard !Task.isCancelled else { return }
            var params: [String: JSONValue] = [
                "progressToken": token.jsonValue, "progress": .number(Double(progress)),
            ]
            if let total { params["total"] = .number(Double(total)) }
            if let message { params["message"] = .string(message) }
            let notification: JSONValue = [
                "jsonrpc": "2.0", "method": .string(progressMethod), "params": .object(params),
            ]
            guard let encoded = try? Router.encoder.encode(notification) else { return }
            channel.send(encoded.byteArray)
        }
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
