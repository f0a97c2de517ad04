import Foundation
import Testing

@testable import Breeze

/// Every English display text, pinned byte for byte as it was before the texts could be translated.
///
/// The golden below was taken from the English texts in the model files before `Language` existed; the default
/// (`.en`) must keep producing exactly these, so a client that never asks for a language sees no change.
@Suite struct EnglishTextsGoldenTests {
    @Test func everyEnglishTextIsUnchanged() {
        let actual = EnglishTexts.dump()
        let expected = Self.golden.split(separator: "\n").map(String.init)
        #expect(actual.count == expected.count)
        for (line, golden) in zip(actual, expected) {
            #expect(line == golden)
        }
    }

    static let golden = """
        usAQI.excellent.text: Excellent
        usAQI.excellent.description: The air is clean; pollution poses no risk.
        usAQI.excellent.tips[0]: A great time to be outside and to air out your home.
        usAQI.good.text: Good
        usAQI.good.description: Air quality is satisfactory; pollution poses little or no risk.
        usAQI.good.tips[0]: Enjoy your usual outdoor activities.
        usAQI.moderate.text: Moderate
        usAQI.moderate.description: Air quality is acceptable, though people unusually sensitive to pollution may notice it.
        usAQI.moderate.tips[0]: If you are unusually sensitive to air pollution, consider shorter or lighter outdoor exercise.
        usAQI.moderate.tips[1]: Everyone else can carry on as usual.
        usAQI.slightlyHigh.text: Slightly High
        usAQI.slightlyHigh.description: Pollution is noticeable; sensitive people may feel mild effects such as coughing.
        usAQI.slightlyHigh.tips[0]: People with asthma or heart or lung disease: take it easier outdoors and keep medication at hand.
        usAQI.slightlyHigh.tips[1]: Prefer parks and side streets to busy roads for exercise.
        usAQI.unhealthyForSensitiveGroups.text: Unhealthy for Sensitive Groups
        usAQI.unhealthyForSensitiveGroups.description: Children, older adults and people with heart or lung disease may feel health effects.
        usAQI.unhealthyForSensitiveGroups.tips[0]: Sensitive groups: reduce long or intense outdoor activity.
        usAQI.unhealthyForSensitiveGroups.tips[1]: Keep windows closed during traffic peaks.
        usAQI.unhealthyForSensitiveGroups.tips[2]: Watch for symptoms such as coughing or shortness of breath.
        usAQI.unhealthy.text: Unhealthy
        usAQI.unhealthy.description: Everyone may begin to feel health effects; sensitive groups more seriously.
        usAQI.unhealthy.tips[0]: Everyone: cut back on long or intense outdoor activity.
        usAQI.unhealthy.tips[1]: Sensitive groups: avoid exertion outdoors and move activities inside.
        usAQI.unhealthy.tips[2]: Keep windows closed and run an air purifier if you have one.
        usAQI.veryUnhealthy.text: Very Unhealthy
        usAQI.veryUnhealthy.description: A health alert: everyone is at risk of health effects.
        usAQI.veryUnhealthy.tips[0]: Avoid outdoor exertion; sensitive groups should stay indoors.
        usAQI.veryUnhealthy.tips[1]: Keep indoor air clean: windows shut, purifier on, no smoking or candles.
        usAQI.veryUnhealthy.tips[2]: If you must go out, a well-fitted N95 or FFP2 mask helps.
        usAQI.hazardous.text: Hazardous
        usAQI.hazardous.description: Emergency conditions: everyone is likely to be affected.
        usAQI.hazardous.tips[0]: Stay indoors with windows and doors closed.
        usAQI.hazardous.tips[1]: Avoid all outdoor activity; wear an N95 or FFP2 mask if you must go out.
        usAQI.hazardous.tips[2]: Follow the advice of local authorities and seek medical help for breathing difficulties.
        europeanAQI.good.text: Good
        europeanAQI.good.description: The air quality is good.
        europeanAQI.good.tips[0]: Enjoy your usual outdoor activities.
        europeanAQI.fair.text: Fair
        europeanAQI.fair.description: The air quality is fair.
        europeanAQI.fair.tips[0]: Enjoy your usual outdoor activities.
        europeanAQI.moderate.text: Moderate
        europeanAQI.moderate.description: The air quality is moderate.
        europeanAQI.moderate.tips[0]: Sensitive groups: consider reducing intense outdoor activity if you have symptoms.
        europeanAQI.moderate.tips[1]: Everyone else can enjoy their usual outdoor activities.
        europeanAQI.poor.text: Poor
        europeanAQI.poor.description: The air quality is poor.
        europeanAQI.poor.tips[0]: Sensitive groups: reduce physical activity outdoors, especially if you have symptoms.
        europeanAQI.poor.tips[1]: Everyone: consider reducing intense outdoor activity if you feel discomfort such as a sore throat.
        europeanAQI.veryPoor.text: Very Poor
        europeanAQI.veryPoor.description: The air quality is very poor.
        europeanAQI.veryPoor.tips[0]: Sensitive groups: avoid physical activity outdoors.
        europeanAQI.veryPoor.tips[1]: Everyone: reduce physical activity outdoors, especially if you have symptoms.
        europeanAQI.extremelyPoor.text: Extremely Poor
        europeanAQI.extremelyPoor.description: The air quality is extremely poor.
        europeanAQI.extremelyPoor.tips[0]: Sensitive groups: avoid physical activity outdoors and stay indoors where you can.
        europeanAQI.extremelyPoor.tips[1]: Everyone: avoid physical activity outdoors; keep windows closed.
        pollutant.pm25.fullName: Fine particulate matter
        pollutant.pm10.fullName: Coarse particulate matter
        pollutant.no2.fullName: Nitrogen dioxide
        pollutant.so2.fullName: Sulphur dioxide
        pollutant.o3.fullName: Ozone
        pollutant.co.fullName: Carbon monoxide
        weather.0: Clear sky
        weather.1: Mainly clear
        weather.2: Partly cloudy
        weather.3: Overcast
        weather.45: Fog
        weather.48: Depositing rime fog
        weather.51: Light drizzle
        weather.53: Moderate drizzle
        weather.55: Dense drizzle
        weather.56: Light freezing drizzle
        weather.57: Dense freezing drizzle
        weather.61: Slight rain
        weather.63: Moderate rain
        weather.65: Heavy rain
        weather.66: Light freezing rain
        weather.67: Heavy freezing rain
        weather.71: Slight snowfall
        weather.73: Moderate snowfall
        weather.75: Heavy snowfall
        weather.77: Snow grains
        weather.80: Slight rain showers
        weather.81: Moderate rain showers
        weather.82: Violent rain showers
        weather.85: Slight snow showers
        weather.86: Heavy snow showers
        weather.95: Thunderstorm
        weather.96: Thunderstorm with slight hail
        weather.99: Thunderstorm with heavy hail
        pollen.category[0]: None
        pollen.category[1]: Very Low
        pollen.category[2]: Low
        pollen.category[3]: Moderate
        pollen.category[4]: High
        pollen.category[5]: Very High
        pollen.indexDescription[0]: No pollen detected
        pollen.indexDescription[1]: People with very high allergy to pollen are likely to experience symptoms
        pollen.indexDescription[2]: People with high allergy to pollen are likely to experience symptoms
        pollen.indexDescription[3]: People with moderate allergy to pollen are likely to experience symptoms
        pollen.indexDescription[4]: People with low allergy to pollen are likely to experience symptoms
        pollen.indexDescription[5]: People with very low allergy to pollen are likely to experience symptoms
        pollen.type.GRASS: Grass
        pollen.type.TREE: Tree
        pollen.type.WEED: Weed
        pollen.plant.ALDER: Alder
        pollen.plant.BIRCH: Birch
        pollen.plant.GRAMINALES: Grasses
        pollen.plant.MUGWORT: Mugwort
        pollen.plant.OLIVE: Olive
        pollen.plant.RAGWEED: Ragweed
        """
}

