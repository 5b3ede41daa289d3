#!/usr/bin/env bash
# Benchmark of the commands that read a filled audit, as whole processes, as the audit grows: the corpus
# copied 1, 4 and 8 times (as scripts/bench-scaling.sh copies it), its audit written by `criteria run`
# and filled at random twice (a CSV each, and the first as a workbook too, through openpyxl), then
# refresh, merge, diff, report and acr timed, round robin, median of three, with each figure divided by
# the x1 figure (linear in the rows: 1, 4, 8). Needs ../shared (the corpus) and openpyxl
# (bash scripts/setup.sh --test installs it). Usage: scripts/bench-audit-cycle.sh [CORPUS_DIR]
# CRITERIA=PATH measures that binary instead of the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=$(cd "${1:-../shared/corpus/magentaa11y}" && pwd)
source scripts/bench-tree.sh
bench_binary
for copies in 1 4 8; do
  bench_copies "$corpus" "$work/x$copies" "$copies"
  cat > "$work/x$copies/criteria.yml" <<YML
version: 1
sources: $(bench_sources "$copies")
acr:
  product: {name: "Benchmark", version: "1"}
  author: {name: "Bench", email: "bench@example.com"}
  vendor: {company_name: "Bench", email: "bench@example.com"}
outputs:
  - {exporter: xlsx, path: out/audit.xlsx}
  - {exporter: csv, path: out/audit.csv}
YML
  (cd "$work/x$copies" && "$criteria" run --config criteria.yml >/dev/null 2>&1)
done
python3 - "$criteria" "$work" <<'PY'
import csv, random, statistics, subprocess, sys, time
import openpyxl
criteria, work = sys.argv[1], sys.argv[2]
sizes = (1, 4, 8)
rows_of = {}
for c in sizes:
    folder = f"{work}/x{c}"
    random.seed(c)
    with open(f"{folder}/out/audit.csv", newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    header = rows[0]
    column = {name: header.index(name) for name in ("Result", "Severity", "Notes", "Date", "Tester")}
    rows_of[c] = len(rows) - 1
    for day, name in ((21, "a"), (22, "b")):
        filled = [header]
        for row in rows[1:]:
            row = list(row)
            row[column["Result"]] = random.choices(["Pass", "Fail", "Not applicable"], [85, 8, 7])[0]
            row[column["Tester"]], row[column["Date"]] = "Tester", f"2026-11-{day}"
            if row[column["Result"]] == "Fail":
                row[column["Severity"]], row[column["Notes"]] = "High", "Seen on build 5.2"
            filled.append(row)
        with open(f"{folder}/filled-{name}.csv", "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(filled)
        if name == "a":
            book = openpyxl.load_workbook(f"{folder}/out/audit.xlsx")
            sheet = book["Checklist"]
            names = [cell.value for cell in sheet[1]]
            for number, row in enumerate(filled[1:], start=2):
                for key, index in column.items():
                    sheet.cell(number, names.index(key) + 1).value = row[index] or None
            book.save(f"{folder}/filled-a.xlsx")
steps = [
    ("refresh (csv)", ["refresh", "--from", "filled-a.csv", "--output", "refreshed.csv"]),
    ("refresh (xlsx)", ["refresh", "--from", "filled-a.xlsx", "--output", "refreshed.xlsx"]),
    ("merge (csv)", ["merge", "filled-a.csv", "filled-b.csv", "--prefer", "latest", "--output", "merged.csv"]),
    ("merge (xlsx)", ["merge", "filled-a.xlsx", "filled-b.csv", "--prefer", "latest", "--output", "merged.xlsx"]),
    ("diff", ["diff", "filled-a.csv", "filled-b.csv", "--output", "diff.md"]),
    ("report", ["report", "--from", "filled-a.xlsx", "--output", "report.html"]),
    ("acr", ["acr", "--from", "filled-a.xlsx", "--to", "html", "--draft", "--output", "acr.html"]),
]
def once(args, cwd):
    start = time.perf_counter()
    done = subprocess.run([criteria, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} in {cwd}: exit {done.returncode}: {done.stderr.decode()[-500:]}")
    return time.perf_counter() - start
runs = {(name, c): [] for name, _ in steps for c in sizes}
for _ in range(3):
    for c in sizes:
        for name, args in steps:
            runs[(name, c)].append(once(args, f"{work}/x{c}"))
print("rows: " + ", ".join(f"x{c} {rows_of[c]}" for c in sizes))
print(f"{'step':<15}" + "".join(f"{'x' + str(c):>16}" for c in sizes))
for name, _ in steps:
    figures = [statistics.median(runs[(name, c)]) for c in sizes]
    print(f"{name:<15}" + "".join(f"{f:>9.3f} s {f / figures[0]:>4.1f}" for f in figures))
PY
