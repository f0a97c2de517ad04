/// A `ubyte` enum of Open-Meteo's FlatBuffers schema too long to spell as Swift cases: the raw byte and a table
/// of the schema's names in order, so a value from a newer server than the table still reads (without a name).
public protocol SchemaEnumeration: RawRepresentable<UInt8>, Sendable, Hashable {
    /// The schema's names, in order: index = raw value.
    static var names: [String] { get }
}

extension SchemaEnumeration {
    /// The schema's name, e.g. `temperature` or `icon_seamless`; nil for a value the table does not know.
    public var name: String? { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : nil }
}

/// A weather variable in Open-Meteo's FlatBuffers schema (`openmeteo_sdk.Variable`): the quantity without its
/// height, level or aggregation (`temperature_2m_max` is `temperature`, altitude 2, aggregation maximum).
///
/// Kept as the raw byte with a table of names in schema order, so a server newer than this table (more variables)
/// still reads: an unknown value just has no name.
public struct OpenMeteoVariable: SchemaEnumeration {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `enum Variable: ubyte` of `weather_api.fbs`, in order: index = raw value.
    public static let names: [String] = [
        "undefined", "apparent_temperature", "cape", "cloud_cover", "cloud_cover_high", "cloud_cover_low",
        "cloud_cover_mid", "daylight_duration", "dew_point", "diffuse_radiation", "diffuse_radiation_instant",
        "direct_normal_irradiance", "direct_normal_irradiance_instant", "direct_radiation",
        "direct_radiation_instant", "et0_fao_evapotranspiration", "evapotranspiration", "freezing_level_height",
        "growing_degree_days", "is_day", "latent_heat_flux", "leaf_wetness_probability", "lifted_index",
        "lightning_potential", "precipitation", "precipitation_hours", "precipitation_probability", "pressure_msl",
        "rain", "relative_humidity", "runoff", "sensible_heat_flux", "shortwave_radiation",
        "shortwave_radiation_instant", "showers", "snow_depth", "snow_height", "snowfall", "snowfall_height",
        "snowfall_water_equivalent", "sunrise", "sunset", "soil_moisture", "soil_moisture_index", "soil_temperature",
        "surface_pressure", "surface_temperature", "temperature", "terrestrial_radiation",
        "terrestrial_radiation_instant", "total_column_integrated_water_vapour", "updraft", "uv_index",
        "uv_index_clear_sky", "vapour_pressure_deficit", "visibility", "weather_code", "wind_direction",
        "wind_gusts", "wind_speed", "vertical_velocity", "geopotential_height", "wet_bulb_temperature",
        "river_discharge", "wave_height", "wave_period", "wave_direction", "wind_wave_height", "wind_wave_period",
        "wind_wave_peak_period", "wind_wave_direction", "swell_wave_height", "swell_wave_period",
        "swell_wave_peak_period", "swell_wave_direction", "pm10", "pm2p5", "dust", "aerosol_optical_depth",
        "carbon_monoxide", "nitrogen_dioxide", "ammonia", "ozone", "sulphur_dioxide", "alder_pollen", "birch_pollen",
        "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen", "european_aqi", "european_aqi_pm2p5",
        "european_aqi_pm10", "european_aqi_nitrogen_dioxide", "european_aqi_ozone", "european_aqi_sulphur_dioxide",
        "us_aqi", "us_aqi_pm2p5", "us_aqi_pm10", "us_aqi_nitrogen_dioxide", "us_aqi_ozone", "us_aqi_sulphur_dioxide",
        "us_aqi_carbon_monoxide", "sunshine_duration", "convective_inhibition", "shortwave_radiation_clear_sky",
        "global_tilted_irradiance", "global_tilted_irradiance_instant", "ocean_current_velocity",
        "ocean_current_direction", "cloud_base", "cloud_top", "mass_density", "boundary_layer_height",
        "formaldehyde", "glyoxal", "non_methane_volatile_organic_compounds", "pm10_wildfires", "peroxyacyl_nitrates",
        "secondary_inorganic_aerosol", "residential_elementary_carbon", "total_elementary_carbon",
        "pm2_5_total_organic_matter", "sea_salt_aerosol", "nitrogen_monoxide", "thunderstorm_probability",
        "rain_probability", "freezing_rain_probability", "ice_pellets_probability", "snowfall_probability",
        "carbon_dioxide", "methane", "sea_level_height_msl", "sea_surface_temperature", "invert_barometer_height",
        "hail", "albedo", "precipitation_type", "convective_cloud_base", "convective_cloud_top",
        "snow_depth_water_equivalent", "secondary_swell_wave_height", "secondary_swell_wave_period",
        "secondary_swell_wave_peak_period", "secondary_swell_wave_direction", "tertiary_swell_wave_height",
        "tertiary_swell_wave_period", "tertiary_swell_wave_peak_period", "tertiary_swell_wave_direction",
        "wind_u_component", "wind_v_component", "temperature_max24h", "temperature_min24h", "temperature_mean24h",
        "snow_density", "longwave_radiation", "sea_ice_cover", "k_index", "roughness_length",
        "potential_evapotranspiration", "wave_peak_period", "temperature_max6h", "temperature_min6h",
        "lightning_density", "sea_ice_thickness", "shortwave_radiation_clear_sky_instant", "sea_water_salinity",
        "total_column_water", "air_density", "moonrise", "moonset", "moon_phase",
    ]
}

