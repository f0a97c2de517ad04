/// Portuguese texts, in Brazilian usage (most Portuguese speakers). The European bands take the words of Brazil's
/// own air quality index (Boa, Moderada, Ruim, Muito ruim, Péssima), with Razoável for the step it lacks.
enum PortugueseTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Excelente", description: "O ar está limpo; a poluição não representa nenhum risco.",
                tips: ["Um ótimo momento para ficar ao ar livre e arejar a casa."])
        case .good:
            StatusTexts(
                text: "Boa",
                description: "A qualidade do ar é satisfatória; a poluição representa pouco ou nenhum risco.",
                tips: ["Aproveite suas atividades ao ar livre de sempre."])
        case .moderate:
            StatusTexts(
                text: "Moderada",
                description:
                    "A qualidade do ar é aceitável, mas pessoas especialmente sensíveis à poluição podem percebê-la.",
                tips: [
                    "Se você é especialmente sensível à poluição do ar, faça exercícios ao ar livre mais curtos ou mais leves.",
                    "Os demais podem seguir normalmente.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Poluição um pouco elevada",
                description:
                    "A poluição é perceptível; pessoas sensíveis podem sentir efeitos leves, como tosse.",
                tips: [
                    "Pessoas com asma ou doenças cardíacas ou pulmonares: vão com calma ao ar livre e mantenham os remédios à mão.",
                    "Para se exercitar, prefira parques e ruas tranquilas a vias movimentadas.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Insalubre para grupos sensíveis",
                description:
                    "Crianças, idosos e pessoas com doenças cardíacas ou pulmonares podem sentir efeitos na saúde.",
                tips: [
                    "Grupos sensíveis: reduzam atividades longas ou intensas ao ar livre.",
                    "Mantenha as janelas fechadas nos horários de pico do trânsito.",
                    "Fique atento a sintomas como tosse ou falta de ar.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Insalubre",
                description:
                    "Todos podem começar a sentir efeitos na saúde; os grupos sensíveis, de forma mais séria.",
                tips: [
                    "Todos: diminuam atividades longas ou intensas ao ar livre.",
                    "Grupos sensíveis: evitem esforço ao ar livre e levem as atividades para dentro.",
                    "Mantenha as janelas fechadas e ligue um purificador de ar, se tiver um.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Muito insalubre", description: "Alerta de saúde: todos correm risco de efeitos na saúde.",
                tips: [
                    "Evite esforço ao ar livre; grupos sensíveis devem ficar em ambientes fechados.",
                    "Mantenha o ar interno limpo: janelas fechadas, purificador ligado, sem cigarro nem velas.",
                    "Se precisar sair, uma máscara PFF2 ou N95 bem ajustada ajuda.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Perigosa", description: "Condições de emergência: é provável que todos sejam afetados.",
                tips: [
                    "Fique em casa com janelas e portas fechadas.",
                    "Evite qualquer atividade ao ar livre; use uma máscara PFF2 ou N95 se precisar sair.",
                    "Siga as orientações das autoridades locais e procure ajuda médica em caso de dificuldade para respirar.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Boa", description: "A qualidade do ar é boa.",
                tips: ["Aproveite suas atividades ao ar livre de sempre."])
        case .fair:
            StatusTexts(
                text: "Razoável", description: "A qualidade do ar é razoável.",
                tips: ["Aproveite suas atividades ao ar livre de sempre."])
        case .moderate:
            StatusTexts(
                text: "Moderada", description: "A qualidade do ar é moderada.",
                tips: [
                    "Grupos sensíveis: se tiverem sintomas, considerem reduzir atividades intensas ao ar livre.",
                    "Os demais podem aproveitar suas atividades ao ar livre de sempre.",
                ])
        case .poor:
            StatusTexts(
                text: "Ruim", description: "A qualidade do ar é ruim.",
                tips: [
                    "Grupos sensíveis: reduzam a atividade física ao ar livre, principalmente se tiverem sintomas.",
                    "Todos: considerem reduzir atividades intensas ao ar livre se sentirem desconforto, como dor de garganta.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Muito ruim", description: "A qualidade do ar é muito ruim.",
                tips: [
                    "Grupos sensíveis: evitem atividade física ao ar livre.",
                    "Todos: reduzam a atividade física ao ar livre, principalmente se tiverem sintomas.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Péssima", description: "A qualidade do ar é péssima.",
                tips: [
                    "Grupos sensíveis: evitem atividade física ao ar livre e fiquem em ambientes fechados sempre que puderem.",
                    "Todos: evitem atividade física ao ar livre; mantenham as janelas fechadas.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Partículas finas"
        case .pm10: "Partículas grossas"
        case .no2: "Dióxido de nitrogênio"
        case .so2: "Dióxido de enxofre"
        case .o3: "Ozônio"
        case .co: "Monóxido de carbono"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Céu limpo"
        case .mainlyClear: "Predominantemente limpo"
        case .partlyCloudy: "Parcialmente nublado"
        case .overcast: "Encoberto"
        case .fog: "Nevoeiro"
        case .depositingRimeFog: "Nevoeiro com geada"
        case .lightDrizzle: "Garoa fraca"
        case .moderateDrizzle: "Garoa moderada"
        case .denseDrizzle: "Garoa densa"
        case .lightFreezingDrizzle: "Garoa congelante fraca"
        case .denseFreezingDrizzle: "Garoa congelante densa"
        case .slightRain: "Chuva fraca"
        case .moderateRain: "Chuva moderada"
        case .heavyRain: "Chuva forte"
        case .lightFreezingRain: "Chuva congelante fraca"
        case .heavyFreezingRain: "Chuva congelante forte"
        case .slightSnowfall: "Neve fraca"
        case .moderateSnowfall: "Neve moderada"
        case .heavySnowfall: "Neve forte"
        case .snowGrains: "Grãos de neve"
        case .slightRainShowers: "Pancadas de chuva fracas"
        case .moderateRainShowers: "Pancadas de chuva moderadas"
        case .violentRainShowers: "Pancadas de chuva violentas"
        case .slightSnowShowers: "Pancadas de neve fracas"
        case .heavySnowShowers: "Pancadas de neve fortes"
        case .thunderstorm: "Trovoada"
        case .thunderstormWithSlightHail: "Trovoada com granizo fraco"
        case .thunderstormWithHeavyHail: "Trovoada com granizo forte"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Nenhum"
        case .veryLow: "Muito baixo"
        case .low: "Baixo"
        case .moderate: "Moderado"
        case .high: "Alto"
        case .veryHigh: "Muito alto"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Nenhum pólen detectado"
        case .veryLow: "Pessoas com alergia muito forte a pólen provavelmente terão sintomas"
        case .low: "Pessoas com alergia forte a pólen provavelmente terão sintomas"
        case .moderate: "Pessoas com alergia moderada a pólen provavelmente terão sintomas"
        case .high: "Pessoas com alergia leve a pólen provavelmente terão sintomas"
        case .veryHigh: "Pessoas com alergia muito leve a pólen provavelmente terão sintomas"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Gramíneas"
        case .tree: "Árvores"
        case .weed: "Ervas daninhas"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Amieiro"
        case .birch: "Bétula"
        case .grass: "Gramíneas"
        case .mugwort: "Artemísia"
        case .olive: "Oliveira"
        case .ragweed: "Ambrósia"
        }
    }
}
