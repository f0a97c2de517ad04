import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// `searchCities` picks the geocoding language from the script of a name typed without one.
@Suite struct ScriptLanguageTests {
    @Test(
        arguments: [
            ("Москва", "ru"), ("Київ", "uk"), ("Крагујевац", "sr"), ("Београд", "ru"), ("東京", "ja"), ("とうきょう", "ja"),
            ("大阪", "ja"),
            ("東京都", "ja"), ("北京", "ja"), ("东京", "zh"), ("广州", "zh"), ("乌鲁木齐", "zh"), ("서울", "ko"),
            ("القاهرة", "ar"), ("Αθήνα", "el"), ("ירושלים", "he"), ("กรุงเทพมหานคร", "th"), ("नई दिल्ली", "hi"),
            ("თბილისი", "ka"), ("Երևան", "hy"), ("ঢাকা", "bn"), ("Москва, Россия", "ru"),
        ])
    func namesItsScriptsLanguage(name: String, language: String) {
        #expect(ScriptLanguage.language(of: name) == language)
    }

    @Test(arguments: ["Berlin", "São Paulo", "Kraków", "Springfield, IL", "Zürich", "Đà Nẵng", "12345", "-", ""])
    func leavesLatinScriptNamesToEnglish(name: String) {
        #expect(ScriptLanguage.language(of: name) == nil)
    }

    @Test func kanaDecideForJapaneseEvenBesideSimplifiedForms() {
        #expect(ScriptLanguage.language(of: "东京タワー") == "ja")
    }

    @Test(arguments: [("Москва", "ru"), ("東京", "ja"), ("القاهرة", "ar")])
    func searchesANameTypedInItsOwnScriptInThatLanguage(name: String, language: String) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/search", body: #"{"generationtime_ms":0.1}"#)
        _ = try await makeBreeze(http).searchCities(CitySearch(name: name))
        let request = try #require(http.requests.first)
        #expect(request.query["language"] == language)
        #expect(request.query["name"] == name)
    }

    @Test func keepsALanguageAskedForEvenEnglish() async throws {
        #expect(try CitySearch(name: "Москва", language: "en").language == "en")
        #expect(try CitySearch(name: "東京", language: "DE").language == "de")
    }

    @Test func searchesLatinScriptNamesInEnglishAsBefore() throws {
        #expect(try CitySearch(name: "Berlin").language == "en")
        #expect(try CitySearch(name: "Paris, France").language == "en")
    }
}
