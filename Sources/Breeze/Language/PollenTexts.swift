/// The pollen texts breeze-rpc writes itself in every language: categories, what a level means, type and plant names.
///
/// One row per key, one column per language (see `Translations`).
extension PollenCategory {
    /// The Universal Pollen Index category of the level ("Very Low") in every language.
    var names: Translations {
        switch self {
        case .none:
            Translations(
                en: "None",
                de: "Keine",
                fr: "Nul",
                es: "Nulo",
                it: "Assente",
                pt: "Nenhum",
                nl: "Geen",
                pl: "Brak",
                ja: "なし",
                zh: "无")
        case .veryLow:
            Translations(
                en: "Very Low",
                de: "Sehr gering",
                fr: "Très faible",
                es: "Muy bajo",
                it: "Molto bassa",
                pt: "Muito baixo",
                nl: "Zeer laag",
                pl: "Bardzo niskie",
                ja: "非常に少ない",
                zh: "很低")
        case .low:
            Translations(
                en: "Low",
                de: "Gering",
                fr: "Faible",
                es: "Bajo",
                it: "Bassa",
                pt: "Baixo",
                nl: "Laag",
                pl: "Niskie",
                ja: "少ない",
                zh: "低")
        case .moderate:
            Translations(
                en: "Moderate",
                de: "Mäßig",
                fr: "Moyen",
                es: "Moderado",
                it: "Media",
                pt: "Moderado",
                nl: "Matig",
                pl: "Średnie",
                ja: "やや多い",
                zh: "中等")
        case .high:
            Translations(
                en: "High",
                de: "Hoch",
                fr: "Élevé",
                es: "Alto",
                it: "Alta",
                pt: "Alto",
                nl: "Hoog",
                pl: "Wysokie",
                ja: "多い",
                zh: "高")
        case .veryHigh:
            Translations(
                en: "Very High",
                de: "Sehr hoch",
                fr: "Très élevé",
                es: "Muy alto",
                it: "Molto alta",
                pt: "Muito alto",
                nl: "Zeer hoog",
                pl: "Bardzo wysokie",
                ja: "非常に多い",
                zh: "很高")
        }
    }
}

extension PollenCategory {
    /// What the level means for people with allergies, in every language.
    var indexDescriptions: Translations {
        switch self {
        case .none:
            Translations(
                en: "No pollen detected",
                de: "Keine Pollen nachgewiesen",
                fr: "Aucun pollen détecté",
                es: "No se detecta polen",
                it: "Nessun polline rilevato",
                pt: "Nenhum pólen detectado",
                nl: "Geen pollen gemeten",
                pl: "Nie wykryto pyłku",
                ja: "花粉は検出されていません",
                zh: "未检测到花粉")
        case .veryLow:
            Translations(
                en: "People with very high allergy to pollen are likely to experience symptoms",
                de: "Menschen mit sehr starker Pollenallergie haben wahrscheinlich Beschwerden",
                fr: "Les personnes très fortement allergiques au pollen auront probablement des symptômes",
                es: "Es probable que las personas con alergia muy fuerte al polen tengan síntomas",
                it: "Le persone con allergia al polline molto forte avranno probabilmente sintomi",
                pt: "Pessoas com alergia muito forte a pólen provavelmente terão sintomas",
                nl: "Mensen met een zeer sterke pollenallergie krijgen waarschijnlijk klachten",
                pl: "Osoby z bardzo silną alergią na pyłki prawdopodobnie odczują objawy",
                ja: "花粉アレルギーが非常に重い人は症状が出る可能性が高いです",
                zh: "花粉过敏非常严重的人可能会出现症状")
        case .low:
            Translations(
                en: "People with high allergy to pollen are likely to experience symptoms",
                de: "Menschen mit starker Pollenallergie haben wahrscheinlich Beschwerden",
                fr: "Les personnes fortement allergiques au pollen auront probablement des symptômes",
                es: "Es probable que las personas con alergia fuerte al polen tengan síntomas",
                it: "Le persone con allergia al polline forte avranno probabilmente sintomi",
                pt: "Pessoas com alergia forte a pólen provavelmente terão sintomas",
                nl: "Mensen met een sterke pollenallergie krijgen waarschijnlijk klachten",
                pl: "Osoby z silną alergią na pyłki prawdopodobnie odczują objawy",
                ja: "花粉アレルギーが重い人は症状が出る可能性が高いです",
                zh: "花粉过敏严重的人可能会出现症状")
        case .moderate:
            Translations(
                en: "People with moderate allergy to pollen are likely to experience symptoms",
                de: "Menschen mit mäßiger Pollenallergie haben wahrscheinlich Beschwerden",
                fr: "Les personnes modérément allergiques au pollen auront probablement des symptômes",
                es: "Es probable que las personas con alergia moderada al polen tengan síntomas",
                it: "Le persone con allergia al polline moderata avranno probabilmente sintomi",
                pt: "Pessoas com alergia moderada a pólen provavelmente terão sintomas",
                nl: "Mensen met een matige pollenallergie krijgen waarschijnlijk klachten",
                pl: "Osoby z umiarkowaną alergią na pyłki prawdopodobnie odczują objawy",
                ja: "花粉アレルギーが中程度の人は症状が出る可能性が高いです",
                zh: "花粉过敏程度中等的人可能会出现症状")
        case .high:
            Translations(
                en: "People with low allergy to pollen are likely to experience symptoms",
                de: "Menschen mit leichter Pollenallergie haben wahrscheinlich Beschwerden",
                fr: "Les personnes faiblement allergiques au pollen auront probablement des symptômes",
                es: "Es probable que las personas con alergia leve al polen tengan síntomas",
                it: "Le persone con allergia al polline lieve avranno probabilmente sintomi",
                pt: "Pessoas com alergia leve a pólen provavelmente terão sintomas",
                nl: "Mensen met een lichte pollenallergie krijgen waarschijnlijk klachten",
                pl: "Osoby z łagodną alergią na pyłki prawdopodobnie odczują objawy",
                ja: "花粉アレルギーが軽い人も症状が出る可能性が高いです",
                zh: "花粉过敏较轻的人也可能会出现症状")
        case .veryHigh:
            Translations(
                en: "People with very low allergy to pollen are likely to experience symptoms",
                de: "Menschen mit sehr leichter Pollenallergie haben wahrscheinlich Beschwerden",
                fr: "Les personnes très faiblement allergiques au pollen auront probablement des symptômes",
                es: "Es probable que las personas con alergia muy leve al polen tengan síntomas",
                it: "Le persone con allergia al polline molto lieve avranno probabilmente sintomi",
                pt: "Pessoas com alergia muito leve a pólen provavelmente terão sintomas",
                nl: "Mensen met een zeer lichte pollenallergie krijgen waarschijnlijk klachten",
                pl: "Osoby z bardzo łagodną alergią na pyłki prawdopodobnie odczują objawy",
                ja: "花粉アレルギーがごく軽い人も症状が出る可能性が高いです",
                zh: "花粉过敏非常轻的人也可能会出现症状")
        }
    }
}

