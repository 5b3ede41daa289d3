"""Computes what the WCAG sheets must show, straight from a filled workbook's Checklist, without formulas.

usage: wcag_expected.py FILLED.xlsx  ->  JSON {"criteria": {number: {"Web": [checks, pass, fail, na, untested,
unsure, conformance], "Software": [...]}}, "units": {"number|kind|component|platform": [pass, fail]}}
for the test to compare with LibreOffice's results.

The level follows VPAT 2.5 as the issue states it: Does Not Support when "the majority of product
functionality does not meet the criterion", measured per unit (a component on one platform, each weighted
equally): each unit's share of Fail among its Pass and Fail rows, averaged over the units with any, is more
than one half. Partially Supports for any failure otherwise.
"""
import json
import sys

import openpyxl

book = openpyxl.load_workbook(sys.argv[1])
sheet = book["Checklist"]
header = [cell.value for cell in sheet[1]]
wcag_col, platform_col, result_col = header.index("WCAG"), header.index("Platform"), header.index("Result")
component_col = header.index("Component")
statuses = ["Pass", "Fail", "Not applicable", "Not tested", "Cannot tell"]
table = {}
units = {}
for row in sheet.iter_rows(min_row=2, values_only=True):
    numbers = [n.strip() for n in (row[wcag_col] or "").split(",") if n.strip()]
    kind = "Web" if row[platform_col] == "Web" else "Software"
    for number in numbers:
        counts = table.setdefault(number, {}).setdefault(kind, [0] * 6)
        unit = units.setdefault((number, kind, row[component_col], row[platform_col]), [0, 0])
        counts[0] += 1
        if row[result_col] in statuses:
            counts[1 + statuses.index(row[result_col])] += 1
        if row[result_col] == "Pass":
            unit[0] += 1
        if row[result_col] == "Fail":
            unit[1] += 1


def averaged_failing_share(number, kind):
    shares = [f / (p + f) for (n, k, _, _), (p, f) in units.items() if n == number and k == kind and p + f]
    return sum(shares) / len(shares) if shares else 0


def conformance(number, kind, c):
    """A blank Result is not tested (neither pass nor fail)."""
    total, passed, failed, na, untested, unsure = c
    if total == 0:
        return ""
    if failed > 0:
        return "Does Not Support" if averaged_failing_share(number, kind) > 0.5 else "Partially Supports"
    if na == total:
        return "Not Applicable"
    if passed + na < total:
        return "Not enough evidence"
    return "Supports"


out = {"criteria": {}, "units": {}}
for number, kinds in table.items():
    out["criteria"][number] = {}
    for kind in ("Web", "Software"):
        c = kinds.get(kind, [0] * 6)
        out["criteria"][number][kind] = [str(v) for v in c] + [conformance(number, kind, c)]
for (number, kind, component, platform), counts in units.items():
    out["units"]["|".join([number, kind, component, platform])] = [str(v) for v in counts]
print(json.dumps(out))
