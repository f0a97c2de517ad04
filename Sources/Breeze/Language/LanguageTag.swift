/// The shape of a BCP-47 language tag (RFC 5646 §2.1), checked where a tag is passed on to an upstream or matched
/// against one's texts: a primary language subtag of two to eight letters, then subtags of one to eight letters and
/// digits (`en`, `de-CH`, `zh-Hant-TW`), 35 characters at most (the length RFC 5646 §4.4.1 asks every tag to fit).
/// A well-formed tag of a language nobody has (`klingon`) passes: the upstream answers in its default language.
/// Methods that only choose among our own ten languages take any code and report the ones they cannot honour.
enum LanguageTag {
    /// - Throws: `BreezeError.invalidParameter` naming `field` when `tag` does not have that shape.
    static func check(_ tag: String, field: String) throws(BreezeError) {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isLanguage = { (subtag: Substring) in (2...8).contains(subtag.count) && subtag.allSatisfy(\.isASCIILetter) }
        let isSubtag = { (subtag: Substring) in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
        }
        guard tag.utf8.count <= 35, subtags.first.map(isLanguage) == true, subtags.dropFirst().allSatisfy(isSubtag)
        else {
            throw .invalidParameter(
                name: field, reason: "must be a BCP-47 language tag such as en, de or fr-CH, not '\(tag.prefix(40))'.")
        }
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
