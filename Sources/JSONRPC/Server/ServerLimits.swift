/// Limits that keep one client from exhausting the server.
public struct ServerLimits: Sendable, Equatable {
    /// The message size limit: the longest line, or `Content-Length` body, accepted, in bytes.
    public var maxLineBytes: Int
    /// How many calls may run at once (each batch member counts) before the server stops reading.
    public var maxInFlight: Int
    /// How deeply arrays and objects may nest in a request.
    public var maxNestingDepth: Int
    /// How the user changes `maxLineBytes` (a flag, say), named in the error for an oversized message.
    public var maxLineBytesSetting: String?

    public init(
        maxLineBytes: Int = 8 * 1024 * 1024, maxInFlight: Int = 256, maxNestingDepth: Int = 128,
        maxLineBytesSetting: String? = nil
    ) {
        self.maxLineBytes = maxLineBytes
        self.maxInFlight = maxInFlight
        self.maxNestingDepth = maxNestingDepth
        self.maxLineBytesSetting = maxLineBytesSetting
    }
}
