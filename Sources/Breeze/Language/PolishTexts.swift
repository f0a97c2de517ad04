/// Polish texts.
enum PolishTexts: TextTable {
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts {
        switch level {
        case .excellent:
            StatusTexts(
                text: "Bardzo dobra",
                description: "Powietrze jest czyste; zanieczyszczenia nie stanowią żadnego ryzyka.",
                tips: ["Świetna pora, by wyjść na zewnątrz i przewietrzyć mieszkanie."])
        case .good:
            StatusTexts(
                text: "Dobra",
                description:
                    "Jakość powietrza jest zadowalająca; zanieczyszczenia stanowią niewielkie ryzyko lub nie stanowią go wcale.",
                tips: ["Korzystaj ze swoich zwykłych zajęć na świeżym powietrzu."])
        case .moderate:
            StatusTexts(
                text: "Umiarkowana",
                description:
                    "Jakość powietrza jest akceptowalna, choć osoby szczególnie wrażliwe na zanieczyszczenia mogą je odczuć.",
                tips: [
                    "Jeśli jesteś szczególnie wrażliwy na zanieczyszczenie powietrza, ćwicz na zewnątrz krócej lub lżej.",
                    "Pozostali mogą postępować jak zwykle.",
                ])
        case .slightlyHigh:
            StatusTexts(
                text: "Lekko podwyższone zanieczyszczenie",
                description:
                    "Zanieczyszczenie jest odczuwalne; osoby wrażliwe mogą odczuwać łagodne objawy, takie jak kaszel.",
                tips: [
                    "Osoby z astmą lub chorobami serca albo płuc: na zewnątrz nie forsujcie się i miejcie leki pod ręką.",
                    "Do ćwiczeń wybieraj parki i boczne ulice zamiast ruchliwych dróg.",
                ])
        case .unhealthyForSensitiveGroups:
            StatusTexts(
                text: "Niezdrowa dla grup wrażliwych",
                description:
                    "Dzieci, osoby starsze oraz osoby z chorobami serca lub płuc mogą odczuć skutki zdrowotne.",
                tips: [
                    "Grupy wrażliwe: ograniczcie długą lub intensywną aktywność na zewnątrz.",
                    "W godzinach szczytu komunikacyjnego trzymaj okna zamknięte.",
                    "Zwracaj uwagę na objawy takie jak kaszel lub duszność.",
                ])
        case .unhealthy:
            StatusTexts(
                text: "Niezdrowa",
                description:
                    "Każdy może zacząć odczuwać skutki zdrowotne; grupy wrażliwe poważniej.",
                tips: [
                    "Wszyscy: ograniczcie długą lub intensywną aktywność na zewnątrz.",
                    "Grupy wrażliwe: unikajcie wysiłku na zewnątrz i przenieście zajęcia do pomieszczeń.",
                    "Trzymaj okna zamknięte i włącz oczyszczacz powietrza, jeśli go masz.",
                ])
        case .veryUnhealthy:
            StatusTexts(
                text: "Bardzo niezdrowa", description: "Alarm zdrowotny: każdy jest narażony na skutki zdrowotne.",
                tips: [
                    "Unikaj wysiłku na zewnątrz; grupy wrażliwe powinny zostać w domu.",
                    "Dbaj o czyste powietrze w domu: okna zamknięte, oczyszczacz włączony, bez palenia i świec.",
                    "Jeśli musisz wyjść, pomoże dobrze dopasowana maska FFP2 lub N95.",
                ])
        case .hazardous:
            StatusTexts(
                text: "Niebezpieczna", description: "Sytuacja alarmowa: prawdopodobnie odczuje to każdy.",
                tips: [
                    "Zostań w domu przy zamkniętych oknach i drzwiach.",
                    "Unikaj wszelkiej aktywności na zewnątrz; jeśli musisz wyjść, noś maskę FFP2 lub N95.",
                    "Stosuj się do zaleceń władz lokalnych, a przy trudnościach w oddychaniu szukaj pomocy lekarskiej.",
                ])
        }
    }

    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts {
        switch level {
        case .good:
            StatusTexts(
                text: "Dobra", description: "Jakość powietrza jest dobra.",
                tips: ["Korzystaj ze swoich zwykłych zajęć na świeżym powietrzu."])
        case .fair:
            StatusTexts(
                text: "Zadowalająca", description: "Jakość powietrza jest zadowalająca.",
                tips: ["Korzystaj ze swoich zwykłych zajęć na świeżym powietrzu."])
        case .moderate:
            StatusTexts(
                text: "Umiarkowana", description: "Jakość powietrza jest umiarkowana.",
                tips: [
                    "Grupy wrażliwe: jeśli macie objawy, rozważcie ograniczenie intensywnej aktywności na zewnątrz.",
                    "Pozostali mogą korzystać ze swoich zwykłych zajęć na świeżym powietrzu.",
                ])
        case .poor:
            StatusTexts(
                text: "Zła", description: "Jakość powietrza jest zła.",
                tips: [
                    "Grupy wrażliwe: ograniczcie aktywność fizyczną na zewnątrz, zwłaszcza jeśli macie objawy.",
                    "Wszyscy: rozważcie ograniczenie intensywnej aktywności na zewnątrz, jeśli odczuwacie dyskomfort, np. ból gardła.",
                ])
        case .veryPoor:
            StatusTexts(
                text: "Bardzo zła", description: "Jakość powietrza jest bardzo zła.",
                tips: [
                    "Grupy wrażliwe: unikajcie aktywności fizycznej na zewnątrz.",
                    "Wszyscy: ograniczcie aktywność fizyczną na zewnątrz, zwłaszcza jeśli macie objawy.",
                ])
        case .extremelyPoor:
            StatusTexts(
                text: "Skrajnie zła", description: "Jakość powietrza jest skrajnie zła.",
                tips: [
                    "Grupy wrażliwe: unikajcie aktywności fizycznej na zewnątrz i w miarę możliwości zostańcie w domu.",
                    "Wszyscy: unikajcie aktywności fizycznej na zewnątrz; trzymajcie okna zamknięte.",
                ])
        }
    }

