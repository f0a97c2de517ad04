/// French texts. The European bands use the wording of the French ATMO index, which has the same six steps; the
/// pollen levels the six steps (nul … très élevé) French pollen bulletins use.
enum FrenchTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Très bon", description: "L’air est pur ; la pollution ne présente aucun risque.",
                tips: ["Le moment idéal pour sortir et aérer votre logement."])
        case .good:
            StatusTexts(
                text: "Bon",
                description: "La qualité de l’air est satisfaisante ; la pollution présente peu ou pas de risque.",
                tips: ["Profitez de vos activités habituelles en plein air."])
        case .moderate:
            StatusTexts(
                text: "Modéré",
                description:
                    "La qualité de l’air est acceptable, mais les personnes particulièrement sensibles à la pollution peuvent la ressentir.",
                tips: [
                    "Si vous êtes particulièrement sensible à la pollution de l’air, envisagez un exercice en plein air plus court ou plus léger.",
                    "Les autres peuvent continuer comme d’habitude.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Pollution légèrement élevée",
                description:
                    "La pollution se fait sentir ; les personnes sensibles peuvent ressentir des effets légers, comme une toux.",
                tips: [
                    "Personnes asthmatiques ou atteintes d’une maladie cardiaque ou pulmonaire : ménagez-vous dehors et gardez vos médicaments à portée de main.",
                    "Pour le sport, préférez les parcs et les petites rues aux axes très fréquentés.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Mauvais pour les groupes sensibles",
                description:
                    "Les enfants, les personnes âgées et les personnes atteintes d’une maladie cardiaque ou pulmonaire peuvent ressentir des effets sur la santé.",
                tips: [
                    "Groupes sensibles : réduisez les activités longues ou intenses en plein air.",
                    "Gardez les fenêtres fermées aux heures de pointe.",
                    "Soyez attentif aux symptômes comme la toux ou l’essoufflement.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Mauvais",
                description:
                    "Tout le monde peut commencer à ressentir des effets sur la santé ; les groupes sensibles plus fortement.",
                tips: [
                    "Tout le monde : limitez les activités longues ou intenses en plein air.",
                    "Groupes sensibles : évitez les efforts dehors et pratiquez vos activités à l’intérieur.",
                    "Gardez les fenêtres fermées et faites tourner un purificateur d’air si vous en avez un.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Très mauvais", description: "Alerte sanitaire : tout le monde risque des effets sur la santé.",
                tips: [
                    "Évitez les efforts en plein air ; les groupes sensibles devraient rester à l’intérieur.",
                    "Gardez l’air intérieur propre : fenêtres fermées, purificateur allumé, ni tabac ni bougies.",
                    "Si vous devez sortir, un masque FFP2 ou N95 bien ajusté aide.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Dangereux", description: "Situation d’urgence : tout le monde risque d’être touché.",
                tips: [
                    "Restez à l’intérieur, fenêtres et portes fermées.",
                    "Évitez toute activité en plein air ; portez un masque FFP2 ou N95 si vous devez sortir.",
                    "Suivez les consignes des autorités locales et consultez un médecin en cas de difficultés respiratoires.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Bon", description: "La qualité de l’air est bonne.",
                tips: ["Profitez de vos activités habituelles en plein air."])
        case .fair:
            StatusTexts(
                text: "Moyen", description: "La qualité de l’air est moyenne.",
                tips: ["Profitez de vos activités habituelles en plein air."])
        case .moderate:
            StatusTexts(
                text: "Dégradé", description: "La qualité de l’air est dégradée.",
                tips: [
                    "Groupes sensibles : en cas de symptômes, envisagez de réduire les activités intenses en plein air.",
                    "Les autres peuvent profiter de leurs activités habituelles en plein air.",
                ])
        case .poor:
            StatusTexts(
                text: "Mauvais", description: "La qualité de l’air est mauvaise.",
                tips: [
                    "Groupes sensibles : réduisez l’activité physique en plein air, surtout en cas de symptômes.",
                    "Tout le monde : envisagez de réduire les activités intenses en plein air en cas de gêne, comme un mal de gorge.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Très mauvais", description: "La qualité de l’air est très mauvaise.",
                tips: [
                    "Groupes sensibles : évitez l’activité physique en plein air.",
                    "Tout le monde : réduisez l’activité physique en plein air, surtout en cas de symptômes.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Extrêmement mauvais", description: "La qualité de l’air est extrêmement mauvaise.",
                tips: [
                    "Groupes sensibles : évitez l’activité physique en plein air et restez à l’intérieur si possible.",
                    "Tout le monde : évitez l’activité physique en plein air ; gardez les fenêtres fermées.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Particules fines"
        case .pm10: "Particules grossières"
        case .no2: "Dioxyde d’azote"
        case .so2: "Dioxyde de soufre"
        case .o3: "Ozone"
        case .co: "Monoxyde de carbone"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Ciel dégagé"
        case .mainlyClear: "Plutôt dégagé"
        case .partlyCloudy: "Partiellement nuageux"
        case .overcast: "Couvert"
        case .fog: "Brouillard"
        case .depositingRimeFog: "Brouillard givrant"
        case .lightDrizzle: "Bruine légère"
        case .moderateDrizzle: "Bruine modérée"
        case .denseDrizzle: "Bruine dense"
        case .lightFreezingDrizzle: "Bruine verglaçante légère"
        case .denseFreezingDrizzle: "Bruine verglaçante dense"
        case .slightRain: "Pluie faible"
        case .moderateRain: "Pluie modérée"
        case .heavyRain: "Pluie forte"
        case .lightFreezingRain: "Pluie verglaçante faible"
        case .heavyFreezingRain: "Pluie verglaçante forte"
        case .slightSnowfall: "Chute de neige faible"
        case .moderateSnowfall: "Chute de neige modérée"
        case .heavySnowfall: "Chute de neige forte"
        case .snowGrains: "Neige en grains"
        case .slightRainShowers: "Averses de pluie faibles"
        case .moderateRainShowers: "Averses de pluie modérées"
        case .violentRainShowers: "Averses de pluie violentes"
        case .slightSnowShowers: "Averses de neige faibles"
        case .heavySnowShowers: "Averses de neige fortes"
        case .thunderstorm: "Orage"
        case .thunderstormWithSlightHail: "Orage avec grêle faible"
        case .thunderstormWithHeavyHail: "Orage avec forte grêle"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Nul"
        case .veryLow: "Très faible"
        case .low: "Faible"
        case .moderate: "Moyen"
        case .high: "Élevé"
        case .veryHigh: "Très élevé"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Aucun pollen détecté"
        case .veryLow: "Les personnes très fortement allergiques au pollen auront probablement des symptômes"
        case .low: "Les personnes fortement allergiques au pollen auront probablement des symptômes"
        case .moderate: "Les personnes modérément allergiques au pollen auront probablement des symptômes"
        case .high: "Les personnes faiblement allergiques au pollen auront probablement des symptômes"
        case .veryHigh: "Les personnes très faiblement allergiques au pollen auront probablement des symptômes"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Graminées"
        case .tree: "Arbres"
        case .weed: "Herbacées"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Aulne"
        case .birch: "Bouleau"
        case .grass: "Graminées"
        case .mugwort: "Armoise"
        case .olive: "Olivier"
        case .ragweed: "Ambroisie"
        }
    }
}
