/// The English texts: the canonical wording, and what every unknown language falls back to.
///
/// - Important: these are the texts clients saw before other languages existed; a golden test pins every one
///   byte for byte.
enum EnglishTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Excellent", description: "The air is clean; pollution poses no risk.",
                tips: ["A great time to be outside and to air out your home."])
        case .good:
            StatusTexts(
                text: "Good", description: "Air quality is satisfactory; pollution poses little or no risk.",
                tips: ["Enjoy your usual outdoor activities."])
        case .moderate:
            StatusTexts(
                text: "Moderate",
                description:
                    "Air quality is acceptable, though people unusually sensitive to pollution may notice it.",
                tips: [
                    "If you are unusually sensitive to air pollution, consider shorter or lighter outdoor exercise.",
                    "Everyone else can carry on as usual.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Slightly High",
                description: "Pollution is noticeable; sensitive people may feel mild effects such as coughing.",
                tips: [
                    "People with asthma or heart or lung disease: take it easier outdoors and keep medication at hand.",
                    "Prefer parks and side streets to busy roads for exercise.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Unhealthy for Sensitive Groups",
                description: "Children, older adults and people with heart or lung disease may feel health effects.",
                tips: [
                    "Sensitive groups: reduce long or intense outdoor activity.",
                    "Keep windows closed during traffic peaks.",
                    "Watch for symptoms such as coughing or shortness of breath.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Unhealthy",
                description: "Everyone may begin to feel health effects; sensitive groups more seriously.",
                tips: [
                    "Everyone: cut back on long or intense outdoor activity.",
                    "Sensitive groups: avoid exertion outdoors and move activities inside.",
                    "Keep windows closed and run an air purifier if you have one.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Very Unhealthy", description: "A health alert: everyone is at risk of health effects.",
                tips: [
                    "Avoid outdoor exertion; sensitive groups should stay indoors.",
                    "Keep indoor air clean: windows shut, purifier on, no smoking or candles.",
                    "If you must go out, a well-fitted N95 or FFP2 mask helps.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Hazardous", description: "Emergency conditions: everyone is likely to be affected.",
                tips: [
                    "Stay indoors with windows and doors closed.",
                    "Avoid all outdoor activity; wear an N95 or FFP2 mask if you must go out.",
                    "Follow the advice of local authorities and seek medical help for breathing difficulties.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Good", description: "The air quality is good.", tips: ["Enjoy your usual outdoor activities."])
        case .fair:
            StatusTexts(
                text: "Fair", description: "The air quality is fair.", tips: ["Enjoy your usual outdoor activities."])
        case .moderate:
            StatusTexts(
                text: "Moderate", description: "The air quality is moderate.",
                tips: [
                    "Sensitive groups: consider reducing intense outdoor activity if you have symptoms.",
                    "Everyone else can enjoy their usual outdoor activities.",
                ])
        case .poor:
            StatusTexts(
                text: "Poor", description: "The air quality is poor.",
                tips: [
                    "Sensitive groups: reduce physical activity outdoors, especially if you have symptoms.",
                    "Everyone: consider reducing intense outdoor activity if you feel discomfort such as a sore throat.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Very Poor", description: "The air quality is very poor.",
                tips: [
                    "Sensitive groups: avoid physical activity outdoors.",
                    "Everyone: reduce physical activity outdoors, especially if you have symptoms.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Extremely Poor", description: "The air quality is extremely poor.",
                tips: [
                    "Sensitive groups: avoid physical activity outdoors and stay indoors where you can.",
                    "Everyone: avoid physical activity outdoors; keep windows closed.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Fine particulate matter"
        case .pm10: "Coarse particulate matter"
        case .no2: "Nitrogen dioxide"
        case .so2: "Sulphur dioxide"
        case .o3: "Ozone"
        case .co: "Carbon monoxide"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Clear sky"
        case .mainlyClear: "Mainly clear"
        case .partlyCloudy: "Partly cloudy"
        case .overcast: "Overcast"
        case .fog: "Fog"
        case .depositingRimeFog: "Depositing rime fog"
        case .lightDrizzle: "Light drizzle"
        case .moderateDrizzle: "Moderate drizzle"
        case .denseDrizzle: "Dense drizzle"
        case .lightFreezingDrizzle: "Light freezing drizzle"
        case .denseFreezingDrizzle: "Dense freezing drizzle"
        case .slightRain: "Slight rain"
        case .moderateRain: "Moderate rain"
        case .heavyRain: "Heavy rain"
        case .lightFreezingRain: "Light freezing rain"
        case .heavyFreezingRain: "Heavy freezing rain"
        case .slightSnowfall: "Slight snowfall"
        case .moderateSnowfall: "Moderate snowfall"
        case .heavySnowfall: "Heavy snowfall"
        case .snowGrains: "Snow grains"
        case .slightRainShowers: "Slight rain showers"
        case .moderateRainShowers: "Moderate rain showers"
        case .violentRainShowers: "Violent rain showers"
        case .slightSnowShowers: "Slight snow showers"
        case .heavySnowShowers: "Heavy snow showers"
        case .thunderstorm: "Thunderstorm"
        case .thunderstormWithSlightHail: "Thunderstorm with slight hail"
        case .thunderstormWithHeavyHail: "Thunderstorm with heavy hail"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "None"
        case .veryLow: "Very Low"
        case .low: "Low"
        case .moderate: "Moderate"
        case .high: "High"
        case .veryHigh: "Very High"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "No pollen detected"
        case .veryLow: "People with very high allergy to pollen are likely to experience symptoms"
        case .low: "People with high allergy to pollen are likely to experience symptoms"
        case .moderate: "People with moderate allergy to pollen are likely to experience symptoms"
        case .high: "People with low allergy to pollen are likely to experience symptoms"
        case .veryHigh: "People with very low allergy to pollen are likely to experience symptoms"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Grass"
        case .tree: "Tree"
        case .weed: "Weed"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Alder"
        case .birch: "Birch"
        case .grass: "Grasses"
        case .mugwort: "Mugwort"
        case .olive: "Olive"
        case .ragweed: "Ragweed"
        }
    }
}
