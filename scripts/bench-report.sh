#!/usr/bin/env bash
# Benchmark of the HTML audit report: builds the corpus audit with every row filled (about 700 rows) and a
# 10,000-row audit, writes each report, and prints its size, the time to write it, and what headless
# Chromium takes to load it and to apply a filter. Needs ../shared (the corpus), chromium and Selenium
# (bash scripts/setup.sh --test installs them). Usage: scripts/bench-report.sh [CORPUS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus/magentaa11y}
swift build -c release --product criteria 2>&1 | tail -n 1 >&2
criteria=$PWD/.build/release/criteria
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$criteria" export "$corpus" --to csv --output "$work/corpus.csv" 2>/dev/null
python3 - "$work" <<'PY'
import csv, random, sys
work = sys.argv[1]
random.seed(11)
with open(f"{work}/corpus.csv", newline="", encoding="utf-8-sig") as handle:
    rows = list(csv.reader(handle))
header, body = rows[0], rows[1:]
r, s, n, t, i = (header.index(x) for x in ("Result", "Severity", "Notes", "Ticket", "ID"))
def fill(row, k):
    row = list(row)
    row[r] = random.choices(["Pass", "Fail", "Not applicable", "Not tested"], [80, 6, 9, 5])[0]
    if row[r] == "Fail":
        row[s] = random.choice(["Critical", "High", "Medium", "Low"]); row[n] = "Seen on build 5.2"; row[t] = f"A11Y-{k}"
    return row
for name, count in (("filled", len(body)), ("filled-10000", 10000)):
    with open(f"{work}/{name}.csv", "w", newline="", encoding="utf-8-sig") as handle:
        out = csv.writer(handle)
        out.writerow(header)
        for k in range(count):
            row = fill(body[k % len(body)], k)
            if k >= len(body):
                # A prefix no corpus id has: a suffix such as "-2" can make an id the corpus already holds
                # (a check named twice is "role" and "role-2"), which the report refuses as a duplicate.
                row[i] = f"copy-{k // len(body)}/" + row[i]
                row[header.index("Component")] += f" {k // len(body)}"
            out.writerow(row)
PY
for name in filled filled-10000; do
  start=$(date +%s.%N)
  "$criteria" report --from "$work/$name.csv" --output "$work/$name.html" 2>/dev/null
  end=$(date +%s.%N)
  rows=$(($(wc -l <"$work/$name.csv") - 1))
  python3 - "$work/$name.html" "$rows" "$(echo "$end - $start" | bc)" <<'PY'
import pathlib, statistics, sys, time
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
page, rows, write = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
options = Options()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1400"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
loads, filters = [], []
try:
    for _ in range(5):
        driver.get(pathlib.Path(page).resolve().as_uri())
        timing = driver.execute_script("const t = performance.getEntriesByType('navigation')[0]; return t.loadEventEnd - t.startTime;")
        loads.append(timing)
        took = driver.execute_script("""
            const s = document.getElementById('f-result'); const t0 = performance.now();
            s.value = 'Fail'; s.dispatchEvent(new Event('change', {bubbles: true}));
            return performance.now() - t0;""")
        filters.append(took)
finally:
    driver.quit()
size = pathlib.Path(page).stat().st_size
print(f"{rows:6d} rows: {size / 1024:8.0f} KiB, written in {write * 1000:6.0f} ms; Chromium load median {statistics.median(loads):6.0f} ms, "
      f"'Result = Fail' filter median {statistics.median(filters):5.0f} ms")
PY
done
