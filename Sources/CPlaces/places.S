// The place table (places.bin, made by generate_places.py), embedded in read-only data so the binary stays one
// file. The loader maps it with the rest of the binary; its pages are read only when a look-up touches them.
// The assembler finds places.bin through the target's header search path (".", set in Package.swift).
    .section .rodata.breeze_places,"a",@progbits
    .balign 16
    .globl breeze_places_start
    .hidden breeze_places_start
breeze_places_start:
    .incbin "places.bin"
    .globl breeze_places_end
    .hidden breeze_places_end
breeze_places_end:
    // No executable stack for this object.
    .section .note.GNU-stack,"",@progbits