extension PollenType {
    /// The pollen type's name ("Grass") in every language.
    var names: Translations {
        switch self {
        case .grass:
            Translations(
                en: "Grass",
                de: "Gräser",
                fr: "Graminées",
                es: "Gramíneas",
                it: "Graminacee",
                pt: "Gramíneas",
                nl: "Grassen",
                pl: "Trawy",
                ja: "イネ科",
                zh: "禾草")
        case .tree:
            Translations(
                en: "Tree",
                de: "Bäume",
                fr: "Arbres",
                es: "Árboles",
                it: "Alberi",
                pt: "Árvores",
                nl: "Bomen",
                pl: "Drzewa",
                ja: "樹木",
                zh: "树木")
        case .weed:
            Translations(
                en: "Weed",
                de: "Kräuter",
                fr: "Herbacées",
                es: "Malezas",
                it: "Erbacee",
                pt: "Ervas daninhas",
                nl: "Kruiden",
                pl: "Chwasty",
                ja: "雑草",
                zh: "杂草")
        }
    }
}

extension OpenMeteoPlant {
    /// The plant's name in every language.
    var names: Translations {
        switch self {
        case .alder:
            Translations(
                en: "Alder",
                de: "Erle",
                fr: "Aulne",
                es: "Aliso",
                it: "Ontano",
                pt: "Amieiro",
                nl: "Els",
                pl: "Olsza",
                ja: "ハンノキ",
                zh: "桤木")
        case .birch:
            Translations(
                en: "Birch",
                de: "Birke",
                fr: "Bouleau",
                es: "Abedul",
                it: "Betulla",
                pt: "Bétula",
                nl: "Berk",
                pl: "Brzoza",
                ja: "シラカンバ",
                zh: "桦树")
        case .grass:
            Translations(
                en: "Grasses",
                de: "Süßgräser",
                fr: "Graminées",
                es: "Gramíneas",
                it: "Graminacee",
                pt: "Gramíneas",
                nl: "Grassen",
                pl: "Trawy",
                ja: "イネ科植物",
                zh: "禾本科植物")
        case .mugwort:
            Translations(
                en: "Mugwort",
                de: "Beifuß",
                fr: "Armoise",
                es: "Artemisa",
                it: "Artemisia",
                pt: "Artemísia",
                nl: "Bijvoet",
                pl: "Bylica",
                ja: "ヨモギ",
                zh: "艾蒿")
        case .olive:
            Translations(
                en: "Olive",
                de: "Olivenbaum",
                fr: "Olivier",
                es: "Olivo",
                it: "Olivo",
                pt: "Oliveira",
                nl: "Olijfboom",
                pl: "Oliwka",
                ja: "オリーブ",
                zh: "油橄榄")
        case .ragweed:
            Translations(
                en: "Ragweed",
                de: "Ambrosia",
                fr: "Ambroisie",
                es: "Ambrosía",
                it: "Ambrosia",
                pt: "Ambrósia",
                nl: "Ambrosia",
                pl: "Ambrozja",
                ja: "ブタクサ",
                zh: "豚草")
        }
    }
}
