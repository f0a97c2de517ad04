/// A bad setting's error names where the value came from: the flag, or the environment variable.
///
/// A user who exported `BREEZE_TIMEOUT=-1` months ago and runs `breeze-rpc` with no flags must learn which
/// variable to fix; a message naming only the flag (or neither) sends them looking in the wrong place.
extension Options.Setting {
    /// Applies `value`, given by `source` (the flag or the variable), to `options`.
    ///
    /// - Throws: the setting's `UsageError`, naming `source`: a message worded around the flag (`--retries takes
    ///   …`) names the variable in its place when the value came from there; any other is prefixed with it.
    func apply(_ value: String, from source: String, to options: inout Options) throws(Options.UsageError) {
        do {
            try apply(&options, value)
        } catch {
            if error.description.hasPrefix(flag + " ") {
                throw Options.UsageError(description: source + error.description.dropFirst(flag.count))
            }
            throw Options.UsageError(description: "\(source): \(error.description)")
        }
    }
}
