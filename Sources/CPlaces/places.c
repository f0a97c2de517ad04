#include "CPlaces.h"

// The bounds of the embedded table, from tables.S. Swift cannot import arrays of unknown size, hence the accessor.
extern const unsigned char breeze_places_start[];
extern const unsigned char breeze_places_end[];

const unsigned char *breeze_places(size_t *count) {
    *count = (size_t)(breeze_places_end - breeze_places_start);
    return breeze_places_start;
}

extern const unsigned char breeze_areas_start[];
extern const unsigned char breeze_areas_end[];

const unsigned char *breeze_areas(size_t *count) {
    *count = (size_t)(breeze_areas_end - breeze_areas_start);
    return breeze_areas_start;
}
