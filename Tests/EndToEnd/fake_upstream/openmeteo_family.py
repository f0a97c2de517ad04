"""The rest of Open-Meteo's time-series family, as data: one `OpenMeteoApi` per API, each served under its
breeze-rpc setting's name plus the real path (the real hosts tell these APIs apart by `Host`; `/v1/forecast` is
four different APIs). Per API only facts differ: path, default model and the name `best_match` takes in keys,
day limits, history, sections, `run`, models with their members and areas, and the variables it has.

    historicalForecast  /historical-forecast/v1/forecast  the forecast's models on archived runs, from 2016
    previousRuns        /previous-runs/v1/forecast        the same, with `_previous_dayN` names (an earlier run)
    singleRun           /single-run/v1/forecast           one run: `run=` required, dates refused
    ensemble            /ensemble/v1/ensemble             members per model (GEFS 31, ECMWF 51, GEM 21 …)
    seasonal            /seasonal/v1/seasonal             51 members 6-hourly, `weekly` (EC46), `monthly` (SEAS5)
    marine              /marine/v1/marine                 waves and currents at sea, nulls on land
    flood               /flood/v1/flood                   daily river discharge; `ensemble=true`: 51 members
    climateProjection   /climate-projection/v1/climate    CMIP6, daily, to 2050; `disable_bias_correction`
    satellite           /satellite/v1/archive             radiation from `satellite_radiation_seamless`; nothing
                                                          west of 60° W; without `models` the plain archive

The historical weather (archive) is `openmeteo_archive`, the forecast `openmeteo_forecast`.
"""

from __future__ import annotations

import datetime as dt

from .family_variables import CLIMATE, FAMILY_WEATHER, FLOOD, MARINE, RADIATION
from .openmeteo import Model, OpenMeteoApi, box
from .openmeteo_forecast import SDK_MODELS
from .places import Place, at_sea
from .query import Query, parse_float

WEATHER_SECTIONS = ("current", "minutely_15", "hourly", "daily")


def _since(year: int, month: int = 1, day: int = 1):
    return lambda today: dt.date(year, month, day)


def _tilt(query: Query) -> dict:
    """`tilt` and `azimuth` (degrees) for tilted irradiance."""
    return {"tilt": parse_float(query.get("tilt", "0")), "azimuth": parse_float(query.get("azimuth", "0"))}


def _forecast_archive(name: str, path: str, default_days: int, earliest, run: str) -> OpenMeteoApi:
    """An API on the forecast's archived runs: its variables and models, 16 days ahead."""
    return OpenMeteoApi(
        name=name, path=path, grid_step=0.1, default_days=default_days, max_days=16, max_past_days=None,
        earliest=earliest, latest_days=16, variables=FAMILY_WEATHER, models=SDK_MODELS, run=run, options=_tilt)


HISTORICAL_FORECAST = _forecast_archive("historicalForecast", "/historical-forecast/v1/forecast", 1, _since(2016),
                                        "refused")
PREVIOUS_RUNS = _forecast_archive("previousRuns", "/previous-runs/v1/forecast", 7, _since(2016), "refused")
SINGLE_RUN = _forecast_archive("singleRun", "/single-run/v1/forecast", 7, _since(2023), "required")

