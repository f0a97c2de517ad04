"""Google Pollen (/v1/forecast:lookup): days of pollen indices per type and plant, Google's key checks and its
error envelope, with proto3-style answers (false and empty fields left out)."""

from __future__ import annotations

import datetime as dt

from .floats import noise
from .query import Query
from .replies import BadRequest, Reply

PATH = "/v1/forecast:lookup"

UPI = {
    1: ("Very Low", "People with very high allergy to pollen are likely to experience symptoms",
        {"green": 0.61960787, "blue": 0.22745098}),
    2: ("Low", "People with high allergy to pollen are likely to experience symptoms",
        {"red": 0.5176471, "green": 0.8117647, "blue": 0.2}),
    3: ("Moderate", "People with moderate allergy to pollen are likely to experience symptoms",
        {"red": 1, "green": 0.8980392}),
    4: ("High", "People with low allergy to pollen are likely to experience symptoms",
        {"red": 1, "green": 0.54901963}),
    5: ("Very High", "People with very low allergy to pollen are likely to experience symptoms",
        {"red": 0.78431374}),
}
TYPE_ADVICE = {
    1: ["Pollen levels are very low right now. It's a great day to enjoy the outdoors!"],
    2: ["It's a good day for outdoor activities since pollen levels are low.",
        "Do you know which plants cause your pollen allergy? Check out the pollen data to be prepared."],
    3: ["If you experience symptoms, limit outdoor activity during high pollen hours.",
        "Keep windows closed and consider allergy medication."],
    4: ["Pollen levels are high. Limit time outdoors and keep windows and doors closed.",
        "Shower and change clothes after being outside."],
    5: ["Pollen levels are very high. Stay indoors where possible and keep windows closed.",
        "Talk to your doctor about medication if symptoms are strong."],
}
PLANTS = {
    "HAZEL": ("Hazel", "TREE", "Betulaceae (the Birch family)", "Late winter, spring"),
    "ALDER": ("Alder", "TREE", "Betulaceae (the Birch family)", "Late winter, spring"),
    "BIRCH": ("Birch", "TREE", "Betulaceae (the Birch family)", "Spring"),
    "OAK": ("Oak", "TREE", "Fagaceae (the Beech family)", "Spring"),
    "GRAMINALES": ("Grasses", "GRASS", "Poaceae", "Late spring, summer"),
    "RAGWEED": ("Ragweed", "WEED", "Asteraceae (the Aster family)", "Late summer, fall"),
    "MUGWORT": ("Mugwort", "WEED", "Asteraceae (the Aster family)", "Summer, fall"),
    "JAPANESE_CEDAR": ("Japanese cedar", "TREE", "Cupressaceae (the Cypress family)", "Late winter, spring"),
}
#: plant code -> whether it has index data on the first days (others carry only code and displayName)
PLANT_DATA = {"HAZEL": False, "ALDER": False, "BIRCH": True, "OAK": True, "GRAMINALES": True, "RAGWEED": True,
              "MUGWORT": False}


def google_covers(lat: float, lon: float) -> bool:
    """No coverage south of the equator and in India, as the fake's model of Google's map."""
    if lat < 0:
        return False
    if 6.0 <= lat <= 36.0 and 68.0 <= lon <= 98.0:
        return False
    return True


def region_code(lat: float, lon: float) -> str | None:
    boxes = [("DE", 47.0, 55.5, 5.5, 15.5), ("CH", 45.5, 47.0, 5.5, 10.5), ("NL", 50.5, 53.7, 3.0, 5.5),
             ("FR", 41.0, 51.0, -5.0, 8.0), ("GB", 49.5, 61.0, -11.0, 2.0), ("JP", 24.0, 46.0, 128.0, 146.0),
             ("US", 24.0, 50.0, -125.0, -66.0), ("IL", 29.0, 33.5, 34.0, 36.0)]
    for code, a, b, c, d in boxes:
        if a <= lat <= b and c <= lon <= d:
            return code
    return None  # e.g. disputed areas: Google leaves regionCode out


def index_info(value: int) -> dict:
    category, description, color = UPI[value]
    return {"code": "UPI", "displayName": "Universal Pollen Index", "value": value, "category": category,
            "indexDescription": description, "color": dict(color)}


