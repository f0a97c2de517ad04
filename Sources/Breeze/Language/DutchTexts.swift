/// Dutch texts.
enum DutchTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Uitstekend", description: "De lucht is schoon; de vervuiling vormt geen risico.",
                tips: ["Een prima moment om naar buiten te gaan en je huis te luchten."])
        case .good:
            StatusTexts(
                text: "Goed", description: "De luchtkwaliteit is voldoende; de vervuiling vormt weinig of geen risico.",
                tips: ["Geniet van je gewone buitenactiviteiten."])
        case .moderate:
            StatusTexts(
                text: "Matig",
                description:
                    "De luchtkwaliteit is aanvaardbaar, maar mensen die uitzonderlijk gevoelig zijn voor vervuiling kunnen er iets van merken.",
                tips: [
                    "Ben je uitzonderlijk gevoelig voor luchtvervuiling, sport dan korter of lichter buiten.",
                    "Alle anderen kunnen gewoon doorgaan.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Licht verhoogd",
                description:
                    "De vervuiling is merkbaar; gevoelige mensen kunnen lichte klachten krijgen, zoals hoesten.",
                tips: [
                    "Mensen met astma of een hart- of longziekte: doe het buiten rustiger aan en houd je medicijnen bij de hand.",
                    "Sport liever in parken en zijstraten dan langs drukke wegen.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Ongezond voor gevoelige groepen",
                description:
                    "Kinderen, ouderen en mensen met een hart- of longziekte kunnen gezondheidsklachten krijgen.",
                tips: [
                    "Gevoelige groepen: beperk lange of zware inspanning buiten.",
                    "Houd de ramen dicht tijdens de spits.",
                    "Let op klachten zoals hoesten of kortademigheid.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Ongezond",
                description:
                    "Iedereen kan gezondheidsklachten beginnen te merken; gevoelige groepen ernstiger.",
                tips: [
                    "Iedereen: beperk lange of zware inspanning buiten.",
                    "Gevoelige groepen: vermijd inspanning buiten en verplaats activiteiten naar binnen.",
                    "Houd de ramen dicht en zet een luchtreiniger aan als je er een hebt.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Zeer ongezond",
                description: "Gezondheidswaarschuwing: iedereen loopt risico op gezondheidsklachten.",
                tips: [
                    "Vermijd inspanning buiten; gevoelige groepen kunnen beter binnen blijven.",
                    "Houd de binnenlucht schoon: ramen dicht, luchtreiniger aan, niet roken en geen kaarsen.",
                    "Moet je naar buiten, dan helpt een goed aansluitend FFP2- of N95-masker.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Gevaarlijk", description: "Noodsituatie: iedereen zal er waarschijnlijk last van hebben.",
                tips: [
                    "Blijf binnen met ramen en deuren dicht.",
                    "Vermijd elke activiteit buiten; draag een FFP2- of N95-masker als je naar buiten moet.",
                    "Volg de adviezen van de lokale overheid en zoek medische hulp bij ademhalingsproblemen.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Goed", description: "De luchtkwaliteit is goed.",
                tips: ["Geniet van je gewone buitenactiviteiten."])
        case .fair:
            StatusTexts(
                text: "Redelijk", description: "De luchtkwaliteit is redelijk.",
                tips: ["Geniet van je gewone buitenactiviteiten."])
        case .moderate:
            StatusTexts(
                text: "Matig", description: "De luchtkwaliteit is matig.",
                tips: [
                    "Gevoelige groepen: overweeg bij klachten zware inspanning buiten te beperken.",
                    "Alle anderen kunnen genieten van hun gewone buitenactiviteiten.",
                ])
        case .poor:
            StatusTexts(
                text: "Slecht", description: "De luchtkwaliteit is slecht.",
                tips: [
                    "Gevoelige groepen: beperk lichamelijke inspanning buiten, vooral bij klachten.",
                    "Iedereen: overweeg zware inspanning buiten te beperken bij ongemak zoals keelpijn.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Zeer slecht", description: "De luchtkwaliteit is zeer slecht.",
                tips: [
                    "Gevoelige groepen: vermijd lichamelijke inspanning buiten.",
                    "Iedereen: beperk lichamelijke inspanning buiten, vooral bij klachten.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Extreem slecht", description: "De luchtkwaliteit is extreem slecht.",
                tips: [
                    "Gevoelige groepen: vermijd lichamelijke inspanning buiten en blijf zo veel mogelijk binnen.",
                    "Iedereen: vermijd lichamelijke inspanning buiten; houd de ramen dicht.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Fijne deeltjes"
        case .pm10: "Grove deeltjes"
        case .no2: "Stikstofdioxide"
        case .so2: "Zwaveldioxide"
        case .o3: "Ozon"
        case .co: "Koolmonoxide"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Onbewolkt"
        case .mainlyClear: "Overwegend helder"
        case .partlyCloudy: "Half bewolkt"
        case .overcast: "Zwaar bewolkt"
        case .fog: "Mist"
        case .depositingRimeFog: "Mist met rijp"
        case .lightDrizzle: "Lichte motregen"
        case .moderateDrizzle: "Matige motregen"
        case .denseDrizzle: "Dichte motregen"
        case .lightFreezingDrizzle: "Lichte onderkoelde motregen"
        case .denseFreezingDrizzle: "Dichte onderkoelde motregen"
        case .slightRain: "Lichte regen"
        case .moderateRain: "Matige regen"
        case .heavyRain: "Zware regen"
        case .lightFreezingRain: "Lichte ijzel"
        case .heavyFreezingRain: "Zware ijzel"
        case .slightSnowfall: "Lichte sneeuwval"
        case .moderateSnowfall: "Matige sneeuwval"
        case .heavySnowfall: "Zware sneeuwval"
        case .snowGrains: "Motsneeuw"
        case .slightRainShowers: "Lichte regenbuien"
        case .moderateRainShowers: "Matige regenbuien"
        case .violentRainShowers: "Zeer zware regenbuien"
        case .slightSnowShowers: "Lichte sneeuwbuien"
        case .heavySnowShowers: "Zware sneeuwbuien"
        case .thunderstorm: "Onweer"
        case .thunderstormWithSlightHail: "Onweer met lichte hagel"
        case .thunderstormWithHeavyHail: "Onweer met zware hagel"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Geen"
        case .veryLow: "Zeer laag"
        case .low: "Laag"
        case .moderate: "Matig"
        case .high: "Hoog"
        case .veryHigh: "Zeer hoog"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Geen pollen gemeten"
        case .veryLow: "Mensen met een zeer sterke pollenallergie krijgen waarschijnlijk klachten"
        case .low: "Mensen met een sterke pollenallergie krijgen waarschijnlijk klachten"
        case .moderate: "Mensen met een matige pollenallergie krijgen waarschijnlijk klachten"
        case .high: "Mensen met een lichte pollenallergie krijgen waarschijnlijk klachten"
        case .veryHigh: "Mensen met een zeer lichte pollenallergie krijgen waarschijnlijk klachten"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Grassen"
        case .tree: "Bomen"
        case .weed: "Kruiden"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Els"
        case .birch: "Berk"
        case .grass: "Grassen"
        case .mugwort: "Bijvoet"
        case .olive: "Olijfboom"
        case .ragweed: "Ambrosia"
        }
    }
}
