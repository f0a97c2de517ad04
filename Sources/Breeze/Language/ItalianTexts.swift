/// Italian texts.
enum ItalianTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Ottima", description: "L’aria è pulita; l’inquinamento non comporta alcun rischio.",
                tips: ["Il momento ideale per stare all’aperto e arieggiare la casa."])
        case .good:
            StatusTexts(
                text: "Buona",
                description: "La qualità dell’aria è soddisfacente; l’inquinamento comporta un rischio minimo o nullo.",
                tips: ["Goditi le solite attività all’aperto."])
        case .moderate:
            StatusTexts(
                text: "Moderata",
                description:
                    "La qualità dell’aria è accettabile, ma le persone particolarmente sensibili all’inquinamento possono avvertirlo.",
                tips: [
                    "Se sei particolarmente sensibile all’inquinamento atmosferico, fai attività fisica all’aperto più breve o più leggera.",
                    "Tutti gli altri possono proseguire come al solito.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Inquinamento lievemente elevato",
                description:
                    "L’inquinamento si fa sentire; le persone sensibili possono avvertire lievi effetti come la tosse.",
                tips: [
                    "Persone con asma o malattie cardiache o polmonari: all’aperto andate piano e tenete i farmaci a portata di mano.",
                    "Per l’attività fisica preferisci parchi e strade secondarie alle strade trafficate.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Malsana per i gruppi sensibili",
                description:
                    "Bambini, anziani e persone con malattie cardiache o polmonari possono avvertire effetti sulla salute.",
                tips: [
                    "Gruppi sensibili: riducete le attività all’aperto lunghe o intense.",
                    "Tieni le finestre chiuse nelle ore di punta del traffico.",
                    "Fai attenzione a sintomi come tosse o fiato corto.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Malsana",
                description:
                    "Tutti possono iniziare ad avvertire effetti sulla salute; i gruppi sensibili in modo più grave.",
                tips: [
                    "Tutti: riducete le attività all’aperto lunghe o intense.",
                    "Gruppi sensibili: evitate gli sforzi all’aperto e spostate le attività al chiuso.",
                    "Tieni le finestre chiuse e accendi un purificatore d’aria, se ne hai uno.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Molto malsana", description: "Allerta sanitaria: tutti rischiano effetti sulla salute.",
                tips: [
                    "Evita gli sforzi all’aperto; i gruppi sensibili dovrebbero restare al chiuso.",
                    "Mantieni pulita l’aria in casa: finestre chiuse, purificatore acceso, niente fumo né candele.",
                    "Se devi uscire, una mascherina FFP2 o N95 ben aderente aiuta.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Pericolosa", description: "Condizioni di emergenza: probabilmente tutti ne risentono.",
                tips: [
                    "Resta al chiuso con finestre e porte chiuse.",
                    "Evita qualsiasi attività all’aperto; indossa una mascherina FFP2 o N95 se devi uscire.",
                    "Segui le indicazioni delle autorità locali e rivolgiti a un medico in caso di difficoltà respiratorie.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Buona", description: "La qualità dell’aria è buona.",
                tips: ["Goditi le solite attività all’aperto."])
        case .fair:
            StatusTexts(
                text: "Discreta", description: "La qualità dell’aria è discreta.",
                tips: ["Goditi le solite attività all’aperto."])
        case .moderate:
            StatusTexts(
                text: "Moderata", description: "La qualità dell’aria è moderata.",
                tips: [
                    "Gruppi sensibili: in presenza di sintomi, valutate di ridurre le attività intense all’aperto.",
                    "Tutti gli altri possono godersi le solite attività all’aperto.",
                ])
        case .poor:
            StatusTexts(
                text: "Scadente", description: "La qualità dell’aria è scadente.",
                tips: [
                    "Gruppi sensibili: riducete l’attività fisica all’aperto, soprattutto in presenza di sintomi.",
                    "Tutti: valutate di ridurre le attività intense all’aperto se avvertite fastidi come mal di gola.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Molto scadente", description: "La qualità dell’aria è molto scadente.",
                tips: [
                    "Gruppi sensibili: evitate l’attività fisica all’aperto.",
                    "Tutti: riducete l’attività fisica all’aperto, soprattutto in presenza di sintomi.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Estremamente scadente", description: "La qualità dell’aria è estremamente scadente.",
                tips: [
                    "Gruppi sensibili: evitate l’attività fisica all’aperto e restate al chiuso quando possibile.",
                    "Tutti: evitate l’attività fisica all’aperto; tenete le finestre chiuse.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Particolato fine"
        case .pm10: "Particolato grossolano"
        case .no2: "Biossido di azoto"
        case .so2: "Biossido di zolfo"
        case .o3: "Ozono"
        case .co: "Monossido di carbonio"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Cielo sereno"
        case .mainlyClear: "Prevalentemente sereno"
        case .partlyCloudy: "Parzialmente nuvoloso"
        case .overcast: "Coperto"
        case .fog: "Nebbia"
        case .depositingRimeFog: "Nebbia con brina"
        case .lightDrizzle: "Pioviggine leggera"
        case .moderateDrizzle: "Pioviggine moderata"
        case .denseDrizzle: "Pioviggine fitta"
        case .lightFreezingDrizzle: "Pioviggine congelantesi leggera"
        case .denseFreezingDrizzle: "Pioviggine congelantesi fitta"
        case .slightRain: "Pioggia debole"
        case .moderateRain: "Pioggia moderata"
        case .heavyRain: "Pioggia forte"
        case .lightFreezingRain: "Pioggia congelantesi debole"
        case .heavyFreezingRain: "Pioggia congelantesi forte"
        case .slightSnowfall: "Nevicata debole"
        case .moderateSnowfall: "Nevicata moderata"
        case .heavySnowfall: "Nevicata forte"
        case .snowGrains: "Neve granulosa"
        case .slightRainShowers: "Rovesci di pioggia deboli"
        case .moderateRainShowers: "Rovesci di pioggia moderati"
        case .violentRainShowers: "Rovesci di pioggia violenti"
        case .slightSnowShowers: "Rovesci di neve deboli"
        case .heavySnowShowers: "Rovesci di neve forti"
        case .thunderstorm: "Temporale"
        case .thunderstormWithSlightHail: "Temporale con grandine debole"
        case .thunderstormWithHeavyHail: "Temporale con grandine forte"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Assente"
        case .veryLow: "Molto bassa"
        case .low: "Bassa"
        case .moderate: "Media"
        case .high: "Alta"
        case .veryHigh: "Molto alta"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Nessun polline rilevato"
        case .veryLow: "Le persone con allergia al polline molto forte avranno probabilmente sintomi"
        case .low: "Le persone con allergia al polline forte avranno probabilmente sintomi"
        case .moderate: "Le persone con allergia al polline moderata avranno probabilmente sintomi"
        case .high: "Le persone con allergia al polline lieve avranno probabilmente sintomi"
        case .veryHigh: "Le persone con allergia al polline molto lieve avranno probabilmente sintomi"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Graminacee"
        case .tree: "Alberi"
        case .weed: "Erbacee"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Ontano"
        case .birch: "Betulla"
        case .grass: "Graminacee"
        case .mugwort: "Artemisia"
        case .olive: "Olivo"
        case .ragweed: "Ambrosia"
        }
    }
}
