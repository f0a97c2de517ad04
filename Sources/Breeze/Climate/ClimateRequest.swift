/// A checked `fetchClimate` request: which day of the year, which years, in which unit.
public struct ClimateRequest: Sendable, Equatable {
    /// The years compared when the caller names none (the Breeze app's chart), plus the current year.
    public static let defaultYears = [1980, 1990, 2000, 2010, 2020]
    /// The first year the archive (ERA5) covers.
    public static let firstYear = 1940
    /// At most this many years per call: each is a date range of the archive request, and Open-Meteo's free tier
    /// counts each range as a call.
    public static let maximumYears = 20

    public let coordinates: Coordinates
    /// The day of the year; `nil` means today (UTC).
    public let date: MonthDay?
    /// The years to compare; `nil` means `defaultYears` plus the current year.
    public let years: [Int]?
    public let temperatureUnit: TemperatureUnit

    /// Checks everything that does not depend on the clock; `dayAndYears(asOf:)` checks the rest.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `date` or `years`.
    public init(
        coordinates: Coordinates, date: String? = nil, years: [Int]? = nil, temperatureUnit: TemperatureUnit = .celsius
    ) throws(BreezeError) {
        self.coordinates = coordinates
        self.date = try date.map { text throws(BreezeError) in try MonthDay(parameter: text) }
        if let years {
            guard (1...Self.maximumYears).contains(years.count) else {
                throw .invalidParameter(
                    name: "years", reason: "must list from 1 to \(Self.maximumYears) years, not \(years.count).")
            }
            guard Set(years).count == years.count else {
                throw .invalidParameter(name: "years", reason: "must not list a year twice.")
            }
            if let early = years.first(where: { $0 < Self.firstYear }) {
                throw .invalidParameter(
                    name: "years", reason: "the archive starts in \(Self.firstYear); \(early) is too early.")
            }
        }
        self.years = years
        self.temperatureUnit = temperatureUnit
    }

    /// The day and the years to compare as of `today` (the domain's clock): the defaults filled in, each year
    /// once, in order. The one check that needs the date lives here, beside the others.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `years` for a year after `today`'s.
    func dayAndYears(asOf today: CivilDate) throws(BreezeError) -> (day: MonthDay, years: [Int]) {
        let day: MonthDay
        if let date { day = date } else { day = try MonthDay(month: today.month, day: today.day) }
        let years = Array(Set(years ?? Self.defaultYears + [today.year])).sorted()
        if let future = years.first(where: { $0 > today.year }) {
            throw .invalidParameter(
                name: "years", reason: "\(future) has not happened yet; the latest year is \(today.year).")
        }
        return (day, years)
    }
}

/// A day of the year, written `MM-DD`. February 29 is a valid day.
public struct MonthDay: Sendable, Hashable, CustomStringConvertible {
    public let month: Int
    public let day: Int

    /// - Throws: `BreezeError.invalidParameter` naming `date` unless `month`/`day` is a real day of some year.
    public init(month: Int, day: Int) throws(BreezeError) {
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else {
            throw .invalidParameter(name: "date", reason: "\(month)-\(day) is not a day of the year.")
        }
        self.month = month
        self.day = day
    }

    /// Parses `MM-DD`, e.g. `07-14`.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `date`.
    public init(parameter: String) throws(BreezeError) {
        let parts = parameter.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let month = Int(parts[0]), let day = Int(parts[1])
        else {
            throw .invalidParameter(name: "date", reason: "must be a day of the year as MM-DD, e.g. 07-14.")
        }
        guard (1...12).contains(month) else {
            throw .invalidParameter(name: "date", reason: "'\(parameter)' has no month \(month).")
        }
        do {
            try self.init(month: month, day: day)
        } catch {
            throw .invalidParameter(name: "date", reason: "'\(parameter)' is not a day of the year.")
        }
    }

    /// `MM-DD`.
    public var description: String { Self.pad(month) + "-" + Self.pad(day) }

    static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
}
