/// One display text in every language breeze-rpc writes: a row of the text tables, one field per language.
///
/// The texts are kept by key, each key's row holding every language side by side, rather than one table per
/// language: a row that lacks a language does not compile, so no language can silently fall back to English for
/// one text, and a translation is read beside the English it translates. Adding a language is a field here and its
/// case in `subscript`; the compiler then names every row that lacks it.
struct Translations: Sendable {
    /// English: the canonical wording, and what every unknown language falls back to.
    ///
    /// - Important: these are the texts clients saw before other languages existed; a golden test pins every one
    ///   byte for byte.
    let en: String
    /// German.
    let de: String
    /// French. The European bands use the wording of the French ATMO index, which has the same six steps; the
    /// pollen levels the six steps (nul … très élevé) French pollen bulletins use.
    let fr: String
    /// Spanish. The US bands follow the EPA's Spanish category names ("Dañina a la salud…"); the European bands
    /// the wording of Spain's national air quality index, which has the same six steps.
    let es: String
    /// Italian.
    let it: String
    /// Portuguese, in Brazilian usage (most Portuguese speakers). The European bands take the words of Brazil's
    /// own air quality index (Boa, Moderada, Ruim, Muito ruim, Péssima), with Razoável for the step it lacks.
    let pt: String
    /// Dutch.
    let nl: String
    /// Polish.
    let pl: String
    /// Japanese, in the polite style of public health advice.
    let ja: String
    /// Chinese, in simplified characters, with the terms of China's weather and air quality services where they
    /// exist (阵雨 for showers, 细颗粒物 for PM2.5).
    let zh: String

    /// The text in `language`.
    subscript(language: Language) -> String {
        switch language {
        case .en: en
        case .de: de
        case .fr: fr
        case .es: es
        case .it: it
        case .pt: pt
        case .nl: nl
        case .pl: pl
        case .ja: ja
        case .zh: zh
        }
    }
}

/// The texts of one AQI band in every language: its name, one-sentence description and advice.
///
/// The advice is a list of rows, so every language gives the same number of tips.
struct StatusTranslations: Sendable {
    let text: Translations
    let description: Translations
    let tips: [Translations]

    /// The band's texts in `language`.
    subscript(language: Language) -> StatusTexts {
        StatusTexts(text: text[language], description: description[language], tips: tips.map { $0[language] })
    }
}
