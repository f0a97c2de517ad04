/// The WMO weather codes' descriptions in every language, a few words each.
///
/// One row per code, one column per language (see `Translations`).
extension WeatherCode {
    /// The code's description in every language.
    var descriptions: Translations {
        switch self {
        case .clearSky:
            Translations(
                en: "Clear sky",
                de: "Klarer Himmel",
                fr: "Ciel dégagé",
                es: "Cielo despejado",
                it: "Cielo sereno",
                pt: "Céu limpo",
                nl: "Onbewolkt",
                pl: "Bezchmurnie",
                ja: "快晴",
                zh: "晴")
        case .mainlyClear:
            Translations(
                en: "Mainly clear",
                de: "Überwiegend klar",
                fr: "Plutôt dégagé",
                es: "Mayormente despejado",
                it: "Prevalentemente sereno",
                pt: "Predominantemente limpo",
                nl: "Overwegend helder",
                pl: "Przeważnie bezchmurnie",
                ja: "晴れ",
                zh: "少云")
        case .partlyCloudy:
            Translations(
                en: "Partly cloudy",
                de: "Teilweise bewölkt",
                fr: "Partiellement nuageux",
                es: "Parcialmente nublado",
                it: "Parzialmente nuvoloso",
                pt: "Parcialmente nublado",
                nl: "Half bewolkt",
                pl: "Częściowe zachmurzenie",
                ja: "晴れ時々曇り",
                zh: "多云")
        case .overcast:
            Translations(
                en: "Overcast",
                de: "Bedeckt",
                fr: "Couvert",
                es: "Cubierto",
                it: "Coperto",
                pt: "Encoberto",
                nl: "Zwaar bewolkt",
                pl: "Zachmurzenie całkowite",
                ja: "曇り",
                zh: "阴")
        case .fog:
            Translations(
                en: "Fog",
                de: "Nebel",
                fr: "Brouillard",
                es: "Niebla",
                it: "Nebbia",
                pt: "Nevoeiro",
                nl: "Mist",
                pl: "Mgła",
                ja: "霧",
                zh: "雾")
        case .depositingRimeFog:
            Translations(
                en: "Depositing rime fog",
                de: "Nebel mit Raureifbildung",
                fr: "Brouillard givrant",
                es: "Niebla con escarcha",
                it: "Nebbia con brina",
                pt: "Nevoeiro com geada",
                nl: "Mist met rijp",
                pl: "Mgła osadzająca szadź",
                ja: "着氷性の霧",
                zh: "冻雾")
        case .lightDrizzle:
            Translations(
                en: "Light drizzle",
                de: "Leichter Nieselregen",
                fr: "Bruine légère",
                es: "Llovizna ligera",
                it: "Pioviggine leggera",
                pt: "Garoa fraca",
                nl: "Lichte motregen",
                pl: "Słaba mżawka",
                ja: "弱い霧雨",
                zh: "轻微毛毛雨")
        case .moderateDrizzle:
            Translations(
                en: "Moderate drizzle",
                de: "Mäßiger Nieselregen",
                fr: "Bruine modérée",
                es: "Llovizna moderada",
                it: "Pioviggine moderata",
                pt: "Garoa moderada",
                nl: "Matige motregen",
                pl: "Umiarkowana mżawka",
                ja: "霧雨",
                zh: "中等毛毛雨")
        case .denseDrizzle:
            Translations(
                en: "Dense drizzle",
                de: "Dichter Nieselregen",
                fr: "Bruine dense",
                es: "Llovizna densa",
                it: "Pioviggine fitta",
                pt: "Garoa densa",
                nl: "Dichte motregen",
                pl: "Gęsta mżawka",
                ja: "強い霧雨",
                zh: "浓密毛毛雨")
        case .lightFreezingDrizzle:
            Translations(
                en: "Light freezing drizzle",
                de: "Leichter gefrierender Nieselregen",
                fr: "Bruine verglaçante légère",
                es: "Llovizna helada ligera",
                it: "Pioviggine congelantesi leggera",
                pt: "Garoa congelante fraca",
                nl: "Lichte onderkoelde motregen",
                pl: "Słaba marznąca mżawka",
                ja: "弱い着氷性の霧雨",
                zh: "轻微冻毛毛雨")
        case .denseFreezingDrizzle:
            Translations(
                en: "Dense freezing drizzle",
                de: "Dichter gefrierender Nieselregen",
                fr: "Bruine verglaçante dense",
                es: "Llovizna helada densa",
                it: "Pioviggine congelantesi fitta",
                pt: "Garoa congelante densa",
                nl: "Dichte onderkoelde motregen",
                pl: "Gęsta marznąca mżawka",
                ja: "強い着氷性の霧雨",
                zh: "浓密冻毛毛雨")
        case .slightRain:
            Translations(
                en: "Slight rain",
                de: "Leichter Regen",
                fr: "Pluie faible",
                es: "Lluvia débil",
                it: "Pioggia debole",
                pt: "Chuva fraca",
                nl: "Lichte regen",
                pl: "Słaby deszcz",
                ja: "弱い雨",
                zh: "小雨")
        case .moderateRain:
            Translations(
                en: "Moderate rain",
                de: "Mäßiger Regen",
                fr: "Pluie modérée",
                es: "Lluvia moderada",
                it: "Pioggia moderata",
                pt: "Chuva moderada",
                nl: "Matige regen",
                pl: "Umiarkowany deszcz",
                ja: "雨",
                zh: "中雨")
        case .heavyRain:
            Translations(
                en: "Heavy rain",
                de: "Starker Regen",
                fr: "Pluie forte",
                es: "Lluvia fuerte",
                it: "Pioggia forte",
                pt: "Chuva forte",
                nl: "Zware regen",
                pl: "Silny deszcz",
                ja: "強い雨",
                zh: "大雨")
        case .lightFreezingRain:
            Translations(
                en: "Light freezing rain",
                de: "Leichter gefrierender Regen",
                fr: "Pluie verglaçante faible",
                es: "Lluvia helada débil",
                it: "Pioggia congelantesi debole",
                pt: "Chuva congelante fraca",
                nl: "Lichte ijzel",
                pl: "Słaby marznący deszcz",
                ja: "弱い着氷性の雨",
                zh: "小冻雨")
        case .heavyFreezingRain:
            Translations(
                en: "Heavy freezing rain",
                de: "Starker gefrierender Regen",
                fr: "Pluie verglaçante forte",
                es: "Lluvia helada fuerte",
                it: "Pioggia congelantesi forte",
                pt: "Chuva congelante forte",
                nl: "Zware ijzel",
                pl: "Silny marznący deszcz",
                ja: "強い着氷性の雨",
                zh: "大冻雨")
        case .slightSnowfall:
            Translations(
                en: "Slight snowfall",
                de: "Leichter Schneefall",
                fr: "Chute de neige faible",
                es: "Nevada débil",
                it: "Nevicata debole",
                pt: "Neve fraca",
                nl: "Lichte sneeuwval",
                pl: "Słabe opady śniegu",
                ja: "弱い雪",
                zh: "小雪")
        case .moderateSnowfall:
            Translations(
                en: "Moderate snowfall",
                de: "Mäßiger Schneefall",
                fr: "Chute de neige modérée",
                es: "Nevada moderada",
                it: "Nevicata moderata",
                pt: "Neve moderada",
                nl: "Matige sneeuwval",
                pl: "Umiarkowane opady śniegu",
                ja: "雪",
                zh: "中雪")
        case .heavySnowfall:
            Translations(
                en: "Heavy snowfall",
                de: "Starker Schneefall",
                fr: "Chute de neige forte",
                es: "Nevada fuerte",
                it: "Nevicata forte",
                pt: "Neve forte",
                nl: "Zware sneeuwval",
                pl: "Silne opady śniegu",
                ja: "強い雪",
                zh: "大雪")
        case .snowGrains:
            Translations(
                en: "Snow grains",
                de: "Schneegriesel",
                fr: "Neige en grains",
                es: "Cinarra",
                it: "Neve granulosa",
                pt: "Grãos de neve",
                nl: "Motsneeuw",
                pl: "Śnieg ziarnisty",
                ja: "霧雪",
                zh: "米雪")
        case .slightRainShowers:
            Translations(
                en: "Slight rain showers",
                de: "Leichte Regenschauer",
                fr: "Averses de pluie faibles",
                es: "Chubascos débiles",
                it: "Rovesci di pioggia deboli",
                pt: "Pancadas de chuva fracas",
                nl: "Lichte regenbuien",
                pl: "Słabe przelotne opady deszczu",
                ja: "弱いにわか雨",
                zh: "小阵雨")
        case .moderateRainShowers:
            Translations(
                en: "Moderate rain showers",
                de: "Mäßige Regenschauer",
                fr: "Averses de pluie modérées",
                es: "Chubascos moderados",
                it: "Rovesci di pioggia moderati",
                pt: "Pancadas de chuva moderadas",
                nl: "Matige regenbuien",
                pl: "Umiarkowane przelotne opady deszczu",
                ja: "にわか雨",
                zh: "中阵雨")
        case .violentRainShowers:
            Translations(
                en: "Violent rain showers",
                de: "Heftige Regenschauer",
                fr: "Averses de pluie violentes",
                es: "Chubascos violentos",
                it: "Rovesci di pioggia violenti",
                pt: "Pancadas de chuva violentas",
                nl: "Zeer zware regenbuien",
                pl: "Gwałtowne przelotne opady deszczu",
                ja: "激しいにわか雨",
                zh: "强阵雨")
        case .slightSnowShowers:
            Translations(
                en: "Slight snow showers",
                de: "Leichte Schneeschauer",
                fr: "Averses de neige faibles",
                es: "Chubascos de nieve débiles",
                it: "Rovesci di neve deboli",
                pt: "Pancadas de neve fracas",
                nl: "Lichte sneeuwbuien",
                pl: "Słabe przelotne opady śniegu",
                ja: "弱いにわか雪",
                zh: "小阵雪")
        case .heavySnowShowers:
            Translations(
                en: "Heavy snow showers",
                de: "Starke Schneeschauer",
                fr: "Averses de neige fortes",
                es: "Chubascos de nieve fuertes",
                it: "Rovesci di neve forti",
                pt: "Pancadas de neve fortes",
                nl: "Zware sneeuwbuien",
                pl: "Silne przelotne opady śniegu",
                ja: "強いにわか雪",
                zh: "大阵雪")
        case .thunderstorm:
            Translations(
                en: "Thunderstorm",
                de: "Gewitter",
                fr: "Orage",
                es: "Tormenta",
                it: "Temporale",
                pt: "Trovoada",
                nl: "Onweer",
                pl: "Burza",
                ja: "雷雨",
                zh: "雷暴")
        case .thunderstormWithSlightHail:
            Translations(
                en: "Thunderstorm with slight hail",
                de: "Gewitter mit leichtem Hagel",
                fr: "Orage avec grêle faible",
                es: "Tormenta con granizo débil",
                it: "Temporale con grandine debole",
                pt: "Trovoada com granizo fraco",
                nl: "Onweer met lichte hagel",
                pl: "Burza ze słabym gradem",
                ja: "弱いひょうを伴う雷雨",
                zh: "雷暴伴小冰雹")
        case .thunderstormWithHeavyHail:
            Translations(
                en: "Thunderstorm with heavy hail",
                de: "Gewitter mit starkem Hagel",
                fr: "Orage avec forte grêle",
                es: "Tormenta con granizo fuerte",
                it: "Temporale con grandine forte",
                pt: "Trovoada com granizo forte",
                nl: "Onweer met zware hagel",
                pl: "Burza z silnym gradem",
                ja: "強いひょうを伴う雷雨",
                zh: "雷暴伴大冰雹")
        }
    }
}
