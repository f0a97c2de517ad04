/// Whether the request being served arrived as an MCP `tools/call`, for bindings whose defaults differ there.
///
/// A task local rather than a parameter, as `RequestNotifications` is: `tools/call` hands its arguments to the
/// method untouched, and the method alone knows what the difference means (the wire layer names no param). The
/// router binds it around the tool's method; a plain request sees `false`.
public enum MCPToolCall {
    /// True while the method of an MCP `tools/call` runs.
    @TaskLocal public static var isActive = false
}
