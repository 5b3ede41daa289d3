"""Opens an audit workbook with openpyxl and prints what a tester's spreadsheet program would see, as JSON."""
import json
import sys

import openpyxl

book = openpyxl.load_workbook(sys.argv[1])
checklist = book["Checklist"]
summary = book["Summary"]
report = {
    "sheets": book.sheetnames,
    "title": book.properties.title,
    "subject": book.properties.subject,
    "created": book.properties.created.isoformat() if book.properties.created else None,
    "header": [cell.value for cell in checklist[1]],
    "header_bold": all(cell.font.b for cell in checklist[1]),
    "freeze": checklist.freeze_panes,
    "autofilter": checklist.auto_filter.ref,
    "rows": checklist.max_row - 1,
    "first_row": [cell.value for cell in checklist[2]],
    "wrapped": checklist["F2"].alignment.wrap_text,
    "widths": {key: dim.width for key, dim in checklist.column_dimensions.items()},
    "validations": [
        {"type": dv.type, "formula": dv.formula1, "range": str(dv.sqref), "arrow_hidden": bool(dv.showDropDown)}
        for dv in checklist.data_validations.dataValidation
    ],
    "conditional": sorted(
        rule.formula[0] for rng in checklist.conditional_formatting for rule in rng.rules
    ),
    "text_cells": {
        cell.coordinate: cell.data_type
        for row in checklist.iter_rows(min_row=2)
        for cell in row
        if isinstance(cell.value, str) and cell.value[:1] in "=+-@"
    },
    "summary_header": [cell.value for cell in summary[1]],
    "summary_formulas": [[cell.value for cell in row] for row in summary.iter_rows(min_row=2, max_row=3)],
    "summary_rows": summary.max_row - 1,
    "defined_names": {name: dn.attr_text for name, dn in book.defined_names.items()},
    "charts": [type(chart).__name__ + ":" + chart.grouping + ":" + str(len(chart.series)) for chart in summary._charts],
    "scenario_rows": book["Scenarios"].max_row - 1 if "Scenarios" in book.sheetnames else 0,
    "note_rows": book["Notes"].max_row - 1 if "Notes" in book.sheetnames else 0,
    "notes_total_len": sum(len(c.value or "") for c in book["Notes"]["F"][1:]) if "Notes" in book.sheetnames else 0,
    "notes_max_len": max((len(c.value or "") for c in book["Notes"]["F"]), default=0) if "Notes" in book.sheetnames else 0,
}
print(json.dumps(report))
