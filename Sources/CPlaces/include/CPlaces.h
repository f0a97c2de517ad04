#ifndef CPLACES_H
#define CPLACES_H

#include <stddef.h>

/// The embedded place table (see tables.S): its first byte, and its length in `count`. Read-only, never freed.
const unsigned char *breeze_places(size_t *count);

/// The embedded MeteoAlarm warning areas (see tables.S): its first byte, and its length in `count`.
const unsigned char *breeze_areas(size_t *count);

#endif
