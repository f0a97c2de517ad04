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
