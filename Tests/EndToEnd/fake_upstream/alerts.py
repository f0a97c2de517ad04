"""The official warning services: NWS (api.weather.gov `/alerts/active?point=`), ECCC (MSC GeoMet's
`weather-alerts` items by bbox) and MeteoAlarm (`feeds-<country>`), with their real quirks.

- NWS answers 403 with Akamai's HTML page to a request without a User-Agent (or whose User-Agent contains
  `FakeUpstream.nws_firewall`), matches the point itself, and lists superseded (`replacedBy`), Update and Cancel
  messages side by side; zone-based alerts have `geometry: null`.
- ECCC keeps ended warnings in the collection (`status_en: ended`), gives one feature per warning and region, and
  says `numberMatched: 0` when nothing intersects the box.
- MeteoAlarm's feeds keep expired warnings, carry one `info` block per language, reference what an Update replaces
  as a string of `sender,identifier,sent` triples, run to megabytes (Germany's), and ignore `Accept-Encoding`.
  Switzerland's warnings carry polygons of their own, latitude first.

Every time is relative to the moment of the request, so the warnings are always in force (or expired) as named.
Areas: the fake's own zones and polygons around Detroit/Windsor, Basel, off New Jersey; MeteoAlarm EMMA_IDs of the
embedded area table (DE312 Kreis Lörrach, FR083 Haut-Rhin, DE202 Berlin, AT010 Wien).
"""

from __future__ import annotations

import datetime as dt
import functools

from .query import Query, parse_float
from .replies import BadRequest, Reply

NWS_PATH = "/nws/alerts/active"
ECCC_PATH = "/eccc/collections/weather-alerts/items"
METEOALARM_PATH = "/meteoalarm/api/v1/warnings"

#: The Detroit River, south to north (lat, lon): Michigan lies west of it, Ontario east.
DETROIT_RIVER = [(41.90, -83.17), (42.05, -83.15), (42.28, -83.10), (42.32, -83.06), (42.335, -83.03),
                 (42.345, -82.98), (42.36, -82.93), (42.50, -82.85)]
#: NWS zone MIZ076 (Wayne County and around), lon/lat ring: west of the river.
MIZ076 = [(-83.8, 41.90)] + [(lon, lat) for lat, lon in DETROIT_RIVER] + [(-83.8, 42.50)]
#: A storm-based warning's polygon inside it (lon/lat).
STORM_POLYGON = [(-83.30, 42.34), (-83.08, 42.34), (-83.08, 42.45), (-83.30, 42.45), (-83.30, 42.34)]
#: A coastal marine zone off New Jersey and Long Island (lon/lat).
ANZ350 = [(-73.95, 39.80), (-72.50, 39.80), (-72.50, 40.50), (-73.95, 40.50), (-73.95, 39.80)]
#: ECCC's region "Windsor - Essex - Chatham-Kent": east of the river.
WINDSOR_REGION = [(lon, lat) for lat, lon in DETROIT_RIVER] + [(-82.0, 42.50), (-82.0, 41.90)]
#: A second region of the same warning, farther east (London - Middlesex).
LONDON_REGION = [(-81.9, 42.6), (-80.9, 42.6), (-80.9, 43.2), (-81.9, 43.2), (-81.9, 42.6)]
#: MeteoSwiss's polygon around Basel (lat, lon, as MeteoSwiss writes it): Swiss side only.
BASEL_POLYGON = [(47.530, 7.570), (47.530, 7.620), (47.575, 7.620), (47.575, 7.570), (47.530, 7.570)]


def _inside(lon: float, lat: float, ring) -> bool:
    inside = False
    for (ax, ay), (bx, by) in zip(ring[-1:] + ring[:-1], ring):
        if (ay > lat) != (by > lat) and lon < (bx - ax) * (lat - ay) / (by - ay) + ax:
            inside = not inside
    return inside


