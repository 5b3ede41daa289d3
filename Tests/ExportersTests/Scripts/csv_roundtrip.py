"""Reads a CSV file with Python's csv module and prints its records as JSON.

usage: csv_roundtrip.py FILE [DELIMITER]
"""
import csv
import json
import sys

path = sys.argv[1]
delimiter = sys.argv[2] if len(sys.argv) > 2 else ","
with open(path, newline="", encoding="utf-8-sig") as handle:
    rows = list(csv.reader(handle, delimiter=delimiter, strict=True))
print(json.dumps(rows))
