#!/usr/bin/env bash
# Fuzzes what criteria reads from users and from trackers for a set time per target: criteria documents,
# criteria.yml, exporters/*.yml, filled audits as XLSX and CSV, tracker answers (status, Retry-After and
# rate-limit numbers, bodies, through every built-in tracker's filer) and kind: file templates. A case that crashes or hangs the process is kept in
# .build/fuzz/<target>/crash-*.bin; a broken invariant in finding-*.bin. Exit 1 on either.
#
# usage: bash scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s, every target)
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(documents config definitions audit audit-csv tracker-answers templates)

swift build --product criteria-fuzz 2>&1 | grep -E "error|warning: unre" || true
fuzzer=.build/debug/criteria-fuzz
[ -x "$fuzzer" ] || { echo "fuzz: criteria-fuzz did not build" >&2; exit 1; }

# Seeds: the MagentaA11y corpus and the seed documents when ../shared is beside the checkout, and always the samples.
documents=(Samples/criteria/native/*/*.md)
shared=${CRITERIA_SHARED:-../shared}
if [ -d "$shared/corpus/magentaa11y" ]; then
  documents+=("$shared"/corpus/magentaa11y/native/*/*.md "$shared"/seeds/0*.txt)
else
  echo "fuzz: the MagentaA11y corpus is not beside the checkout; seeding from Samples/ only" >&2
fi

failed=0
for target in "${targets[@]}"; do
  case "$target" in
    documents) seeds=("${documents[@]}") ;;
    audit|audit-csv) seeds=(Samples/criteria/native/*/*.md) ;;  # a small workbook: many more cases a second
    config) seeds=(Samples/*.yml) ;;
    definitions) seeds=(exporters/*.yml) ;;
    tracker-answers) seeds=(scripts/fuzz-seeds/*.json) ;;
    templates) seeds=(exporters/testrail-cases.yml exporters/xray-tests.yml exporters/zephyr-scale-cases.yml) ;;
    *) echo "fuzz: unknown target $target" >&2; exit 2 ;;
  esac
  work=.build/fuzz/$target
  mkdir -p "$work"
  # The fuzzer's own budget, plus room: a case that takes longer than that is a hang.
  timeout --signal=KILL $((seconds + 30)) "$fuzzer" "$target" "$seconds" "$work" "${seeds[@]}" 2>"$work/stderr.txt"
  status=$?
  if [ $status -eq 0 ]; then
    :
  elif [ $status -eq 1 ]; then
    failed=1
  else
    kept="$work/crash-$(date +%s).bin"
    cp "$work/current.bin" "$kept" 2>/dev/null
    echo "FUZZ CRASH $target: status $status (signal $((status - 128)) when over 128); input kept in $kept" >&2
    tail -n 5 "$work/stderr.txt" >&2
    failed=1
  fi
done
exit $failed
