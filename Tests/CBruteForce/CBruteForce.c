#include "CBruteForce.h"

long brute_force_nearest(const double *points, size_t count, double x, double y, double z, double *chord2) {
    long best = -1;
    double best_chord2 = 5.0;  // more than any chord of the unit sphere squared (at most 4)
    for (size_t index = 0; index < count; index++) {
        const double dx = points[3 * index] - x, dy = points[3 * index + 1] - y, dz = points[3 * index + 2] - z;
        const double d = dx * dx + dy * dy + dz * dz;
        if (d < best_chord2) {
            best_chord2 = d;
            best = (long)index;
        }
    }
    *chord2 = best_chord2;
    return best;
}

#include <stdint.h>
#include <string.h>

static uint32_t area_word(const unsigned char *bytes, size_t offset) {
    uint32_t value;
    memcpy(&value, bytes + offset, 4);  // the table is little-endian, as is every machine this runs on
    return value;
}

int brute_force_area_contains(const unsigned char *table, size_t size, long area, double lon, double lat) {
    if (size < 64 || memcmp(table, "BRZAREAS", 8) != 0) return -1;
    uint32_t count = area_word(table, 12), areas = area_word(table, 16), rings = area_word(table, 24);
    uint32_t points = area_word(table, 32);
    if (area < 0 || (uint32_t)area >= count) return -1;
    size_t record = areas + 36 * (size_t)area;
    uint32_t first_ring = area_word(table, record + 12), ring_count = area_word(table, record + 16);
    double x = lon * 100000.0, y = lat * 100000.0;
    int inside = 0;
    for (uint32_t ring = first_ring; ring < first_ring + ring_count; ring++) {
        uint32_t first = area_word(table, rings + 8 * (size_t)ring);
        uint32_t n = area_word(table, rings + 8 * (size_t)ring + 4);
        for (uint32_t i = 0, j = n - 1; i < n; j = i++) {
            double xi = (double)(int32_t)area_word(table, points + 8 * (size_t)(first + i));
            double yi = (double)(int32_t)area_word(table, points + 8 * (size_t)(first + i) + 4);
            double xj = (double)(int32_t)area_word(table, points + 8 * (size_t)(first + j));
            double yj = (double)(int32_t)area_word(table, points + 8 * (size_t)(first + j) + 4);
            if ((yj > y) != (yi > y) && x < (xi - xj) * (y - yj) / (yi - yj) + xj) inside = !inside;
        }
    }
    return inside;
}
