"""Open-Meteo's air quality (/v1/air-quality): pollutants, pollen (Europe only) and the European and US indices
computed from them, hourly only, `current` on the hour, and the `cams_europe` domain that covers Europe only."""

from __future__ import annotations

import datetime as dt
import math

from .floats import UNIT_DECIMALS, noise, rounded
from .openmeteo import OpenMeteoApi
from .places import Place
from .query import Query
from .replies import BadRequest

AIR_VARIABLES = {
    **{name: "μg/m³" for name in [
        "pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide", "sulphur_dioxide", "ozone", "dust", "ammonia",
        "methane", "formaldehyde", "glyoxal", "nitrogen_monoxide", "peroxyacyl_nitrates",
        "non_methane_volatile_organic_compounds", "pm10_wildfires", "pm2_5_total_organic_matter",
        "residential_elementary_carbon", "total_elementary_carbon", "secondary_inorganic_aerosol",
        "sea_salt_aerosol"]},
    "carbon_dioxide": "ppm", "aerosol_optical_depth": "", "uv_index": "", "uv_index_clear_sky": "", "is_day": "",
    **{f"{p}_pollen": "grains/m³" for p in ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]},
    **{name: "EAQI" for name in [
        "european_aqi", "european_aqi_pm2_5", "european_aqi_pm10", "european_aqi_nitrogen_dioxide",
        "european_aqi_ozone", "european_aqi_sulphur_dioxide", "european_aqi_no2", "european_aqi_o3",
        "european_aqi_so2"]},
    **{name: "USAQI" for name in [
        "us_aqi", "us_aqi_pm2_5", "us_aqi_pm10", "us_aqi_nitrogen_dioxide", "us_aqi_ozone",
        "us_aqi_sulphur_dioxide", "us_aqi_carbon_monoxide", "us_aqi_no2", "us_aqi_o3", "us_aqi_so2",
        "us_aqi_co"]},
}
AIR_ALIASES = {"no2": "nitrogen_dioxide", "o3": "ozone", "so2": "sulphur_dioxide", "co": "carbon_monoxide"}

US_BREAKPOINTS = {  # concentration breakpoints for index anchors 0/50/100/150/200/300/400/500
    "pm2_5": [0, 9, 35.5, 55.5, 125.5, 225.5, 325.5, 500],
    "pm10": [0, 55, 155, 255, 355, 425, 505, 605],
    "ozone": [0, 55, 70, 85, 105, 200, 300, 400],  # ppb
    "carbon_monoxide": [0, 4.5, 9.5, 12.5, 15.5, 30.5, 40.5, 50.5],  # ppm
    "sulphur_dioxide": [0, 35, 75, 185, 305, 605, 805, 1005],  # ppb
    "nitrogen_dioxide": [0, 54, 100, 360, 650, 1250, 1650, 2050],  # ppb
}
US_ANCHORS = [0, 50, 100, 150, 200, 300, 400, 500]
EU_THRESHOLDS = {
    "pm2_5": [0, 5, 15, 50, 90, 140], "pm10": [0, 15, 45, 120, 195, 270], "nitrogen_dioxide": [0, 10, 25, 60, 100, 150],
    "ozone": [0, 60, 100, 120, 160, 180], "sulphur_dioxide": [0, 20, 40, 125, 190, 275],
}
US_CONVERSION = {"carbon_monoxide": 1 / 1.15 / 1000, "ozone": 1 / 1.96, "sulphur_dioxide": 1 / 2.62,
                 "nitrogen_dioxide": 1 / 1.88, "pm2_5": 1, "pm10": 1}


def interpolate(value: float, breakpoints, anchors) -> float:
    for i in range(len(breakpoints) - 1):
        lo, hi = breakpoints[i], breakpoints[i + 1]
        if value <= hi:
            return anchors[i] + (value - lo) / (hi - lo) * (anchors[i + 1] - anchors[i])
    return float(anchors[-1])


def in_europe(lat: float, lon: float) -> bool:
    return 34.0 <= lat <= 72.0 and -25.0 <= lon <= 45.0


