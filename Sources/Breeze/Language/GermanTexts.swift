/// German texts.
enum GermanTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Ausgezeichnet", description: "Die Luft ist sauber; die Belastung birgt kein Risiko.",
                tips: ["Ideal, um draußen zu sein und die Wohnung zu lüften."])
        case .good:
            StatusTexts(
                text: "Gut",
                description: "Die Luftqualität ist zufriedenstellend; die Belastung birgt kaum ein Risiko.",
                tips: ["Genießen Sie Ihre gewohnten Aktivitäten im Freien."])
        case .moderate:
            StatusTexts(
                text: "Mäßig",
                description:
                    "Die Luftqualität ist akzeptabel, besonders empfindliche Menschen können die Belastung aber spüren.",
                tips: [
                    "Wenn Sie besonders empfindlich auf Luftverschmutzung reagieren, trainieren Sie draußen kürzer oder leichter.",
                    "Alle anderen können wie gewohnt weitermachen.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Leicht erhöht",
                description:
                    "Die Belastung ist spürbar; empfindliche Menschen können leichte Beschwerden wie Husten haben.",
                tips: [
                    "Menschen mit Asthma, Herz- oder Lungenerkrankungen: es draußen ruhiger angehen lassen und Medikamente griffbereit halten.",
                    "Zum Sport lieber Parks und Nebenstraßen statt stark befahrener Straßen wählen.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Ungesund für empfindliche Gruppen",
                description:
                    "Kinder, ältere Menschen und Menschen mit Herz- oder Lungenerkrankungen können gesundheitliche Folgen spüren.",
                tips: [
                    "Empfindliche Gruppen: lange oder anstrengende Aktivitäten im Freien einschränken.",
                    "Fenster zu den Hauptverkehrszeiten geschlossen halten.",
                    "Auf Beschwerden wie Husten oder Kurzatmigkeit achten.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Ungesund",
                description:
                    "Alle können erste gesundheitliche Folgen spüren, empfindliche Gruppen stärker.",
                tips: [
                    "Alle: lange oder anstrengende Aktivitäten im Freien reduzieren.",
                    "Empfindliche Gruppen: Anstrengung im Freien meiden und Aktivitäten nach drinnen verlegen.",
                    "Fenster geschlossen halten und, falls vorhanden, einen Luftreiniger laufen lassen.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Sehr ungesund", description: "Gesundheitswarnung: Für alle besteht ein Gesundheitsrisiko.",
                tips: [
                    "Anstrengung im Freien meiden; empfindliche Gruppen sollten drinnen bleiben.",
                    "Die Raumluft sauber halten: Fenster zu, Luftreiniger an, nicht rauchen, keine Kerzen.",
                    "Wenn Sie hinaus müssen, hilft eine gut sitzende FFP2- oder N95-Maske.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Gefährlich", description: "Notlage: Wahrscheinlich sind alle betroffen.",
                tips: [
                    "Drinnen bleiben, Fenster und Türen geschlossen halten.",
                    "Jede Aktivität im Freien meiden; wenn Sie hinaus müssen, eine FFP2- oder N95-Maske tragen.",
                    "Den Anweisungen der Behörden folgen und bei Atembeschwerden ärztliche Hilfe suchen.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Gut", description: "Die Luftqualität ist gut.",
                tips: ["Genießen Sie Ihre gewohnten Aktivitäten im Freien."])
        case .fair:
            StatusTexts(
                text: "Befriedigend", description: "Die Luftqualität ist befriedigend.",
                tips: ["Genießen Sie Ihre gewohnten Aktivitäten im Freien."])
        case .moderate:
            StatusTexts(
                text: "Mäßig", description: "Die Luftqualität ist mäßig.",
                tips: [
                    "Empfindliche Gruppen: bei Beschwerden anstrengende Aktivitäten im Freien eher einschränken.",
                    "Alle anderen können ihre gewohnten Aktivitäten im Freien genießen.",
                ])
        case .poor:
            StatusTexts(
                text: "Schlecht", description: "Die Luftqualität ist schlecht.",
                tips: [
                    "Empfindliche Gruppen: körperliche Aktivität im Freien einschränken, besonders bei Beschwerden.",
                    "Alle: anstrengende Aktivitäten im Freien eher einschränken, wenn Sie etwa Halskratzen spüren.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Sehr schlecht", description: "Die Luftqualität ist sehr schlecht.",
                tips: [
                    "Empfindliche Gruppen: körperliche Aktivität im Freien meiden.",
                    "Alle: körperliche Aktivität im Freien einschränken, besonders bei Beschwerden.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Extrem schlecht", description: "Die Luftqualität ist extrem schlecht.",
                tips: [
                    "Empfindliche Gruppen: körperliche Aktivität im Freien meiden und möglichst drinnen bleiben.",
                    "Alle: körperliche Aktivität im Freien meiden; Fenster geschlossen halten.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Feine Partikel"
        case .pm10: "Grobe Partikel"
        case .no2: "Stickstoffdioxid"
        case .so2: "Schwefeldioxid"
        case .o3: "Ozon"
        case .co: "Kohlenmonoxid"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Klarer Himmel"
        case .mainlyClear: "Überwiegend klar"
        case .partlyCloudy: "Teilweise bewölkt"
        case .overcast: "Bedeckt"
        case .fog: "Nebel"
        case .depositingRimeFog: "Nebel mit Raureifbildung"
        case .lightDrizzle: "Leichter Nieselregen"
        case .moderateDrizzle: "Mäßiger Nieselregen"
        case .denseDrizzle: "Dichter Nieselregen"
        case .lightFreezingDrizzle: "Leichter gefrierender Nieselregen"
        case .denseFreezingDrizzle: "Dichter gefrierender Nieselregen"
        case .slightRain: "Leichter Regen"
        case .moderateRain: "Mäßiger Regen"
        case .heavyRain: "Starker Regen"
        case .lightFreezingRain: "Leichter gefrierender Regen"
        case .heavyFreezingRain: "Starker gefrierender Regen"
        case .slightSnowfall: "Leichter Schneefall"
        case .moderateSnowfall: "Mäßiger Schneefall"
        case .heavySnowfall: "Starker Schneefall"
        case .snowGrains: "Schneegriesel"
        case .slightRainShowers: "Leichte Regenschauer"
        case .moderateRainShowers: "Mäßige Regenschauer"
        case .violentRainShowers: "Heftige Regenschauer"
        case .slightSnowShowers: "Leichte Schneeschauer"
        case .heavySnowShowers: "Starke Schneeschauer"
        case .thunderstorm: "Gewitter"
        case .thunderstormWithSlightHail: "Gewitter mit leichtem Hagel"
        case .thunderstormWithHeavyHail: "Gewitter mit starkem Hagel"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Keine"
        case .veryLow: "Sehr gering"
        case .low: "Gering"
        case .moderate: "Mäßig"
        case .high: "Hoch"
        case .veryHigh: "Sehr hoch"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Keine Pollen nachgewiesen"
        case .veryLow: "Menschen mit sehr starker Pollenallergie haben wahrscheinlich Beschwerden"
        case .low: "Menschen mit starker Pollenallergie haben wahrscheinlich Beschwerden"
        case .moderate: "Menschen mit mäßiger Pollenallergie haben wahrscheinlich Beschwerden"
        case .high: "Menschen mit leichter Pollenallergie haben wahrscheinlich Beschwerden"
        case .veryHigh: "Menschen mit sehr leichter Pollenallergie haben wahrscheinlich Beschwerden"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Gräser"
        case .tree: "Bäume"
        case .weed: "Kräuter"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Erle"
        case .birch: "Birke"
        case .grass: "Süßgräser"
        case .mugwort: "Beifuß"
        case .olive: "Olivenbaum"
        case .ragweed: "Ambrosia"
        }
    }
}