def _time(now: dt.datetime, hours: float, offset_hours: int = 0) -> str:
    """`now` plus `hours`, to the minute, written with a local offset as the services write it."""
    zone = dt.timezone(dt.timedelta(hours=offset_hours))
    moment = (now + dt.timedelta(hours=hours)).astimezone(zone).replace(second=0, microsecond=0)
    return moment.isoformat()


def _utc(now: dt.datetime, hours: float) -> str:
    """`now` plus `hours` as GeoMet writes it: UTC with milliseconds and `Z`."""
    moment = (now + dt.timedelta(hours=hours)).astimezone(dt.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


# -- NWS --------------------------------------------------------------------------------------------------------

AKAMAI_403 = (
    '<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \n'
    'You don\'t have permission to access "http&#58;&#47;&#47;api&#46;weather&#46;gov&#47;alerts&#47;active&#63;" '
    'on this server.<P>\nReference&#32;&#35;18&#46;4fec3817&#46;1732466400&#46;1a2b3c4d\n</BODY>\n</HTML>\n')


def _nws_alert(now, ident, *, event, code, severity, urgency, certainty, sent, expires, ends, message_type="Alert",
               references=(), replaced_by=None, geometry=None, status="Actual", area="Wayne, MI", zone="MIZ076",
               headline=None, instruction=None, description="* WHAT...See the headline."):
    urn = f"urn:oid:2.49.0.1.840.0.{ident}"
    properties = {
        "@id": f"https://api.weather.gov/alerts/{urn}", "@type": "wx:Alert", "id": urn, "areaDesc": area,
        "geocode": {"SAME": ["026163"], "UGC": [zone]},
        "affectedZones": [f"https://api.weather.gov/zones/forecast/{zone}"],
        "references": [{"@id": f"https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.{r}",
                        "identifier": f"urn:oid:2.49.0.1.840.0.{r}", "sender": "w-nws.webmaster@noaa.gov",
                        "sent": _time(now, sent - 1, -5)} for r in references],
        "sent": _time(now, sent, -5), "effective": _time(now, sent, -5), "onset": _time(now, sent, -5),
        "expires": _time(now, expires, -5), "ends": None if ends is None else _time(now, ends, -5),
        "status": status, "messageType": message_type, "category": "Met", "severity": severity,
        "certainty": certainty, "urgency": urgency, "event": event, "sender": "w-nws.webmaster@noaa.gov",
        "senderName": "NWS Detroit/Pontiac MI",
        "headline": headline or f"{event} issued by NWS Detroit/Pontiac MI",
        "description": description, "instruction": instruction, "response": "Execute",
        "parameters": {"AWIPSidentifier": ["NPWDTX"], "VTEC": [f"/O.NEW.KDTX.{code}.0001/"]},
        "scope": "Public", "code": "IPAWSv1.0", "language": "en-US", "web": "http://www.weather.gov",
        "eventCode": {"SAME": ["NWS"], "NationalWeatherService": [code]},
    }
    if replaced_by:
        properties["replacedBy"] = f"https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.{replaced_by}"
        properties["replacedAt"] = _time(now, sent + 1, -5)
    geometry_value = None if geometry is None else {"type": "Polygon", "coordinates": [[list(p) for p in geometry]]}
    return {"id": properties["@id"], "type": "Feature", "geometry": geometry_value, "properties": properties}, geometry


def nws_alerts(now: dt.datetime):
    """(feature, area ring) of every alert the fake NWS holds: the area is the storm polygon, or the zone's."""
    fog, storm, watch, marine = MIZ076, STORM_POLYGON, MIZ076, ANZ350
    items = [
        # Dense Fog Advisory: the original, superseded (replacedBy), and the Update extending it.
        (_nws_alert(now, "fog1.001.1", event="Dense Fog Advisory", code="FGY", severity="Moderate",
                    urgency="Expected", certainty="Likely", sent=-3, expires=1, ends=1, replaced_by="fog2.002.1"),
         fog),
        (_nws_alert(now, "fog2.002.1", event="Dense Fog Advisory", code="FGY", severity="Moderate",
                    urgency="Expected", certainty="Likely", sent=-1, expires=3, ends=3, message_type="Update",
                    references=["fog1.001.1"],
                    instruction="If driving, slow down, use your headlights, and leave plenty of\ndistance."),
         fog),
        # Tornado Watch: Alert, Update, then a Cancel referencing both (its own expires short, its ends late).
        (_nws_alert(now, "torn1.001.1", event="Tornado Watch", code="TOA", severity="Extreme", urgency="Future",
                    certainty="Possible", sent=-4, expires=4, ends=4), watch),
        (_nws_alert(now, "torn2.002.1", event="Tornado Watch", code="TOA", severity="Extreme", urgency="Future",
                    certainty="Possible", sent=-2, expires=4, ends=4, message_type="Update",
                    references=["torn1.001.1"]), watch),
        (_nws_alert(now, "torn3.003.1", event="Tornado Watch", code="TOA", severity="Minor", urgency="Past",
                    certainty="Observed", sent=-0.5, expires=0.25, ends=4, message_type="Cancel",
                    references=["torn1.001.1", "torn2.002.1"], headline="The Tornado Watch has been cancelled."),
         watch),
        # Expired, and a test message: never shown.
        (_nws_alert(now, "wind1.001.1", event="Wind Advisory", code="WIY", severity="Moderate", urgency="Expected",
                    certainty="Likely", sent=-6, expires=-0.2, ends=-0.2), fog),
        (_nws_alert(now, "test1.001.1", event="Test Message", code="NMN", severity="Unknown", urgency="Unknown",
                    certainty="Unknown", sent=-1, expires=5, ends=None, status="Test"), fog),
        # A storm-based warning with its polygon.
        (_nws_alert(now, "svr1.001.1", event="Severe Thunderstorm Warning", code="SVW", severity="Severe",
                    urgency="Immediate", certainty="Observed", sent=-0.2, expires=0.8, ends=0.8, geometry=storm,
                    instruction="For your protection move to an interior room on the lowest floor of a building."),
         storm),
        # A marine warning for a coastal zone.
        (_nws_alert(now, "gale1.001.1", event="Gale Warning", code="GLW", severity="Moderate", urgency="Expected",
                    certainty="Likely", sent=-2, expires=10, ends=12, area="Coastal waters from Sandy Hook NJ to "
                    "Fire Island Inlet NY out 20 nm", zone="ANZ350"), marine),
    ]
    return [(feature, area) for (feature, _), area in items]


def answer_nws(fake, query: Query, now: dt.datetime) -> Reply:
    agent = query.headers.get("user-agent", "")
    if not agent or (fake.nws_firewall and fake.nws_firewall in agent):
        return Reply(403, AKAMAI_403, content_type="text/html")
    point = query.get("point")
    try:
        lat, lon = (float(part) for part in (point or "").split(","))
    except ValueError:
        return Reply(400, {"correlationId": "fake", "title": "Bad Request", "type": "https://api.weather.gov/problems/"
                           "BadRequest", "status": 400, "detail": "Parameter \"point\" is invalid"},
                     content_type="application/problem+json")
    features = [feature for feature, area in nws_alerts(now) if _inside(lon, lat, area)]
    body = {"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld",
                         {"@version": "1.1", "wx": "https://api.weather.gov/ontology#"}],
            "type": "FeatureCollection", "features": features,
            "title": "Current watches, warnings, and advisories", "updated": _time(now, 0)}
    return Reply(200, body, content_type="application/geo+json",
                 headers={"Expires": (now + dt.timedelta(seconds=30)).strftime("%a, %d %b %Y %H:%M:%S GMT")})


