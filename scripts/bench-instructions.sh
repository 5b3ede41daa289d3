#!/usr/bin/env bash
# The workbook against the C program that writes the same workbook, counted in instructions (valgrind's
# callgrind) instead of seconds: the same count for the same build and inputs however busy the host is,
# where wall-time ratios on a shared two-core host swing by a third between runs.
#
# For each row count it prints the C program's instructions (everything it runs: its inputs are read
# with one fread each, so nearly all of it is the timed work), and criteria's export in two parts: the
# thread that calls libxlsxwriter (the workbook's critical path; the catalog it starts from is made
# before and not counted) and the threads that make cells and count results beside it. The first ratio
# is what a quiet two-core machine's wall time follows; the second, all threads added up, is what a
# host that leaves the program one core gets. The catalog is made as the exporter benchmark makes it and
# counted apart: the export is a whole run less a run that makes the same catalog and writes nothing.
#
# Usage: scripts/bench-instructions.sh [ROWS...]   (default 10000; each 100,000 rows take about ten
# minutes under valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- 10000
command -v valgrind >/dev/null 2>&1 || {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends valgrind >/dev/null
}
source scripts/setup.sh
swift build -c release --product criteria-bench 2>&1 | tail -n 1 >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debian 12's valgrind cannot read the debug information Swift 6.3 writes; the symbols are enough.
objcopy --strip-debug .build/release/criteria-bench "$work/criteria-bench"
cc -O2 -o "$work/xlsx_baseline" Benchmarks/xlsx_baseline.c Sources/CZipLevel/zip_level.c \
  $(pkg-config --cflags --libs xlsxwriter) -ldl
# The exporter's entry, on the thread that calls libxlsxwriter; a thread it starts is not inside it.
writer='*AuditWorkbookWriterV5write_2toy13CriteriaModel7CatalogV_SSt7Options11ExportErrorVYKF'
total() { sed -n 's/^totals: *//p' "$1" 2>/dev/null || true; }
sum() { local n=0 part; for part in "$@"; do n=$((n + $(total "$part"))); done; echo "$n"; }
printf '%-8s | %14s | %14s %14s %14s | %9s %9s\n' rows "C program" "criteria: main" "helpers" "all" "main/C" "all/C"
for rows in "$@"; do
  "$work/criteria-bench" inputs-child "$rows" "$work"
  valgrind --tool=callgrind --callgrind-out-file="$work/c.out" "$work/xlsx_baseline" \
    "$work/rows.tsv" "$work/summary.tsv" "$work/wcag.tsv" "$work/units.tsv" "$work/c.xlsx" \
    "Accessibility audit" >/dev/null 2>&1
  c=$(total "$work/c.out")
  # The libxlsxwriter thread, counted only inside the exporter's write.
  rm -f "$work"/main.out*
  valgrind --tool=callgrind --separate-threads=yes --collect-atstart=no --toggle-collect="$writer" \
    --callgrind-out-file="$work/main.out" "$work/criteria-bench" xlsx-child "$rows" "$work/s.xlsx" >/dev/null 2>&1
  main=$(total "$work/main.out-01")
  [ "${main:-0}" -gt 0 ] || { echo "the exporter's write was not found (its symbol changed?): $writer" >&2; exit 1; }
  # Every thread of a whole run, less every thread of a run that makes the same catalog and writes
  # nothing: the export's instructions on all threads (valgrind numbers threads again as they end, so
  # one thread's file can hold both the catalog's and the exporter's work, and is not split by file).
  rm -f "$work"/all.out* "$work"/catalog.out*
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/all.out" \
    "$work/criteria-bench" xlsx-child "$rows" "$work/s.xlsx" >/dev/null 2>&1
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/catalog.out" \
    "$work/criteria-bench" catalog-child "$rows" >/dev/null 2>&1
  helpers=$(($(sum "$work"/all.out-*) - $(sum "$work"/catalog.out-*) - main))
  awk -v rows="$rows" -v c="$c" -v main="$main" -v helpers="$helpers" 'BEGIN {
    printf "%-8s | %14.0f | %14.0f %14.0f %14.0f | %8.2fx %8.2fx\n", rows, c, main, helpers, main + helpers,
      main / c, (main + helpers) / c }'
done
