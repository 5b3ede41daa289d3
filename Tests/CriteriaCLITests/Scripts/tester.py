"""Plays the tester and the auditor's reader of an audit, with openpyxl for workbooks and Python's csv module.

usage: tester.py fill IN OUT EDITS_JSON [SHEET]
                                           EDITS_JSON: {"ROW_NUMBER": {"Column header": value, ...}, ...}
                                           in the checklist (or SHEET) of a workbook
                                           the row "*" means every row below the header (applied first)
                                           a header "+Name" adds a column Name even when there is one, and
                                           fills that new column (after the row's other edits)
                                           a value {"date": "YYYY-MM-DD"} becomes a real date cell
                                           the key "epoch" with {"year": 1904} saves the workbook in the
                                           1904 date system (Excel for Mac's before 2011)
       tester.py read FILE [SHEET]         prints the checklist (or SHEET) as JSON: {"header": [...], "rows": {"N": [...]}}
       tester.py look FILE                 prints each cell of a workbook's checklist as openpyxl sees it:
                                           {"N": {"Header": {"value", "formula", "fill", "bold"}}}
Rows are numbered as the spreadsheet numbers them (the header is row 1).
"""
import csv
import datetime
import json
import sys


def expand(edits, last_row):
    """Edits with "*" spelled out for rows 2..last_row; numbered rows keep their own values on top."""
    every = edits.pop("*", None)
    if every is None:
        return edits
    spelled = {str(n): dict(every) for n in range(2, last_row + 1)}
    for number, values in edits.items():
        spelled.setdefault(number, {}).update(values)
    return spelled


def column_index(header, column):
    """The index of a column's header, and whether it is new: the tester adds a column of their own
    when the header has none by that name (always for "+Name")."""
    if column.startswith("+") or column not in header:
        header.append(column.removeprefix("+"))
        return len(header) - 1, True
    return header.index(column), False


def fill(source, target, edits, sheet_name="Checklist"):
    if source.endswith(".csv"):
        with open(source, newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.reader(handle))
        header = list(rows[0])
        edits = expand(edits, len(rows))
        for number, values in edits.items():
            for column, value in sorted(values.items(), key=lambda item: item[0].startswith("+")):
                index, added = column_index(header, column)
                if added:
                    rows[0].extend([""] * (len(header) - len(rows[0])))
                    rows[0][index] = header[index]
                line = rows[int(number) - 1]
                line.extend([""] * (len(header) - len(line)))
                line[index] = value
        with open(target, "w", newline="", encoding="utf-8-sig") as handle:
            csv.writer(handle).writerows(rows)
        return
    import openpyxl
    book = openpyxl.load_workbook(source)
    if edits.pop("epoch", {}).get("year") == 1904:
        from openpyxl.utils.datetime import CALENDAR_MAC_1904
        book.epoch = CALENDAR_MAC_1904
    sheet = book[sheet_name]
    header = [cell.value for cell in sheet[1]]
    edits = expand(edits, sheet.max_row)
    for number, values in edits.items():
        for column, value in sorted(values.items(), key=lambda item: item[0].startswith("+")):
            index, added = column_index(header, column)
            if added:
                sheet.cell(1, index + 1).value = header[index]
            if isinstance(value, dict):
                value = datetime.date.fromisoformat(value["date"])
            sheet.cell(int(number), index + 1).value = value
    book.save(target)


def read(path, sheet_name="Checklist"):
    if path.endswith(".csv"):
        with open(path, newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.reader(handle))
    else:
        import openpyxl
        sheet = openpyxl.load_workbook(path)[sheet_name]
        rows = [["" if v is None else (v.date().isoformat() if isinstance(v, datetime.datetime) else str(v)) for v in row]
                for row in sheet.iter_rows(values_only=True)]
    print(json.dumps({"header": rows[0], "rows": {str(n + 2): row for n, row in enumerate(rows[1:])}}))


def look(path):
    """Cached values (data_only), formulas, fills and bold, for checking links and highlights."""
    import openpyxl
    values = openpyxl.load_workbook(path, data_only=True)["Checklist"]
    formulas = openpyxl.load_workbook(path)["Checklist"]
    header = [cell.value for cell in values[1]]
    cells = {}
    for row in range(1, values.max_row + 1):
        cells[str(row)] = {}
        for column, name in enumerate(header, start=1):
            value, formula = values.cell(row, column), formulas.cell(row, column)
            fill = value.fill.fgColor.rgb if value.fill is not None and value.fill.fill_type == "solid" else None
            cells[str(row)][name] = {"value": "" if value.value is None else str(value.value),
                                     "formula": formula.value if isinstance(formula.value, str) and formula.value.startswith("=") else None,
                                     "fill": fill if isinstance(fill, str) else None, "bold": bool(value.font and value.font.b)}
    cells["_validations"] = [v.formula1 for v in formulas.data_validations.dataValidation]
    print(json.dumps(cells))


if __name__ == "__main__":
    if sys.argv[1] == "look":
        look(sys.argv[2])
    elif sys.argv[1] == "fill":
        fill(sys.argv[2], sys.argv[3], json.loads(sys.argv[4]), *sys.argv[5:6])
    else:
        read(*sys.argv[2:4])
