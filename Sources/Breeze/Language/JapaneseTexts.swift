/// Japanese texts, in the polite style of public health advice.
enum JapaneseTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "非常に良い", description: "空気はきれいで、汚染による健康リスクはありません。",
                tips: ["外で過ごしたり、部屋の換気をしたりするのに最適です。"])
        case .good:
            StatusTexts(
                text: "良い", description: "空気の質は良好で、汚染による健康リスクはほとんどありません。",
                tips: ["いつもどおり屋外での活動をお楽しみください。"])
        case .moderate:
            StatusTexts(
                text: "普通", description: "空気の質は許容範囲ですが、汚染に特に敏感な人は影響を感じることがあります。",
                tips: [
                    "大気汚染に特に敏感な方は、屋外での運動を短めまたは軽めにしましょう。",
                    "それ以外の方は、いつもどおりに過ごせます。",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "やや高い", description: "汚染が感じられる程度で、敏感な人は咳などの軽い症状が出ることがあります。",
                tips: [
                    "ぜんそくや心臓・肺の病気がある方は、屋外では無理をせず、薬を手元に置いておきましょう。",
                    "運動には、交通量の多い道路よりも公園や裏通りを選びましょう。",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "敏感な人には健康に良くない", description: "子ども、高齢者、心臓や肺の病気がある人は健康への影響を感じることがあります。",
                tips: [
                    "敏感な方は、長時間または激しい屋外活動を減らしましょう。",
                    "交通量の多い時間帯は窓を閉めておきましょう。",
                    "咳や息切れなどの症状に注意しましょう。",
                ])
        case .unhealthy:
            StatusTexts(
                text: "健康に良くない", description: "誰もが健康への影響を感じ始める可能性があり、敏感な人ではより深刻になります。",
                tips: [
                    "すべての方が、長時間または激しい屋外活動を控えめにしましょう。",
                    "敏感な方は、屋外での激しい運動を避け、活動を屋内に移しましょう。",
                    "窓を閉め、空気清浄機があれば使いましょう。",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "非常に健康に悪い", description: "健康警報：誰もが健康に影響を受けるおそれがあります。",
                tips: [
                    "屋外での激しい運動は避け、敏感な方は屋内で過ごしましょう。",
                    "室内の空気をきれいに保ちましょう。窓は閉め、空気清浄機をつけ、喫煙やろうそくは控えましょう。",
                    "外出しなければならないときは、顔に合ったN95またはFFP2マスクが役立ちます。",
                ])
        case .hazardous:
            StatusTexts(
                text: "危険", description: "緊急事態：誰もが影響を受ける可能性が高い状態です。",
                tips: [
                    "窓とドアを閉めて屋内にとどまりましょう。",
                    "屋外での活動はすべて避け、外出が必要ならN95またはFFP2マスクを着けましょう。",
                    "地元当局の指示に従い、呼吸が苦しいときは医療機関を受診してください。",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "良い", description: "空気の質は良好です。", tips: ["いつもどおり屋外での活動をお楽しみください。"])
        case .fair:
            StatusTexts(
                text: "まずまず", description: "空気の質はまずまずです。", tips: ["いつもどおり屋外での活動をお楽しみください。"])
        case .moderate:
            StatusTexts(
                text: "普通", description: "空気の質は普通です。",
                tips: [
                    "敏感な方は、症状があれば激しい屋外活動を減らすことを検討しましょう。",
                    "それ以外の方は、いつもどおり屋外での活動を楽しめます。",
                ])
        case .poor:
            StatusTexts(
                text: "悪い", description: "空気の質は悪い状態です。",
                tips: [
                    "敏感な方は、特に症状がある場合、屋外での運動を減らしましょう。",
                    "すべての方が、喉の痛みなどの不快感があれば、激しい屋外活動を減らすことを検討しましょう。",
                ])
        case .veryPoor:
            StatusTexts(
                text: "非常に悪い", description: "空気の質は非常に悪い状態です。",
                tips: [
                    "敏感な方は、屋外での運動を避けましょう。",
                    "すべての方が、特に症状がある場合、屋外での運動を減らしましょう。",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "極めて悪い", description: "空気の質は極めて悪い状態です。",
                tips: [
                    "敏感な方は、屋外での運動を避け、できるだけ屋内で過ごしましょう。",
                    "すべての方が、屋外での運動を避け、窓を閉めておきましょう。",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "微小粒子状物質"
        case .pm10: "粗大粒子状物質"
        case .no2: "二酸化窒素"
        case .so2: "二酸化硫黄"
        case .o3: "オゾン"
        case .co: "一酸化炭素"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "快晴"
        case .mainlyClear: "晴れ"
        case .partlyCloudy: "晴れ時々曇り"
        case .overcast: "曇り"
        case .fog: "霧"
        case .depositingRimeFog: "着氷性の霧"
        case .lightDrizzle: "弱い霧雨"
        case .moderateDrizzle: "霧雨"
        case .denseDrizzle: "強い霧雨"
        case .lightFreezingDrizzle: "弱い着氷性の霧雨"
        case .denseFreezingDrizzle: "強い着氷性の霧雨"
        case .slightRain: "弱い雨"
        case .moderateRain: "雨"
        case .heavyRain: "強い雨"
        case .lightFreezingRain: "弱い着氷性の雨"
        case .heavyFreezingRain: "強い着氷性の雨"
        case .slightSnowfall: "弱い雪"
        case .moderateSnowfall: "雪"
        case .heavySnowfall: "強い雪"
        case .snowGrains: "霧雪"
        case .slightRainShowers: "弱いにわか雨"
        case .moderateRainShowers: "にわか雨"
        case .violentRainShowers: "激しいにわか雨"
        case .slightSnowShowers: "弱いにわか雪"
        case .heavySnowShowers: "強いにわか雪"
        case .thunderstorm: "雷雨"
        case .thunderstormWithSlightHail: "弱いひょうを伴う雷雨"
        case .thunderstormWithHeavyHail: "強いひょうを伴う雷雨"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "なし"
        case .veryLow: "非常に少ない"
        case .low: "少ない"
        case .moderate: "やや多い"
        case .high: "多い"
        case .veryHigh: "非常に多い"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "花粉は検出されていません"
        case .veryLow: "花粉アレルギーが非常に重い人は症状が出る可能性が高いです"
        case .low: "花粉アレルギーが重い人は症状が出る可能性が高いです"
        case .moderate: "花粉アレルギーが中程度の人は症状が出る可能性が高いです"
        case .high: "花粉アレルギーが軽い人も症状が出る可能性が高いです"
        case .veryHigh: "花粉アレルギーがごく軽い人も症状が出る可能性が高いです"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "イネ科"
        case .tree: "樹木"
        case .weed: "雑草"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "ハンノキ"
        case .birch: "シラカンバ"
        case .grass: "イネ科植物"
        case .mugwort: "ヨモギ"
        case .olive: "オリーブ"
        case .ragweed: "ブタクサ"
        }
    }
}
