import FoundationEssentials

/// Open-Meteo's JSON for a place no model covers: it prints a NaN coordinate with Swift's description, the bare
/// word `nan`, which is not JSON (`{"latitude":nan,"longitude":nan,…}`).
enum BareNaN {
    /// `body` with every bare `nan` value (after `:`, `[` or `,`, before `,`, `}` or `]`) written `null`, so it
    /// decodes; the body itself when it has none, which is the common case and costs one scan.
    static func nulled(_ body: Data) -> Data {
        let bytes = [UInt8](body)
        let n = UInt8(ascii: "n"), a = UInt8(ascii: "a")
        func isValueStart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: ",")
        }
        func isValueEnd(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
        }
        var output: [UInt8]? = nil
        var copied = 0
        var index = 1
        while index + 3 < bytes.count {
            if bytes[index] == n, bytes[index + 1] == a, bytes[index + 2] == n, isValueStart(bytes[index - 1]),
                isValueEnd(bytes[index + 3])
            {
                if output == nil { output = [UInt8](); output?.reserveCapacity(bytes.count + 16) }
                output?.append(contentsOf: bytes[copied..<index])
                output?.append(contentsOf: Array("null".utf8))
                copied = index + 3
                index += 3
            } else {
                index += 1
            }
        }
        guard var output else { return body }
        output.append(contentsOf: bytes[copied...])
        return Data(output)
    }
}
