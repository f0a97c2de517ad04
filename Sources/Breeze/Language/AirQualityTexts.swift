/// The air quality texts in every language: the bands' names, descriptions and advice, and the pollutants' names.
///
/// One row per key, one column per language (see `Translations`). Long because it is a table, not logic: each
/// band and pollutant carries its texts in every language, and a translator reads one key's row in one place.
extension Translations {
    /// The name of both scales' "good" band.
    fileprivate static let good = Translations(
        en: "Good",
        de: "Gut",
        fr: "Bon",
        es: "Buena",
        it: "Buona",
        pt: "Boa",
        nl: "Goed",
        pl: "Dobra",
        ja: "良い",
        zh: "良好")
}

extension AQIStatus.Level {
    /// The band's name, one-sentence description and advice in every language.
    var translations: StatusTranslations {
        switch self {
        case .excellent:
            StatusTranslations(
                text: Translations(
                    en: "Excellent",
                    de: "Ausgezeichnet",
                    fr: "Très bon",
                    es: "Excelente",
                    it: "Ottima",
                    pt: "Excelente",
                    nl: "Uitstekend",
                    pl: "Bardzo dobra",
                    ja: "非常に良い",
                    zh: "优"),
                description: Translations(
                    en: "The air is clean; pollution poses no risk.",
                    de: "Die Luft ist sauber; die Belastung birgt kein Risiko.",
                    fr: "L’air est pur ; la pollution ne présente aucun risque.",
                    es: "El aire está limpio; la contaminación no supone ningún riesgo.",
                    it: "L’aria è pulita; l’inquinamento non comporta alcun rischio.",
                    pt: "O ar está limpo; a poluição não representa nenhum risco.",
                    nl: "De lucht is schoon; de vervuiling vormt geen risico.",
                    pl: "Powietrze jest czyste; zanieczyszczenia nie stanowią żadnego ryzyka.",
                    ja: "空気はきれいで、汚染による健康リスクはありません。",
                    zh: "空气清新，污染不构成任何风险。"),
                tips: [
                    Translations(
                        en: "A great time to be outside and to air out your home.",
                        de: "Ideal, um draußen zu sein und die Wohnung zu lüften.",
                        fr: "Le moment idéal pour sortir et aérer votre logement.",
                        es: "Un momento ideal para estar al aire libre y ventilar la casa.",
                        it: "Il momento ideale per stare all’aperto e arieggiare la casa.",
                        pt: "Um ótimo momento para ficar ao ar livre e arejar a casa.",
                        nl: "Een prima moment om naar buiten te gaan en je huis te luchten.",
                        pl: "Świetna pora, by wyjść na zewnątrz i przewietrzyć mieszkanie.",
                        ja: "外で過ごしたり、部屋の換気をしたりするのに最適です。",
                        zh: "非常适合外出活动和开窗通风。")
                ])
        case .good:
            StatusTranslations(
                text: .good,
                description: Translations(
                    en: "Air quality is satisfactory; pollution poses little or no risk.",
                    de: "Die Luftqualität ist zufriedenstellend; die Belastung birgt kaum ein Risiko.",
                    fr: "La qualité de l’air est satisfaisante ; la pollution présente peu ou pas de risque.",
                    es: "La calidad del aire es satisfactoria; la contaminación supone poco o ningún riesgo.",
                    it: "La qualità dell’aria è soddisfacente; l’inquinamento comporta un rischio minimo o nullo.",
                    pt: "A qualidade do ar é satisfatória; a poluição representa pouco ou nenhum risco.",
                    nl: "De luchtkwaliteit is voldoende; de vervuiling vormt weinig of geen risico.",
                    pl:
                        "Jakość powietrza jest zadowalająca; zanieczyszczenia stanowią niewielkie ryzyko lub nie stanowią go wcale.",
                    ja: "空気の質は良好で、汚染による健康リスクはほとんどありません。",
                    zh: "空气质量令人满意，污染几乎不构成风险。"),
                tips: [.usualOutdoorActivities])
        case .moderate:
            StatusTranslations(
                text: Translations(
                    en: "Moderate",
                    de: "Mäßig",
                    fr: "Modéré",
                    es: "Moderada",
                    it: "Moderata",
                    pt: "Moderada",
                    nl: "Matig",
                    pl: "Umiarkowana",
                    ja: "普通",
                    zh: "中等"),
                description: Translations(
                    en: "Air quality is acceptable, though people unusually sensitive to pollution may notice it.",
                    de:
                        "Die Luftqualität ist akzeptabel, besonders empfindliche Menschen können die Belastung aber spüren.",
                    fr:
                        "La qualité de l’air est acceptable, mais les personnes particulièrement sensibles à la pollution peuvent la ressentir.",
                    es:
                        "La calidad del aire es aceptable, aunque las personas especialmente sensibles a la contaminación pueden notarla.",
                    it:
                        "La qualità dell’aria è accettabile, ma le persone particolarmente sensibili all’inquinamento possono avvertirlo.",
                    pt:
                        "A qualidade do ar é aceitável, mas pessoas especialmente sensíveis à poluição podem percebê-la.",
                    nl:
                        "De luchtkwaliteit is aanvaardbaar, maar mensen die uitzonderlijk gevoelig zijn voor vervuiling kunnen er iets van merken.",
                    pl:
                        "Jakość powietrza jest akceptowalna, choć osoby szczególnie wrażliwe na zanieczyszczenia mogą je odczuć.",
                    ja: "空気の質は許容範囲ですが、汚染に特に敏感な人は影響を感じることがあります。",
                    zh: "空气质量可以接受，但对污染特别敏感的人可能会有所察觉。"),
                tips: [
                    Translations(
                        en:
                            "If you are unusually sensitive to air pollution, consider shorter or lighter outdoor exercise.",
                        de:
                            "Wenn Sie besonders empfindlich auf Luftverschmutzung reagieren, trainieren Sie draußen kürzer oder leichter.",
                        fr:
                            "Si vous êtes particulièrement sensible à la pollution de l’air, envisagez un exercice en plein air plus court ou plus léger.",
                        es:
                            "Si es especialmente sensible a la contaminación del aire, haga ejercicio al aire libre más corto o más suave.",
                        it:
                            "Se sei particolarmente sensibile all’inquinamento atmosferico, fai attività fisica all’aperto più breve o più leggera.",
                        pt:
                            "Se você é especialmente sensível à poluição do ar, faça exercícios ao ar livre mais curtos ou mais leves.",
                        nl: "Ben je uitzonderlijk gevoelig voor luchtvervuiling, sport dan korter of lichter buiten.",
                        pl:
                            "Jeśli jesteś szczególnie wrażliwy na zanieczyszczenie powietrza, ćwicz na zewnątrz krócej lub lżej.",
                        ja: "大気汚染に特に敏感な方は、屋外での運動を短めまたは軽めにしましょう。",
                        zh: "如果您对空气污染特别敏感，请缩短户外运动时间或降低运动强度。"),
                    Translations(
                        en: "Everyone else can carry on as usual.",
                        de: "Alle anderen können wie gewohnt weitermachen.",
                        fr: "Les autres peuvent continuer comme d’habitude.",
                        es: "Los demás pueden seguir como de costumbre.",
                        it: "Tutti gli altri possono proseguire come al solito.",
                        pt: "Os demais podem seguir normalmente.",
                        nl: "Alle anderen kunnen gewoon doorgaan.",
                        pl: "Pozostali mogą postępować jak zwykle.",
                        ja: "それ以外の方は、いつもどおりに過ごせます。",
                        zh: "其他人可照常活动。"),
                ])
        case .slightlyHigh:
            StatusTranslations(
                text: Translations(
                    en: "Slightly High",
                    de: "Leicht erhöht",
                    fr: "Pollution légèrement élevée",
                    es: "Contaminación algo elevada",
                    it: "Inquinamento lievemente elevato",
                    pt: "Poluição um pouco elevada",
                    nl: "Licht verhoogd",
                    pl: "Lekko podwyższone zanieczyszczenie",
                    ja: "やや高い",
                    zh: "略高"),
                description: Translations(
                    en: "Pollution is noticeable; sensitive people may feel mild effects such as coughing.",
                    de: "Die Belastung ist spürbar; empfindliche Menschen können leichte Beschwerden wie Husten haben.",
                    fr:
                        "La pollution se fait sentir ; les personnes sensibles peuvent ressentir des effets légers, comme une toux.",
                    es: "La contaminación se nota; las personas sensibles pueden sentir efectos leves, como tos.",
                    it:
                        "L’inquinamento si fa sentire; le persone sensibili possono avvertire lievi effetti come la tosse.",
                    pt: "A poluição é perceptível; pessoas sensíveis podem sentir efeitos leves, como tosse.",
                    nl: "De vervuiling is merkbaar; gevoelige mensen kunnen lichte klachten krijgen, zoals hoesten.",
                    pl:
                        "Zanieczyszczenie jest odczuwalne; osoby wrażliwe mogą odczuwać łagodne objawy, takie jak kaszel.",
                    ja: "汚染が感じられる程度で、敏感な人は咳などの軽い症状が出ることがあります。",
                    zh: "污染已可察觉，敏感人群可能出现咳嗽等轻微症状。"),
                tips: [
                    Translations(
                        en:
                            "People with asthma or heart or lung disease: take it easier outdoors and keep medication at hand.",
                        de:
                            "Menschen mit Asthma, Herz- oder Lungenerkrankungen: es draußen ruhiger angehen lassen und Medikamente griffbereit halten.",
                        fr:
                            "Personnes asthmatiques ou atteintes d’une maladie cardiaque ou pulmonaire : ménagez-vous dehors et gardez vos médicaments à portée de main.",
                        es:
                            "Personas con asma o enfermedades cardíacas o pulmonares: tómenselo con calma al aire libre y tengan la medicación a mano.",
                        it:
                            "Persone con asma o malattie cardiache o polmonari: all’aperto andate piano e tenete i farmaci a portata di mano.",
                        pt:
                            "Pessoas com asma ou doenças cardíacas ou pulmonares: vão com calma ao ar livre e mantenham os remédios à mão.",
                        nl:
                            "Mensen met astma of een hart- of longziekte: doe het buiten rustiger aan en houd je medicijnen bij de hand.",
                        pl:
                            "Osoby z astmą lub chorobami serca albo płuc: na zewnątrz nie forsujcie się i miejcie leki pod ręką.",
                        ja: "ぜんそくや心臓・肺の病気がある方は、屋外では無理をせず、薬を手元に置いておきましょう。",
                        zh: "哮喘、心脏病或肺病患者：在户外请放慢节奏，并随身携带药物。"),
                    Translations(
                        en: "Prefer parks and side streets to busy roads for exercise.",
                        de: "Zum Sport lieber Parks und Nebenstraßen statt stark befahrener Straßen wählen.",
                        fr: "Pour le sport, préférez les parcs et les petites rues aux axes très fréquentés.",
                        es: "Para hacer ejercicio, prefiera parques y calles secundarias a las vías con mucho tráfico.",
                        it: "Per l’attività fisica preferisci parchi e strade secondarie alle strade trafficate.",
                        pt: "Para se exercitar, prefira parques e ruas tranquilas a vias movimentadas.",
                        nl: "Sport liever in parken en zijstraten dan langs drukke wegen.",
                        pl: "Do ćwiczeń wybieraj parki i boczne ulice zamiast ruchliwych dróg.",
                        ja: "運動には、交通量の多い道路よりも公園や裏通りを選びましょう。",
                        zh: "运动时请选择公园和小街，避开交通繁忙的道路。"),
                ])
        case .unhealthyForSensitiveGroups:
            StatusTranslations(
                text: Translations(
                    en: "Unhealthy for Sensitive Groups",
                    de: "Ungesund für empfindliche Gruppen",
                    fr: "Mauvais pour les groupes sensibles",
                    es: "Dañina a la salud para grupos sensibles",
                    it: "Malsana per i gruppi sensibili",
                    pt: "Insalubre para grupos sensíveis",
                    nl: "Ongezond voor gevoelige groepen",
                    pl: "Niezdrowa dla grup wrażliwych",
                    ja: "敏感な人には健康に良くない",
                    zh: "对敏感人群不健康"),
                description: Translations(
                    en: "Children, older adults and people with heart or lung disease may feel health effects.",
                    de:
                        "Kinder, ältere Menschen und Menschen mit Herz- oder Lungenerkrankungen können gesundheitliche Folgen spüren.",
                    fr:
                        "Les enfants, les personnes âgées et les personnes atteintes d’une maladie cardiaque ou pulmonaire peuvent ressentir des effets sur la santé.",
                    es:
                        "Los niños, las personas mayores y las personas con enfermedades cardíacas o pulmonares pueden sufrir efectos en la salud.",
                    it:
                        "Bambini, anziani e persone con malattie cardiache o polmonari possono avvertire effetti sulla salute.",
                    pt: "Crianças, idosos e pessoas com doenças cardíacas ou pulmonares podem sentir efeitos na saúde.",
                    nl: "Kinderen, ouderen en mensen met een hart- of longziekte kunnen gezondheidsklachten krijgen.",
                    pl: "Dzieci, osoby starsze oraz osoby z chorobami serca lub płuc mogą odczuć skutki zdrowotne.",
                    ja: "子ども、高齢者、心臓や肺の病気がある人は健康への影響を感じることがあります。",
                    zh: "儿童、老年人以及心脏病或肺病患者可能会感到健康受影响。"),
                tips: [
                    Translations(
                        en: "Sensitive groups: reduce long or intense outdoor activity.",
                        de: "Empfindliche Gruppen: lange oder anstrengende Aktivitäten im Freien einschränken.",
                        fr: "Groupes sensibles : réduisez les activités longues ou intenses en plein air.",
                        es: "Grupos sensibles: reduzcan las actividades largas o intensas al aire libre.",
                        it: "Gruppi sensibili: riducete le attività all’aperto lunghe o intense.",
                        pt: "Grupos sensíveis: reduzam atividades longas ou intensas ao ar livre.",
                        nl: "Gevoelige groepen: beperk lange of zware inspanning buiten.",
                        pl: "Grupy wrażliwe: ograniczcie długą lub intensywną aktywność na zewnątrz.",
                        ja: "敏感な方は、長時間または激しい屋外活動を減らしましょう。",
                        zh: "敏感人群：减少长时间或高强度的户外活动。"),
                    Translations(
                        en: "Keep windows closed during traffic peaks.",
                        de: "Fenster zu den Hauptverkehrszeiten geschlossen halten.",
                        fr: "Gardez les fenêtres fermées aux heures de pointe.",
                        es: "Mantenga las ventanas cerradas en las horas punta de tráfico.",
                        it: "Tieni le finestre chiuse nelle ore di punta del traffico.",
                        pt: "Mantenha as janelas fechadas nos horários de pico do trânsito.",
                        nl: "Houd de ramen dicht tijdens de spits.",
                        pl: "W godzinach szczytu komunikacyjnego trzymaj okna zamknięte.",
                        ja: "交通量の多い時間帯は窓を閉めておきましょう。",
                        zh: "交通高峰期请关闭门窗。"),
                    Translations(
                        en: "Watch for symptoms such as coughing or shortness of breath.",
                        de: "Auf Beschwerden wie Husten oder Kurzatmigkeit achten.",
                        fr: "Soyez attentif aux symptômes comme la toux ou l’essoufflement.",
                        es: "Esté atento a síntomas como tos o falta de aire.",
                        it: "Fai attenzione a sintomi come tosse o fiato corto.",
                        pt: "Fique atento a sintomas como tosse ou falta de ar.",
                        nl: "Let op klachten zoals hoesten of kortademigheid.",
                        pl: "Zwracaj uwagę na objawy takie jak kaszel lub duszność.",
                        ja: "咳や息切れなどの症状に注意しましょう。",
                        zh: "留意咳嗽、气短等症状。"),
                ])
        case .unhealthy:
            StatusTranslations(
                text: Translations(
                    en: "Unhealthy",
                    de: "Ungesund",
                    fr: "Mauvais",
                    es: "Dañina a la salud",
                    it: "Malsana",
                    pt: "Insalubre",
                    nl: "Ongezond",
                    pl: "Niezdrowa",
                    ja: "健康に良くない",
                    zh: "不健康"),
                description: Translations(
                    en: "Everyone may begin to feel health effects; sensitive groups more seriously.",
                    de: "Alle können erste gesundheitliche Folgen spüren, empfindliche Gruppen stärker.",
                    fr:
                        "Tout le monde peut commencer à ressentir des effets sur la santé ; les groupes sensibles plus fortement.",
                    es: "Todos pueden empezar a sufrir efectos en la salud; los grupos sensibles, más graves.",
                    it:
                        "Tutti possono iniziare ad avvertire effetti sulla salute; i gruppi sensibili in modo più grave.",
                    pt: "Todos podem começar a sentir efeitos na saúde; os grupos sensíveis, de forma mais séria.",
                    nl: "Iedereen kan gezondheidsklachten beginnen te merken; gevoelige groepen ernstiger.",
                    pl: "Każdy może zacząć odczuwać skutki zdrowotne; grupy wrażliwe poważniej.",
                    ja: "誰もが健康への影響を感じ始める可能性があり、敏感な人ではより深刻になります。",
                    zh: "所有人都可能开始感到健康受影响，敏感人群影响更严重。"),
                tips: [
                    Translations(
                        en: "Everyone: cut back on long or intense outdoor activity.",
                        de: "Alle: lange oder anstrengende Aktivitäten im Freien reduzieren.",
                        fr: "Tout le monde : limitez les activités longues ou intenses en plein air.",
                        es: "Todos: reduzcan las actividades largas o intensas al aire libre.",
                        it: "Tutti: riducete le attività all’aperto lunghe o intense.",
                        pt: "Todos: diminuam atividades longas ou intensas ao ar livre.",
                        nl: "Iedereen: beperk lange of zware inspanning buiten.",
                        pl: "Wszyscy: ograniczcie długą lub intensywną aktywność na zewnątrz.",
                        ja: "すべての方が、長時間または激しい屋外活動を控えめにしましょう。",
                        zh: "所有人：减少长时间或高强度的户外活动。"),
                    Translations(
                        en: "Sensitive groups: avoid exertion outdoors and move activities inside.",
                        de: "Empfindliche Gruppen: Anstrengung im Freien meiden und Aktivitäten nach drinnen verlegen.",
                        fr: "Groupes sensibles : évitez les efforts dehors et pratiquez vos activités à l’intérieur.",
                        es:
                            "Grupos sensibles: eviten el esfuerzo al aire libre y trasladen las actividades al interior.",
                        it: "Gruppi sensibili: evitate gli sforzi all’aperto e spostate le attività al chiuso.",
                        pt: "Grupos sensíveis: evitem esforço ao ar livre e levem as atividades para dentro.",
                        nl: "Gevoelige groepen: vermijd inspanning buiten en verplaats activiteiten naar binnen.",
                        pl: "Grupy wrażliwe: unikajcie wysiłku na zewnątrz i przenieście zajęcia do pomieszczeń.",
                        ja: "敏感な方は、屋外での激しい運動を避け、活動を屋内に移しましょう。",
                        zh: "敏感人群：避免户外剧烈活动，改在室内活动。"),
                    Translations(
                        en: "Keep windows closed and run an air purifier if you have one.",
                        de: "Fenster geschlossen halten und, falls vorhanden, einen Luftreiniger laufen lassen.",
                        fr: "Gardez les fenêtres fermées et faites tourner un purificateur d’air si vous en avez un.",
                        es: "Mantenga las ventanas cerradas y encienda un purificador de aire si tiene uno.",
                        it: "Tieni le finestre chiuse e accendi un purificatore d’aria, se ne hai uno.",
                        pt: "Mantenha as janelas fechadas e ligue um purificador de ar, se tiver um.",
                        nl: "Houd de ramen dicht en zet een luchtreiniger aan als je er een hebt.",
                        pl: "Trzymaj okna zamknięte i włącz oczyszczacz powietrza, jeśli go masz.",
                        ja: "窓を閉め、空気清浄機があれば使いましょう。",
                        zh: "关闭窗户，如有空气净化器请开启。"),
                ])
        case .veryUnhealthy:
            StatusTranslations(
                text: Translations(
                    en: "Very Unhealthy",
                    de: "Sehr ungesund",
                    fr: "Très mauvais",
                    es: "Muy dañina a la salud",
                    it: "Molto malsana",
                    pt: "Muito insalubre",
                    nl: "Zeer ongezond",
                    pl: "Bardzo niezdrowa",
                    ja: "非常に健康に悪い",
                    zh: "非常不健康"),
                description: Translations(
                    en: "A health alert: everyone is at risk of health effects.",
                    de: "Gesundheitswarnung: Für alle besteht ein Gesundheitsrisiko.",
                    fr: "Alerte sanitaire : tout le monde risque des effets sur la santé.",
                    es: "Alerta sanitaria: todos corren riesgo de sufrir efectos en la salud.",
                    it: "Allerta sanitaria: tutti rischiano effetti sulla salute.",
                    pt: "Alerta de saúde: todos correm risco de efeitos na saúde.",
                    nl: "Gezondheidswaarschuwing: iedereen loopt risico op gezondheidsklachten.",
                    pl: "Alarm zdrowotny: każdy jest narażony na skutki zdrowotne.",
                    ja: "健康警報：誰もが健康に影響を受けるおそれがあります。",
                    zh: "健康警报：所有人都面临健康风险。"),
                tips: [
                    Translations(
                        en: "Avoid outdoor exertion; sensitive groups should stay indoors.",
                        de: "Anstrengung im Freien meiden; empfindliche Gruppen sollten drinnen bleiben.",
                        fr: "Évitez les efforts en plein air ; les groupes sensibles devraient rester à l’intérieur.",
                        es: "Evite el esfuerzo al aire libre; los grupos sensibles deberían quedarse en casa.",
                        it: "Evita gli sforzi all’aperto; i gruppi sensibili dovrebbero restare al chiuso.",
                        pt: "Evite esforço ao ar livre; grupos sensíveis devem ficar em ambientes fechados.",
                        nl: "Vermijd inspanning buiten; gevoelige groepen kunnen beter binnen blijven.",
                        pl: "Unikaj wysiłku na zewnątrz; grupy wrażliwe powinny zostać w domu.",
                        ja: "屋外での激しい運動は避け、敏感な方は屋内で過ごしましょう。",
                        zh: "避免户外剧烈活动；敏感人群应留在室内。"),
                    Translations(
                        en: "Keep indoor air clean: windows shut, purifier on, no smoking or candles.",
                        de: "Die Raumluft sauber halten: Fenster zu, Luftreiniger an, nicht rauchen, keine Kerzen.",
                        fr:
                            "Gardez l’air intérieur propre : fenêtres fermées, purificateur allumé, ni tabac ni bougies.",
                        es:
                            "Mantenga limpio el aire interior: ventanas cerradas, purificador encendido, sin tabaco ni velas.",
                        it:
                            "Mantieni pulita l’aria in casa: finestre chiuse, purificatore acceso, niente fumo né candele.",
                        pt: "Mantenha o ar interno limpo: janelas fechadas, purificador ligado, sem cigarro nem velas.",
                        nl: "Houd de binnenlucht schoon: ramen dicht, luchtreiniger aan, niet roken en geen kaarsen.",
                        pl:
                            "Dbaj o czyste powietrze w domu: okna zamknięte, oczyszczacz włączony, bez palenia i świec.",
                        ja: "室内の空気をきれいに保ちましょう。窓は閉め、空気清浄機をつけ、喫煙やろうそくは控えましょう。",
                        zh: "保持室内空气清洁：关窗、开启净化器、不吸烟、不点蜡烛。"),
                    Translations(
                        en: "If you must go out, a well-fitted N95 or FFP2 mask helps.",
                        de: "Wenn Sie hinaus müssen, hilft eine gut sitzende FFP2- oder N95-Maske.",
                        fr: "Si vous devez sortir, un masque FFP2 ou N95 bien ajusté aide.",
                        es: "Si tiene que salir, una mascarilla FFP2 o N95 bien ajustada ayuda.",
                        it: "Se devi uscire, una mascherina FFP2 o N95 ben aderente aiuta.",
                        pt: "Se precisar sair, uma máscara PFF2 ou N95 bem ajustada ajuda.",
                        nl: "Moet je naar buiten, dan helpt een goed aansluitend FFP2- of N95-masker.",
                        pl: "Jeśli musisz wyjść, pomoże dobrze dopasowana maska FFP2 lub N95.",
                        ja: "外出しなければならないときは、顔に合ったN95またはFFP2マスクが役立ちます。",
                        zh: "如必须外出，佩戴贴合良好的 N95 或 FFP2 口罩会有帮助。"),
                ])
        case .hazardous:
            StatusTranslations(
                text: Translations(
                    en: "Hazardous",
                    de: "Gefährlich",
                    fr: "Dangereux",
                    es: "Peligrosa",
                    it: "Pericolosa",
                    pt: "Perigosa",
                    nl: "Gevaarlijk",
                    pl: "Niebezpieczna",
                    ja: "危険",
                    zh: "危险"),
                description: Translations(
                    en: "Emergency conditions: everyone is likely to be affected.",
                    de: "Notlage: Wahrscheinlich sind alle betroffen.",
                    fr: "Situation d’urgence : tout le monde risque d’être touché.",
                    es: "Condiciones de emergencia: es probable que todos se vean afectados.",
                    it: "Condizioni di emergenza: probabilmente tutti ne risentono.",
                    pt: "Condições de emergência: é provável que todos sejam afetados.",
                    nl: "Noodsituatie: iedereen zal er waarschijnlijk last van hebben.",
                    pl: "Sytuacja alarmowa: prawdopodobnie odczuje to każdy.",
                    ja: "緊急事態：誰もが影響を受ける可能性が高い状態です。",
                    zh: "紧急状况：所有人都可能受到影响。"),
                tips: [
                    Translations(
                        en: "Stay indoors with windows and doors closed.",
                        de: "Drinnen bleiben, Fenster und Türen geschlossen halten.",
                        fr: "Restez à l’intérieur, fenêtres et portes fermées.",
                        es: "Quédese en casa con las ventanas y puertas cerradas.",
                        it: "Resta al chiuso con finestre e porte chiuse.",
                        pt: "Fique em casa com janelas e portas fechadas.",
                        nl: "Blijf binnen met ramen en deuren dicht.",
                        pl: "Zostań w domu przy zamkniętych oknach i drzwiach.",
                        ja: "窓とドアを閉めて屋内にとどまりましょう。",
                        zh: "留在室内，关闭门窗。"),
                    Translations(
                        en: "Avoid all outdoor activity; wear an N95 or FFP2 mask if you must go out.",
                        de:
                            "Jede Aktivität im Freien meiden; wenn Sie hinaus müssen, eine FFP2- oder N95-Maske tragen.",
                        fr: "Évitez toute activité en plein air ; portez un masque FFP2 ou N95 si vous devez sortir.",
                        es: "Evite toda actividad al aire libre; use una mascarilla FFP2 o N95 si tiene que salir.",
                        it: "Evita qualsiasi attività all’aperto; indossa una mascherina FFP2 o N95 se devi uscire.",
                        pt: "Evite qualquer atividade ao ar livre; use uma máscara PFF2 ou N95 se precisar sair.",
                        nl: "Vermijd elke activiteit buiten; draag een FFP2- of N95-masker als je naar buiten moet.",
                        pl: "Unikaj wszelkiej aktywności na zewnątrz; jeśli musisz wyjść, noś maskę FFP2 lub N95.",
                        ja: "屋外での活動はすべて避け、外出が必要ならN95またはFFP2マスクを着けましょう。",
                        zh: "避免一切户外活动；如必须外出，请佩戴 N95 或 FFP2 口罩。"),
                    Translations(
                        en: "Follow the advice of local authorities and seek medical help for breathing difficulties.",
                        de: "Den Anweisungen der Behörden folgen und bei Atembeschwerden ärztliche Hilfe suchen.",
                        fr:
                            "Suivez les consignes des autorités locales et consultez un médecin en cas de difficultés respiratoires.",
                        es:
                            "Siga las indicaciones de las autoridades locales y busque atención médica si tiene dificultad para respirar.",
                        it:
                            "Segui le indicazioni delle autorità locali e rivolgiti a un medico in caso di difficoltà respiratorie.",
                        pt:
                            "Siga as orientações das autoridades locais e procure ajuda médica em caso de dificuldade para respirar.",
                        nl: "Volg de adviezen van de lokale overheid en zoek medische hulp bij ademhalingsproblemen.",
                        pl:
                            "Stosuj się do zaleceń władz lokalnych, a przy trudnościach w oddychaniu szukaj pomocy lekarskiej.",
                        ja: "地元当局の指示に従い、呼吸が苦しいときは医療機関を受診してください。",
                        zh: "听从当地政府的指示，如出现呼吸困难请及时就医。"),
                ])
        }
    }
}

