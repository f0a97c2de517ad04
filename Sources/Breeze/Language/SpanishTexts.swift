/// Spanish texts. The US bands follow the EPA's Spanish category names ("Dañina a la salud…"); the European bands
/// the wording of Spain's national air quality index, which has the same six steps.
enum SpanishTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Excelente", description: "El aire está limpio; la contaminación no supone ningún riesgo.",
                tips: ["Un momento ideal para estar al aire libre y ventilar la casa."])
        case .good:
            StatusTexts(
                text: "Buena",
                description: "La calidad del aire es satisfactoria; la contaminación supone poco o ningún riesgo.",
                tips: ["Disfrute de sus actividades habituales al aire libre."])
        case .moderate:
            StatusTexts(
                text: "Moderada",
                description:
                    "La calidad del aire es aceptable, aunque las personas especialmente sensibles a la contaminación pueden notarla.",
                tips: [
                    "Si es especialmente sensible a la contaminación del aire, haga ejercicio al aire libre más corto o más suave.",
                    "Los demás pueden seguir como de costumbre.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Contaminación algo elevada",
                description:
                    "La contaminación se nota; las personas sensibles pueden sentir efectos leves, como tos.",
                tips: [
                    "Personas con asma o enfermedades cardíacas o pulmonares: tómenselo con calma al aire libre y tengan la medicación a mano.",
                    "Para hacer ejercicio, prefiera parques y calles secundarias a las vías con mucho tráfico.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Dañina a la salud para grupos sensibles",
                description:
                    "Los niños, las personas mayores y las personas con enfermedades cardíacas o pulmonares pueden sufrir efectos en la salud.",
                tips: [
                    "Grupos sensibles: reduzcan las actividades largas o intensas al aire libre.",
                    "Mantenga las ventanas cerradas en las horas punta de tráfico.",
                    "Esté atento a síntomas como tos o falta de aire.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Dañina a la salud",
                description:
                    "Todos pueden empezar a sufrir efectos en la salud; los grupos sensibles, más graves.",
                tips: [
                    "Todos: reduzcan las actividades largas o intensas al aire libre.",
                    "Grupos sensibles: eviten el esfuerzo al aire libre y trasladen las actividades al interior.",
                    "Mantenga las ventanas cerradas y encienda un purificador de aire si tiene uno.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Muy dañina a la salud",
                description: "Alerta sanitaria: todos corren riesgo de sufrir efectos en la salud.",
                tips: [
                    "Evite el esfuerzo al aire libre; los grupos sensibles deberían quedarse en casa.",
                    "Mantenga limpio el aire interior: ventanas cerradas, purificador encendido, sin tabaco ni velas.",
                    "Si tiene que salir, una mascarilla FFP2 o N95 bien ajustada ayuda.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Peligrosa", description: "Condiciones de emergencia: es probable que todos se vean afectados.",
                tips: [
                    "Quédese en casa con las ventanas y puertas cerradas.",
                    "Evite toda actividad al aire libre; use una mascarilla FFP2 o N95 si tiene que salir.",
                    "Siga las indicaciones de las autoridades locales y busque atención médica si tiene dificultad para respirar.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Buena", description: "La calidad del aire es buena.",
                tips: ["Disfrute de sus actividades habituales al aire libre."])
        case .fair:
            StatusTexts(
                text: "Razonablemente buena", description: "La calidad del aire es razonablemente buena.",
                tips: ["Disfrute de sus actividades habituales al aire libre."])
        case .moderate:
            StatusTexts(
                text: "Regular", description: "La calidad del aire es regular.",
                tips: [
                    "Grupos sensibles: si tienen síntomas, consideren reducir la actividad intensa al aire libre.",
                    "Los demás pueden disfrutar de sus actividades habituales al aire libre.",
                ])
        case .poor:
            StatusTexts(
                text: "Desfavorable", description: "La calidad del aire es desfavorable.",
                tips: [
                    "Grupos sensibles: reduzcan la actividad física al aire libre, sobre todo si tienen síntomas.",
                    "Todos: consideren reducir la actividad intensa al aire libre si notan molestias como dolor de garganta.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Muy desfavorable", description: "La calidad del aire es muy desfavorable.",
                tips: [
                    "Grupos sensibles: eviten la actividad física al aire libre.",
                    "Todos: reduzcan la actividad física al aire libre, sobre todo si tienen síntomas.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Extremadamente desfavorable", description: "La calidad del aire es extremadamente desfavorable.",
                tips: [
                    "Grupos sensibles: eviten la actividad física al aire libre y permanezcan en interiores siempre que puedan.",
                    "Todos: eviten la actividad física al aire libre; mantengan las ventanas cerradas.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Partículas finas"
        case .pm10: "Partículas gruesas"
        case .no2: "Dióxido de nitrógeno"
        case .so2: "Dióxido de azufre"
        case .o3: "Ozono"
        case .co: "Monóxido de carbono"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Cielo despejado"
        case .mainlyClear: "Mayormente despejado"
        case .partlyCloudy: "Parcialmente nublado"
        case .overcast: "Cubierto"
        case .fog: "Niebla"
        case .depositingRimeFog: "Niebla con escarcha"
        case .lightDrizzle: "Llovizna ligera"
        case .moderateDrizzle: "Llovizna moderada"
        case .denseDrizzle: "Llovizna densa"
        case .lightFreezingDrizzle: "Llovizna helada ligera"
        case .denseFreezingDrizzle: "Llovizna helada densa"
        case .slightRain: "Lluvia débil"
        case .moderateRain: "Lluvia moderada"
        case .heavyRain: "Lluvia fuerte"
        case .lightFreezingRain: "Lluvia helada débil"
        case .heavyFreezingRain: "Lluvia helada fuerte"
        case .slightSnowfall: "Nevada débil"
        case .moderateSnowfall: "Nevada moderada"
        case .heavySnowfall: "Nevada fuerte"
        case .snowGrains: "Cinarra"
        case .slightRainShowers: "Chubascos débiles"
        case .moderateRainShowers: "Chubascos moderados"
        case .violentRainShowers: "Chubascos violentos"
        case .slightSnowShowers: "Chubascos de nieve débiles"
        case .heavySnowShowers: "Chubascos de nieve fuertes"
        case .thunderstorm: "Tormenta"
        case .thunderstormWithSlightHail: "Tormenta con granizo débil"
        case .thunderstormWithHeavyHail: "Tormenta con granizo fuerte"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Nulo"
        case .veryLow: "Muy bajo"
        case .low: "Bajo"
        case .moderate: "Moderado"
        case .high: "Alto"
        case .veryHigh: "Muy alto"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "No se detecta polen"
        case .veryLow: "Es probable que las personas con alergia muy fuerte al polen tengan síntomas"
        case .low: "Es probable que las personas con alergia fuerte al polen tengan síntomas"
        case .moderate: "Es probable que las personas con alergia moderada al polen tengan síntomas"
        case .high: "Es probable que las personas con alergia leve al polen tengan síntomas"
        case .veryHigh: "Es probable que las personas con alergia muy leve al polen tengan síntomas"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Gramíneas"
        case .tree: "Árboles"
        case .weed: "Malezas"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Aliso"
        case .birch: "Abedul"
        case .grass: "Gramíneas"
        case .mugwort: "Artemisa"
        case .olive: "Olivo"
        case .ragweed: "Ambrosía"
        }
    }
}