# -- ECCC -------------------------------------------------------------------------------------------------------

def _eccc_feature(now, ident, region, ring, *, status="issued", expires=6, code="RAIN", kind="warning",
                  name=("rainfall warning", "avertissement de pluie"), colour=("orange", "orange")):
    return {"type": "Feature", "id": f"{ident}-{region[0]}",
            "geometry": {"type": "Polygon", "coordinates": [[list(p) for p in ring + ring[:1]]]},
            "properties": {
                "id": ident, "feature_id": region[0], "alert_type": kind, "alert_code": code,
                "alert_name_en": name[0], "alert_name_fr": name[1],
                "alert_short_name_en": f"{name[0].split()[0].capitalize()} ({kind})",
                "alert_short_name_fr": f"{name[1]}",
                "alert_text_en": "Heavy rain expected. Rainfall amounts of 50 to 75 mm.",
                "alert_text_fr": "Fortes pluies prévues. Quantités de pluie de 50 à 75 mm.",
                "feature_name_en": region[1], "feature_name_fr": region[1], "province": "ON",
                "status_en": status, "status_fr": {"issued": "émis", "ended": "terminé"}.get(status, status),
                "risk_colour_en": colour[0], "risk_colour_fr": colour[1], "confidence_en": "High",
                "impact_en": "Moderate", "publication_datetime": _utc(now, -2),
                "validity_datetime": _utc(now, -2), "event_end_datetime": _utc(now, expires - 1),
                "expiration_datetime": _utc(now, expires)}}


