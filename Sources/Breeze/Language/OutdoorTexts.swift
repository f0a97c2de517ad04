/// The outdoor answer's texts in every language: one row per `OutdoorMessage` key (see `Translations`).
///
/// Agency advice is paraphrased in breeze-rpc's own words under a stable key; the source of each rule is in
/// `OutdoorSource`, never in the text.
extension OutdoorMessage {
    var translations: Translations {
        switch self {
        case .airGood:
            Translations(
                en: "Air quality is good for outdoor activity.",
                de: "Die Luftqualität ist gut für Aktivitäten im Freien.",
                fr: "La qualité de l'air est bonne pour les activités en plein air.",
                es: "La calidad del aire es buena para actividades al aire libre.",
                it: "La qualità dell'aria è buona per le attività all'aperto.",
                pt: "A qualidade do ar está boa para atividades ao ar livre.",
                nl: "De luchtkwaliteit is goed voor activiteiten buiten.",
                pl: "Jakość powietrza jest dobra do aktywności na zewnątrz.",
                ja: "屋外での活動に適した大気質です。",
                zh: "空气质量良好，适合户外活动。")
        case .airReduceUnusual:
            Translations(
                en: "Unusually sensitive people should consider reducing prolonged or heavy exertion.",
                de: "Besonders empfindliche Menschen sollten längere oder schwere Anstrengung verringern.",
                fr:
                    "Les personnes particulièrement sensibles devraient envisager de réduire les efforts prolongés ou intenses.",
                es: "Las personas inusualmente sensibles deberían considerar reducir el esfuerzo prolongado o intenso.",
                it: "Le persone particolarmente sensibili dovrebbero ridurre gli sforzi prolungati o intensi.",
                pt: "Pessoas excepcionalmente sensíveis devem considerar reduzir esforços prolongados ou intensos.",
                nl: "Uitzonderlijk gevoelige mensen kunnen beter langdurige of zware inspanning beperken.",
                pl: "Osoby szczególnie wrażliwe powinny rozważyć ograniczenie długotrwałego lub intensywnego wysiłku.",
                ja: "特に敏感な方は、長時間または激しい運動を控えることを検討してください。",
                zh: "异常敏感人群应考虑减少长时间或剧烈的运动。")
        case .airReduceSensitive:
            Translations(
                en:
                    "Sensitive groups should reduce prolonged or heavy exertion: take more breaks, do less intense activities.",
                de:
                    "Empfindliche Gruppen sollten längere oder schwere Anstrengung verringern: mehr Pausen, weniger intensiv.",
                fr:
                    "Les groupes sensibles devraient réduire les efforts prolongés ou intenses : plus de pauses, activités moins intenses.",
                es:
                    "Los grupos sensibles deberían reducir el esfuerzo prolongado o intenso: más descansos, actividades menos intensas.",
                it:
                    "I gruppi sensibili dovrebbero ridurre gli sforzi prolungati o intensi: più pause, attività meno intense.",
                pt:
                    "Grupos sensíveis devem reduzir esforços prolongados ou intensos: mais pausas, atividades menos intensas.",
                nl:
                    "Gevoelige groepen kunnen beter langdurige of zware inspanning beperken: meer pauzes, minder intensief.",
                pl:
                    "Grupy wrażliwe powinny ograniczyć długotrwały lub intensywny wysiłek: więcej przerw, mniej intensywnie.",
                ja: "敏感なグループは長時間または激しい運動を控えてください。休憩を増やし、強度を下げましょう。",
                zh: "敏感人群应减少长时间或剧烈的运动：多休息，降低强度。")
        case .airAvoidProlonged:
            Translations(
                en: "Avoid prolonged or heavy exertion outdoors; consider moving the activity indoors or rescheduling.",
                de:
                    "Längere oder schwere Anstrengung im Freien vermeiden; die Aktivität besser nach drinnen oder auf später verlegen.",
                fr:
                    "Évitez les efforts prolongés ou intenses à l'extérieur ; envisagez de faire l'activité à l'intérieur ou de la reporter.",
                es:
                    "Evite el esfuerzo prolongado o intenso al aire libre; considere hacer la actividad bajo techo o cambiarla de hora.",
                it:
                    "Evitare sforzi prolungati o intensi all'aperto; valutare di spostare l'attività al chiuso o di rimandarla.",
                pt:
                    "Evite esforços prolongados ou intensos ao ar livre; considere mudar a atividade para um local fechado ou adiá-la.",
                nl:
                    "Vermijd langdurige of zware inspanning buiten; verplaats de activiteit naar binnen of naar een ander moment.",
                pl:
                    "Unikaj długotrwałego lub intensywnego wysiłku na zewnątrz; rozważ przeniesienie aktywności do środka lub na później.",
                ja: "屋外での長時間または激しい運動は避け、屋内に移すか時間を変更することを検討してください。",
                zh: "避免在户外长时间或剧烈运动；考虑改到室内或改期。")
        case .airAvoidAll:
            Translations(
                en: "Avoid all physical activity outdoors.",
                de: "Jede körperliche Aktivität im Freien vermeiden.",
                fr: "Évitez toute activité physique à l'extérieur.",
                es: "Evite toda actividad física al aire libre.",
                it: "Evitare qualsiasi attività fisica all'aperto.",
                pt: "Evite qualquer atividade física ao ar livre.",
                nl: "Vermijd alle lichamelijke activiteit buiten.",
                pl: "Unikaj wszelkiej aktywności fizycznej na zewnątrz.",
                ja: "屋外でのすべての身体活動を避けてください。",
                zh: "避免一切户外体力活动。")
        case .ozoneMorning:
            Translations(
                en: "Ozone is elevated; it is usually lower in the morning, so schedule outdoor activity then.",
                de: "Ozon ist erhöht; morgens ist es meist niedriger, also Aktivitäten im Freien dann einplanen.",
                fr: "L'ozone est élevé ; il est en général plus bas le matin : prévoyez l'activité à ce moment-là.",
                es: "El ozono está elevado; suele ser más bajo por la mañana, así que programe la actividad entonces.",
                it: "L'ozono è elevato; di solito è più basso al mattino, quindi programmare l'attività in quelle ore.",
                pt:
                    "O ozônio está elevado; costuma ser menor pela manhã, então programe a atividade para esse horário.",
                nl: "Ozon is verhoogd; 's ochtends is het meestal lager, plan de activiteit dan.",
                pl: "Stężenie ozonu jest podwyższone; rano zwykle jest niższe, więc zaplanuj aktywność na ranek.",
                ja: "オゾンが高めです。朝は通常低いので、屋外活動は朝に予定しましょう。",
                zh: "臭氧偏高；早晨通常较低，请把户外活动安排在早晨。")
        case .nitrogenDioxideRoads:
            Translations(
                en: "Nitrogen dioxide is elevated: limit prolonged exertion, especially near busy roads.",
                de:
                    "Stickstoffdioxid ist erhöht: längere Anstrengung begrenzen, besonders an stark befahrenen Straßen.",
                fr:
                    "Le dioxyde d'azote est élevé : limitez les efforts prolongés, surtout près des axes très fréquentés.",
                es:
                    "El dióxido de nitrógeno está elevado: limite el esfuerzo prolongado, sobre todo cerca de vías con mucho tráfico.",
                it:
                    "Il biossido di azoto è elevato: limitare gli sforzi prolungati, soprattutto vicino a strade trafficate.",
                pt:
                    "O dióxido de nitrogênio está elevado: limite esforços prolongados, sobretudo perto de vias movimentadas.",
                nl: "Stikstofdioxide is verhoogd: beperk langdurige inspanning, vooral bij drukke wegen.",
                pl:
                    "Stężenie dwutlenku azotu jest podwyższone: ogranicz długotrwały wysiłek, zwłaszcza przy ruchliwych drogach.",
                ja: "二酸化窒素が高めです。特に交通量の多い道路の近くでは長時間の運動を控えてください。",
                zh: "二氧化氮偏高：限制长时间运动，尤其是在繁忙道路附近。")
        case .carbonMonoxideHeart:
            Translations(
                en:
                    "Carbon monoxide is elevated: people with heart disease should limit heavy exertion and avoid heavy traffic.",
                de:
                    "Kohlenmonoxid ist erhöht: Menschen mit Herzerkrankungen sollten schwere Anstrengung begrenzen und dichten Verkehr meiden.",
                fr:
                    "Le monoxyde de carbone est élevé : les personnes cardiaques devraient limiter les efforts intenses et éviter la circulation dense.",
                es:
                    "El monóxido de carbono está elevado: las personas con enfermedades cardíacas deberían limitar el esfuerzo intenso y evitar el tráfico denso.",
                it:
                    "Il monossido di carbonio è elevato: le persone con malattie cardiache dovrebbero limitare gli sforzi intensi ed evitare il traffico intenso.",
                pt:
                    "O monóxido de carbono está elevado: pessoas com doenças cardíacas devem limitar esforços intensos e evitar trânsito pesado.",
                nl:
                    "Koolmonoxide is verhoogd: mensen met hartziekten kunnen beter zware inspanning beperken en druk verkeer mijden.",
                pl:
                    "Stężenie tlenku węgla jest podwyższone: osoby z chorobami serca powinny ograniczyć intensywny wysiłek i unikać dużego ruchu.",
                ja: "一酸化炭素が高めです。心臓病のある方は激しい運動を控え、交通量の多い場所を避けてください。",
                zh: "一氧化碳偏高：心脏病患者应限制剧烈运动并避开拥堵路段。")
        case .sulphurDioxideAsthma:
            Translations(
                en: "Sulphur dioxide is elevated: people with asthma should limit outdoor exertion.",
                de: "Schwefeldioxid ist erhöht: Menschen mit Asthma sollten Anstrengung im Freien begrenzen.",
                fr:
                    "Le dioxyde de soufre est élevé : les personnes asthmatiques devraient limiter les efforts à l'extérieur.",
                es:
                    "El dióxido de azufre está elevado: las personas con asma deberían limitar el esfuerzo al aire libre.",
                it: "Il biossido di zolfo è elevato: le persone con asma dovrebbero limitare gli sforzi all'aperto.",
                pt: "O dióxido de enxofre está elevado: pessoas com asma devem limitar esforços ao ar livre.",
                nl: "Zwaveldioxide is verhoogd: mensen met astma kunnen beter inspanning buiten beperken.",
                pl: "Stężenie dwutlenku siarki jest podwyższone: osoby z astmą powinny ograniczyć wysiłek na zewnątrz.",
                ja: "二酸化硫黄が高めです。ぜんそくのある方は屋外での運動を控えてください。",
                zh: "二氧化硫偏高：哮喘患者应限制户外运动。")
        case .airUnknown:
            Translations(
                en: "No air-quality value for this hour: unknown, not good.",
                de: "Für diese Stunde gibt es keinen Luftqualitätswert: unbekannt, nicht gut.",
                fr: "Aucune valeur de qualité de l'air pour cette heure : inconnue, pas bonne.",
                es: "No hay valor de calidad del aire para esta hora: desconocida, no buena.",
                it: "Nessun valore di qualità dell'aria per quest'ora: sconosciuta, non buona.",
                pt: "Não há valor de qualidade do ar para esta hora: desconhecida, não boa.",
                nl: "Geen luchtkwaliteitswaarde voor dit uur: onbekend, niet goed.",
                pl: "Brak wartości jakości powietrza dla tej godziny: nieznana, nie dobra.",
                ja: "この時間の大気質の値はありません。不明であり、良好という意味ではありません。",
                zh: "该小时没有空气质量数据：未知，并非良好。")
        case .europeanReduceIfSymptoms:
            Translations(
                en: "Consider reducing intense outdoor activities if you experience symptoms.",
                de: "Bei Beschwerden intensive Aktivitäten im Freien verringern.",
                fr: "Envisagez de réduire les activités intenses en extérieur si vous ressentez des symptômes.",
                es: "Considere reducir las actividades intensas al aire libre si tiene síntomas.",
                it: "In caso di sintomi, valutare di ridurre le attività intense all'aperto.",
                pt: "Considere reduzir atividades intensas ao ar livre se sentir sintomas.",
                nl: "Overweeg intensieve activiteiten buiten te beperken als u klachten krijgt.",
                pl: "W razie objawów rozważ ograniczenie intensywnej aktywności na zewnątrz.",
                ja: "症状がある場合は、屋外での激しい活動を控えることを検討してください。",
                zh: "如出现症状，请考虑减少户外剧烈活动。")
        case .europeanReduce:
            Translations(
                en: "Reduce physical activities outdoors.",
                de: "Körperliche Aktivitäten im Freien verringern.",
                fr: "Réduisez les activités physiques à l'extérieur.",
                es: "Reduzca las actividades físicas al aire libre.",
                it: "Ridurre le attività fisiche all'aperto.",
                pt: "Reduza as atividades físicas ao ar livre.",
                nl: "Beperk lichamelijke activiteiten buiten.",
                pl: "Ogranicz aktywność fizyczną na zewnątrz.",
                ja: "屋外での身体活動を減らしてください。",
                zh: "减少户外体力活动。")
        case .europeanAvoid:
            Translations(
                en: "Avoid physical activities outdoors.",
                de: "Körperliche Aktivitäten im Freien vermeiden.",
                fr: "Évitez les activités physiques à l'extérieur.",
                es: "Evite las actividades físicas al aire libre.",
                it: "Evitare le attività fisiche all'aperto.",
                pt: "Evite atividades físicas ao ar livre.",
                nl: "Vermijd lichamelijke activiteiten buiten.",
                pl: "Unikaj aktywności fizycznej na zewnątrz.",
                ja: "屋外での身体活動を避けてください。",
                zh: "避免户外体力活动。")
        case .pollenLow:
            Translations(
                en: "Little of this pollen in the air; only the most sensitive notice it.",
                de: "Wenig von diesem Pollen in der Luft; nur sehr Empfindliche bemerken ihn.",
                fr: "Peu de ce pollen dans l'air ; seules les personnes très sensibles le remarquent.",
                es: "Poco de este polen en el aire; solo lo notan las personas más sensibles.",
                it: "Poco di questo polline nell'aria; lo avvertono solo i più sensibili.",
                pt: "Pouco deste pólen no ar; só os mais sensíveis percebem.",
                nl: "Weinig van dit pollen in de lucht; alleen zeer gevoelige mensen merken het.",
                pl: "Mało tego pyłku w powietrzu; odczuwają go tylko najbardziej wrażliwi.",
                ja: "この花粉は少なく、特に敏感な方だけが影響を受けます。",
                zh: "空气中该花粉较少；只有最敏感的人会察觉。")
        case .pollenModerate:
            Translations(
                en: "Moderate pollen: many allergic people will have symptoms.",
                de: "Mäßige Pollenbelastung: viele Allergiker haben Beschwerden.",
                fr: "Pollen modéré : beaucoup de personnes allergiques auront des symptômes.",
                es: "Polen moderado: muchas personas alérgicas tendrán síntomas.",
                it: "Polline moderato: molte persone allergiche avranno sintomi.",
                pt: "Pólen moderado: muitas pessoas alérgicas terão sintomas.",
                nl: "Matige pollenconcentratie: veel allergische mensen krijgen klachten.",
                pl: "Umiarkowane stężenie pyłku: wielu alergików będzie mieć objawy.",
                ja: "花粉はやや多めです。多くのアレルギーの方に症状が出ます。",
                zh: "花粉中等：许多过敏者会出现症状。")
        case .pollenHigh:
            Translations(
                en: "High pollen: most allergic people will have symptoms.",
                de: "Hohe Pollenbelastung: die meisten Allergiker haben Beschwerden.",
                fr: "Pollen élevé : la plupart des personnes allergiques auront des symptômes.",
                es: "Polen alto: la mayoría de las personas alérgicas tendrán síntomas.",
                it: "Polline alto: la maggior parte delle persone allergiche avrà sintomi.",
                pt: "Pólen alto: a maioria das pessoas alérgicas terá sintomas.",
                nl: "Hoge pollenconcentratie: de meeste allergische mensen krijgen klachten.",
                pl: "Wysokie stężenie pyłku: większość alergików będzie mieć objawy.",
                ja: "花粉が多いです。ほとんどのアレルギーの方に症状が出ます。",
                zh: "花粉较高：大多数过敏者会出现症状。")
        case .pollenVeryHigh:
            Translations(
                en: "Very high pollen: almost everyone with this allergy will have symptoms; stay indoors if you can.",
                de: "Sehr hohe Pollenbelastung: fast alle Allergiker haben Beschwerden; wenn möglich drinnen bleiben.",
                fr:
                    "Pollen très élevé : presque toutes les personnes allergiques auront des symptômes ; restez à l'intérieur si possible.",
                es:
                    "Polen muy alto: casi todas las personas con esta alergia tendrán síntomas; quédese en interiores si puede.",
                it: "Polline molto alto: quasi tutti gli allergici avranno sintomi; se possibile restare al chiuso.",
                pt:
                    "Pólen muito alto: quase todos com esta alergia terão sintomas; fique em ambientes fechados se puder.",
                nl:
                    "Zeer hoge pollenconcentratie: bijna iedereen met deze allergie krijgt klachten; blijf zo mogelijk binnen.",
                pl:
                    "Bardzo wysokie stężenie pyłku: prawie każdy z tą alergią będzie mieć objawy; jeśli możesz, zostań w domu.",
                ja: "花粉が非常に多いです。ほぼすべてのアレルギーの方に症状が出ます。できれば屋内にいてください。",
                zh: "花粉很高：几乎所有该过敏者都会出现症状；尽量留在室内。")
        case .pollenUnknown:
            Translations(
                en: "No pollen source covers this place or hour: the level is unknown, not low.",
                de:
                    "Keine Pollenquelle deckt diesen Ort oder diese Stunde ab: die Belastung ist unbekannt, nicht gering.",
                fr: "Aucune source de pollen ne couvre ce lieu ou cette heure : le niveau est inconnu, pas faible.",
                es: "Ninguna fuente de polen cubre este lugar u hora: el nivel es desconocido, no bajo.",
                it:
                    "Nessuna fonte di dati sui pollini copre questo luogo o quest'ora: il livello è sconosciuto, non basso.",
                pt: "Nenhuma fonte de pólen cobre este local ou horário: o nível é desconhecido, não baixo.",
                nl: "Geen pollenbron dekt deze plek of dit uur: het niveau is onbekend, niet laag.",
                pl:
                    "Żadne źródło danych o pyłkach nie obejmuje tego miejsca lub godziny: poziom jest nieznany, a nie niski.",
                ja: "この場所や時間をカバーする花粉情報源はありません。レベルは不明であり、少ないという意味ではありません。",
                zh: "没有花粉数据源覆盖此地点或时段：等级未知，并非较低。")
        case .heatNone:
            Translations(
                en: "No heat stress expected.",
                de: "Keine Hitzebelastung zu erwarten.",
                fr: "Pas de stress thermique attendu.",
                es: "No se espera estrés por calor.",
                it: "Nessuno stress da calore previsto.",
                pt: "Não se espera estresse térmico.",
                nl: "Geen hittestress verwacht.",
                pl: "Nie przewiduje się obciążenia cieplnego.",
                ja: "暑さによる負担は予想されません。",
                zh: "预计无热应激。")
        case .heatCaution:
            Translations(
                en: "Heat index at Caution: fatigue possible with prolonged exposure or activity.",
                de: "Hitzeindex auf Stufe Vorsicht: Erschöpfung bei längerem Aufenthalt oder Anstrengung möglich.",
                fr:
                    "Indice de chaleur au niveau Prudence : fatigue possible en cas d'exposition ou d'activité prolongée.",
                es: "Índice de calor en Precaución: posible fatiga con exposición o actividad prolongada.",
                it:
                    "Indice di calore a livello Attenzione: possibile affaticamento con esposizione o attività prolungata.",
                pt: "Índice de calor em Cautela: fadiga possível com exposição ou atividade prolongada.",
                nl: "Hitte-index op Voorzichtig: vermoeidheid mogelijk bij langdurige blootstelling of inspanning.",
                pl: "Indeks ciepła na poziomie Ostrożność: możliwe zmęczenie przy długim przebywaniu lub wysiłku.",
                ja: "暑さ指数は「注意」です。長時間の屋外滞在や運動で疲労の恐れがあります。",
                zh: "热指数处于“注意”级：长时间暴露或活动可能导致疲劳。")
        case .heatExtremeCaution:
            Translations(
                en:
                    "Heat index at Extreme Caution: heat cramps or heat exhaustion possible; drink water and take breaks.",
                de:
                    "Hitzeindex auf Stufe Erhöhte Vorsicht: Hitzekrämpfe oder Hitzeerschöpfung möglich; trinken und Pausen machen.",
                fr:
                    "Indice de chaleur au niveau Prudence extrême : crampes ou épuisement dus à la chaleur possibles ; buvez et faites des pauses.",
                es:
                    "Índice de calor en Precaución extrema: posibles calambres o agotamiento por calor; beba agua y descanse.",
                it:
                    "Indice di calore a livello Estrema attenzione: possibili crampi o esaurimento da calore; bere e fare pause.",
                pt:
                    "Índice de calor em Cautela extrema: cãibras ou exaustão pelo calor possíveis; beba água e faça pausas.",
                nl:
                    "Hitte-index op Uiterste voorzichtigheid: hittekrampen of hitte-uitputting mogelijk; drink water en neem pauzes.",
                pl:
                    "Indeks ciepła na poziomie Skrajna ostrożność: możliwe skurcze lub wyczerpanie cieplne; pij wodę i rób przerwy.",
                ja: "暑さ指数は「厳重注意」です。熱けいれんや熱疲労の恐れがあります。水分をとり休憩してください。",
                zh: "热指数处于“高度注意”级：可能出现热痉挛或热衰竭；多喝水并休息。")
        case .heatDanger:
            Translations(
                en: "Heat index at Danger: heat exhaustion likely, heat stroke possible; avoid strenuous activity.",
                de:
                    "Hitzeindex auf Stufe Gefahr: Hitzeerschöpfung wahrscheinlich, Hitzschlag möglich; Anstrengung vermeiden.",
                fr:
                    "Indice de chaleur au niveau Danger : épuisement probable, coup de chaleur possible ; évitez les efforts.",
                es: "Índice de calor en Peligro: agotamiento probable, golpe de calor posible; evite el esfuerzo.",
                it:
                    "Indice di calore a livello Pericolo: esaurimento probabile, colpo di calore possibile; evitare gli sforzi.",
                pt: "Índice de calor em Perigo: exaustão provável, insolação possível; evite esforços.",
                nl:
                    "Hitte-index op Gevaar: hitte-uitputting waarschijnlijk, hitteberoerte mogelijk; vermijd inspanning.",
                pl:
                    "Indeks ciepła na poziomie Niebezpieczeństwo: wyczerpanie prawdopodobne, udar możliwy; unikaj wysiłku.",
                ja: "暑さ指数は「危険」です。熱疲労の可能性が高く、熱中症の恐れがあります。激しい運動は避けてください。",
                zh: "热指数处于“危险”级：可能热衰竭，甚至中暑；避免剧烈活动。")
        case .heatExtremeDanger:
            Translations(
                en: "Heat index at Extreme Danger: heat stroke highly likely; stay out of the heat.",
                de: "Hitzeindex auf Stufe Extreme Gefahr: Hitzschlag sehr wahrscheinlich; Hitze meiden.",
                fr:
                    "Indice de chaleur au niveau Danger extrême : coup de chaleur très probable ; restez à l'abri de la chaleur.",
                es: "Índice de calor en Peligro extremo: golpe de calor muy probable; manténgase fuera del calor.",
                it:
                    "Indice di calore a livello Pericolo estremo: colpo di calore molto probabile; stare lontano dal caldo.",
                pt: "Índice de calor em Perigo extremo: insolação muito provável; fique longe do calor.",
                nl: "Hitte-index op Extreem gevaar: hitteberoerte zeer waarschijnlijk; blijf uit de hitte.",
                pl: "Indeks ciepła na poziomie Skrajne niebezpieczeństwo: udar bardzo prawdopodobny; unikaj upału.",
                ja: "暑さ指数は「極めて危険」です。熱中症の可能性が非常に高いので、暑さを避けてください。",
                zh: "热指数处于“极度危险”级：极可能中暑；远离高温。")
        case .wbgtNone:
            Translations(
                en: "Estimated heat stress in the sun is low.",
                de: "Die geschätzte Hitzebelastung in der Sonne ist gering.",
                fr: "Le stress thermique estimé au soleil est faible.",
                es: "El estrés térmico estimado al sol es bajo.",
                it: "Lo stress da calore stimato al sole è basso.",
                pt: "O estresse térmico estimado ao sol é baixo.",
                nl: "De geschatte hittestress in de zon is laag.",
                pl: "Szacowane obciążenie cieplne w słońcu jest niskie.",
                ja: "日なたでの推定暑熱ストレスは低いです。",
                zh: "估计阳光下的热应激较低。")
        case .wbgt45:
            Translations(
                en:
                    "In direct sun, exercise will stress the body after about 45 minutes: take at least 15 minutes of breaks each hour.",
                de:
                    "In direkter Sonne belastet Anstrengung den Körper nach etwa 45 Minuten: mindestens 15 Minuten Pause pro Stunde.",
                fr:
                    "Au soleil, l'effort sollicite le corps après environ 45 minutes : au moins 15 minutes de pause par heure.",
                es:
                    "Al sol directo, el ejercicio estresa el cuerpo tras unos 45 minutos: descanse al menos 15 minutos por hora.",
                it:
                    "Al sole diretto, lo sforzo affatica il corpo dopo circa 45 minuti: almeno 15 minuti di pausa ogni ora.",
                pt:
                    "Ao sol direto, o exercício estressa o corpo após cerca de 45 minutos: faça ao menos 15 minutos de pausa por hora.",
                nl:
                    "In de volle zon belast inspanning het lichaam na ongeveer 45 minuten: neem elk uur minstens 15 minuten pauze.",
                pl:
                    "W pełnym słońcu wysiłek obciąża organizm po około 45 minutach: co godzinę co najmniej 15 minut przerwy.",
                ja: "直射日光下では約45分で体に負担がかかります。1時間に15分以上休憩してください。",
                zh: "在直射阳光下运动约45分钟后身体会承受压力：每小时至少休息15分钟。")
        case .wbgt30:
            Translations(
                en:
                    "In direct sun, exercise will stress the body after about 30 minutes: take at least 30 minutes of breaks each hour.",
                de:
                    "In direkter Sonne belastet Anstrengung den Körper nach etwa 30 Minuten: mindestens 30 Minuten Pause pro Stunde.",
                fr:
                    "Au soleil, l'effort sollicite le corps après environ 30 minutes : au moins 30 minutes de pause par heure.",
                es:
                    "Al sol directo, el ejercicio estresa el cuerpo tras unos 30 minutos: descanse al menos 30 minutos por hora.",
                it:
                    "Al sole diretto, lo sforzo affatica il corpo dopo circa 30 minuti: almeno 30 minuti di pausa ogni ora.",
                pt:
                    "Ao sol direto, o exercício estressa o corpo após cerca de 30 minutos: faça ao menos 30 minutos de pausa por hora.",
                nl:
                    "In de volle zon belast inspanning het lichaam na ongeveer 30 minuten: neem elk uur minstens 30 minuten pauze.",
                pl:
                    "W pełnym słońcu wysiłek obciąża organizm po około 30 minutach: co godzinę co najmniej 30 minut przerwy.",
                ja: "直射日光下では約30分で体に負担がかかります。1時間に30分以上休憩してください。",
                zh: "在直射阳光下运动约30分钟后身体会承受压力：每小时至少休息30分钟。")
        case .wbgt20:
            Translations(
                en:
                    "In direct sun, exercise will stress the body after about 20 minutes: take at least 40 minutes of breaks each hour.",
                de:
                    "In direkter Sonne belastet Anstrengung den Körper nach etwa 20 Minuten: mindestens 40 Minuten Pause pro Stunde.",
                fr:
                    "Au soleil, l'effort sollicite le corps après environ 20 minutes : au moins 40 minutes de pause par heure.",
                es:
                    "Al sol directo, el ejercicio estresa el cuerpo tras unos 20 minutos: descanse al menos 40 minutos por hora.",
                it:
                    "Al sole diretto, lo sforzo affatica il corpo dopo circa 20 minuti: almeno 40 minuti di pausa ogni ora.",
                pt:
                    "Ao sol direto, o exercício estressa o corpo após cerca de 20 minutos: faça ao menos 40 minutos de pausa por hora.",
                nl:
                    "In de volle zon belast inspanning het lichaam na ongeveer 20 minuten: neem elk uur minstens 40 minuten pauze.",
                pl:
                    "W pełnym słońcu wysiłek obciąża organizm po około 20 minutach: co godzinę co najmniej 40 minut przerwy.",
                ja: "直射日光下では約20分で体に負担がかかります。1時間に40分以上休憩してください。",
                zh: "在直射阳光下运动约20分钟后身体会承受压力：每小时至少休息40分钟。")
        case .wbgt15:
            Translations(
                en:
                    "In direct sun, exercise will stress the body after about 15 minutes: take at least 45 minutes of breaks each hour.",
                de:
                    "In direkter Sonne belastet Anstrengung den Körper nach etwa 15 Minuten: mindestens 45 Minuten Pause pro Stunde.",
                fr:
                    "Au soleil, l'effort sollicite le corps après environ 15 minutes : au moins 45 minutes de pause par heure.",
                es:
                    "Al sol directo, el ejercicio estresa el cuerpo tras unos 15 minutos: descanse al menos 45 minutos por hora.",
                it:
                    "Al sole diretto, lo sforzo affatica il corpo dopo circa 15 minuti: almeno 45 minuti di pausa ogni ora.",
                pt:
                    "Ao sol direto, o exercício estressa o corpo após cerca de 15 minutos: faça ao menos 45 minutos de pausa por hora.",
                nl:
                    "In de volle zon belast inspanning het lichaam na ongeveer 15 minuten: neem elk uur minstens 45 minuten pauze.",
                pl:
                    "W pełnym słońcu wysiłek obciąża organizm po około 15 minutach: co godzinę co najmniej 45 minut przerwy.",
                ja: "直射日光下では約15分で体に負担がかかります。1時間に45分以上休憩してください。",
                zh: "在直射阳光下运动约15分钟后身体会承受压力：每小时至少休息45分钟。")
        case .coldNone:
            Translations(
                en: "No cold stress expected.",
                de: "Keine Kältebelastung zu erwarten.",
                fr: "Pas de stress dû au froid attendu.",
                es: "No se espera estrés por frío.",
                it: "Nessuno stress da freddo previsto.",
                pt: "Não se espera estresse por frio.",
                nl: "Geen koudestress verwacht.",
                pl: "Nie przewiduje się obciążenia zimnem.",
                ja: "寒さによる負担は予想されません。",
                zh: "预计无寒冷应激。")
        case .coldUncomfortable:
            Translations(
                en: "Cold wind chill: risk of hypothermia if outside for long without adequate protection.",
                de: "Kalte gefühlte Temperatur: Unterkühlungsgefahr bei längerem Aufenthalt ohne ausreichenden Schutz.",
                fr:
                    "Refroidissement éolien froid : risque d'hypothermie en cas de longue sortie sans protection adéquate.",
                es: "Sensación térmica fría: riesgo de hipotermia si pasa mucho tiempo fuera sin protección adecuada.",
                it:
                    "Temperatura percepita fredda: rischio di ipotermia se si resta a lungo fuori senza protezione adeguata.",
                pt: "Sensação térmica fria: risco de hipotermia se ficar muito tempo fora sem proteção adequada.",
                nl: "Koude gevoelstemperatuur: kans op onderkoeling bij lang buiten zijn zonder goede bescherming.",
                pl: "Zimny wiatr: ryzyko hipotermii przy długim przebywaniu na zewnątrz bez odpowiedniej ochrony.",
                ja: "体感温度が低く、十分な防寒なしに長時間屋外にいると低体温症の恐れがあります。",
                zh: "风寒指数较低：长时间在户外且防护不足有低体温风险。")
        case .coldFrostbite:
            Translations(
                en: "Wind chill at frostbite risk: exposed skin can freeze in 10 to 30 minutes.",
                de: "Erfrierungsgefahr: ungeschützte Haut kann in 10 bis 30 Minuten erfrieren.",
                fr: "Risque de gelure : la peau exposée peut geler en 10 à 30 minutes.",
                es: "Riesgo de congelación: la piel expuesta puede congelarse en 10 a 30 minutos.",
                it: "Rischio di congelamento: la pelle esposta può congelare in 10-30 minuti.",
                pt: "Risco de congelamento: a pele exposta pode congelar em 10 a 30 minutos.",
                nl: "Kans op bevriezing: onbedekte huid kan binnen 10 tot 30 minuten bevriezen.",
                pl: "Ryzyko odmrożeń: odsłonięta skóra może zamarznąć w 10–30 minut.",
                ja: "凍傷の危険：露出した肌は10〜30分で凍ることがあります。",
                zh: "冻伤风险：裸露皮肤可能在10至30分钟内冻伤。")
        case .coldDanger:
            Translations(
                en: "Dangerous cold: exposed skin can freeze within minutes; cut short or cancel outdoor activities.",
                de:
                    "Gefährliche Kälte: ungeschützte Haut kann in Minuten erfrieren; Aktivitäten im Freien abkürzen oder absagen.",
                fr:
                    "Froid dangereux : la peau exposée peut geler en quelques minutes ; écourtez ou annulez les activités extérieures.",
                es:
                    "Frío peligroso: la piel expuesta puede congelarse en minutos; acorte o cancele las actividades al aire libre.",
                it:
                    "Freddo pericoloso: la pelle esposta può congelare in pochi minuti; accorciare o annullare le attività all'aperto.",
                pt:
                    "Frio perigoso: a pele exposta pode congelar em minutos; encurte ou cancele as atividades ao ar livre.",
                nl:
                    "Gevaarlijke kou: onbedekte huid kan binnen minuten bevriezen; kort activiteiten buiten in of zeg ze af.",
                pl:
                    "Niebezpieczny mróz: odsłonięta skóra może zamarznąć w kilka minut; skróć lub odwołaj aktywność na zewnątrz.",
                ja: "危険な寒さ：露出した肌は数分で凍ることがあります。屋外活動は短縮するか中止してください。",
                zh: "危险严寒：裸露皮肤几分钟内即可冻伤；缩短或取消户外活动。")
        case .uvLow:
            Translations(
                en: "Low UV: no sun protection needed.",
                de: "Geringe UV-Strahlung: kein Sonnenschutz nötig.",
                fr: "UV faible : pas de protection solaire nécessaire.",
                es: "UV bajo: no se necesita protección solar.",
                it: "UV basso: nessuna protezione solare necessaria.",
                pt: "UV baixo: não é preciso proteção solar.",
                nl: "Lage uv-straling: geen zonbescherming nodig.",
                pl: "Niskie UV: ochrona przed słońcem niepotrzebna.",
                ja: "紫外線は弱く、日焼け対策は不要です。",
                zh: "紫外线弱：无需防晒。")
        case .uvProtect:
            Translations(
                en: "UV protection required: seek shade at midday, cover up, wear sunscreen and a hat.",
                de: "UV-Schutz nötig: mittags Schatten suchen, Kleidung, Sonnencreme und Hut.",
                fr: "Protection UV nécessaire : cherchez l'ombre à midi, couvrez-vous, crème solaire et chapeau.",
                es: "Protección UV necesaria: busque sombra al mediodía, cúbrase, use protector solar y sombrero.",
                it: "Protezione UV necessaria: cercare l'ombra a mezzogiorno, coprirsi, crema solare e cappello.",
                pt: "Proteção UV necessária: procure sombra ao meio-dia, cubra-se, use protetor solar e chapéu.",
                nl: "Uv-bescherming nodig: zoek rond het middaguur schaduw, bedek je, gebruik zonnebrand en een hoed.",
                pl: "Potrzebna ochrona UV: w południe szukaj cienia, zakryj się, użyj kremu z filtrem i kapelusza.",
                ja: "紫外線対策が必要です。日中は日陰を選び、衣服・日焼け止め・帽子で防ぎましょう。",
                zh: "需要防晒：中午尽量待在阴凉处，穿防护衣物，涂防晒霜，戴帽子。")
        case .uvExtra:
            Translations(
                en: "Very high UV: extra protection required; avoid the midday sun.",
                de: "Sehr hohe UV-Strahlung: zusätzlicher Schutz nötig; Mittagssonne meiden.",
                fr: "UV très élevé : protection renforcée nécessaire ; évitez le soleil de midi.",
                es: "UV muy alto: protección extra necesaria; evite el sol del mediodía.",
                it: "UV molto alto: protezione extra necessaria; evitare il sole di mezzogiorno.",
                pt: "UV muito alto: proteção extra necessária; evite o sol do meio-dia.",
                nl: "Zeer hoge uv-straling: extra bescherming nodig; vermijd de middagzon.",
                pl: "Bardzo wysokie UV: potrzebna dodatkowa ochrona; unikaj słońca w południe.",
                ja: "紫外線が非常に強いです。特に念入りな対策が必要で、日中の日差しは避けてください。",
                zh: "紫外线很强：需要额外防护；避开正午阳光。")
        case .rainUnlikely:
            Translations(
                en: "Rain is unlikely.",
                de: "Regen ist unwahrscheinlich.",
                fr: "La pluie est peu probable.",
                es: "Es poco probable que llueva.",
                it: "La pioggia è improbabile.",
                pt: "Chuva é improvável.",
                nl: "Regen is onwaarschijnlijk.",
                pl: "Deszcz jest mało prawdopodobny.",
                ja: "雨の可能性は低いです。",
                zh: "不太可能下雨。")
        case .rainChance:
            Translations(
                en: "A chance of rain or light precipitation.",
                de: "Regen oder leichter Niederschlag möglich.",
                fr: "Risque de pluie ou de faibles précipitations.",
                es: "Posibilidad de lluvia o precipitación ligera.",
                it: "Possibilità di pioggia o precipitazioni deboli.",
                pt: "Possibilidade de chuva ou precipitação fraca.",
                nl: "Kans op regen of lichte neerslag.",
                pl: "Możliwy deszcz lub słabe opady.",
                ja: "雨や弱い降水の可能性があります。",
                zh: "可能有雨或小量降水。")
        case .rainLikely:
            Translations(
                en: "Rain is likely, or heavy or freezing precipitation.",
                de: "Regen ist wahrscheinlich, oder starker oder gefrierender Niederschlag.",
                fr: "Pluie probable, ou précipitations fortes ou verglaçantes.",
                es: "Lluvia probable, o precipitación intensa o engelante.",
                it: "Pioggia probabile, o precipitazioni forti o congelanti.",
                pt: "Chuva provável, ou precipitação forte ou congelante.",
                nl: "Regen is waarschijnlijk, of zware of ijzelende neerslag.",
                pl: "Prawdopodobny deszcz albo silne lub marznące opady.",
                ja: "雨の可能性が高いか、強い降水や着氷性の降水があります。",
                zh: "很可能下雨，或有强降水或冻雨。")
        case .thunderstorm:
            Translations(
                en: "Thunderstorm: when thunder roars, go indoors.",
                de: "Gewitter: wenn es donnert, nach drinnen gehen.",
                fr: "Orage : quand le tonnerre gronde, rentrez à l'intérieur.",
                es: "Tormenta: cuando truene, entre a un lugar cerrado.",
                it: "Temporale: quando tuona, entrare al chiuso.",
                pt: "Tempestade: quando trovejar, vá para um local fechado.",
                nl: "Onweer: als het dondert, ga naar binnen.",
                pl: "Burza: gdy grzmi, wejdź do budynku.",
                ja: "雷雨：雷が鳴ったら屋内に入ってください。",
                zh: "雷暴：听到雷声就进入室内。")
        case .thunderAfter:
            Translations(
                en: "The hour after a thunderstorm: wait 30 minutes after the last thunder before going out.",
                de: "Die Stunde nach einem Gewitter: 30 Minuten nach dem letzten Donner warten, bevor man hinausgeht.",
                fr: "L'heure après un orage : attendez 30 minutes après le dernier coup de tonnerre avant de sortir.",
                es: "La hora después de una tormenta: espere 30 minutos tras el último trueno antes de salir.",
                it: "L'ora dopo un temporale: attendere 30 minuti dall'ultimo tuono prima di uscire.",
                pt: "A hora após uma tempestade: espere 30 minutos após o último trovão antes de sair.",
                nl: "Het uur na onweer: wacht 30 minuten na de laatste donderslag voordat je naar buiten gaat.",
                pl: "Godzina po burzy: odczekaj 30 minut od ostatniego grzmotu, zanim wyjdziesz.",
                ja: "雷雨の後の時間：最後の雷鳴から30分待ってから外に出てください。",
                zh: "雷暴后的一小时：最后一声雷响后等待30分钟再外出。")
        case .gustsCalm:
            Translations(
                en: "Wind is no concern.",
                de: "Der Wind ist kein Problem.",
                fr: "Le vent n'est pas un problème.",
                es: "El viento no es un problema.",
                it: "Il vento non è un problema.",
                pt: "O vento não é problema.",
                nl: "De wind is geen probleem.",
                pl: "Wiatr nie stanowi problemu.",
                ja: "風の心配はありません。",
                zh: "风力无碍。")
        case .gustsWindy:
            Translations(
                en: "Very windy gusts: take care outdoors.",
                de: "Sehr windige Böen: im Freien vorsichtig sein.",
                fr: "Rafales très venteuses : prudence à l'extérieur.",
                es: "Ráfagas muy fuertes: tenga cuidado al aire libre.",
                it: "Raffiche molto ventose: prudenza all'aperto.",
                pt: "Rajadas muito fortes: tenha cuidado ao ar livre.",
                nl: "Zeer winderige windstoten: wees voorzichtig buiten.",
                pl: "Bardzo silne porywy: zachowaj ostrożność na zewnątrz.",
                ja: "非常に強い突風があります。屋外では注意してください。",
                zh: "阵风很大：户外请注意。")
        case .gustsHigh:
            Translations(
                en: "Strong, damaging gusts: dangerous outdoors.",
                de: "Starke, schadensträchtige Böen: gefährlich im Freien.",
                fr: "Rafales fortes et dangereuses : dangereux à l'extérieur.",
                es: "Ráfagas fuertes y dañinas: peligroso al aire libre.",
                it: "Raffiche forti e dannose: pericoloso all'aperto.",
                pt: "Rajadas fortes e danosas: perigoso ao ar livre.",
                nl: "Harde, schadelijke windstoten: gevaarlijk buiten.",
                pl: "Silne, niszczące porywy: niebezpiecznie na zewnątrz.",
                ja: "被害をもたらす強い突風があり、屋外は危険です。",
                zh: "强烈破坏性阵风：户外危险。")
        case .weatherUnknown:
            Translations(
                en: "No forecast value for this hour: unknown.",
                de: "Für diese Stunde gibt es keinen Vorhersagewert: unbekannt.",
                fr: "Aucune valeur de prévision pour cette heure : inconnue.",
                es: "No hay valor de pronóstico para esta hora: desconocido.",
                it: "Nessun valore di previsione per quest'ora: sconosciuto.",
                pt: "Não há valor de previsão para esta hora: desconhecido.",
                nl: "Geen verwachtingswaarde voor dit uur: onbekend.",
                pl: "Brak wartości prognozy dla tej godziny: nieznana.",
                ja: "この時間の予報値はありません。不明です。",
                zh: "该小时没有预报数据：未知。")
        case .alertSevere:
            Translations(
                en: "An official severe or extreme warning is in force.",
                de: "Eine amtliche Unwetterwarnung (schwer oder extrem) gilt.",
                fr: "Une alerte officielle sévère ou extrême est en vigueur.",
                es: "Hay un aviso oficial grave o extremo en vigor.",
                it: "È in vigore un'allerta ufficiale grave o estrema.",
                pt: "Há um alerta oficial grave ou extremo em vigor.",
                nl: "Er geldt een officiële ernstige of extreme waarschuwing.",
                pl: "Obowiązuje oficjalne ostrzeżenie poważne lub ekstremalne.",
                ja: "重大または極めて重大な公式警報が発表されています。",
                zh: "官方严重或极端预警生效中。")
        case .alertMinor:
            Translations(
                en: "An official weather warning is in force.",
                de: "Eine amtliche Wetterwarnung gilt.",
                fr: "Une alerte météo officielle est en vigueur.",
                es: "Hay un aviso meteorológico oficial en vigor.",
                it: "È in vigore un'allerta meteo ufficiale.",
                pt: "Há um alerta meteorológico oficial em vigor.",
                nl: "Er geldt een officiële weerswaarschuwing.",
                pl: "Obowiązuje oficjalne ostrzeżenie pogodowe.",
                ja: "公式の気象警報・注意報が発表されています。",
                zh: "官方天气预警生效中。")
        case .outsideHours:
            Translations(
                en: "Outside the times asked for.",
                de: "Außerhalb der gewünschten Zeiten.",
                fr: "En dehors des heures demandées.",
                es: "Fuera del horario pedido.",
                it: "Fuori dagli orari richiesti.",
                pt: "Fora do horário pedido.",
                nl: "Buiten de gevraagde tijden.",
                pl: "Poza wskazanymi godzinami.",
                ja: "指定された時間帯の外です。",
                zh: "不在所要求的时间范围内。")
        case .dark:
            Translations(
                en: "After dark, and daylight was asked for.",
                de: "Nach Einbruch der Dunkelheit, und Tageslicht war gewünscht.",
                fr: "Après la tombée de la nuit, alors que le jour était demandé.",
                es: "Después del anochecer, y se pidió luz del día.",
                it: "Dopo il tramonto, ed era richiesta la luce del giorno.",
                pt: "Depois de escurecer, e foi pedida luz do dia.",
                nl: "Na donker, terwijl daglicht gevraagd was.",
                pl: "Po zmroku, a prośba dotyczyła światła dziennego.",
                ja: "日没後ですが、日中が指定されています。",
                zh: "天黑之后，而要求的是白天。")
        case .horizon:
            Translations(
                en: "The hours asked for end here.",
                de: "Hier enden die gewünschten Stunden.",
                fr: "Les heures demandées s'arrêtent ici.",
                es: "Aquí terminan las horas pedidas.",
                it: "Qui finiscono le ore richieste.",
                pt: "Aqui terminam as horas pedidas.",
                nl: "Hier eindigen de gevraagde uren.",
                pl: "Tu kończą się wskazane godziny.",
                ja: "指定された時間はここまでです。",
                zh: "所要求的时段到此结束。")
        case .airQualityHorizon:
            Translations(
                en: "The air-quality forecast ends earlier than the hours asked for; the answer stops where it ends.",
                de: "Die Luftqualitätsvorhersage endet früher als die gewünschten Stunden; die Antwort endet mit ihr.",
                fr:
                    "La prévision de qualité de l'air s'arrête avant les heures demandées ; la réponse s'arrête avec elle.",
                es:
                    "El pronóstico de calidad del aire termina antes de las horas pedidas; la respuesta termina con él.",
                it: "La previsione della qualità dell'aria finisce prima delle ore richieste; la risposta si ferma lì.",
                pt: "A previsão de qualidade do ar termina antes das horas pedidas; a resposta termina com ela.",
                nl: "De luchtkwaliteitsverwachting eindigt eerder dan de gevraagde uren; het antwoord stopt daar.",
                pl:
                    "Prognoza jakości powietrza kończy się wcześniej niż wskazane godziny; odpowiedź kończy się wraz z nią.",
                ja: "大気質の予報は指定時間より前に終わるため、回答もそこまでです。",
                zh: "空气质量预报早于所要求的时段结束；回答到此为止。")
        case .leastBad:
            Translations(
                en: "No time in these hours suits this activity for this person; this is the least bad.",
                de:
                    "Keine Zeit in diesen Stunden passt für diese Aktivität und diese Person; dies ist die am wenigsten schlechte.",
                fr:
                    "Aucun moment de ces heures ne convient à cette activité pour cette personne ; voici le moins mauvais.",
                es:
                    "Ningún momento de estas horas es adecuado para esta actividad y esta persona; este es el menos malo.",
                it:
                    "Nessun momento di queste ore è adatto a questa attività per questa persona; questo è il meno peggio.",
                pt: "Nenhum horário nestas horas serve para esta atividade e esta pessoa; este é o menos ruim.",
                nl: "Geen moment in deze uren past bij deze activiteit voor deze persoon; dit is het minst slechte.",
                pl: "Żadna pora w tych godzinach nie pasuje do tej aktywności dla tej osoby; ta jest najmniej zła.",
                ja: "この時間帯にこの人のこの活動に適した時間はありません。最も悪くない時間を示します。",
                zh: "这些时段中没有适合此人进行该活动的时间；这是相对最好的时段。")
        case .bestStartHeuristic:
            Translations(
                en: "Best start: the stretch furthest from the next threshold (a breeze-rpc heuristic).",
                de:
                    "Bester Start: der Abschnitt mit dem größten Abstand zur nächsten Schwelle (eine Heuristik von breeze-rpc).",
                fr: "Meilleur départ : la période la plus éloignée du prochain seuil (une heuristique de breeze-rpc).",
                es: "Mejor inicio: el tramo más alejado del siguiente umbral (una heurística de breeze-rpc).",
                it: "Inizio migliore: il tratto più lontano dalla soglia successiva (un'euristica di breeze-rpc).",
                pt: "Melhor início: o trecho mais distante do próximo limite (uma heurística do breeze-rpc).",
                nl: "Beste start: het stuk dat het verst van de volgende drempel ligt (een heuristiek van breeze-rpc).",
                pl: "Najlepszy start: odcinek najdalej od kolejnego progu (heurystyka breeze-rpc).",
                ja: "最適な開始時刻：次のしきい値から最も余裕のある時間帯（breeze-rpc の経験則）。",
                zh: "最佳开始时间：距离下一阈值最远的时段（breeze-rpc 的经验规则）。")
        case .disclaimer:
            Translations(
                en: "Model forecast guidance, not medical advice: follow your doctor's advice and official warnings.",
                de:
                    "Modellbasierte Vorhersagehilfe, keine medizinische Beratung: folgen Sie ärztlichem Rat und amtlichen Warnungen.",
                fr:
                    "Indications tirées de prévisions de modèles, pas un avis médical : suivez l'avis de votre médecin et les alertes officielles.",
                es:
                    "Orientación basada en pronósticos de modelos, no consejo médico: siga las indicaciones de su médico y los avisos oficiales.",
                it:
                    "Indicazioni basate su previsioni di modelli, non un parere medico: seguire i consigli del medico e le allerte ufficiali.",
                pt:
                    "Orientação baseada em previsões de modelos, não aconselhamento médico: siga seu médico e os alertas oficiais.",
                nl:
                    "Richtlijn op basis van modelverwachtingen, geen medisch advies: volg het advies van uw arts en officiële waarschuwingen.",
                pl:
                    "Wskazówki na podstawie prognoz modeli, nie porada medyczna: stosuj się do zaleceń lekarza i oficjalnych ostrzeżeń.",
                ja: "モデル予報にもとづく目安であり、医療上の助言ではありません。医師の指示と公式の警報に従ってください。",
                zh: "基于模型预报的参考，并非医疗建议：请遵循医生建议和官方预警。")
        }
    }
}