#: The ensemble API's models: (lossy) `openmeteo_sdk.Model`, grid, members; regional ones answer nothing outside
#: their area (MeteoSwiss: "No data is available for this location"); the ensemble means serve `_spread`.
ENSEMBLE_MODELS = {
    "ncep_gefs_seamless": Model(2, 0.25, 31), "ncep_gefs025": Model(39, 0.25, 31), "ncep_gefs05": Model(40, 0.5, 31),
    "ncep_aigefs025": Model(39, 0.25, 31), "ecmwf_ifs025_ensemble": Model(60, 0.25, 51),
    "ecmwf_aifs025_ensemble": Model(61, 0.25, 51), "icon_seamless_eps": Model(20, 0.25, 40),
    "icon_global_eps": Model(21, 0.25, 40),
    "icon_eu_eps": Model(22, 0.125, 40, covers=box(29.5, 70.5, -23.5, 62.5), outside="nan"),
    "icon_d2_eps": Model(23, 0.02, 20, covers=box(43.0, 58.0, -4.0, 20.0), outside="nan"),
    "cmc_gem_geps": Model(17, 0.25, 21), "bom_access_global_ensemble": Model(55, 0.4, 18),
    "ukmo_global_ensemble_20km": Model(85, 0.2, 18), "google_weathernext2_ensemble": Model(0, 0.25, 64),
    "meteoswiss_icon_ch1_ensemble": Model(101, 0.01, 11, covers=box(45.5, 48.0, 5.5, 11.0)),
    "meteoswiss_icon_ch2_ensemble": Model(102, 0.02, 21, covers=box(45.5, 48.0, 5.5, 11.0)),
    "ecmwf_ifs025_ensemble_mean": Model(60, 0.25, spread=True),
    "ncep_gefs025_ensemble_mean": Model(39, 0.25, spread=True),
}
ENSEMBLE = OpenMeteoApi(
    name="ensemble", path="/ensemble/v1/ensemble", grid_step=0.25, default_days=7, max_days=36, max_past_days=93,
    earliest=lambda today: today - dt.timedelta(days=93), latest_days=36, variables=FAMILY_WEATHER,
    models=ENSEMBLE_MODELS, default_model=Model(2, 0.25, 31), best_match="ncep_gefs_seamless", run="refused",
    renames={"icon_seamless": "icon_seamless_eps", "ecmwf_ifs025": "ecmwf_ifs025_ensemble", "gfs025": "ncep_gefs025"},
    options=_tilt)

#: Seasonal models: SEAS5 has the monthly statistics, EC46 the weekly ones, the seamless mix both.
SEASONAL_MODELS = {
    "ecmwf_seasonal_seamless": Model(106, 0.36, 51), "ecmwf_seas5": Model(106, 0.36, 51, statistics=("monthly",)),
    "ecmwf_ec46": Model(0, 0.36, 51, statistics=("weekly",)),
    "ecmwf_seasonal_ensemble_mean": Model(106, 0.36, spread=True),
    "ecmwf_seas5_ensemble_mean": Model(106, 0.36, spread=True, statistics=("monthly",)),
    "ecmwf_ec46_ensemble_mean": Model(0, 0.36, spread=True, statistics=("weekly",)),
}
SEASONAL = OpenMeteoApi(
    name="seasonal", path="/seasonal/v1/seasonal", grid_step=0.36, default_days=183, max_days=217,
    max_past_days=None, earliest=_since(2025, 9), latest_days=217, variables=FAMILY_WEATHER,
    sections=("hourly", "daily", "weekly", "monthly"), models=SEASONAL_MODELS, default_model=Model(106, 0.36, 51),
    best_match="ecmwf_seasonal_seamless", run="refused", hourly_minutes=360)


def _sea_level(place: Place) -> float:
    """Marine answers report 0 m at sea."""
    return 0.0 if at_sea(place.lat, place.lon) else place.elevation


MARINE_MODELS = {
    "meteofrance_wave": Model(65, 0.083), "meteofrance_currents": Model(66, 0.083),
    "ewam": Model(32, 0.05, covers=box(30.0, 66.0, -10.5, 42.0), outside="nan"), "gwam": Model(31, 0.25),
    "ecmwf_wam025": Model(64, 0.25), "ncep_gfswave025": Model(68, 0.25), "ncep_gfswave016": Model(83, 0.16),
    "era5_ocean": Model(52, 0.5), "ecmwf_wam025_ensemble": Model(67, 0.25, 51),
    "ncep_gefswave025": Model(69, 0.25, 31),
}
MARINE_API = OpenMeteoApi(
    name="marine", path="/marine/v1/marine", grid_step=0.083, default_days=7, max_days=16, max_past_days=None,
    earliest=_since(1940), latest_days=16, variables=MARINE, models=MARINE_MODELS,
    default_model=Model(1, 0.083, lacks=("wave_peak_period",)), best_match="marine_best_match", run="refused",
    elevation=_sea_level)


def _on_land(lat: float, lon: float) -> bool:
    """GloFAS finds a river only on land; at sea its reader finds nothing."""
    return not at_sea(lat, lon)


def _flood_members(section: str, name: str, model: Model, query: Query) -> int:
    """`ensemble=true` gives `river_discharge` all 51 members; its statistics stay single."""
    return 51 if name == "river_discharge" and query.get("ensemble") == "true" else 1


