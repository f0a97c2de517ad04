/// The documents the outdoor rules follow: each factor names one by its id, and an answer lists those it used.
public enum OutdoorSource: String, Sendable, Hashable, CaseIterable {
    case epaTAD2024 = "epa-tad-2024"
    case epaNowCast = "epa-nowcast"
    case epaOzoneGuide = "epa-ozone-guide"
    case epaSchools = "epa-schools"
    case eeaEAQI = "eea-eaqi"
    case whoUVI = "who-uvi"
    case pollenClasses = "pollen-classes"
    case googleUPI = "google-upi"
    case nwsHeatIndex = "nws-heat-index"
    case nwsWBGT = "nws-wbgt"
    case bomWBGT = "bom-thermal"
    case ecccWindChill = "eccc-wind-chill"
    case nwsForecastTerms = "nws-forecast-terms"
    case wmoWeatherCodes = "wmo-4677"
    case nwsLightning = "nws-lightning"
    case nwsAlerts = "nws-alerts"
    case ecccAlerts = "eccc-alerts"
    case meteoAlarm = "meteoalarm"

    /// The document's title.
    public var title: String {
        switch self {
        case .epaTAD2024:
            "US EPA, Technical Assistance Document for the Reporting of Daily Air Quality – the AQI "
                + "(EPA-454/B-24-002, 2024), with the 2024 PM2.5 breakpoints"
        case .epaNowCast: "US EPA / AirNow, the PM NowCast"
        case .epaOzoneGuide: "US EPA / AirNow, Air Quality Guide for Ozone"
        case .epaSchools: "US EPA, Air Quality and Outdoor Activities: Recommendations for Schools (EPA-456/F-11-005)"
        case .eeaEAQI: "European Environment Agency, European Air Quality Index"
        case .whoUVI: "WHO, Global Solar UV Index: A Practical Guide (WHO/SDE/OEH/02.2)"
        case .pollenClasses:
            "Pollen symptom classes per taxon: von Wahl (1999), EAACI position paper (Pfaar et al., Allergy 2017)"
        case .googleUPI: "Google Pollen API, Universal Pollen Index"
        case .nwsHeatIndex: "US National Weather Service, Heat Index (Rothfusz regression, NOAA WPC)"
        case .nwsWBGT: "US National Weather Service, Wet Bulb Globe Temperature"
        case .bomWBGT: "Australian Bureau of Meteorology, WBGT estimate for sun and light wind"
        case .ecccWindChill: "Environment and Climate Change Canada / NWS, Wind Chill Index"
        case .nwsForecastTerms: "US National Weather Service, forecast terms (precipitation chance, wind)"
        case .wmoWeatherCodes: "WMO code table 4677, present weather (Open-Meteo weather_code)"
        case .nwsLightning: "US National Weather Service, Lightning Safety"
        case .nwsAlerts: "US National Weather Service, active alerts (api.weather.gov)"
        case .ecccAlerts: "Environment and Climate Change Canada, weather alerts (MSC GeoMet)"
        case .meteoAlarm: "EUMETNET – MeteoAlarm, the warnings of Europe's national weather services"
        }
    }

    /// Where to read it.
    public var url: String {
        switch self {
        case .epaTAD2024:
            "https://www.airnow.gov/publications/air-quality-index/technical-assistance-document-for-reporting-the-daily-aqi/"
        case .epaNowCast: "https://forum.airnowtech.org/t/the-nowcast-for-pm2-5-and-pm10/172"
        case .epaOzoneGuide: "https://www.airnow.gov/publications/activity-guides/"
        case .epaSchools: "https://nepis.epa.gov/Exe/ZyPURL.cgi?Dockey=P100CHZB.txt"
        case .eeaEAQI: "https://airindex.eea.europa.eu"
        case .whoUVI: "https://www.who.int/publications/i/item/9241590076"
        case .pollenClasses: "https://doi.org/10.1111/all.13092"
        case .googleUPI: "https://developers.google.com/maps/documentation/pollen/pollen-index"
        case .nwsHeatIndex: "https://www.wpc.ncep.noaa.gov/html/heatindex_equation.shtml"
        case .nwsWBGT: "https://www.weather.gov/tsa/wbgt"
        case .bomWBGT: "http://www.bom.gov.au/info/thermal_stress/"
        case .ecccWindChill:
            "https://www.canada.ca/en/environment-climate-change/services/weather-health/wind-chill-cold-weather/wind-chill-index.html"
        case .nwsForecastTerms: "https://www.weather.gov/ppg/forecast_terms"
        case .wmoWeatherCodes: "https://open-meteo.com/en/docs#weather_variable_documentation"
        case .nwsLightning: "https://www.weather.gov/safety/lightning"
        case .nwsAlerts: "https://www.weather.gov/documentation/services-web-api"
        case .ecccAlerts: "https://eccc-msc.github.io/open-data/msc-geomet/readme_en/"
        case .meteoAlarm: "https://meteoalarm.org"
        }
    }
}
