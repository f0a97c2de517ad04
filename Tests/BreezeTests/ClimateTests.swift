import BreezeTestSupport
import Foundation
import Synchronization
import Testing

@testable import Breeze

/// Archive and forecast bodies shaped like Open-Meteo's real ones.
private enum ClimateFixtures {
    /// One day from the archive (or the forecast's daily block), as Open-Meteo writes it.
    static func daily(_ dates: [String], _ values: [Double?], unit: String = "°C") -> String {
        let times = dates.map { "\"\($0)\"" }.joined(separator: ",")
        let numbers = values.map { $0.map { String($0) } ?? "null" }.joined(separator: ",")
        return """
            {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.030994415283203125,\
            "utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,\
            "daily_units":{"time":"iso8601","temperature_2m_max":"\(unit)"},\
            "daily":{"time":[\(times)],"temperature_2m_max":[\(numbers)]}}
            """
    }

    /// The requested date ranges, one day each: `start_date` and `end_date` list the same days.
    static func days(_ request: HTTPRequest) -> [String] {
        let days = (request.query["start_date"] ?? "").split(separator: ",").map(String.init)
        #expect(request.query["end_date"] == request.query["start_date"])
        return days
    }

    /// Open-Meteo's answer to several date ranges for one place: one object per range, an array of them when
    /// there are several.
    static func ranges(_ bodies: [String]) -> HTTPResponse {
        HTTPResponse(
            status: 200, body: Data((bodies.count == 1 ? bodies[0] : "[\(bodies.joined(separator: ","))]").utf8))
    }

    /// The archive answering each requested day with `values[year]` (absent years answer `null`).
    static func archive(_ values: [Int: Double?], unit: String = "°C") -> FakeHTTPClient.Responder {
        { request in
            ranges(days(request).map { date in daily([date], [values[Int(date.prefix(4)) ?? 0] ?? nil], unit: unit) })
        }
    }

    /// The forecast endpoint around 2026-05-24 (the test clock), with `past_days=1&forecast_days=2`.
    static let forecastAroundToday = daily(["2026-05-23", "2026-05-24", "2026-05-25"], [21.0, 23.4, 25.1])
}

@Suite struct ClimateTests {
    private let berlin: Coordinates

    init() throws {
        berlin = try Coordinates(latitude: 52.52, longitude: 13.41)
    }

    private let defaultArchive: [Int: Double?] = [1980: 17.3, 1990: 19.0, 2000: 20.2, 2010: 18.6, 2020: 21.9]

    @Test(.timeLimit(.minutes(1)))
    func asksTheArchiveOnceForEveryYearAndTheForecastForTheCurrentOneAtOnce() async throws {
        let http = FakeHTTPClient()
        let barrier = Barrier(count: 2)  // the archive's years and the current year from the forecast
        let archive = ClimateFixtures.archive(defaultArchive)
        http.on("/v1/archive") { request in
            try await barrier.arrive()
            return try await archive(request)
        }
        http.on("/v1/forecast") { _ in
            try await barrier.arrive()
            return HTTPResponse(status: 200, body: Data(ClimateFixtures.forecastAroundToday.utf8))
        }
        let result = try await makeBreeze(http).fetchClimate(ClimateRequest(coordinates: berlin))
        #expect(result.points.map(\.year) == [1980, 1990, 2000, 2010, 2020, 2026])
        #expect(http.requests.map(\.service).sorted { $0.rawValue < $1.rawValue } == [.archive, .forecast])
        let archiveRequest = try #require(http.requests.first { $0.service == .archive })
        #expect(archiveRequest.query["start_date"] == "1980-05-24,1990-05-24,2000-05-24,2010-05-24,2020-05-24")
    }