def air_base(name: str, place: Place, moment: dt.datetime):
    """Pollutant concentration in μg/m³ (pollen in grains/m³), or None."""
    key = (name, place.key, moment.date().isoformat(), moment.hour)
    hour_wave = 1 + 0.25 * math.sin((moment.hour - 7) / 24 * 2 * math.pi)
    level = 0.5 + noise("level", place.key) * 1.5  # some places are dirtier than others
    ranges = {
        "pm2_5": (3, 22), "pm10": (6, 35), "carbon_monoxide": (140, 260), "nitrogen_dioxide": (4, 30),
        "sulphur_dioxide": (0.5, 6), "ozone": (25, 70), "dust": (0, 12), "ammonia": (1, 9), "methane": (1250, 1450),
        "formaldehyde": (0.2, 2), "glyoxal": (0, 0.3), "nitrogen_monoxide": (0.1, 8), "peroxyacyl_nitrates": (0, 1),
        "non_methane_volatile_organic_compounds": (2, 20), "pm10_wildfires": (0, 3),
        "pm2_5_total_organic_matter": (1, 8), "residential_elementary_carbon": (0, 1),
        "total_elementary_carbon": (0.1, 2), "secondary_inorganic_aerosol": (1, 8), "sea_salt_aerosol": (0, 4),
        "carbon_dioxide": (418, 440),
    }
    if name.endswith("_pollen"):
        if not in_europe(place.lat, place.lon):
            return None
        if name in ("olive_pollen", "ragweed_pollen") and place.lat > 50:
            return 0.0
        return round(noise(*key) * (60 if name == "grass_pollen" else 25), 1)
    if name == "ammonia" and not in_europe(place.lat, place.lon):
        return None
    if name in ranges:
        lo, hi = ranges[name]
        scale = level * hour_wave if name not in ("carbon_dioxide", "methane") else 1
        return lo + noise(*key) * (hi - lo) * scale
    if name == "aerosol_optical_depth":
        return 0.05 + noise(*key) * 0.3
    if name in ("uv_index", "uv_index_clear_sky"):
        return max(0.0, 7 * math.sin((moment.hour - 6) / 14 * math.pi)) if 6 <= moment.hour <= 20 else 0.0
    if name == "is_day":
        return 1 if 6 <= moment.hour < 20 else 0
    return None


def air_value(name: str, place: Place, moment: dt.datetime):
    name = canonical_air(name)
    if name.startswith("us_aqi"):
        subs = {p: interpolate(max(0.0, air_base(p, place, moment) * US_CONVERSION[p]), US_BREAKPOINTS[p], US_ANCHORS)
                for p in US_BREAKPOINTS}
        if name == "us_aqi":
            return max(subs.values())
        return subs[name[len("us_aqi_"):]]
    if name.startswith("european_aqi"):
        subs = {p: interpolate(air_base(p, place, moment), EU_THRESHOLDS[p], [0, 20, 40, 60, 80, 100])
                for p in EU_THRESHOLDS}
        if name == "european_aqi":
            return max(subs.values())
        return subs[name[len("european_aqi_"):]]
    return air_base(name, place, moment)


def canonical_air(name: str) -> str:
    for prefix in ("us_aqi_", "european_aqi_"):
        if name.startswith(prefix) and name[len(prefix):] in AIR_ALIASES:
            return prefix + AIR_ALIASES[name[len(prefix):]]
    return name




class AirVariables:
    """The air-quality variables (see `openmeteo.Variables`): no daily section."""

    def check(self, section: str, name: str) -> None:
        if section == "daily" or canonical_air(name) not in AIR_VARIABLES and name not in AIR_VARIABLES:
            raise BadRequest(f"Data corrupted at path ''. Cannot initialize CamsQuery.Variable from "
                             f"invalid String value {name}.")

    def unit(self, name: str, section: str, units: dict) -> str:
        return AIR_VARIABLES.get(canonical_air(name), AIR_VARIABLES.get(name, "undefined"))

    def value(self, name, section, place: Place, moment, units, timeformat, time_text):
        unit = self.unit(name, section, units)
        return rounded(air_value(name, place, moment), UNIT_DECIMALS.get(unit, 1))


def check_domain(query: Query, points: list[tuple[float, float]]) -> None:
    """`domains=cams_europe` answers for places in Europe only."""
    domains = query.get("domains", query.get("models", "auto"))
    if domains == "cams_europe" and not all(in_europe(lat, lon) for lat, lon in points):
        raise BadRequest("No data is available for this location")


AIR_QUALITY = OpenMeteoApi(
    name="airQuality", path="/v1/air-quality", grid_step=0.1, default_days=5, max_days=7, max_past_days=92,
    earliest=lambda today: dt.date(2013, 1, 1), latest_days=7, variables=AirVariables(), current_step=3600,
    check_places=check_domain)
