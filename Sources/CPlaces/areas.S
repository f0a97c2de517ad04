// The MeteoAlarm warning areas (areas.bin, made by generate_areas.py), embedded in read-only data like the place
// table (places.S): one file, read in place, its pages touched only when a warning is matched to a point.
    .section .rodata.breeze_areas,"a",@progbits
    .balign 16
    .globl breeze_areas_start
    .hidden breeze_areas_start
breeze_areas_start:
    .incbin "areas.bin"
    .globl breeze_areas_end
    .hidden breeze_areas_end
breeze_areas_end:
    // No executable stack for this object.
    .section .note.GNU-stack,"",@progbits