    static func pollutantName(_ pollutant: PollutantID) -> String {
        switch pollutant {
        case .pm25: "Pył drobny"
        case .pm10: "Pył gruby"
        case .no2: "Dwutlenek azotu"
        case .so2: "Dwutlenek siarki"
        case .o3: "Ozon"
        case .co: "Tlenek węgla"
        }
    }

    static func weather(_ code: WeatherCode) -> String {
        switch code {
        case .clearSky: "Bezchmurnie"
        case .mainlyClear: "Przeważnie bezchmurnie"
        case .partlyCloudy: "Częściowe zachmurzenie"
        case .overcast: "Zachmurzenie całkowite"
        case .fog: "Mgła"
        case .depositingRimeFog: "Mgła osadzająca szadź"
        case .lightDrizzle: "Słaba mżawka"
        case .moderateDrizzle: "Umiarkowana mżawka"
        case .denseDrizzle: "Gęsta mżawka"
        case .lightFreezingDrizzle: "Słaba marznąca mżawka"
        case .denseFreezingDrizzle: "Gęsta marznąca mżawka"
        case .slightRain: "Słaby deszcz"
        case .moderateRain: "Umiarkowany deszcz"
        case .heavyRain: "Silny deszcz"
        case .lightFreezingRain: "Słaby marznący deszcz"
        case .heavyFreezingRain: "Silny marznący deszcz"
        case .slightSnowfall: "Słabe opady śniegu"
        case .moderateSnowfall: "Umiarkowane opady śniegu"
        case .heavySnowfall: "Silne opady śniegu"
        case .snowGrains: "Śnieg ziarnisty"
        case .slightRainShowers: "Słabe przelotne opady deszczu"
        case .moderateRainShowers: "Umiarkowane przelotne opady deszczu"
        case .violentRainShowers: "Gwałtowne przelotne opady deszczu"
        case .slightSnowShowers: "Słabe przelotne opady śniegu"
        case .heavySnowShowers: "Silne przelotne opady śniegu"
        case .thunderstorm: "Burza"
        case .thunderstormWithSlightHail: "Burza ze słabym gradem"
        case .thunderstormWithHeavyHail: "Burza z silnym gradem"
        }
    }

    static func pollenCategory(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Brak"
        case .veryLow: "Bardzo niskie"
        case .low: "Niskie"
        case .moderate: "Średnie"
        case .high: "Wysokie"
        case .veryHigh: "Bardzo wysokie"
        }
    }

    static func pollenIndexDescription(_ category: PollenCategory) -> String {
        switch category {
        case .none: "Nie wykryto pyłku"
        case .veryLow: "Osoby z bardzo silną alergią na pyłki prawdopodobnie odczują objawy"
        case .low: "Osoby z silną alergią na pyłki prawdopodobnie odczują objawy"
        case .moderate: "Osoby z umiarkowaną alergią na pyłki prawdopodobnie odczują objawy"
        case .high: "Osoby z łagodną alergią na pyłki prawdopodobnie odczują objawy"
        case .veryHigh: "Osoby z bardzo łagodną alergią na pyłki prawdopodobnie odczują objawy"
        }
    }

    static func pollenType(_ type: PollenType) -> String {
        switch type {
        case .grass: "Trawy"
        case .tree: "Drzewa"
        case .weed: "Chwasty"
        }
    }

    static func plant(_ plant: OpenMeteoPlant) -> String {
        switch plant {
        case .alder: "Olsza"
        case .birch: "Brzoza"
        case .grass: "Trawy"
        case .mugwort: "Bylica"
        case .olive: "Oliwka"
        case .ragweed: "Ambrozja"
        }
    }
}