/// A weather model in Open-Meteo's FlatBuffers schema (`openmeteo_sdk.Model`); its name is what the `models`
/// query parameter takes.
public struct OpenMeteoModel: SchemaEnumeration {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `enum Model: ubyte` of `weather_api.fbs`, in order: index = raw value.
    public static let names: [String] = [
        "undefined", "best_match", "gfs_seamless", "gfs_global", "gfs_hrrr", "meteofrance_seamless",
        "meteofrance_arpege_seamless", "meteofrance_arpege_world", "meteofrance_arpege_europe",
        "meteofrance_arome_seamless", "meteofrance_arome_france", "meteofrance_arome_france_hd", "jma_seamless",
        "jma_msm", "jms_gsm", "jma_gsm", "gem_seamless", "gem_global", "gem_regional", "gem_hrdps_continental",
        "icon_seamless", "icon_global", "icon_eu", "icon_d2", "ecmwf_ifs04", "metno_nordic", "era5_seamless", "era5",
        "cerra", "era5_land", "ecmwf_ifs", "gwam", "ewam", "glofas_seamless_v3", "glofas_forecast_v3",
        "glofas_consolidated_v3", "glofas_seamless_v4", "glofas_forecast_v4", "glofas_consolidated_v4", "gfs025",
        "gfs05", "CMCC_CM2_VHR4", "FGOALS_f3_H_highresSST", "FGOALS_f3_H", "HiRAM_SIT_HR", "MRI_AGCM3_2_S",
        "EC_Earth3P_HR", "MPI_ESM1_2_XR", "NICAM16_8S", "cams_europe", "cams_global", "cfsv2", "era5_ocean",
        "cma_grapes_global", "bom_access_global", "bom_access_global_ensemble", "arpae_cosmo_seamless",
        "arpae_cosmo_2i", "arpae_cosmo_2i_ruc", "arpae_cosmo_5m", "ecmwf_ifs025", "ecmwf_aifs025", "gfs013",
        "gfs_graphcast025", "ecmwf_wam025", "meteofrance_wave", "meteofrance_currents", "ecmwf_wam025_ensemble",
        "ncep_gfswave025", "ncep_gefswave025", "knmi_seamless", "knmi_harmonie_arome_europe",
        "knmi_harmonie_arome_netherlands", "dmi_seamless", "dmi_harmonie_arome_europe", "metno_seamless",
        "era5_ensemble", "ecmwf_ifs_analysis", "ecmwf_ifs_long_window", "ecmwf_ifs_analysis_long_window",
        "ukmo_global_deterministic_10km", "ukmo_uk_deterministic_2km", "ukmo_seamless", "ncep_gfswave016",
        "ncep_nbm_conus", "ukmo_global_ensemble_20km", "ecmwf_aifs025_single", "jma_jaxa_himawari",
        "eumetsat_sarah3", "eumetsat_lsa_saf_msg", "eumetsat_lsa_saf_iodc", "satellite_radiation_seamless",
        "kma_gdps", "kma_ldps", "kma_seamless", "italia_meteo_arpae_icon_2i", "ukmo_uk_ensemble_2km",
        "meteofrance_arome_france_hd_15min", "meteofrance_arome_france_15min", "meteoswiss_icon_ch1",
        "meteoswiss_icon_ch2", "meteoswiss_icon_ch1_ensemble", "meteoswiss_icon_ch2_ensemble",
        "meteoswiss_icon_seamless", "ncep_nam_conus", "icon_d2_ruc", "ecmwf_seas5", "ecmwf_ec46",
        "ecmwf_seasonal_seamless", "ecmwf_ifs_seamless", "jma_jaxa_mtg_fci", "gem_hrdps_west", "ecmwf_wam",
        "ncep_aigfs025", "ncep_aigefs025", "ncep_hgefs025_ensemble_mean", "ecmwf_seasonal_ensemble_mean_seamless",
        "ecmwf_seas5_ensemble_mean", "ecmwf_ec46_ensemble_mean", "ncep_aigefs025_ensemble_mean",
        "dwd_icon_eps_ensemble_mean_seamless", "dwd_icon_eps_ensemble_mean", "dwd_icon_eu_eps_ensemble_mean",
        "dwd_icon_d2_eps_ensemble_mean", "ncep_gefs_ensemble_mean_seamless", "ncep_gefs025_ensemble_mean",
        "ncep_gefs05_ensemble_mean", "ecmwf_ifs025_ensemble_mean", "ecmwf_aifs025_ensemble_mean",
        "meteoswiss_icon_ch1_ensemble_mean", "meteoswiss_icon_ch2_ensemble_mean", "cmc_gem_geps_ensemble_mean",
        "ukmo_global_ensemble_mean_20km", "ukmo_uk_ensemble_mean_2km", "dwd_sis_europe_africa_v4",
        "bom_access_global_ensemble_mean", "ecmwf_wam025_ensemble_mean", "ncep_gefswave025_ensemble_mean",
        "geosphere_arome_austria", "geosphere_seamless", "chmi_aladin_cz_1km", "ecmwf_ifs_europe_ensemble",
        "ecmwf_ifs_europe_ensemble_mean", "ecmwf_aifs_europe_ensemble", "ecmwf_aifs_europe_ensemble_mean",
        "google_weathernext2_ensemble", "google_weathernext2_ensemble_mean",
    ]
}
