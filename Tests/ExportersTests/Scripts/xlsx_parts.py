"""Dumps the XML parts of an XLSX file, one after another, with the dates in docProps/core.xml blanked,
so that a workbook can be compared with a reviewed golden file."""
import re
import sys
import zipfile
from xml.dom import minidom

with zipfile.ZipFile(sys.argv[1]) as archive:
    for name in sorted(archive.namelist()):
        if not (name.endswith(".xml") or name.endswith(".rels")):
            continue
        text = archive.read(name).decode("utf-8")
        if name == "docProps/core.xml":
            text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*", r"\1", text)
        pretty = minidom.parseString(text).toprettyxml(indent="  ")
        print("=== " + name)
        print("\n".join(line for line in pretty.splitlines() if line.strip()))