def plant_description(code: str) -> dict:
    name, type_, family, season = PLANTS[code]
    slug = code.lower()
    return {
        "type": type_, "family": family, "season": season, "specialColors": "None",
        "specialShapes": f"Typical {name.lower()} pollen grains.",
        "crossReaction": f"People allergic to {name.lower()} pollen may also react to related plants.",
        "picture": f"https://storage.googleapis.com/pollen-pictures/{slug}_full.jpg",
        "pictureCloseup": f"https://storage.googleapis.com/pollen-pictures/{slug}_closeup.jpg",
    }


def google_pollen_body(lat: float, lon: float, days: int, plants_description: bool, today: dt.date) -> dict:
    key = f"{round(lat, 2)},{round(lon, 2)}"
    daily = []
    for offset in range(days):
        day = today + dt.timedelta(days=offset)
        grass = 1 + int(noise("GRASS", key, day) * 5)
        types = [
            {"code": "GRASS", "displayName": "Grass", "inSeason": True, "indexInfo": index_info(grass),
             "healthRecommendations": TYPE_ADVICE[grass]},
            {"code": "TREE", "displayName": "Tree"},  # no data: only code and displayName
            {"code": "WEED", "displayName": "Weed", "inSeason": True, "indexInfo": index_info(1),
             "healthRecommendations": TYPE_ADVICE[1]},
        ]
        codes = list(PLANT_DATA)
        if region_code(lat, lon) == "JP":
            codes.append("JAPANESE_CEDAR")
        plants = []
        for code in codes:
            name = PLANTS[code][0]
            if not PLANT_DATA.get(code, True):
                plants.append({"code": code, "displayName": name})
                continue
            plant = {"code": code, "displayName": name, "inSeason": code in ("GRAMINALES", "RAGWEED")}
            if offset < 2:  # later days list plants without indexInfo
                value = grass if code == "GRAMINALES" else 1 + int(noise(code, key, day) * 3)
                plant["indexInfo"] = index_info(value)
            if not plant["inSeason"]:
                del plant["inSeason"]  # proto3: false is omitted
            if plants_description:
                plant["plantDescription"] = plant_description(code)
            plants.append(plant)
        daily.append({"date": {"year": day.year, "month": day.month, "day": day.day}, "pollenTypeInfo": types,
                      "plantInfo": plants})
    body = {}
    region = region_code(lat, lon)
    if region:
        body["regionCode"] = region
    body["dailyInfo"] = daily
    return body


# --------------------------------------------------------------------------------------------------
# Errors in each upstream's dialect
# --------------------------------------------------------------------------------------------------


def answer(query: Query, now: dt.datetime, google_keys: set[str] | None) -> Reply:
    """The answer to a lookup. With `google_keys`, only those keys are valid; otherwise any non-empty key not
    starting with "invalid"."""
    key = query.get("key")
    if not key:
        raise BadRequest("The request is missing a valid API key.", status=403)
    valid = key in google_keys if google_keys is not None else not key.lower().startswith("invalid")
    if not valid:
        raise BadRequest("API key not valid. Please pass a valid API key.", extra={"details": [{
            "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
            "domain": "googleapis.com", "metadata": {"service": "pollen.googleapis.com"}}]})
    try:
        latitude = float(query.get("location.latitude"))
        longitude = float(query.get("location.longitude"))
    except (TypeError, ValueError):
        raise BadRequest("Invalid location: latitude and longitude are required.")
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise BadRequest("Invalid location: latitude must be in [-90, 90] and longitude in [-180, 180].")
    days_text = query.get("days")
    if days_text is None:
        raise BadRequest("days must be between 1 and 5.")
    try:
        days = int(days_text)
    except ValueError:
        raise BadRequest(f"Invalid value at 'days' (TYPE_INT32), \"{days_text}\"")
    if not 1 <= days <= 5:
        raise BadRequest("days must be between 1 and 5.")
    if not google_covers(latitude, longitude):
        raise BadRequest("Information is unavailable for this location. Please try a different location.")
    described = query.get("plantsDescription", "true").lower() != "false"
    return Reply(200, google_pollen_body(latitude, longitude, days, described, now.date()))
