import FoundationEssentials

/// The sections of a forecast a caller names variables for, with the upstream's name for each.
public enum ForecastSection: String, CaseIterable, Sendable {
    case current, hourly, daily, minutely15
    /// Weekly and monthly statistics: the seasonal API's only (see `WeatherAPI.sections`).
    case weekly, monthly

    /// The query parameter (and response key) Open-Meteo uses.
    public var upstreamName: String { self == .minutely15 ? "minutely_15" : rawValue }

    /// The names `KnownVariables` accepts here: daily aggregations for `daily`, weather variables for the
    /// sections in time steps; none for the statistics, whose names are the seasonal API's own.
    public var knownNames: Set<String> {
        switch self {
        case .daily: KnownVariables.daily
        case .current, .hourly, .minutely15: KnownVariables.weather
        case .weekly, .monthly: []
        }
    }
}

/// Every Open-Meteo variable name breeze-rpc knows, in one table: a typo is refused here with the closest
/// names, before any upstream call, instead of coming back as the upstream's decoder text.
///
/// The lists follow Open-Meteo's own variable enums (forecast surface variables, daily aggregations, CAMS air
/// quality), legacy spellings included because Open-Meteo still accepts them. Two ways past the lists, for
/// names they cannot hold: pressure- and height-level variables by `levelPattern` (`temperature_850hPa`,
/// `wind_speed_300m`), and any name at all behind `rawPrefix` (`raw:some_new_variable`), sent as is.
/// - Important: `schema/openrpc.json` lists these names too; `CatalogTests` keeps the two equal.
public enum KnownVariables {
    /// Variables for `current`, `hourly` and `minutely15`.
    public static let weather: Set<String> = [
        "albedo", "apparent_temperature", "boundary_layer_height", "cape", "cloud_base", "cloud_cover",
        "cloud_cover_2m", "cloud_cover_high", "cloud_cover_low", "cloud_cover_mid", "cloud_top", "cloudcover",
        "cloudcover_high", "cloudcover_low", "cloudcover_mid", "convective_cloud_base", "convective_cloud_top",
        "convective_inhibition", "dew_point_2m", "dewpoint_2m", "diffuse_radiation", "diffuse_radiation_instant",
        "direct_normal_irradiance", "direct_normal_irradiance_instant", "direct_radiation",
        "direct_radiation_instant", "et0_fao_evapotranspiration", "evapotranspiration", "freezing_level_height",
        "freezing_rain_probability", "freezinglevel_height", "global_tilted_irradiance",
        "global_tilted_irradiance_instant", "growing_degree_days_base_0_limit_50", "hail", "ice_pellets_probability",
        "is_day", "k_index", "latent_heat_flux", "latent_heatflux", "leaf_wetness_probability", "lifted_index",
        "lightning_potential", "mass_density_8m", "potential_evapotranspiration", "precipitation",
        "precipitation_probability", "precipitation_type", "pressure_msl", "rain", "rain_probability",
        "relative_humidity_2m", "relativehumidity_2m", "roughness_length", "runoff", "sensible_heat_flux",
        "sensible_heatflux", "shortwave_radiation", "shortwave_radiation_clear_sky",
        "shortwave_radiation_clear_sky_instant", "shortwave_radiation_instant", "showers", "skin_temperature",
        "snow_density", "snow_depth", "snow_depth_water_equivalent", "snow_height", "snowfall", "snowfall_height",
        "snowfall_probability", "snowfall_water_equivalent", "soil_moisture_0_1cm", "soil_moisture_0_to_100cm",
        "soil_moisture_0_to_10cm", "soil_moisture_0_to_1cm", "soil_moisture_0_to_7cm", "soil_moisture_100_to_200cm",
        "soil_moisture_100_to_255cm", "soil_moisture_100_to_300cm", "soil_moisture_10_to_35cm",
        "soil_moisture_10_to_40cm", "soil_moisture_1_3cm", "soil_moisture_1_to_3cm", "soil_moisture_243_to_729cm",
        "soil_moisture_27_81cm", "soil_moisture_27_to_81cm", "soil_moisture_28_to_100cm", "soil_moisture_35_to_100cm",
        "soil_moisture_3_9cm", "soil_moisture_3_to_9cm", "soil_moisture_40_to_100cm", "soil_moisture_729_to_2187cm",
        "soil_moisture_7_to_28cm", "soil_moisture_81_to_243cm", "soil_moisture_9_27cm", "soil_moisture_9_to_27cm",
        "soil_moisture_index_0_to_100cm", "soil_moisture_index_0_to_7cm", "soil_moisture_index_100_to_255cm",
        "soil_moisture_index_28_to_100cm", "soil_moisture_index_7_to_28cm", "soil_temperature_0_to_100cm",
        "soil_temperature_0_to_10cm", "soil_temperature_0_to_7cm", "soil_temperature_0cm",
        "soil_temperature_100_to_200cm", "soil_temperature_100_to_255cm", "soil_temperature_100_to_300cm",
        "soil_temperature_10_to_35cm", "soil_temperature_10_to_40cm", "soil_temperature_1458cm",
        "soil_temperature_162cm", "soil_temperature_18cm", "soil_temperature_28_to_100cm",
        "soil_temperature_35_to_100cm", "soil_temperature_40_to_100cm", "soil_temperature_486cm",
        "soil_temperature_54cm", "soil_temperature_6cm", "soil_temperature_7_to_28cm", "sunshine_duration",
        "surface_pressure", "surface_temperature", "temperature_100m", "temperature_120m", "temperature_150m",
        "temperature_180m", "temperature_200m", "temperature_20m", "temperature_2m", "temperature_40m",
        "temperature_50m", "temperature_80m", "terrestrial_radiation",
        "terrestrial_radiation_instant", "thunderstorm_probability", "total_column_integrated_water_vapour",
        "updraft", "uv_index", "uv_index_clear_sky", "vapor_pressure_deficit", "vapour_pressure_deficit",
        "visibility", "weather_code", "weathercode", "wet_bulb_temperature_2m", "wind_direction_100m",
        "wind_direction_10m", "wind_direction_120m", "wind_direction_140m", "wind_direction_150m",
        "wind_direction_160m", "wind_direction_180m", "wind_direction_200m", "wind_direction_20m",
        "wind_direction_250m", "wind_direction_300m", "wind_direction_30m", "wind_direction_350m",
        "wind_direction_40m", "wind_direction_450m", "wind_direction_50m", "wind_direction_70m", "wind_direction_80m",
        "wind_gusts_10m", "wind_speed_100m", "wind_speed_10m", "wind_speed_120m", "wind_speed_140m",
        "wind_speed_150m", "wind_speed_160m", "wind_speed_180m", "wind_speed_200m", "wind_speed_20m",
        "wind_speed_250m", "wind_speed_300m", "wind_speed_30m", "wind_speed_350m", "wind_speed_40m",
        "wind_speed_450m", "wind_speed_50m", "wind_speed_70m", "wind_speed_80m", "winddirection_100m",
        "winddirection_10m", "winddirection_120m", "winddirection_150m", "winddirection_180m", "winddirection_200m",
        "winddirection_20m", "winddirection_40m", "winddirection_50m", "winddirection_80m", "windgusts_10m",
        "windspeed_100m", "windspeed_10m", "windspeed_120m", "windspeed_150m", "windspeed_180m", "windspeed_200m",
        "windspeed_20m", "windspeed_40m", "windspeed_50m", "windspeed_80m",
    ]

