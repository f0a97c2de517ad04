"""Numbers that look like the upstreams': Float32 grid centres and values, deterministic noise, and the units
Open-Meteo prints with their decimals."""

from __future__ import annotations

import math
import struct
import zlib


def f32(value: float) -> float:
    return struct.unpack("<f", struct.pack("<f", value))[0]


def f32_text(value: float) -> float:
    """The shortest decimal that reads back as the same Float32, as a Python float (prints like Swift's Float)."""
    stored = f32(value)
    for digits in range(1, 10):
        candidate = float(f"{stored:.{digits}g}")
        if f32(candidate) == stored:
            return candidate
    return stored


def grid_centre(value: float, start: float, step: float) -> float:
    """A grid-cell centre computed in Float32 arithmetic, e.g. 13.419998 for 13.41 on a 0.02° grid."""
    index = round((value - start) / step)
    return f32_text(f32(f32(start) + f32(f32(float(index)) * f32(step))))


def noise(*parts) -> float:
    """A deterministic number in [0, 1) from `parts`."""
    return zlib.crc32("|".join(str(p) for p in parts).encode()) / 2**32


class Model32:
    """A value as a model computes it: Float32, not rounded. Open-Meteo's JSON writer prints it rounded to the
    unit's decimals (`json_number`); its FlatBuffers writer sends the Float32 itself, NaN for a missing value."""

    __slots__ = ("value", "decimals")

    def __init__(self, value: float, decimals: int):
        self.value, self.decimals = f32(value), decimals

    def json_number(self):
        """The number Open-Meteo's JSON text denotes: |value| × 10ⁿ in Float32, rounded half away from zero,
        then divided back (Open-Meteo's `Float.formatted(decimals:)`); `null` for NaN and infinities."""
        value = self.value
        if not math.isfinite(value):
            return None
        if self.decimals == 0:
            return int(math.copysign(math.floor(abs(value) + 0.5), value)) if value else 0
        factor = 10 ** self.decimals
        magnitude = math.floor(f32(abs(value) * factor) + 0.5) / factor
        return -magnitude if value < 0 else magnitude


def rounded(value, decimals: int):
    """A model value in a unit printed with `decimals` decimals; None stays None (null, or NaN in FlatBuffers)."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    return Model32(float(value), decimals)


#: Open-Meteo unit string -> (its `openmeteo_sdk.Unit` value, the decimals its JSON writer prints). One table for
#: both formats, so the JSON and FlatBuffers answers carry the same numbers.
OPEN_METEO_UNITS = {
    "undefined": (0, 0), "°C": (1, 1), "cm": (2, 2), "m³/m³": (3, 3), "°": (5, 0), "": (7, 2), "EAQI": (8, 0),
    "°F": (9, 1), "ft": (10, 3), "fraction": (11, 3), "grains/m³": (14, 1), "hPa": (16, 1), "h": (17, 1),
    "inch": (18, 3), "iso8601": (19, 0), "km/h": (24, 1), "kn": (25, 1), "MJ/m²": (26, 2), "m/s": (28, 2),
    "m": (29, 2), "μg/m³": (30, 1), "mp/h": (31, 1), "mm": (32, 2), "%": (35, 0), "s": (36, 2), "USAQI": (38, 0),
    "W/m²": (39, 1), "wmo code": (40, 0), "ppm": (41, 0), "kPa": (22, 2), "m³/s": (4, 2), "K": (21, 1),
}
UNIT_DECIMALS = {unit: decimals for unit, (_, decimals) in OPEN_METEO_UNITS.items()}