FLOOD_MODELS = {name: Model(sdk, 0.05, covers=_on_land, outside="nan") for name, sdk in (
    ("seamless_v4", 36), ("forecast_v4", 37), ("consolidated_v4", 38), ("seamless_v3", 33), ("forecast_v3", 34),
    ("consolidated_v3", 35))}
FLOOD_API = OpenMeteoApi(
    name="flood", path="/flood/v1/flood", grid_step=0.05, default_days=92, max_days=366, max_past_days=None,
    earliest=_since(1984), latest_days=366, variables=FLOOD, sections=("daily",), models=FLOOD_MODELS,
    default_model=Model(1, 0.05, covers=_on_land, outside="nan"), best_match="flood_best_match", run="refused",
    members=_flood_members)

CLIMATE_MODELS = {name: Model(sdk, grid) for name, sdk, grid in (
    ("CMCC_CM2_VHR4", 41, 0.3), ("FGOALS_f3_H", 43, 0.25), ("HiRAM_SIT_HR", 44, 0.25), ("MRI_AGCM3_2_S", 45, 0.2),
    ("EC_Earth3P_HR", 46, 0.35), ("MPI_ESM1_2_XR", 47, 0.3), ("NICAM16_8S", 48, 0.3))}
CLIMATE_PROJECTION = OpenMeteoApi(
    name="climateProjection", path="/climate-projection/v1/climate", grid_step=0.2, default_days=7, max_days=14,
    max_past_days=None, earliest=_since(1950), latest_days=0, latest=lambda today: dt.date(2050, 12, 31),
    variables=CLIMATE, sections=("daily",), models=CLIMATE_MODELS, default_model=Model(45, 0.2),
    best_match="MRI_AGCM3_2_S", run="refused",
    options=lambda query: {"bias_corrected": query.get("disable_bias_correction", "false") != "true"})


def _seamless_minutes(lat: float, lon: float) -> int:
    """The satellite the seamless mix reads at a longitude: MSG (15 min), MTG (10), IODC (15), Himawari (10)."""
    return 15 if lon < -20 else 10 if lon < 60 else 15 if lon < 90 else 10


def _satellite(sdk: int, covers, minutes: int | None = None) -> Model:
    return Model(sdk, 0.05, covers=covers, outside="nan", variables=RADIATION,
                 native_minutes=_seamless_minutes if minutes is None else (lambda lat, lon: minutes))


#: Satellite models; none sees west of 60° W ("GOES not integrated yet").
SATELLITE_MODELS = {
    "satellite_radiation_seamless": _satellite(91, lambda lat, lon: lon >= -60),
    "dwd_sis_europe_africa_v4": _satellite(0, box(-70.0, 70.0, -20.0, 60.0), 10),
    "eumetsat_lsa_saf_msg": _satellite(89, box(-70.0, 70.0, -60.0, 50.0), 15),
    "eumetsat_lsa_saf_iodc": _satellite(90, box(-70.0, 70.0, 40.0, 110.0), 15),
    "eumetsat_sarah3": _satellite(88, box(-65.0, 65.0, -60.0, 65.0), 30),
    "jma_jaxa_himawari": _satellite(87, box(-70.0, 70.0, 80.0, 180.0), 10),
}
SATELLITE = OpenMeteoApi(
    name="satellite", path="/satellite/v1/archive", grid_step=0.25, default_days=1, max_days=1, max_past_days=None,
    earliest=_since(1983), latest_days=0, variables=FAMILY_WEATHER, sections=("hourly", "daily"),
    models=SATELLITE_MODELS, best_match="archive_best_match", run="refused", options=_tilt)

#: In breeze-rpc's `Upstream` order, with the variable holding each one's base URL.
FAMILY = [
    (HISTORICAL_FORECAST, "BREEZE_HISTORICAL_FORECAST_URL"), (PREVIOUS_RUNS, "BREEZE_PREVIOUS_RUNS_URL"),
    (SINGLE_RUN, "BREEZE_SINGLE_RUN_URL"), (ENSEMBLE, "BREEZE_ENSEMBLE_URL"), (SEASONAL, "BREEZE_SEASONAL_URL"),
    (MARINE_API, "BREEZE_MARINE_URL"), (FLOOD_API, "BREEZE_FLOOD_URL"),
    (CLIMATE_PROJECTION, "BREEZE_CLIMATE_PROJECTION_URL"), (SATELLITE, "BREEZE_SATELLITE_URL"),
]