    /// Daily aggregations, for `daily`.
    public static let daily: Set<String> = [
        "apparent_temperature_max", "apparent_temperature_mean", "apparent_temperature_min", "cape_max", "cape_mean",
        "cape_min", "cloud_cover_max", "cloud_cover_mean", "cloud_cover_min", "cloudcover_max", "cloudcover_mean",
        "cloudcover_min", "daylight_duration", "dew_point_2m_max", "dew_point_2m_mean", "dew_point_2m_min",
        "dewpoint_2m_max", "dewpoint_2m_mean", "dewpoint_2m_min", "et0_fao_evapotranspiration",
        "et0_fao_evapotranspiration_sum", "growing_degree_days_base_0_limit_50", "leaf_wetness_probability_mean",
        "moon_phase", "moonrise", "moonset", "precipitation_hours", "precipitation_probability_max",
        "precipitation_probability_mean", "precipitation_probability_min", "precipitation_sum", "pressure_msl_max",
        "pressure_msl_mean", "pressure_msl_min", "rain_sum", "relative_humidity_2m_max", "relative_humidity_2m_mean",
        "relative_humidity_2m_min", "shortwave_radiation_sum", "showers_sum", "snow_depth_max", "snow_depth_mean",
        "snow_depth_min", "snowfall_sum", "snowfall_water_equivalent_sum", "soil_moisture_0_to_100cm_mean",
        "soil_moisture_0_to_10cm_mean", "soil_moisture_0_to_7cm_mean", "soil_moisture_100_to_255cm_mean",
        "soil_moisture_28_to_100cm_mean", "soil_moisture_7_to_28cm_mean", "soil_moisture_index_0_to_100cm_mean",
        "soil_moisture_index_0_to_7cm_mean", "soil_moisture_index_100_to_255cm_mean",
        "soil_moisture_index_28_to_100cm_mean", "soil_moisture_index_7_to_28cm_mean",
        "soil_temperature_0_to_100cm_mean", "soil_temperature_0_to_7cm_mean", "soil_temperature_100_to_255cm_mean",
        "soil_temperature_28_to_100cm_mean", "soil_temperature_7_to_28cm_mean", "sunrise", "sunset",
        "sunshine_duration", "surface_pressure_max", "surface_pressure_mean", "surface_pressure_min",
        "temperature_2m_max", "temperature_2m_mean", "temperature_2m_min", "updraft_max", "uv_index_clear_sky_max",
        "uv_index_max", "vapor_pressure_deficit_max", "vapour_pressure_deficit_max", "visibility_max",
        "visibility_mean", "visibility_min", "weather_code", "weathercode", "wet_bulb_temperature_2m_max",
        "wet_bulb_temperature_2m_mean", "wet_bulb_temperature_2m_min", "wind_direction_100m_dominant",
        "wind_direction_10m_dominant", "wind_direction_200m_dominant", "wind_gusts_10m_max", "wind_gusts_10m_mean",
        "wind_gusts_10m_min", "wind_speed_100m_max", "wind_speed_100m_mean", "wind_speed_100m_min",
        "wind_speed_10m_max", "wind_speed_10m_mean", "wind_speed_10m_min", "wind_speed_200m_max",
        "wind_speed_200m_mean", "wind_speed_200m_min", "winddirection_10m_dominant", "windgusts_10m_max",
        "windgusts_10m_mean", "windgusts_10m_min", "windspeed_10m_max", "windspeed_10m_mean", "windspeed_10m_min",
    ]

