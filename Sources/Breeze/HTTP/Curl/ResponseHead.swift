/// The status and headers of an answer, from the header lines libcurl passes one by one.
///
/// Each status line starts a new block, so an interim `100 Continue` (or a proxy's `CONNECT` answer) is
/// forgotten once the final answer begins. Names are lower-cased; a repeated header keeps its last value.
struct ResponseHead: Equatable {
    var status: Int?
    var headers: [String: String] = [:]
    private var lastName: String?

    mutating func consume(line: Substring) {
        var line = line
        while line.last?.isNewline == true { line.removeLast() }  // "\r\n" is one Character
        if line.hasPrefix("HTTP/") {
            let fields = line.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) : nil
            headers = [:]
            lastName = nil
        } else if let first = line.first, first == " " || first == "\t" {
            // An obsolete folded continuation of the previous header.
            guard let lastName, let value = headers[lastName] else { return }
            headers[lastName] = value + " " + Self.trimmed(line)
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            headers[name] = Self.trimmed(line[line.index(after: colon)...])
            lastName = name
        }
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[first...last])
    }
}
