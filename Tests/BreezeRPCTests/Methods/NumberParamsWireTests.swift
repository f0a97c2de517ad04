import Foundation
import JSONRPC
import Testing

/// Numbers too large for Swift's types, sent to the real catalog: beyond a `Double` (`1e999`) every method
/// answers -32602 "must be a finite number" naming the field (and the index in a list); a whole number beyond
/// what the param could ever take (`99999999999999999999`) says the param's range, not "must be an integer".
@Suite struct NumberParamsWireTests {
    @Test(arguments: [
        ("fetchForecast", #"{"latitude":1e999,"longitude":13.41}"#, "latitude", "1e999"),
        ("fetchForecast", #"{"latitude":-1e999,"longitude":13.41}"#, "latitude", "-1e999"),
        ("fetchForecast", "[1e400, 13.41]", "latitude", "1e400"),
        ("fetchForecast", #"{"latitude":[1e999],"longitude":[13.41]}"#, "latitude[0]", "1e999"),
        ("fetchForecast", #"{"latitude":[52,1e999],"longitude":[13,14]}"#, "latitude[1]", "1e999"),
        ("fetchForecast", #"{"latitude":52.52,"longitude":13.41,"forecastDays":1e999}"#, "forecastDays", "1e999"),
        ("fetchClimate", #"{"latitude":1e999,"longitude":13.41}"#, "latitude", "1e999"),
        ("fetchClimate", #"{"latitude":52.52,"longitude":13.41,"years":[2000,-1e999]}"#, "years[1]", "-1e999"),
        ("fetchDashboard", #"{"latitude":1e999,"longitude":13.41}"#, "latitude", "1e999"),
        ("fetchDashboard", "[52.52, -1e999]", "longitude", "-1e999"),
        ("fetchAirQuality", #"{"latitude":52.52,"longitude":1e999}"#, "longitude", "1e999"),
        ("fetchPollen", #"{"latitude":52.52,"longitude":13.41,"days":1e999}"#, "days", "1e999"),
        ("searchCities", #"{"name":"Berlin","count":1e999}"#, "count", "1e999"),
        ("ping", #"{"timeoutMs":1e999}"#, "timeoutMs", "1e999"),
    ])
    func aNumberADoubleCannotHoldIsInvalidParamsNamingTheField(
        method: String, params: String, field: String, literal: String
    ) async throws {
        try await expectInvalidParams(
            method, params, field: field, saying: "Parameter '\(field)' must be a finite number, not \(literal).")
    }

    @Test func aNumberADoubleRoundsToZeroIsInvalidParamsNamingTheField() async throws {
        try await expectInvalidParams(
            "fetchForecast", #"{"latitude":52.52,"longitude":1e-999}"#, field: "longitude",
            saying: "Parameter 'longitude' is too close to zero for a double: write 0, not 1e-999.")
    }

    @Test func aNumberADoubleCannotHoldInAToolCallIsAToolErrorNamingTheField() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetchForecast","#
                + #""arguments":{"latitude":1e999,"longitude":13.41}}}"#)
        #expect(reply.contains(#""isError":true"#), "\(reply)")
        #expect(reply.contains("Parameter 'latitude' must be a finite number, not 1e999."), "\(reply)")
    }

    /// Each integer param, its own range as its error states it.
    @Test(arguments: [
        ("searchCities", #""name":"Berlin","#, "count", "from 1 to 100"),
        ("fetchAirQuality", #""latitude":51,"longitude":10,"#, "forecastHours", "from 0 to 168"),
        ("fetchForecast", #""latitude":51,"longitude":10,"#, "forecastDays", "from 1 to 16"),
        ("fetchForecast", #""latitude":51,"longitude":10,"#, "pastDays", "from 0 to 92"),
        ("fetchPollen", #""latitude":51,"longitude":10,"#, "days", "from 1 to 5"),
        ("fetchDashboard", #""latitude":51,"longitude":10,"#, "timeoutMs", "from 1 to 600000"),
    ])
    func anIntegerBeyond64BitsSaysTheParamsRange(method: String, others: String, name: String, range: String)
        async throws
    {
        for value in ["99999999999999999999", "-99999999999999999999", "10000000000000000"] {
            try await expectInvalidParams(
                method, "{" + others + #"""# + name + #"":"# + value + "}", field: name, saying: range)
        }
        try await expectInvalidParams(
            method, "{" + others + #"""# + name + #"":99999999999999999999}"#, field: name,
            saying: name == "timeoutMs" ? "not 1e+20" : "not 99999999999999999999.")
    }

    @Test func anIntegerBeyond64BitsInAListSaysTheIntegersRange() async throws {
        try await expectInvalidParams(
            "fetchClimate", #"{"latitude":51,"longitude":10,"years":[2000,99999999999999999999]}"#, field: "years[1]",
            saying: "must be an integer from -9223372036854775808 to 9223372036854775807, not 99999999999999999999.")
    }
}