def eccc_features(now: dt.datetime):
    windsor = ("on42", "Windsor - Essex - Chatham-Kent")
    london = ("on43", "London - Middlesex")
    return [
        # One warning over two regions: one feature each.
        _eccc_feature(now, "rain-1", windsor, WINDSOR_REGION),
        _eccc_feature(now, "rain-1", london, LONDON_REGION),
        # Ended, still in the collection; and expired.
        _eccc_feature(now, "wind-1", windsor, WINDSOR_REGION, status="ended", code="WIND",
                      name=("wind warning", "avertissement de vents"), colour=("yellow", "jaune")),
        _eccc_feature(now, "frost-1", windsor, WINDSOR_REGION, expires=-0.5, code="FROST", kind="advisory",
                      name=("frost advisory", "avis de gel"), colour=("yellow", "jaune")),
    ]


def _box(ring):
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def answer_eccc(query: Query, now: dt.datetime) -> Reply:
    try:
        west, south, east, north = (float(v) for v in (query.get("bbox") or "").split(","))
    except ValueError:
        raise BadRequest("Invalid bbox")
    limit = int(query.get("limit") or 10)
    offset = int(query.get("offset") or 0)
    matching = []
    for feature in eccc_features(now):
        x0, y0, x1, y1 = _box(feature["geometry"]["coordinates"][0])
        if x0 <= east and x1 >= west and y0 <= north and y1 >= south:
            matching.append(feature)
    page = matching[offset:offset + limit]
    body = {"type": "FeatureCollection", "features": page, "numberMatched": len(matching),
            "numberReturned": len(page), "links": [], "timeStamp": _utc(now, 0)}
    return Reply(200, body, content_type="application/geo+json")


# -- MeteoAlarm -------------------------------------------------------------------------------------------------