extension EuropeanAQIStatus.Level {
    /// The band's name, description and advice in every language.
    var translations: StatusTranslations {
        switch self {
        case .good:
            StatusTranslations(
                text: .good,
                description: Translations(
                    en: "The air quality is good.",
                    de: "Die Luftqualität ist gut.",
                    fr: "La qualité de l’air est bonne.",
                    es: "La calidad del aire es buena.",
                    it: "La qualità dell’aria è buona.",
                    pt: "A qualidade do ar é boa.",
                    nl: "De luchtkwaliteit is goed.",
                    pl: "Jakość powietrza jest dobra.",
                    ja: "空気の質は良好です。",
                    zh: "空气质量良好。"),
                tips: [.usualOutdoorActivities])
        case .fair:
            StatusTranslations(
                text: Translations(
                    en: "Fair",
                    de: "Befriedigend",
                    fr: "Moyen",
                    es: "Razonablemente buena",
                    it: "Discreta",
                    pt: "Razoável",
                    nl: "Redelijk",
                    pl: "Zadowalająca",
                    ja: "まずまず",
                    zh: "尚可"),
                description: Translations(
                    en: "The air quality is fair.",
                    de: "Die Luftqualität ist befriedigend.",
                    fr: "La qualité de l’air est moyenne.",
                    es: "La calidad del aire es razonablemente buena.",
                    it: "La qualità dell’aria è discreta.",
                    pt: "A qualidade do ar é razoável.",
                    nl: "De luchtkwaliteit is redelijk.",
                    pl: "Jakość powietrza jest zadowalająca.",
                    ja: "空気の質はまずまずです。",
                    zh: "空气质量尚可。"),
                tips: [.usualOutdoorActivities])
        case .moderate:
            StatusTranslations(
                text: Translations(
                    en: "Moderate",
                    de: "Mäßig",
                    fr: "Dégradé",
                    es: "Regular",
                    it: "Moderata",
                    pt: "Moderada",
                    nl: "Matig",
                    pl: "Umiarkowana",
                    ja: "普通",
                    zh: "中等"),
                description: Translations(
                    en: "The air quality is moderate.",
                    de: "Die Luftqualität ist mäßig.",
                    fr: "La qualité de l’air est dégradée.",
                    es: "La calidad del aire es regular.",
                    it: "La qualità dell’aria è moderata.",
                    pt: "A qualidade do ar é moderada.",
                    nl: "De luchtkwaliteit is matig.",
                    pl: "Jakość powietrza jest umiarkowana.",
                    ja: "空気の質は普通です。",
                    zh: "空气质量中等。"),
                tips: [
                    Translations(
                        en: "Sensitive groups: consider reducing intense outdoor activity if you have symptoms.",
                        de:
                            "Empfindliche Gruppen: bei Beschwerden anstrengende Aktivitäten im Freien eher einschränken.",
                        fr:
                            "Groupes sensibles : en cas de symptômes, envisagez de réduire les activités intenses en plein air.",
                        es:
                            "Grupos sensibles: si tienen síntomas, consideren reducir la actividad intensa al aire libre.",
                        it:
                            "Gruppi sensibili: in presenza di sintomi, valutate di ridurre le attività intense all’aperto.",
                        pt:
                            "Grupos sensíveis: se tiverem sintomas, considerem reduzir atividades intensas ao ar livre.",
                        nl: "Gevoelige groepen: overweeg bij klachten zware inspanning buiten te beperken.",
                        pl:
                            "Grupy wrażliwe: jeśli macie objawy, rozważcie ograniczenie intensywnej aktywności na zewnątrz.",
                        ja: "敏感な方は、症状があれば激しい屋外活動を減らすことを検討しましょう。",
                        zh: "敏感人群：如有症状，可考虑减少高强度户外活动。"),
                    Translations(
                        en: "Everyone else can enjoy their usual outdoor activities.",
                        de: "Alle anderen können ihre gewohnten Aktivitäten im Freien genießen.",
                        fr: "Les autres peuvent profiter de leurs activités habituelles en plein air.",
                        es: "Los demás pueden disfrutar de sus actividades habituales al aire libre.",
                        it: "Tutti gli altri possono godersi le solite attività all’aperto.",
                        pt: "Os demais podem aproveitar suas atividades ao ar livre de sempre.",
                        nl: "Alle anderen kunnen genieten van hun gewone buitenactiviteiten.",
                        pl: "Pozostali mogą korzystać ze swoich zwykłych zajęć na świeżym powietrzu.",
                        ja: "それ以外の方は、いつもどおり屋外での活動を楽しめます。",
                        zh: "其他人可照常进行户外活动。"),
                ])
        case .poor:
            StatusTranslations(
                text: Translations(
                    en: "Poor",
                    de: "Schlecht",
                    fr: "Mauvais",
                    es: "Desfavorable",
                    it: "Scadente",
                    pt: "Ruim",
                    nl: "Slecht",
                    pl: "Zła",
                    ja: "悪い",
                    zh: "较差"),
                description: Translations(
                    en: "The air quality is poor.",
                    de: "Die Luftqualität ist schlecht.",
                    fr: "La qualité de l’air est mauvaise.",
                    es: "La calidad del aire es desfavorable.",
                    it: "La qualità dell’aria è scadente.",
                    pt: "A qualidade do ar é ruim.",
                    nl: "De luchtkwaliteit is slecht.",
                    pl: "Jakość powietrza jest zła.",
                    ja: "空気の質は悪い状態です。",
                    zh: "空气质量较差。"),
                tips: [
                    Translations(
                        en: "Sensitive groups: reduce physical activity outdoors, especially if you have symptoms.",
                        de:
                            "Empfindliche Gruppen: körperliche Aktivität im Freien einschränken, besonders bei Beschwerden.",
                        fr:
                            "Groupes sensibles : réduisez l’activité physique en plein air, surtout en cas de symptômes.",
                        es:
                            "Grupos sensibles: reduzcan la actividad física al aire libre, sobre todo si tienen síntomas.",
                        it:
                            "Gruppi sensibili: riducete l’attività fisica all’aperto, soprattutto in presenza di sintomi.",
                        pt:
                            "Grupos sensíveis: reduzam a atividade física ao ar livre, principalmente se tiverem sintomas.",
                        nl: "Gevoelige groepen: beperk lichamelijke inspanning buiten, vooral bij klachten.",
                        pl: "Grupy wrażliwe: ograniczcie aktywność fizyczną na zewnątrz, zwłaszcza jeśli macie objawy.",
                        ja: "敏感な方は、特に症状がある場合、屋外での運動を減らしましょう。",
                        zh: "敏感人群：减少户外体力活动，尤其是出现症状时。"),
                    Translations(
                        en:
                            "Everyone: consider reducing intense outdoor activity if you feel discomfort such as a sore throat.",
                        de:
                            "Alle: anstrengende Aktivitäten im Freien eher einschränken, wenn Sie etwa Halskratzen spüren.",
                        fr:
                            "Tout le monde : envisagez de réduire les activités intenses en plein air en cas de gêne, comme un mal de gorge.",
                        es:
                            "Todos: consideren reducir la actividad intensa al aire libre si notan molestias como dolor de garganta.",
                        it:
                            "Tutti: valutate di ridurre le attività intense all’aperto se avvertite fastidi come mal di gola.",
                        pt:
                            "Todos: considerem reduzir atividades intensas ao ar livre se sentirem desconforto, como dor de garganta.",
                        nl: "Iedereen: overweeg zware inspanning buiten te beperken bij ongemak zoals keelpijn.",
                        pl:
                            "Wszyscy: rozważcie ograniczenie intensywnej aktywności na zewnątrz, jeśli odczuwacie dyskomfort, np. ból gardła.",
                        ja: "すべての方が、喉の痛みなどの不快感があれば、激しい屋外活動を減らすことを検討しましょう。",
                        zh: "所有人：如感到喉咙痛等不适，可考虑减少高强度户外活动。"),
                ])
        case .veryPoor:
            StatusTranslations(
                text: Translations(
                    en: "Very Poor",
                    de: "Sehr schlecht",
                    fr: "Très mauvais",
                    es: "Muy desfavorable",
                    it: "Molto scadente",
                    pt: "Muito ruim",
                    nl: "Zeer slecht",
                    pl: "Bardzo zła",
                    ja: "非常に悪い",
                    zh: "很差"),
                description: Translations(
                    en: "The air quality is very poor.",
                    de: "Die Luftqualität ist sehr schlecht.",
                    fr: "La qualité de l’air est très mauvaise.",
                    es: "La calidad del aire es muy desfavorable.",
                    it: "La qualità dell’aria è molto scadente.",
                    pt: "A qualidade do ar é muito ruim.",
                    nl: "De luchtkwaliteit is zeer slecht.",
                    pl: "Jakość powietrza jest bardzo zła.",
                    ja: "空気の質は非常に悪い状態です。",
                    zh: "空气质量很差。"),
                tips: [
                    Translations(
                        en: "Sensitive groups: avoid physical activity outdoors.",
                        de: "Empfindliche Gruppen: körperliche Aktivität im Freien meiden.",
                        fr: "Groupes sensibles : évitez l’activité physique en plein air.",
                        es: "Grupos sensibles: eviten la actividad física al aire libre.",
                        it: "Gruppi sensibili: evitate l’attività fisica all’aperto.",
                        pt: "Grupos sensíveis: evitem atividade física ao ar livre.",
                        nl: "Gevoelige groepen: vermijd lichamelijke inspanning buiten.",
                        pl: "Grupy wrażliwe: unikajcie aktywności fizycznej na zewnątrz.",
                        ja: "敏感な方は、屋外での運動を避けましょう。",
                        zh: "敏感人群：避免户外体力活动。"),
                    Translations(
                        en: "Everyone: reduce physical activity outdoors, especially if you have symptoms.",
                        de: "Alle: körperliche Aktivität im Freien einschränken, besonders bei Beschwerden.",
                        fr: "Tout le monde : réduisez l’activité physique en plein air, surtout en cas de symptômes.",
                        es: "Todos: reduzcan la actividad física al aire libre, sobre todo si tienen síntomas.",
                        it: "Tutti: riducete l’attività fisica all’aperto, soprattutto in presenza di sintomi.",
                        pt: "Todos: reduzam a atividade física ao ar livre, principalmente se tiverem sintomas.",
                        nl: "Iedereen: beperk lichamelijke inspanning buiten, vooral bij klachten.",
                        pl: "Wszyscy: ograniczcie aktywność fizyczną na zewnątrz, zwłaszcza jeśli macie objawy.",
                        ja: "すべての方が、特に症状がある場合、屋外での運動を減らしましょう。",
                        zh: "所有人：减少户外体力活动，尤其是出现症状时。"),
                ])
        case .extremelyPoor:
            StatusTranslations(
                text: Translations(
                    en: "Extremely Poor",
                    de: "Extrem schlecht",
                    fr: "Extrêmement mauvais",
                    es: "Extremadamente desfavorable",
                    it: "Estremamente scadente",
                    pt: "Péssima",
                    nl: "Extreem slecht",
                    pl: "Skrajnie zła",
                    ja: "極めて悪い",
                    zh: "极差"),
                description: Translations(
                    en: "The air quality is extremely poor.",
                    de: "Die Luftqualität ist extrem schlecht.",
                    fr: "La qualité de l’air est extrêmement mauvaise.",
                    es: "La calidad del aire es extremadamente desfavorable.",
                    it: "La qualità dell’aria è estremamente scadente.",
                    pt: "A qualidade do ar é péssima.",
                    nl: "De luchtkwaliteit is extreem slecht.",
                    pl: "Jakość powietrza jest skrajnie zła.",
                    ja: "空気の質は極めて悪い状態です。",
                    zh: "空气质量极差。"),
                tips: [
                    Translations(
                        en: "Sensitive groups: avoid physical activity outdoors and stay indoors where you can.",
                        de:
                            "Empfindliche Gruppen: körperliche Aktivität im Freien meiden und möglichst drinnen bleiben.",
                        fr:
                            "Groupes sensibles : évitez l’activité physique en plein air et restez à l’intérieur si possible.",
                        es:
                            "Grupos sensibles: eviten la actividad física al aire libre y permanezcan en interiores siempre que puedan.",
                        it:
                            "Gruppi sensibili: evitate l’attività fisica all’aperto e restate al chiuso quando possibile.",
                        pt:
                            "Grupos sensíveis: evitem atividade física ao ar livre e fiquem em ambientes fechados sempre que puderem.",
                        nl:
                            "Gevoelige groepen: vermijd lichamelijke inspanning buiten en blijf zo veel mogelijk binnen.",
                        pl:
                            "Grupy wrażliwe: unikajcie aktywności fizycznej na zewnątrz i w miarę możliwości zostańcie w domu.",
                        ja: "敏感な方は、屋外での運動を避け、できるだけ屋内で過ごしましょう。",
                        zh: "敏感人群：避免户外体力活动，尽量留在室内。"),
                    Translations(
                        en: "Everyone: avoid physical activity outdoors; keep windows closed.",
                        de: "Alle: körperliche Aktivität im Freien meiden; Fenster geschlossen halten.",
                        fr: "Tout le monde : évitez l’activité physique en plein air ; gardez les fenêtres fermées.",
                        es: "Todos: eviten la actividad física al aire libre; mantengan las ventanas cerradas.",
                        it: "Tutti: evitate l’attività fisica all’aperto; tenete le finestre chiuse.",
                        pt: "Todos: evitem atividade física ao ar livre; mantenham as janelas fechadas.",
                        nl: "Iedereen: vermijd lichamelijke inspanning buiten; houd de ramen dicht.",
                        pl: "Wszyscy: unikajcie aktywności fizycznej na zewnątrz; trzymajcie okna zamknięte.",
                        ja: "すべての方が、屋外での運動を避け、窓を閉めておきましょう。",
                        zh: "所有人：避免户外体力活动；关闭窗户。"),
                ])
        }
    }
}

