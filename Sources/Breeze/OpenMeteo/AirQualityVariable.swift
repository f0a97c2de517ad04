import FoundationEssentials

/// The Open-Meteo air-quality variables Breeze asks for, current and hourly alike.
///
/// One list builds the query and decodes the answer, so the two cannot drift apart.
enum AirQualityVariable: String, CodingKey, CaseIterable {
    case usAQI = "us_aqi"
    case europeanAQI = "european_aqi"
    case pm10
    case pm25 = "pm2_5"
    case carbonMonoxide = "carbon_monoxide"
    case nitrogenDioxide = "nitrogen_dioxide"
    case sulphurDioxide = "sulphur_dioxide"
    case ozone
    case usAQIPM25 = "us_aqi_pm2_5"
    case usAQIPM10 = "us_aqi_pm10"
    case usAQINitrogenDioxide = "us_aqi_nitrogen_dioxide"
    case usAQISulphurDioxide = "us_aqi_sulphur_dioxide"
    case usAQIOzone = "us_aqi_ozone"
    case usAQICarbonMonoxide = "us_aqi_carbon_monoxide"

    /// The comma list Open-Meteo takes for `current=` and `hourly=`.
    static let queryValue = allCases.map(\.rawValue).joined(separator: ",")
}
