#if canImport(Glibc)
import Glibc
#endif

extension Double {
    /// The number as a person writes it, for messages: whole numbers without a fraction ("95", not Swift's
    /// "95.0"), others in the shortest form that reads back as the same value ("52.52").
    public var plainText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }

    /// The number with one decimal ("12.0", "0.4"), for log lines: C's `%.1f`, which rounds the exact binary
    /// value, so the text is the one `String(format:)` wrote.
    var oneDecimalText: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([self]) { vsnprintf(&buffer, buffer.count, "%.1f", $0) }
        guard count >= 0, count < buffer.count else { return plainText }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
