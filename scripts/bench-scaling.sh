#!/usr/bin/env bash
# Benchmark of how cost grows with the documentation tree: the corpus copied 1, 2, 4 and 8 times (each copy
# in its own folder, its files renamed `NAME-copyN.md`: a component's id comes from its path, and a second
# document with an id already read is skipped, so copies under their own names would add nothing to
# render), read alone (`criteria list`), mapped
# (`criteria wcag`), and rendered to each of the six file outputs on its own (`criteria run --only`).
# Prints medians of nine whole processes (run round robin) and each figure divided by the x1 figure (linear: 1, 2, 4, 8).
# Needs ../shared (the corpus). Usage: scripts/bench-scaling.sh [CORPUS_DIR]
# CRITERIA=PATH measures that binary instead of the development build (say, the package's, which links the
# Swift runtime statically: scripts/package.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=$(cd "${1:-../shared/corpus/magentaa11y}" && pwd)
source scripts/bench-tree.sh
bench_binary
for copies in 1 2 4 8; do
  bench_copies "$corpus" "$work/x$copies" "$copies"
  cat > "$work/x$copies/criteria.yml" <<YML
version: 1
sources: $(bench_sources "$copies")
outputs:
  - {exporter: xlsx, path: out/audit.xlsx}
  - {exporter: csv, path: out/audit.csv}
  - {exporter: markdown, path: out/checklist.md}
  - {exporter: gherkin, path: out/features}
  - {exporter: json, path: out/criteria.json}
  - {exporter: html, path: out/plan.html}
YML
done
python3 - "$criteria" "$work" <<'PY'
import os, re, statistics, subprocess, sys, time
criteria, work = sys.argv[1], sys.argv[2]
# The run steps write the audit afresh, as a first run does: the workbook and CSV an earlier step wrote are
# removed first (outside the time), since a run reads an audit already at an output's path (a tester may
# have filled it in). "run (again)" measures that re-run over its own earlier outputs.
def once(args, cwd, fresh=True):
    if fresh and "run" in args:
        for name in ("audit.xlsx", "audit.csv", "audit-retired.csv"):
            try:
                os.remove(f"{cwd}/out/{name}")
            except FileNotFoundError:
                pass
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start
steps = [("list", lambda c: [criteria, "list", *[f"copy{n}" for n in range(1, c + 1)]]),
         ("wcag", lambda c: [criteria, "wcag", *[f"copy{n}" for n in range(1, c + 1)]])]
steps += [(o, lambda c, o=o: [criteria, "run", "--config", "criteria.yml", "--only", o])
          for o in ("xlsx", "csv", "markdown", "gherkin", "json", "html")]
# The premise: every copy adds its own components (a copy whose ids were read already adds nothing).
counts = []
for c in (1, 2, 4, 8):
    listed = subprocess.run([criteria, "list", *[f"copy{n}" for n in range(1, c + 1)]], cwd=f"{work}/x{c}",
                            capture_output=True, text=True, check=True)
    counts.append(int(re.search(r"(\d+) components", listed.stderr + listed.stdout).group(1)))
if counts != [counts[0] * c for c in (1, 2, 4, 8)]:
    sys.exit(f"copies do not add components: {counts}")
print(f"components: {', '.join(map(str, counts))}")
steps.append(("run (six)", lambda c: [criteria, "run", "--config", "criteria.yml"]))
steps.append(("run (again)", lambda c: [criteria, "run", "--config", "criteria.yml"]))
print("step        " + "".join(f"{'x' + str(c):>16}" for c in (1, 2, 4, 8)))
# Round robin: each repetition runs every step once, so a machine that slows down for a while slows every
# step alike and the ratios between steps hold; medians of nine.
runs = {(name, c): [] for name, _ in steps for c in (1, 2, 4, 8)}
for _ in range(9):
    for c in (1, 2, 4, 8):
        for name, make in steps:
            runs[(name, c)].append(once(make(c), f"{work}/x{c}", fresh=name != "run (again)"))
measured = {}
for name, _ in steps:
    figures = measured[name] = [statistics.median(runs[(name, c)]) for c in (1, 2, 4, 8)]
    print(f"{name:<12}" + "".join(f"{f:>9.3f} s {f / figures[0]:>4.1f}" for f in figures))
print("a re-run over its own outputs over a first run: "
      + ", ".join(f"x{c} {again / run:.2f}" for c, again, run in zip((1, 2, 4, 8), measured["run (again)"], measured["run (six)"])))
print("six outputs over reading (goal: at most 2.5): "
      + ", ".join(f"x{c} {run / read:.2f}" for c, run, read in zip((1, 2, 4, 8), measured["run (six)"], measured["list"])))
# The same ratio taken within each repetition (`run` and `list` on the same sources, seconds apart), then
# the median of the nine: a slow spell of the machine that spans a repetition slows both sides of it.
print("  the same, median of the nine side-by-side ratios: "
      + ", ".join(f"x{c} {statistics.median(r / l for r, l in zip(runs[('run (six)', c)], runs[('list', c)])):.2f}"
                  for c in (1, 2, 4, 8)))
PY