    @Test func reportsTheYearsAnsweredAsTheAnswersArrive() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", ClimateFixtures.archive(defaultArchive))
        http.on("/v1/forecast", body: ClimateFixtures.forecastAroundToday)
        func reports(_ request: ClimateRequest) async throws -> [[Int]] {
            let reports = Mutex<[[Int]]>([])
            let progress = CallProgress { completed, total in reports.withLock { $0.append([completed, total]) } }
            _ = try await makeBreeze(http).fetchClimate(request, call: Breeze.Call(progress: progress))
            return reports.withLock { $0 }
        }
        // The archive's five years and the forecast's one, in whichever order they arrive.
        let today = try await reports(ClimateRequest(coordinates: berlin))
        #expect(today == [[5, 6], [6, 6]] || today == [[1, 6], [6, 6]])
        // Christmas 2026 is still to come by the test clock (2026-05-24): counted at once.
        #expect(
            try await reports(ClimateRequest(coordinates: berlin, date: "12-25", years: [2020, 2026])) == [
                [1, 2], [2, 2],
            ])
    }

    @Test func comparesTodayAcrossTheDefaultYearsSortedWithTheChange() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", ClimateFixtures.archive(defaultArchive))
        http.on("/v1/forecast", body: ClimateFixtures.forecastAroundToday)
        let result = try await makeBreeze(http).fetchClimate(ClimateRequest(coordinates: berlin))

        #expect(result.date == "05-24")
        #expect(result.unit == "°C")
        #expect(result.points.map(\.year) == [1980, 1990, 2000, 2010, 2020, 2026])
        #expect(result.points.map(\.temperature) == [17.3, 19.0, 20.2, 18.6, 21.9, 23.4])
        #expect(result.points.map(\.date).first == "1980-05-24")
        #expect(result.change == 6.1)  // 23.4 - 17.3, without floating-point dust
        #expect(result.missingYears.isEmpty)
    }

    @Test func archiveRequestAsksForThatOneDayInTheRequestedUnit() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", ClimateFixtures.archive([2000: 88.5], unit: "°F"))
        let result = try await makeBreeze(http).fetchClimate(
            ClimateRequest(coordinates: berlin, date: "07-14", years: [2000], temperatureUnit: .fahrenheit))

        let sent = try #require(http.requests.first)
        #expect(sent.service == .archive)
        #expect(
            sent.query == [
                "latitude": "52.52", "longitude": "13.41", "start_date": "2000-07-14", "end_date": "2000-07-14",
                "daily": "temperature_2m_max", "timezone": "auto", "temperature_unit": "fahrenheit",
            ])
        #expect(result.unit == "°F")
        #expect(result.points == [ClimatePoint(year: 2000, temperature: 88.5, date: "2000-07-14")])
        #expect(result.change == nil)
    }

    @Test func currentYearComesFromTheForecastEndpointBecauseTheArchiveLags() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: ClimateFixtures.forecastAroundToday)
        let result = try await makeBreeze(http).fetchClimate(ClimateRequest(coordinates: berlin, years: [2026]))

        #expect(http.requests.map(\.service) == [.forecast])
        #expect(
            http.requests.first?.query == [
                "latitude": "52.52", "longitude": "13.41", "daily": "temperature_2m_max", "timezone": "auto",
                "past_days": "1", "forecast_days": "2",
            ])
        #expect(result.points == [ClimatePoint(year: 2026, temperature: 23.4, date: "2026-05-24")])
    }

    @Test func recentDaysAcrossNewYearAlsoComeFromTheForecastEndpoint() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/v1/forecast", body: ClimateFixtures.daily(["2025-12-29", "2025-12-30", "2025-12-31"], [1.5, 2.5, 3.5]))
        let january2 = Date(timeIntervalSince1970: 1_767_355_200)  // 2026-01-02T12:00:00Z
        let result = try await makeBreeze(http, now: january2)
            .fetchClimate(ClimateRequest(coordinates: berlin, date: "12-30", years: [2025]))

        #expect(http.requests.first?.query["past_days"] == "4")
        #expect(result.points == [ClimatePoint(year: 2025, temperature: 2.5, date: "2025-12-30")])
    }

    @Test func yearsWithNullsOrUnreadableRangesAreLeftOutNeverZero() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive") { request in
            ClimateFixtures.ranges(
                ClimateFixtures.days(request).map { date in
                    switch date {
                    case "1990-05-24": #"{"latitude":52.52,"longitude":13.419998}"#  // no daily section
                    case "2010-05-24": ClimateFixtures.daily([date], [nil])
                    default: ClimateFixtures.daily([date], [self.defaultArchive[Int(date.prefix(4)) ?? 0] ?? nil])
                    }
                })
        }
        http.on("/v1/forecast", body: ClimateFixtures.daily(["2026-05-23", "2026-05-24"], [20.0, nil]))
        let result = try await makeBreeze(http).fetchClimate(ClimateRequest(coordinates: berlin))

        #expect(result.points.map(\.year) == [1980, 2000, 2020])
        #expect(result.missingYears == [1990, 2010, 2026])
        #expect(result.change == 4.6)
    }

    /// One archive request carries every archive year, so its failure is theirs: the comparison holds the recent
    /// year alone, the others listed as missing, as they would be if each had failed on its own.
    @Test(arguments: [
        (502, "<html><body>502 Bad Gateway</body></html>"),
        (429, #"{"reason":"Too many concurrent requests","error":true}"#),
    ])
    func theArchiveFailingLeavesEveryArchiveYearMissing(status: Int, body: String) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", status: status, body: body)
        http.on("/v1/forecast", body: ClimateFixtures.forecastAroundToday)
        let result = try await makeBreeze(http).fetchClimate(ClimateRequest(coordinates: berlin))

        #expect(result.points == [ClimatePoint(year: 2026, temperature: 23.4, date: "2026-05-24")])
        #expect(result.missingYears == [1980, 1990, 2000, 2010, 2020])
        #expect(result.change == nil)
    }

    @Test func everyYearFailingThrowsTheFirstYearsError() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", status: 503, body: #"{"error":true,"reason":"The service is overloaded"}"#)
        http.on("/v1/forecast", status: 429, body: #"{"error":true,"reason":"Too many concurrent requests"}"#)
        await #expect(
            throws: BreezeError.badServerResponse(service: .archive, status: 503, reason: "The service is overloaded")
        ) {
            try await makeBreeze(http).fetchClimate(ClimateRequest(coordinates: berlin))
        }
    }

    @Test func everyYearNullIsNoData() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", ClimateFixtures.archive([:]))
        await #expect(
            throws: BreezeError.noData(service: .archive, reason: "no requested year has a temperature for 03-01 here.")
        ) {
            try await makeBreeze(http).fetchClimate(
                ClimateRequest(coordinates: berlin, date: "03-01", years: [1990, 2000]))
        }
    }

    @Test func garbageForOneRangeSkipsThatYear() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive") { request in
            #expect(ClimateFixtures.days(request) == ["1990-03-01", "2000-03-01"])
            return ClimateFixtures.ranges([
                #"{"latitude":52.52,"daily":{"time":4}}"#, ClimateFixtures.daily(["2000-03-01"], [4.2]),
            ])
        }
        let result = try await makeBreeze(http).fetchClimate(
            ClimateRequest(coordinates: berlin, date: "03-01", years: [2000, 1990]))
        #expect(result.points.map(\.year) == [2000])
        #expect(result.missingYears == [1990])
    }

    @Test func anAnswerWithTheWrongNumberOfRangesFailsEveryArchiveYear() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", body: "[\(ClimateFixtures.daily(["2000-03-01"], [4.2]))]")
        await #expect {
            try await makeBreeze(http).fetchClimate(
                ClimateRequest(coordinates: berlin, date: "03-01", years: [2000, 1990]))
        } throws: { error in
            guard case BreezeError.badServerResponse(.archive, 200, _) = error else { return false }
            return true
        }
    }

    @Test func february29ReadsFebruary28InYearsWithoutIt() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", ClimateFixtures.archive([1990: 3.1, 2000: 5.0]))
        let result = try await makeBreeze(http).fetchClimate(
            ClimateRequest(coordinates: berlin, date: "02-29", years: [2000, 1990]))

        #expect(http.requests.map { $0.query["start_date"] } == ["1990-02-28,2000-02-29"])
        #expect(result.date == "02-29")
        #expect(result.points.map(\.date) == ["1990-02-28", "2000-02-29"])
        #expect(result.change == 1.9)
    }

    @Test func laterThisYearIsLeftOutWithoutAnyRequest() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", ClimateFixtures.archive([2020: 1.0]))
        let result = try await makeBreeze(http).fetchClimate(
            ClimateRequest(coordinates: berlin, date: "12-25", years: [2020, 2026]))
        #expect(result.points.map(\.year) == [2020])
        #expect(result.missingYears == [2026])
        #expect(http.requests.count == 1)
    }

    @Test func aMisconfiguredArchiveURLFailsTheWholeCall() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: ClimateFixtures.forecastAroundToday)
        await #expect {
            try await makeBreeze(http) { $0.setBaseURL("archive.example", for: .archive) }
                .fetchClimate(ClimateRequest(coordinates: berlin))
        } throws: { error in
            guard case BreezeError.badURL(.archive, _) = error else { return false }
            return true
        }
    }

    @Test func aYearAfterTheCurrentOneIsAnInvalidParameter() async throws {
        await #expect {
            try await makeBreeze(FakeHTTPClient()).fetchClimate(ClimateRequest(coordinates: berlin, years: [2027]))
        } throws: { error in
            guard case BreezeError.invalidParameter("years", _) = error else { return false }
            return true
        }
    }

    @Test(arguments: [
        ("2-3", "date"), ("13-01", "date"), ("00-10", "date"), ("02-30", "date"), ("04-31", "date"),
        ("ab-cd", "date"), ("07-14-", "date"), ("+1-01", "date"), ("", "date"),
    ])
    func rejectsDatesThatAreNotADayOfTheYear(date: String, field: String) {
        #expect {
            try ClimateRequest(coordinates: berlin, date: date)
        } throws: { error in
            guard case BreezeError.invalidParameter(let name, _) = error else { return false }
            return name == field
        }
    }

    @Test(arguments: [[], [1939], [2000, 2000], Array(1990...2010)])
    func rejectsYearListsThatAreEmptyTooEarlyRepeatedOrTooLong(years: [Int]) {
        #expect {
            try ClimateRequest(coordinates: berlin, years: years)
        } throws: { error in
            guard case BreezeError.invalidParameter("years", _) = error else { return false }
            return true
        }
    }

    @Test(arguments: [
        (0, "1970-01-01"), (-1, "1969-12-31"), (11_016, "2000-02-29"), (20_597, "2026-05-24"), (-10_958, "1940-01-01"),
    ])
    func civilDatesRoundTripThroughDayNumbers(days: Int, iso: String) {
        let date = CivilDate(daysSinceEpoch: days)
        #expect(date.iso == iso)
        #expect(date.daysSinceEpoch == days)
    }
}
