"""Computes what the WCAG sheet must show, straight from a filled workbook's Checklist, without formulas.

usage: wcag_expected.py FILLED.xlsx  ->  JSON {number: {"Web": [checks, pass, fail, na, untested, unsure,
conformance], "Software": [...]}} using the ACR rules, for the test to compare with LibreOffice's results.
"""
import json
import sys

import openpyxl

book = openpyxl.load_workbook(sys.argv[1])
sheet = book["Checklist"]
header = [cell.value for cell in sheet[1]]
wcag_col, platform_col, result_col = header.index("WCAG"), header.index("Platform"), header.index("Result")
statuses = ["Pass", "Fail", "Not applicable", "Not tested", "Cannot tell"]
table = {}
for row in sheet.iter_rows(min_row=2, values_only=True):
    numbers = [n.strip() for n in (row[wcag_col] or "").split(",") if n.strip()]
    kind = "Web" if row[platform_col] == "Web" else "Software"
    for number in numbers:
        counts = table.setdefault(number, {}).setdefault(kind, [0] * 6)
        counts[0] += 1
        if row[result_col] in statuses:
            counts[1 + statuses.index(row[result_col])] += 1


def conformance(c):
    """VPAT 2.5: Does Not Support when the majority of what was evaluated does not meet the criterion,
    Partially Supports when some does not; a blank Result is not tested (neither pass nor fail)."""
    total, passed, failed, na, untested, unsure = c
    if total == 0:
        return ""
    if failed > 0:
        return "Does Not Support" if failed > passed else "Partially Supports"
    if na == total:
        return "Not Applicable"
    if passed + na < total:
        return "Not enough evidence"
    return "Supports"


out = {}
for number, kinds in table.items():
    out[number] = {}
    for kind in ("Web", "Software"):
        c = kinds.get(kind, [0] * 6)
        out[number][kind] = [str(v) for v in c] + [conformance(c)]
print(json.dumps(out))
