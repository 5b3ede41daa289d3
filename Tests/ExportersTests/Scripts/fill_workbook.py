"""Plays a tester: sets Result cells in an audit workbook and saves a copy.

usage: fill_workbook.py IN OUT ROW_ID=RESULT...   (ROW_ID may hold * wildcards; later marks win)
"""
import fnmatch
import sys

import openpyxl

source, target, *marks = sys.argv[1:]
book = openpyxl.load_workbook(source)
sheet = book["Checklist"]
header = [cell.value for cell in sheet[1]]
id_col, result_col = header.index("ID"), header.index("Result")
for row in sheet.iter_rows(min_row=2):
    for mark in marks:
        key, result = mark.split("=", 1)
        row_id = row[id_col].value
        if fnmatch.fnmatchcase(row_id, key):
            row[result_col].value = result
book.save(target)
