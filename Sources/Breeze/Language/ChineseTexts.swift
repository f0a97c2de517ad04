/// Chinese texts, in simplified characters, with the terms of China's weather and air quality services where
/// they exist (阵雨 for showers, 细颗粒物 for PM2.5).
enum ChineseTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "优", description: "空气清新，污染不构成任何风险。", tips: ["非常适合外出活动和开窗通风。"])
        case .good:
            StatusTexts(
                text: "良好", description: "空气质量令人满意，污染几乎不构成风险。", tips: ["可照常进行户外活动。"])
        case .moderate:
            StatusTexts(
                text: "中等", description: "空气质量可以接受，但对污染特别敏感的人可能会有所察觉。",
                tips: [
                    "如果您对空气污染特别敏感，请缩短户外运动时间或降低运动强度。",
                    "其他人可照常活动。",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "略高", description: "污染已可察觉，敏感人群可能出现咳嗽等轻微症状。",
                tips: [
                    "哮喘、心脏病或肺病患者：在户外请放慢节奏，并随身携带药物。",
                    "运动时请选择公园和小街，避开交通繁忙的道路。",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "对敏感人群不健康", description: "儿童、老年人以及心脏病或肺病患者可能会感到健康受影响。",
                tips: [
                    "敏感人群：减少长时间或高强度的户外活动。",
                    "交通高峰期请关闭门窗。",
                    "留意咳嗽、气短等症状。",
                ])
        case .unhealthy:
            StatusTexts(
                text: "不健康", description: "所有人都可能开始感到健康受影响，敏感人群影响更严重。",
                tips: [
                    "所有人：减少长时间或高强度的户外活动。",
                    "敏感人群：避免户外剧烈活动，改在室内活动。",
                    "关闭窗户，如有空气净化器请开启。",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "非常不健康", description: "健康警报：所有人都面临健康风险。",
                tips: [
                    "避免户外剧烈活动；敏感人群应留在室内。",
                    "保持室内空气清洁：关窗、开启净化器、不吸烟、不点蜡烛。",
                    "如必须外出，佩戴贴合良好的 N95 或 FFP2 口罩会有帮助。",
                ])
        case .hazardous:
            StatusTexts(
                text: "危险", description: "紧急状况：所有人都可能受到影响。",
                tips: [
                    "留在室内，关闭门窗。",
                    "避免一切户外活动；如必须外出，请佩戴 N95 或 FFP2 口罩。",
                    "听从当地政府的指示，如出现呼吸困难请及时就医。",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(text: "良好", description: "空气质量良好。", tips: ["可照常进行户外活动。"])
        case .fair:
            StatusTexts(text: "尚可", description: "空气质量尚可。", tips: ["可照常进行户外活动。"])
        case .moderate:
            StatusTexts(
                text: "中等", description: "空气质量中等。",
                tips: [
                    "敏感人群：如有症状，可考虑减少高强度户外活动。",
                    "其他人可照常进行户外活动。",
                ])
        case .poor:
            StatusTexts(
                text: "较差", description: "空气质量较差。",
                tips: [
                    "敏感人群：减少户外体力活动，尤其是出现症状时。",
                    "所有人：如感到喉咙痛等不适，可考虑减少高强度户外活动。",
                ])
        case .veryPoor:
            StatusTexts(
                text: "很差", description: "空气质量很差。",
                tips: [
                    "敏感人群：避免户外体力活动。",
                    "所有人：减少户外体力活动，尤其是出现症状时。",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "极差", description: "空气质量极差。",
                tips: [
                    "敏感人群：避免户外体力活动，尽量留在室内。",
                    "所有人：避免户外体力活动；关闭窗户。",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "细颗粒物"
        case .pm10: "可吸入颗粒物"
        case .no2: "二氧化氮"
        case .so2: "二氧化硫"
        case .o3: "臭氧"
        case .co: "一氧化碳"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "晴"
        case .mainlyClear: "少云"
        case .partlyCloudy: "多云"
        case .overcast: "阴"
        case .fog: "雾"
        case .depositingRimeFog: "冻雾"
        case .lightDrizzle: "轻微毛毛雨"
        case .moderateDrizzle: "中等毛毛雨"
        case .denseDrizzle: "浓密毛毛雨"
        case .lightFreezingDrizzle: "轻微冻毛毛雨"
        case .denseFreezingDrizzle: "浓密冻毛毛雨"
        case .slightRain: "小雨"
        case .moderateRain: "中雨"
        case .heavyRain: "大雨"
        case .lightFreezingRain: "小冻雨"
        case .heavyFreezingRain: "大冻雨"
        case .slightSnowfall: "小雪"
        case .moderateSnowfall: "中雪"
        case .heavySnowfall: "大雪"
        case .snowGrains: "米雪"
        case .slightRainShowers: "小阵雨"
        case .moderateRainShowers: "中阵雨"
        case .violentRainShowers: "强阵雨"
        case .slightSnowShowers: "小阵雪"
        case .heavySnowShowers: "大阵雪"
        case .thunderstorm: "雷暴"
        case .thunderstormWithSlightHail: "雷暴伴小冰雹"
        case .thunderstormWithHeavyHail: "雷暴伴大冰雹"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "无"
        case .veryLow: "很低"
        case .low: "低"
        case .moderate: "中等"
        case .high: "高"
        case .veryHigh: "很高"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "未检测到花粉"
        case .veryLow: "花粉过敏非常严重的人可能会出现症状"
        case .low: "花粉过敏严重的人可能会出现症状"
        case .moderate: "花粉过敏程度中等的人可能会出现症状"
        case .high: "花粉过敏较轻的人也可能会出现症状"
        case .veryHigh: "花粉过敏非常轻的人也可能会出现症状"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "禾草"
        case .tree: "树木"
        case .weed: "杂草"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "桤木"
        case .birch: "桦树"
        case .grass: "禾本科植物"
        case .mugwort: "艾蒿"
        case .olive: "油橄榄"
        case .ragweed: "豚草"
        }
    }
}
