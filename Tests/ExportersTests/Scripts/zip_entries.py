"""Lists each entry of a ZIP package as Python's zipfile reads it: its name, its compression method and
the deflate option bits of its general purpose flags (bits 1 and 2: 0 normal, 1 maximum, 2 fast,
3 super fast), after checking every entry's CRC (testzip)."""
import sys
import zipfile

with zipfile.ZipFile(sys.argv[1]) as archive:
    bad = archive.testzip()
    if bad is not None:
        sys.exit(f"{bad}: CRC mismatch")
    for info in archive.infolist():
        print(info.filename, info.compress_type, (info.flag_bits >> 1) & 3)
