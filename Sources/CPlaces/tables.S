// The tables made by the generators beside this file, embedded in read-only data so the binary stays one file. The
// loader maps them with the rest of the binary; a table's pages are read only when a look-up touches them. The
// assembler finds the .bin files through the target's header search path (".", set in Package.swift); places.c
// turns each table's bounds into an accessor.
.macro embed name, file
    .section .rodata.\name,"a",@progbits
    .balign 16
    .globl \name\()_start
    .hidden \name\()_start
\name\()_start:
    .incbin "\file"
    .globl \name\()_end
    .hidden \name\()_end
\name\()_end:
.endm

    // GeoNames' populated places (generate_places.py).
    embed breeze_places, "places.bin"
    // MeteoAlarm's warning areas (generate_areas.py).
    embed breeze_areas, "areas.bin"

    // No executable stack for this object.
    .section .note.GNU-stack,"",@progbits
