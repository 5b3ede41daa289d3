"""Makes hostile variants of an audit workbook criteria wrote, for the audit reader's safety tests.

usage: hostile_workbook.py SOURCE.xlsx TARGET.xlsx KIND [ARG]

Each KIND changes the workbook the way a damaged or malicious file would; the reader must fail with a
message naming the file, or read only what the workbook says, and never crash, hang or fetch anything.
"""
import sys
import zipfile

SHEET = "xl/worksheets/sheet1.xml"


def parts(path):
    with zipfile.ZipFile(path) as z:
        return [(i.filename, z.read(i.filename)) for i in z.infolist()]


def write(path, items, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, data in items:
            z.writestr(name, data)


def replace(items, name, data):
    """The parts with `name` set to `data` (added when the workbook has no such part)."""
    if name not in dict(items):
        return items + [(name, data)]
    return [(n, data if n == name else d) for n, d in items]


def main():
    source, target, kind = sys.argv[1], sys.argv[2], sys.argv[3]
    arg = sys.argv[4] if len(sys.argv) > 4 else ""
    items = parts(source)
    sheet = dict(items)[SHEET].decode("utf-8")
    if not sheet.startswith("<?xml"):
        # openpyxl writes parts without an XML declaration.
        sheet = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + sheet
    if kind == "xxe":
        # An external entity, used in the first data row's Notes cell as an inline string.
        doctype = '<!DOCTYPE worksheet [<!ENTITY x SYSTEM "%s">]>' % arg
        sheet = sheet.replace("?>", "?>" + doctype, 1)
        sheet = sheet.replace("<sheetData>", "<sheetData>", 1)
        row2 = sheet.index('<row r="2"')
        end = sheet.index("</row>", row2)
        sheet = sheet[:end] + '<c r="Z2" t="inlineStr"><is><t>&x;</t></is></c>' + sheet[end:]
        items = replace(items, SHEET, sheet.encode())
    elif kind == "empty-part":
        items = replace(items, arg, b"")
    elif kind == "encoding":
        items = replace(items, SHEET, sheet.replace('encoding="UTF-8"', 'encoding="x-klingon"', 1).encode())
    elif kind == "garbage":
        items = replace(items, arg, bytes(range(256)) * 64)
    elif kind == "cell-ref":
        items = replace(items, SHEET, sheet.replace('r="A2"', 'r="%s2"' % arg, 1).encode())
    elif kind == "row-number":
        items = replace(items, SHEET, sheet.replace('<row r="2"', '<row r="%s"' % arg, 1).encode())
    elif kind == "truncated":
        items = replace(items, SHEET, sheet[: len(sheet) // 2].encode())
    elif kind == "bomb":
        # 300 MiB of spaces inside the sheet compresses to a few hundred KiB.
        padding = b" " * (300 << 20)
        data = sheet.encode()
        cut = data.index(b"<sheetData>")
        items = replace(items, SHEET, data[:cut] + padding + data[cut:])
    elif kind == "duplicate":
        items = items + [(SHEET, sheet.encode())]
    elif kind == "bad-crc":
        write(target, items, zipfile.ZIP_STORED)
        blob = bytearray(open(target, "rb").read())
        at = blob.index(b"<sheetData>")
        blob[at + 1] ^= 0x20
        open(target, "wb").write(bytes(blob))
        return
    else:
        raise SystemExit("unknown kind " + kind)
    import warnings
    warnings.simplefilter("ignore")
    write(target, items)


if __name__ == "__main__":
    main()
