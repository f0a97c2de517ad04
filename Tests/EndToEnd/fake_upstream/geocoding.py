"""Open-Meteo geocoding (/v1/search): a small gazetteer, matched and ranked as the real search does, with its
proto3-style answers (default fields left out, no `results` key when nothing matches)."""

from __future__ import annotations

import unicodedata

from .floats import noise
from .query import Query, parse_int
from .replies import BadRequest, Reply

PATH = "/v1/search"

GEONAME_FIELDS = [
    "id", "name", "latitude", "longitude", "elevation", "feature_code", "country_code", "admin1_id", "admin2_id",
    "admin3_id", "admin4_id", "timezone", "population", "postcodes", "country_id", "country", "admin1", "admin2",
    "admin3", "admin4",
]


def _city(id, name, lat, lon, elevation, feature, cc, tz, population, country_id, country, admin1="", admin2="",
          admin1_id=0, admin2_id=0, postcodes=(), names=None):
    """`names`: the place's name in other languages, by language code, as GeoNames' alternate names."""
    return {
        "id": id, "name": name, "latitude": lat, "longitude": lon, "elevation": elevation, "feature_code": feature,
        "country_code": cc, "admin1_id": admin1_id, "admin2_id": admin2_id, "timezone": tz, "population": population,
        "postcodes": list(postcodes), "country_id": country_id, "country": country, "admin1": admin1,
        "admin2": admin2, "names": dict(names or {}),
    }


CITIES = [
    _city(2950159, "Berlin", 52.52437, 13.41053, 74.0, "PPLC", "DE", "Europe/Berlin", 3426354, 2921044, "Germany",
          "State of Berlin", "", 2950157, 0, ["10967", "13347"]),
    _city(5083330, "Berlin", 44.46867, -71.18508, 311.0, "PPL", "US", "America/New_York", 9367, 6252001,
          "United States", "New Hampshire", "Coos", 5090174, 5084973),
    _city(4500771, "Berlin", 39.79123, -74.92905, 47.0, "PPL", "US", "America/New_York", 7588, 6252001,
          "United States", "New Jersey", "Camden", 5101760, 4501019),
    _city(5245497, "Berlin", 43.96804, -88.94345, 232.0, "PPL", "US", "America/Chicago", 5524, 6252001,
          "United States", "Wisconsin", "Green Lake", 5279468, 5254218),
    _city(4930956, "Berlin", 42.3812, -71.63701, 0.0, "PPL", "US", "America/New_York", 0, 6252001,
          "United States", "Massachusetts", "Worcester", 6254926, 4956199),
    _city(2820256, "Berlingerode", 51.45775, 10.2384, 309.0, "PPLA4", "DE", "Europe/Berlin", 1024, 2921044,
          "Germany", "Thuringia", "", 2822542, 0),
    _city(2661552, "Bern", 46.94809, 7.44744, 542.0, "PPLC", "CH", "Europe/Zurich", 121631, 2658434, "Switzerland",
          "Bern", "Bern-Mittelland administrative district", 2661551, 7285161),
    _city(2174003, "Brisbane", -27.46794, 153.02809, 27.0, "PPLA", "AU", "Australia/Brisbane", 2189878, 2077456,
          "Australia", "Queensland", "Brisbane", 2152274, 7839562),
    _city(6296691, "Enschede Airport Twente", 52.27, 6.87417, 34.0, "AIRP", "NL", "Europe/Amsterdam", 0, 2750405,
          "The Netherlands", "Overijssel", "Enschede Municipality", 2748838, 2756070),
    _city(6255152, "Antarctica", -75.0, 0.0, 0.0, "CONT", "", "", 0, 0, ""),
    _city(3573157, "Atlantic Point", 32.26667, -64.86667, 0.0, "PT", "BM", "Atlantic/Bermuda", 0, 3573345,
          "Bermuda"),
    _city(1275339, "Mumbai", 19.07283, 72.88261, 14.0, "PPLA", "IN", "Asia/Kolkata", 12691836, 1269750, "India",
          "Maharashtra", "Mumbai", 1264418, 0),
    _city(5128581, "New York", 40.71427, -74.00597, 10.0, "PPL", "US", "America/New_York", 8804190, 6252001,
          "United States", "New York", "", 5128638, 0),
    _city(3448439, "São Paulo", -23.5475, -46.63611, 769.0, "PPLA", "BR", "America/Sao_Paulo", 10021295, 3469034,
          "Brazil", "São Paulo", "São Paulo", 3448433, 3448439),
    _city(2657896, "Zürich", 47.36667, 8.55, 429.0, "PPLA", "CH", "Europe/Zurich", 341730, 2658434,
          "Switzerland", "Zurich", "Bezirk Zürich", 2657895, 6458798),
    _city(2147714, "Sydney", -33.86785, 151.20732, 58.0, "PPLA", "AU", "Australia/Sydney", 4627345, 2077456,
          "Australia", "New South Wales", "Sydney", 2155400, 0),
    _city(1850147, "Tokyo", 35.6895, 139.69171, 44.0, "PPLC", "JP", "Asia/Tokyo", 8336599, 1861060, "Japan",
          "Tokyo", "", 1850144, 0, names={"ja": "東京"}),
    _city(524901, "Moscow", 55.75222, 37.61556, 144.0, "PPLC", "RU", "Europe/Moscow", 10381222, 2017370, "Russia",
          "Moscow", "", 524894, 0, names={"ru": "Москва"}),
    _city(360630, "Cairo", 30.06263, 31.24967, 23.0, "PPLC", "EG", "Africa/Cairo", 9606916, 357994, "Egypt",
          "Cairo", "", 360631, 0, names={"ar": "القاهرة"}),
    _city(4167147, "O'Brien", 30.03829, -82.94207, 22.0, "PPL", "US", "America/New_York", 0, 6252001,
          "United States", "Florida", "Suwannee", 4155751, 4174426),
    # Names shared across countries and states, as people type them with a region ("Springfield, IL").
    _city(2988507, "Paris", 48.85341, 2.3488, 42.0, "PPLC", "FR", "Europe/Paris", 2138551, 3017382, "France",
          "Île-de-France", "Paris", 3012874, 2968815),
    _city(4717560, "Paris", 33.66094, -95.55551, 182.0, "PPLA2", "US", "America/Chicago", 24782, 6252001,
          "United States", "Texas", "Lamar", 4736286, 4705086),
    _city(4250542, "Springfield", 39.80172, -89.64371, 182.0, "PPLA", "US", "America/Chicago", 116565, 6252001,
          "United States", "Illinois", "Sangamon", 4896861, 4908052),
    _city(4409896, "Springfield", 37.21533, -93.29824, 396.0, "PPLA2", "US", "America/Chicago", 166810, 6252001,
          "United States", "Missouri", "Greene", 4398678, 4402404),
    _city(4951788, "Springfield", 42.10148, -72.58981, 21.0, "PPLA2", "US", "America/New_York", 155929, 6252001,
          "United States", "Massachusetts", "Hampden", 6254926, 4938757),
    _city(5746545, "Portland", 45.52345, -122.67621, 15.0, "PPLA2", "US", "America/Los_Angeles", 652503, 6252001,
          "United States", "Oregon", "Multnomah", 5744337, 5742126),
    _city(4975802, "Portland", 43.66147, -70.25533, 9.0, "PPLA2", "US", "America/New_York", 66881, 6252001,
          "United States", "Maine", "Cumberland", 4971068, 4969188),
    _city(2643743, "London", 51.50853, -0.12574, 25.0, "PPLC", "GB", "Europe/London", 8961989, 2635167,
          "United Kingdom", "England", "Greater London", 6269131, 2648110),
    _city(6058560, "London", 42.98339, -81.23304, 251.0, "PPL", "CA", "America/Toronto", 346765, 6251999,
          "Canada", "Ontario", "", 6093943, 0),
]

