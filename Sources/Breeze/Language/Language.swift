/// A language breeze-rpc writes its own display texts in: status texts, advice, WMO weather descriptions, pollen
/// categories and names.
///
/// Machine values (`level`, codes, `id`, `value`, `color`) never change with the language; only the texts made
/// for people do. Texts that come from an upstream (the geocoder's place names, Google's pollen texts) are the
/// upstream's business and are not translated here.
///
/// Results are made in English and turned into another language by `localized(_:)` on the result value
/// (`AirQuality`, `Forecast`, `PollenForecast`, `Dashboard`), which rewrites only display texts, from their
/// machine values. Adding a language is a case here and a field in `Translations`, the rows of the text tables:
/// the compiler then names every text the language lacks, and the tests check that none is the English one.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case en, de, fr, es, it, pt, nl, pl, ja, zh

    /// Our language for a requested code, or `nil` when we have no texts for it.
    ///
    /// Only the primary subtag counts, in any case and with `-` or `_`: `de-AT` and `de_CH` are German, `pt_BR`
    /// Portuguese, `ZH` and `zh-Hant` Chinese. The Chinese texts are in simplified characters, which readers of
    /// traditional ones read far better than English.
    public init?(code: String) {
        let primary = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        self.init(rawValue: primary.lowercased())
    }

    /// The language to answer a request's `code` in, and whether the request is left unhonoured.
    public struct Choice: Sendable, Hashable {
        /// What the texts will be in: the requested language when we have it, English otherwise.
        public let language: Language
        /// `true` when the code named a language we have no texts for, so the answer is English; the caller
        /// reports that (in `ignoredParameters`) so nobody mistakes English for what they asked for.
        public let isIgnored: Bool

        /// The choice for a requested code (a BCP-47 tag such as `de`, `de-AT`, `pt_BR`).
        public init(code: String) {
            let language = Language(code: code)
            self.language = language ?? .en
            isIgnored = language == nil
        }
    }

    /// This language's texts.
    var texts: LanguageTexts { LanguageTexts(language: self) }
}