extension PollutantID {
    /// The pollutant's full name in every language; the short formula-like name ("NO₂") is the same everywhere.
    var fullNames: Translations {
        switch self {
        case .pm25:
            Translations(
                en: "Fine particulate matter",
                de: "Feine Partikel",
                fr: "Particules fines",
                es: "Partículas finas",
                it: "Particolato fine",
                pt: "Partículas finas",
                nl: "Fijne deeltjes",
                pl: "Pył drobny",
                ja: "微小粒子状物質",
                zh: "细颗粒物")
        case .pm10:
            Translations(
                en: "Coarse particulate matter",
                de: "Grobe Partikel",
                fr: "Particules grossières",
                es: "Partículas gruesas",
                it: "Particolato grossolano",
                pt: "Partículas grossas",
                nl: "Grove deeltjes",
                pl: "Pył gruby",
                ja: "粗大粒子状物質",
                zh: "可吸入颗粒物")
        case .no2:
            Translations(
                en: "Nitrogen dioxide",
                de: "Stickstoffdioxid",
                fr: "Dioxyde d’azote",
                es: "Dióxido de nitrógeno",
                it: "Biossido di azoto",
                pt: "Dióxido de nitrogênio",
                nl: "Stikstofdioxide",
                pl: "Dwutlenek azotu",
                ja: "二酸化窒素",
                zh: "二氧化氮")
        case .so2:
            Translations(
                en: "Sulphur dioxide",
                de: "Schwefeldioxid",
                fr: "Dioxyde de soufre",
                es: "Dióxido de azufre",
                it: "Biossido di zolfo",
                pt: "Dióxido de enxofre",
                nl: "Zwaveldioxide",
                pl: "Dwutlenek siarki",
                ja: "二酸化硫黄",
                zh: "二氧化硫")
        case .o3:
            Translations(
                en: "Ozone",
                de: "Ozon",
                fr: "Ozone",
                es: "Ozono",
                it: "Ozono",
                pt: "Ozônio",
                nl: "Ozon",
                pl: "Ozon",
                ja: "オゾン",
                zh: "臭氧")
        case .co:
            Translations(
                en: "Carbon monoxide",
                de: "Kohlenmonoxid",
                fr: "Monoxyde de carbone",
                es: "Monóxido de carbono",
                it: "Monossido di carbonio",
                pt: "Monóxido de carbono",
                nl: "Koolmonoxide",
                pl: "Tlenek węgla",
                ja: "一酸化炭素",
                zh: "一氧化碳")
        }
    }
}

extension Translations {
    /// The advice for a band whose air is fine for everyone, on either scale.
    static let usualOutdoorActivities = Translations(
        en: "Enjoy your usual outdoor activities.",
        de: "Genießen Sie Ihre gewohnten Aktivitäten im Freien.",
        fr: "Profitez de vos activités habituelles en plein air.",
        es: "Disfrute de sus actividades habituales al aire libre.",
        it: "Goditi le solite attività all’aperto.",
        pt: "Aproveite suas atividades ao ar livre de sempre.",
        nl: "Geniet van je gewone buitenactiviteiten.",
        pl: "Korzystaj ze swoich zwykłych zajęć na świeżym powietrzu.",
        ja: "いつもどおり屋外での活動をお楽しみください。",
        zh: "可照常进行户外活动。")
}
