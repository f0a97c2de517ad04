#ifndef CBRUTEFORCE_H
#define CBRUTEFORCE_H

#include <stddef.h>

/// The index of the point nearest (x, y, z) among `count` unit vectors stored as x, y, z triples in `points`, by
/// measuring every one (the lowest index among equally near ones), and its squared chord distance in `chord2`.
/// The reference the place search is tested against: plain C, so it stays fast in a debug build.
long brute_force_nearest(const double *points, size_t count, double x, double y, double z, double *chord2);

/// Whether area `area` of the warning-area table `table` (areas.bin, `size` bytes) contains (lon, lat) by the even-odd
/// rule over every ring, read straight from the bytes with no bounding box: the reference for `AlertAreaTable`.
/// -1 when the table or the index is wrong.
int brute_force_area_contains(const unsigned char *table, size_t size, long area, double lon, double lat);

#endif
