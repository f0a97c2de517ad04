/// The version of breeze-rpc, reported by `--version` and in the User-Agent sent upstream.
public enum BreezeVersion {
    public static let current = "0.1.0"
    public static let userAgent = "breeze-rpc/\(current) (+https://github.com/breeze-rpc/breeze-rpc)"
}