COUNTRY_NAMES = {
    "de": {"Germany": "Deutschland", "United States": "Vereinigte Staaten", "Switzerland": "Schweiz",
           "Australia": "Australien", "India": "Indien", "Japan": "Japan", "Brazil": "Brasilien"},
    "fr": {"Germany": "Allemagne", "United States": "États-Unis", "Switzerland": "Suisse",
           "Australia": "Australie", "India": "Inde", "Japan": "Japon", "Brazil": "Brésil"},
}


def fold(text: str) -> str:
    """Case- and diacritic-insensitive form, as the geocoder matches."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def city_rank(city) -> float:
    bonus = {"PPLC": 0.3, "PPLA": 0.3, "PPLA2": 0.23, "PPLA3": 0.2, "PPLA4": 0.18, "PPLA5": 0.15, "PPL": 0.1}
    return min(city["population"], 1_000_000) / 1_000_000 + (0.1 if city["postcodes"] else 0) + bonus.get(
        city["feature_code"], 0)


# --------------------------------------------------------------------------------------------------
# Time zones


def answer(query: Query) -> Reply:
    """The answer to a search."""
    if not query.has("name"):
        raise BadRequest("No value found (expected type 'String') at path 'name'. No String was found at 'name'.")
    count = parse_int(query.get("count", "10"), "count")
    if not 1 <= count <= 100:
        raise BadRequest("Parameter count must be between 1 and 100.")
    language = query.get("language", "en").lower()
    name = query.get("name")
    search, _, area = name.partition(",")
    search, area = fold(search.strip()), fold(area.strip())
    matches = []
    if len(search) >= 2:
        for city in CITIES:
            # The main name or the name in the language asked for, as the real geocoder searches.
            candidates = {fold(city["name"]), fold(city["names"].get(language, city["name"]))}
            if any((candidate == search) if len(search) == 2 else candidate.startswith(search)
                   for candidate in candidates):
                if area and not any(area in fold(city[k]) for k in ("country", "admin1", "admin2")):
                    continue
                matches.append(city)
    matches.sort(key=lambda c: (-city_rank(c), c["id"]))
    matches = matches[:count]
    country_code = query.get("countryCode")
    if country_code is not None:  # applied after count, as in the server snapshot
        matches = [c for c in matches if c["country_code"] == country_code]
    body = {}
    if matches:
        body["results"] = [_geoname(c, language) for c in matches]
    body["generationtime_ms"] = round(0.15 + noise("gen", name) * 0.8, 7)
    return Reply(200, body)


def _geoname(city: dict, language: str) -> dict:
    out = {}
    for field in GEONAME_FIELDS:
        value = city.get(field)
        if field == "name":
            value = city["names"].get(language, value)
        if field == "country" and value:
            value = COUNTRY_NAMES.get(language, {}).get(value, value)
        if value in (None, "", 0, 0.0, []):
            continue  # proto3 JSON: defaults are omitted
        out[field] = value
    return out
