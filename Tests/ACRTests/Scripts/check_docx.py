"""Reads an ACR's Word document with python-docx and prints what a test checks, as JSON.

usage: check_docx.py ACR.docx
Prints: the title (core properties), every heading as [level, text], per table its header cells, whether its
first row repeats on every page (w:tblHeader) and the first cell of each other row, the header's text, and
each heading-clause row's cells.
"""
import json
import sys

import docx
from docx.oxml.ns import qn

document = docx.Document(sys.argv[1])
headings = []
for paragraph in document.paragraphs:
    name = paragraph.style.name
    if name.startswith("Heading "):
        headings.append([int(name.split(" ")[1]), paragraph.text])
tables = []
for table in document.tables:
    rows = table.rows
    first = rows[0]._tr
    properties = first.find(qn("w:trPr"))
    repeats = properties is not None and properties.find(qn("w:tblHeader")) is not None
    # No other row may claim to be a header: only the first repeats.
    others = [
        r for r in rows[1:]
        if r._tr.find(qn("w:trPr")) is not None and r._tr.find(qn("w:trPr")).find(qn("w:tblHeader")) is not None
    ]
    tables.append({
        "columns": [cell.text for cell in rows[0].cells],
        "repeats": repeats,
        "other_headers": len(others),
        "rows": [[cell.text for cell in row.cells] for row in rows[1:]],
    })
header = " ".join(p.text for p in document.sections[0].header.paragraphs)
footer_xml = document.sections[0].footer._element.xml
print(json.dumps({
    "title": document.core_properties.title,
    "headings": headings,
    "tables": tables,
    "header": header,
    "page_numbers": "PAGE" in footer_xml and "NUMPAGES" in footer_xml,
}))
