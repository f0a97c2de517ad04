"""Open-Meteo's historical weather (/v1/archive, ERA5): the forecast's weather model on a 0.25° grid from 1940
to today, null within the last days (the reanalysis lags about five days), without `current`."""

from __future__ import annotations

import datetime as dt

from .openmeteo import OpenMeteoApi
from .openmeteo_forecast import WEATHER

ARCHIVE = OpenMeteoApi(
    name="archive", path="/v1/archive", grid_step=0.25, default_days=1, max_days=1, max_past_days=None,
    earliest=lambda today: dt.date(1940, 1, 1), latest_days=0, variables=WEATHER, has_current=False, lag_days=4)
