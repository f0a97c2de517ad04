/// The geocoding language a place name's own script points to: "Москва" is looked up as Russian, "東京" as
/// Japanese, "القاهرة" as Arabic.
///
/// Open-Meteo's geocoder matches a name against each place's main name and against its names in the one language
/// asked for. A name typed in its own script is rarely the main name, so searched as English it finds little;
/// searched in the language of its script it finds the place. Latin-script names (and digits, punctuation) point
/// to no language, so their searches stay exactly as they were.
enum ScriptLanguage {
    /// The language for `text`, or `nil` when nothing in it points to one (Latin script, digits, punctuation).
    ///
    /// Japanese kana decide for Japanese and Hangul for Korean, wherever they appear. Chinese characters without
    /// kana are Chinese when one of them is a form only Simplified Chinese writes (东, 门, 马 …), and Japanese
    /// otherwise: the forms Japan and Taiwan share (東京, 大阪, 臺北) are in the geocoder's Japanese names, and
    /// 北京 or 上海 are written the same in Japanese and Chinese, where the Japanese names find them too. Any other
    /// script decides by its first letter: Cyrillic is Russian, or Ukrainian or Serbian where a letter only those
    /// alphabets have appears; Greek, Hebrew, Arabic, Thai, Devanagari and the other scripts in `scripts` each
    /// name their language.
    static func language(of text: String) -> String? {
        var first: String?
        var hasHan = false
        var hasSimplifiedOnly = false
        var cyrillicHint: String?
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if isKana(value) { return "ja" }
            if isHangul(value) { return "ko" }
            if isHan(value) {
                hasHan = true
                if simplifiedOnly.contains(scalar) { hasSimplifiedOnly = true }
                continue
            }
            if (0x0400...0x052F).contains(value) {
                if ukrainianOnly.contains(scalar) { cyrillicHint = cyrillicHint ?? "uk" }
                if serbianOnly.contains(scalar) { cyrillicHint = cyrillicHint ?? "sr" }
            }
            if first == nil, let script = scripts.first(where: { $0.range.contains(value) }) {
                first = script.language
            }
        }
        if hasHan { return hasSimplifiedOnly ? "zh" : "ja" }
        if first == "ru", let cyrillicHint { return cyrillicHint }
        return first
    }

    /// Non-Latin scripts and the language each stands for (Cyrillic refined by `ukrainianOnly`/`serbianOnly`).
    private static let scripts: [(range: ClosedRange<UInt32>, language: String)] = [
        (0x0370...0x03FF, "el"), (0x1F00...0x1FFF, "el"),  // Greek, polytonic Greek
        (0x0400...0x052F, "ru"),  // Cyrillic
        (0x0530...0x058F, "hy"),  // Armenian
        (0x0590...0x05FF, "he"),  // Hebrew
        (0x0600...0x06FF, "ar"), (0x0750...0x077F, "ar"), (0xFB50...0xFDFF, "ar"), (0xFE70...0xFEFF, "ar"),
        (0x0900...0x097F, "hi"),  // Devanagari
        (0x0980...0x09FF, "bn"),  // Bengali
        (0x0A00...0x0A7F, "pa"),  // Gurmukhi
        (0x0A80...0x0AFF, "gu"),  // Gujarati
        (0x0B80...0x0BFF, "ta"),  // Tamil
        (0x0C00...0x0C7F, "te"),  // Telugu
        (0x0C80...0x0CFF, "kn"),  // Kannada
        (0x0D00...0x0D7F, "ml"),  // Malayalam
        (0x0D80...0x0DFF, "si"),  // Sinhala
        (0x0E00...0x0E7F, "th"),  // Thai
        (0x0E80...0x0EFF, "lo"),  // Lao
        (0x1000...0x109F, "my"),  // Myanmar
        (0x10A0...0x10FF, "ka"),  // Georgian
        (0x1200...0x137F, "am"),  // Ethiopic
        (0x1780...0x17FF, "km"),  // Khmer
    ]

    /// Hiragana, Katakana and their extensions, half-width Katakana.
    private static func isKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9D).contains(value)
    }

    /// Hangul syllables and jamo.
    private static func isHangul(_ value: UInt32) -> Bool {
        (0xAC00...0xD7AF).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
    }

    /// CJK unified ideographs (with extension A and B) and compatibility ideographs.
    private static func isHan(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0x20000...0x2A6DF).contains(value)
    }

    /// Cyrillic letters Ukrainian writes and Russian does not.
    private static let ukrainianOnly: Set<Unicode.Scalar> = ["є", "Є", "ї", "Ї", "і", "І", "ґ", "Ґ"]

    /// Cyrillic letters Serbian writes and Russian does not.
    private static let serbianOnly: Set<Unicode.Scalar> = [
        "ђ", "Ђ", "ћ", "Ћ", "џ", "Џ", "љ", "Љ", "њ", "Њ", "ј", "Ј",
    ]

    /// Simplified forms common in place names whose Japanese and traditional forms differ (东 for 東, 门 for 門,
    /// 马 for 馬 …): one of them marks a name as Simplified Chinese. Forms Japanese writes the same way (国, 区,
    /// 会, 湾) are left out on purpose.
    private static let simplifiedOnly = Set(
        ("东门广马纽约伦圣罗兰尔齐庆汉乌鲁滨长阳连苏宁龙岛亚贝宾萨丽莱诺维顿费韩县关开锡无贵兴历桥乡镇乐发义丰临为书云产华"
            + "卫头汤沟济浏潍热们这时对过还进远运边达迈选逊邓郑邮铁银钢锦闵间队阴际陆陈难顺领风飞饶驻鱼鸟鹤龟张刘杨赵吴孙"
            + "许冯吕卢钟谭贾韦邹贺顾龚钱严坝闽赣粤辽陕")
            .unicodeScalars)
}
