"""Baseline for the CSV benchmark: Python's csv module writing the same rows criteria's CSV exporter writes.

usage: csv_baseline.py ROWS.tsv OUT.csv   (prints the seconds spent writing, rows already in memory;
the second line of ROWS.tsv, the XLSX widths, is skipped)
"""
import csv
import sys
import time

with open(sys.argv[1], encoding="utf-8") as handle:
    rows = [line.rstrip("\n").split("\t") for line in handle]
# The second line holds the XLSX column widths, not a row.
rows = rows[:1] + rows[2:]
start = time.perf_counter()
with open(sys.argv[2], "w", newline="", encoding="utf-8") as out:
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(rows)
print(f"{time.perf_counter() - start:.6f}")
