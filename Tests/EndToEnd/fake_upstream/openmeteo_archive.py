"""Open-Meteo's historical weather (/v1/archive, ERA5): the forecast's weather model on a 0.25° grid from 1940
to today, null within the last days (the reanalysis lags about five days), hourly and daily only (with the
family's names: daily aggregates such as `wind_speed_10m_mean`), and its reanalysis models (`best_match` is
`archive_best_match` in multi-model keys; CERRA covers Europe only)."""

from __future__ import annotations

import datetime as dt

from .openmeteo import Model, OpenMeteoApi, box
from .family_variables import FAMILY_WEATHER

#: The archive's models: `openmeteo_sdk.Model` value and grid; `era5_ensemble` serves `_spread` variables.
ARCHIVE_MODELS = {
    "era5_seamless": Model(26, 0.25), "era5": Model(27, 0.25), "era5_land": Model(29, 0.1),
    "ecmwf_ifs": Model(30, 0.1), "ecmwf_ifs_analysis_long_window": Model(79, 0.1),
    "ecmwf_ifs_long_window": Model(78, 0.1), "era5_ensemble": Model(76, 0.5, spread=True),
    "cerra": Model(28, 0.05, covers=box(20.0, 75.0, -60.0, 75.0), outside="nan"),
}

ARCHIVE = OpenMeteoApi(
    name="archive", path="/v1/archive", grid_step=0.25, default_days=1, max_days=1, max_past_days=None,
    earliest=lambda today: dt.date(1940, 1, 1), latest_days=0, variables=FAMILY_WEATHER, sections=("hourly", "daily"),
    lag_days=4, models=ARCHIVE_MODELS, best_match="archive_best_match", run="refused")
