#ifndef CBRUTEFORCE_H
#define CBRUTEFORCE_H

#include <stddef.h>

/// The index of the point nearest (x, y, z) among `count` unit vectors stored as x, y, z triples in `points`, by
/// measuring every one (the lowest index among equally near ones), and its squared chord distance in `chord2`.
/// The reference the place search is tested against: plain C, so it stays fast in a debug build.
long brute_force_nearest(const double *points, size_t count, double x, double y, double z, double *chord2);

#endif