#: MeteoAlarm's 38 members by feed slug; the fake has warnings for a few, an empty feed for the others.
SLUGS = {
    "austria": "AT", "bosnia-herzegovina": "BA", "belgium": "BE", "bulgaria": "BG", "switzerland": "CH",
    "cyprus": "CY", "czechia": "CZ", "germany": "DE", "denmark": "DK", "estonia": "EE", "spain": "ES",
    "finland": "FI", "france": "FR", "united-kingdom": "GB", "greece": "GR", "croatia": "HR", "hungary": "HU",
    "ireland": "IE", "israel": "IL", "iceland": "IS", "italy": "IT", "lithuania": "LT", "luxembourg": "LU",
    "latvia": "LV", "moldova": "MD", "montenegro": "ME", "republic-of-north-macedonia": "MK", "malta": "MT",
    "netherlands": "NL", "norway": "NO", "poland": "PL", "portugal": "PT", "romania": "RO", "serbia": "RS",
    "sweden": "SE", "slovenia": "SI", "slovakia": "SK", "ukraine": "UA",
}
SENDERS = {"DE": ("opendata@dwd.de", "Deutscher Wetterdienst", "https://www.dwd.de", 2),
           "FR": ("vigilance@meteo.fr", "Météo-France", "https://vigilance.meteofrance.fr", 2),
           "CH": ("info@meteoswiss.ch", "MeteoSwiss", "https://www.meteoswiss.admin.ch", 2),
           "AT": ("warnung@geosphere.at", "GeoSphere Austria", "https://warnungen.zamg.at", 2),
           "GB": ("metoffice@metoffice.gov.uk", "Met Office", "https://www.metoffice.gov.uk", 0)}
TEXTS = {
    "de": ("STURMBÖEN", "Amtliche WARNUNG vor STURMBÖEN", "Es treten Sturmböen mit Geschwindigkeiten um 70 km/h auf."),
    "en": ("gale-force gusts", "Official WARNING of GALE-FORCE GUSTS", "There is a risk of gale-force gusts."),
    "fr": ("rafales", "Avertissement officiel de RAFALES", "Des rafales de vent sont attendues."),
}
LEVELS = {"Moderate": "2; yellow; Moderate", "Severe": "3; orange; Severe", "Extreme": "4; red; Extreme"}


def _warning(now, country, ident, *, areas, severity="Moderate", languages=("de", "en", "fr"), sent=-1,
             expires=6, onset=0, msg_type="Alert", references=None, status="Actual", event=None):
    sender, sender_name, web, offset = SENDERS[country]
    infos = []
    for language in languages:
        name, headline, description = TEXTS[language]
        tag = {"de": "de-DE", "en": "en-GB", "fr": "fr-FR"}[language]
        infos.append({
            "language": tag, "category": ["Met"], "event": event or name, "severity": severity,
            "urgency": "Immediate", "certainty": "Likely", "responseType": ["Prepare"],
            "effective": _time(now, sent, offset), "onset": _time(now, onset, offset),
            "expires": _time(now, expires, offset), "senderName": sender_name, "headline": headline,
            "description": description, "instruction": None, "web": web,
            "parameter": [{"valueName": "awareness_level", "value": LEVELS.get(severity, "1; green; Minor")},
                          {"valueName": "awareness_type", "value": "1; Wind"}],
            "area": areas})
    alert = {"identifier": f"2.49.0.0.{ident}", "sender": sender, "sent": _time(now, sent, offset),
             "status": status, "msgType": msg_type, "scope": "Public", "info": infos}
    if references:
        alert["references"] = " ".join(f"{sender},2.49.0.0.{r},{_time(now, sent - 1, offset)}" for r in references)
    return {"uuid": f"uuid-{ident}", "alert": alert}


def _emma(code: str, name: str):
    return [{"areaDesc": name, "geocode": [{"valueName": "EMMA_ID", "value": code},
                                           {"valueName": "WARNCELLID", "value": "908336000"}]}]


@functools.lru_cache(maxsize=1)
def _filler(hour: str, count: int) -> tuple:
    """Expired German warnings padding the feed to megabytes, as Germany's real feed is (540 make about 3 MB);
    made once per hour."""
    now = dt.datetime.fromisoformat(hour)
    return tuple(_warning(now, "DE", f"de.old{index}", areas=_emma(f"DE{index % 400:03d}", "Kreis"),
                          languages=("de", "en", "fr", "de", "en", "fr", "de", "en"), sent=-30, onset=-29,
                          expires=-(1 + index % 20)) for index in range(count))