    /// CAMS air-quality variables (what `fetchAirQuality` asks for is among them).
    public static let airQuality: Set<String> = [
        "aerosol_optical_depth", "alder_pollen", "ammonia", "birch_pollen", "carbon_dioxide", "carbon_monoxide",
        "dust", "european_aqi", "european_aqi_nitrogen_dioxide", "european_aqi_no2", "european_aqi_o3",
        "european_aqi_ozone", "european_aqi_pm10", "european_aqi_pm2_5", "european_aqi_so2",
        "european_aqi_sulphur_dioxide", "formaldehyde", "glyoxal", "grass_pollen", "is_day", "methane",
        "mugwort_pollen", "nitrogen_dioxide", "nitrogen_monoxide", "non_methane_volatile_organic_compounds",
        "olive_pollen", "ozone", "peroxyacyl_nitrates", "pm10", "pm10_wildfires", "pm2_5",
        "pm2_5_total_organic_matter", "ragweed_pollen", "residential_elementary_carbon", "sea_salt_aerosol",
        "secondary_inorganic_aerosol", "sulphur_dioxide", "total_elementary_carbon", "us_aqi",
        "us_aqi_carbon_monoxide", "us_aqi_co", "us_aqi_nitrogen_dioxide", "us_aqi_no2", "us_aqi_o3", "us_aqi_ozone",
        "us_aqi_pm10", "us_aqi_pm2_5", "us_aqi_so2", "us_aqi_sulphur_dioxide", "uv_index", "uv_index_clear_sky",
    ]

    /// Pressure-level (`hPa`) and height-level (`m`) variables, which no list can hold: any level works.
    public static let levelPattern =
        "^(temperature|relative_humidity|relativehumidity|dew_point|dewpoint|cloud_cover|cloudcover|wind_speed"
        + "|windspeed|wind_direction|winddirection|wind_u_component|wind_v_component|vertical_velocity"
        + "|geopotential_height)_[0-9]{1,4}(hPa|m)$"

    /// Sends the rest of the name to Open-Meteo unchecked: the escape hatch for variables newer than this table.
    public static let rawPrefix = "raw:"
    /// What may follow `rawPrefix`.
    public static let rawPattern = "^raw:[A-Za-z0-9_]{1,64}$"

    /// The name to send upstream for `name` in `section`.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming the section's field, quoting `name` and suggesting the
    ///   closest known names.
    public static func upstreamName(_ name: String, in section: ForecastSection) throws(BreezeError) -> String {
        if section.knownNames.contains(name) { return name }
        if section != .daily, matches(levelPattern, name) { return name }
        if matches(rawPattern, name) { return String(name.dropFirst(rawPrefix.count)) }
        try checkSection(of: name, in: section)
        let closest = NameSuggestions.nearest(to: name, among: section.knownNames)
        let hint = closest.isEmpty ? "" : " Did you mean \(closest.joined(separator: ", "))?"
        let levels = section == .daily ? "" : " Pressure and height levels such as temperature_850hPa work too;"
        throw .invalidParameter(
            name: section.rawValue,
            reason: "unknown variable \"\(name)\".\(hint)\(levels) rpc.discover lists every known name, and "
                + "\"\(rawPrefix)NAME\" sends any other Open-Meteo name as is.")
    }

    /// Refuses a daily aggregation named in a section of time steps, where Open-Meteo would answer with its
    /// decoder's text, saying where it belongs and suggesting the closest names that do belong here.
    ///
    /// The reverse mistake (an hourly name in `daily`) reads as an unknown daily name, with suggestions.
    /// - Throws: `BreezeError.invalidParameter` naming the section's field.
    static func checkSection(of name: String, in section: ForecastSection) throws(BreezeError) {
        guard section != .daily, !weather.contains(name), daily.contains(name) else { return }
        let closest = NameSuggestions.nearest(to: name, among: section.knownNames)
        let hint = closest.isEmpty ? "" : " Did you mean \(closest.joined(separator: ", "))?"
        throw .invalidParameter(
            name: section.rawValue,
            reason: "\"\(name)\" is a daily variable: ask for it in daily.\(hint)")
    }

    /// Whether `name` matches `pattern`, one of the patterns above (the schema states the same ones).
    static func matches(_ pattern: String, _ name: String) -> Bool {
        (try? Regex(pattern)).map { name.contains($0) } ?? false
    }
}