/// The English texts as today's API produces them, one `key: text` line each.
enum EnglishTexts {
    static func dump() -> [String] {
        var lines: [String] = []
        func appendBand(_ key: String, _ text: String, _ description: String, _ tips: [String]) {
            lines.append("\(key).text: \(text)")
            lines.append("\(key).description: \(description)")
            for (index, tip) in tips.enumerated() { lines.append("\(key).tips[\(index)]: \(tip)") }
        }
        for level in AQIStatus.Level.allCases {
            let status = AQIStatus(level: level)
            appendBand("usAQI.\(level.rawValue)", status.text, status.description, status.tips)
        }
        for level in EuropeanAQIStatus.Level.allCases {
            let status = EuropeanAQIStatus(level: level)
            appendBand("europeanAQI.\(level.rawValue)", status.text, status.description, status.tips)
        }
        for kind in PollutantKind.all { lines.append("pollutant.\(kind.id).fullName: \(kind.fullName)") }
        for code in WeatherCode.allCases { lines.append("weather.\(code.rawValue): \(code.description)") }
        for (value, category) in PollenLevels.categories.enumerated() {
            lines.append("pollen.category[\(value)]: \(category)")
        }
        for (value, text) in PollenLevels.descriptions.enumerated() {
            lines.append("pollen.indexDescription[\(value)]: \(text)")
        }
        for type in OpenMeteoPlant.types { lines.append("pollen.type.\(type.code): \(type.name)") }
        for plant in OpenMeteoPlant.allCases { lines.append("pollen.plant.\(plant.code): \(plant.name)") }
        return lines
    }
}