def meteoalarm_feed(country: str, now: dt.datetime, filler: int, chosen=()) -> dict:
    """`country`'s feed at `now`: its fixed warnings, `filler` expired ones (Germany), and the warnings a test
    chose for it (`FakeUpstream.add_meteoalarm_warning`)."""
    feed = _meteoalarm_fixed(country, now, filler)
    for index, warning in enumerate(w for w in chosen if w["country"] == country):
        feed["warnings"].append(_warning(
            now, country, f"{country.lower()}.chosen{index}", areas=_emma(warning["area"], warning["areaDesc"]),
            severity=warning["severity"], onset=warning["onset"], expires=warning["expires"],
            sent=min(-1, warning["onset"]), languages=("en",), event=warning["event"]))
    return feed


def _meteoalarm_fixed(country: str, now: dt.datetime, filler: int) -> dict:
    if country == "DE":
        warnings = [
            # Lörrach: an Alert superseded by an Update (two triples in its references), and the Update.
            _warning(now, "DE", "de.lo1", areas=_emma("DE312", "Kreis Lörrach"), sent=-3),
            _warning(now, "DE", "de.lo2", areas=_emma("DE312", "Kreis Lörrach"), severity="Severe", sent=-1,
                     msg_type="Update", references=["de.lo1", "de.lo0"]),
            # Berlin: cancelled.
            _warning(now, "DE", "de.be1", areas=_emma("DE202", "Stadt Berlin"), sent=-2),
            _warning(now, "DE", "de.be2", areas=_emma("DE202", "Stadt Berlin"), sent=-0.5, msg_type="Cancel",
                     references=["de.be1"]),
            # Berlin: expired an hour ago, and an exercise.
            _warning(now, "DE", "de.be3", areas=_emma("DE202", "Stadt Berlin"), sent=-8, onset=-7, expires=-1),
            _warning(now, "DE", "de.be4", areas=_emma("DE202", "Stadt Berlin"), status="Exercise"),
            # Freiburg: announced for tomorrow, only in German.
            _warning(now, "DE", "de.fr1", areas=_emma("DE035", "Kreis Breisgau-Hochschwarzwald"), onset=20,
                     expires=30, languages=("de",)),
        ]
        now_hour = now.replace(minute=0, second=0, microsecond=0).isoformat()
        warnings += list(_filler(now_hour, filler))
    elif country == "FR":
        warnings = [_warning(now, "FR", "fr.hr1", areas=_emma("FR083", "Haut Rhin"), languages=("fr", "en"),
                             event=None)]
    elif country == "CH":
        polygon = " ".join(f"{lat},{lon}" for lat, lon in BASEL_POLYGON)
        warnings = [_warning(now, "CH", "ch.bs1", languages=("de", "fr", "en"),
                             areas=[{"areaDesc": "Basel", "polygon": [polygon], "altitude": 0, "ceiling": 9999,
                                     "geocode": [{"valueName": "WARNREGION", "value": "CH-BS-1"}]}])]
    elif country == "AT":
        # The same warning twice in the feed, as feeds sometimes repeat an entry.
        warnings = [_warning(now, "AT", "at.wi1", areas=_emma("AT010", "Wien"))] * 2
    elif country == "GB":
        # The UK's areas are not in the table: matched by country.
        warnings = [_warning(now, "GB", "gb.1", languages=("en",), areas=[
            {"areaDesc": "London & South East England", "geocode": [{"valueName": "UK_REGION", "value": "SE"}]}])]
    else:
        warnings = []
    return {"warnings": warnings}


def answer_meteoalarm(fake, path: str, now: dt.datetime) -> Reply:
    slug = path.rpartition("/feeds-")[2]
    country = SLUGS.get(slug)
    if country is None:
        return Reply(404, {"message": "Not Found"})
    # Accept-Encoding is ignored: the body is always sent as it is.
    return Reply(200, meteoalarm_feed(country, now, fake.meteoalarm_filler, fake.meteoalarm_chosen()),
                 content_type="application/json")
