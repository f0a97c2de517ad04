"""What a Linux ELF executable needs from the system, read from the file itself: standard library only.

The manylinux tag of a wheel promises the oldest glibc its binaries run on (PEP 600). That floor is the highest
`GLIBC_x.y` symbol version the binary names in its version-needed section (`.gnu.version_r`), which the dynamic
loader checks at start-up; `objdump -T` and `readelf -V` print the same table. Reading it here keeps the wheel
build free of binutils and lets the tests compare it with `auditwheel show`.

Each manylinux policy also caps the `GLIBCXX_`/`CXXABI_`/`GCC_` versions of libstdc++ and libgcc_s, which the
static-stdlib build still links; the versions are listed here, and `auditwheel show` (which reads every ELF in
the wheel, `.data/scripts` included) is the test that the glibc tag is not undercut by them.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Set, Tuple

SHT_DYNAMIC = 6
SHT_GNU_VERNEED = 0x6FFFFFFE
DT_NEEDED = 1

#: e_machine values of the architectures a manylinux tag names.
MACHINES = {62: "x86_64", 183: "aarch64", 3: "i686", 40: "armv7l", 21: "ppc64le", 22: "s390x"}


@dataclass
class ElfNeeds:
    """The libraries an executable links (`DT_NEEDED`) and the symbol versions it needs from each."""

    arch: str
    libraries: List[str]
    #: library file name -> version names, e.g. "libc.so.6" -> {"GLIBC_2.2.5", "GLIBC_2.34"}
    versions: Dict[str, Set[str]] = field(default_factory=dict)

    def highest(self, prefix: str) -> Tuple[int, ...] | None:
        """The highest version named `PREFIX_x.y[.z]` across all libraries, e.g. (2, 34) for "GLIBC"."""
        found = [tuple(int(part) for part in match.group(1).split("."))
                 for names in self.versions.values() for name in names
                 for match in [re.fullmatch(rf"{prefix}_([0-9]+(?:\.[0-9]+)*)", name)] if match]
        return max(found) if found else None

    @property
    def glibc(self) -> Tuple[int, int]:
        """The glibc the binary needs at least, as (major, minor); (2, 5) when it names no version at all."""
        highest = self.highest("GLIBC") or (2, 5)
        return highest[0], highest[1] if len(highest) > 1 else 0

    @property
    def manylinux_tag(self) -> str:
        """The PEP 600 platform tag for that glibc and architecture, e.g. `manylinux_2_34_x86_64`."""
        major, minor = self.glibc
        return f"manylinux_{major}_{minor}_{self.arch}"


def read(path: Path) -> ElfNeeds:
    """Reads `path`'s dynamic section and version-needed section. Raises ValueError for anything but a 64-bit
    little-endian ELF (the only kind breeze-rpc is built as)."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF":
        raise ValueError(f"{path} is not an ELF file")
    if data[4] != 2 or data[5] != 1:
        raise ValueError(f"{path}: only 64-bit little-endian ELF files are read")
    e_machine, = struct.unpack_from("<H", data, 18)
    e_shoff, = struct.unpack_from("<Q", data, 40)
    e_shentsize, e_shnum = struct.unpack_from("<HH", data, 58)
    sections = []
    for index in range(e_shnum):
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size, sh_link, sh_info, sh_addralign, sh_entsize
        sections.append(struct.unpack_from("<IIQQQQIIQQ", data, e_shoff + index * e_shentsize))

    def string(table: int, offset: int) -> str:
        start = sections[table][4] + offset
        return data[start:data.index(b"\0", start)].decode("ascii")

    libraries: List[str] = []
    versions: Dict[str, Set[str]] = {}
    for _, kind, _, _, offset, size, link, info, _, entsize in sections:
        if kind == SHT_DYNAMIC:
            for entry in range(offset, offset + size, entsize or 16):
                tag, value = struct.unpack_from("<qQ", data, entry)
                if tag == DT_NEEDED:
                    libraries.append(string(link, value))
        elif kind == SHT_GNU_VERNEED:
            entry = offset
            for _ in range(info):  # sh_info: how many Verneed entries
                _, count, file_name, aux, following = struct.unpack_from("<HHIII", data, entry)
                names = versions.setdefault(string(link, file_name), set())
                auxiliary = entry + aux
                for _ in range(count):
                    _, _, _, name, next_aux = struct.unpack_from("<IHHII", data, auxiliary)
                    names.add(string(link, name))
                    auxiliary += next_aux
                if not following:
                    break
                entry += following
    arch = MACHINES.get(e_machine)
    if arch is None:
        raise ValueError(f"{path}: unknown machine {e_machine}")
    return ElfNeeds(arch=arch, libraries=libraries, versions=versions)


if __name__ == "__main__":
    import sys

    for argument in sys.argv[1:]:
        needs = read(Path(argument))
        print(f"{argument}: {needs.manylinux_tag}")
        for library in needs.libraries:
            print(f"  {library}: {' '.join(sorted(needs.versions.get(library, ())))}")
