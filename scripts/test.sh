#!/usr/bin/env bash
# The whole test suite: installs what it needs (system packages and the third-party readers our
# output is checked with), builds, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh --test
# The test command runs everything, the slow set included.
unset CRITERIA_FAST
# The real Redmine (127.0.0.1 only) the end-to-end ticket tests file into; they call this script too.
# One this run starts is stopped when it ends, so nothing outlives the test command.
if ! curl -fsS -o /dev/null "http://127.0.0.1:${REDMINE_PORT:-3300}/" 2>/dev/null; then
  trap 'bash scripts/redmine.sh stop' EXIT
fi
bash scripts/redmine.sh start >/dev/null
# The product's modules and the tests keep the committed style (swift-argument-parser's .swift-format
# rules); the benchmark, the fuzzer and the fake tracker's support opt out.
lint_status=0
swift format lint --strict --recursive --configuration .swift-format \
  Sources/CriteriaModel Sources/StrictYAML Sources/Options Sources/Config Sources/CriteriaReaders Sources/Conformance Sources/ACR Sources/Report Sources/Audit Sources/AuditCycle Sources/Exporters Sources/Tickets Sources/CriteriaPipeline \
  Sources/CriteriaCLI Sources/criteria Tests \
  || lint_status=1
swift build --build-tests 2>&1 | tail -n 3
# A short bounded fuzz pass over everything criteria reads from users (scripts/fuzz.sh runs longer ones).
fuzz_status=0
bash scripts/fuzz.sh "${FUZZ_SECONDS:-8}" || fuzz_status=1
shared=${CRITERIA_SHARED:-../shared}
if [ ! -d "$shared/corpus/magentaa11y" ]; then
  echo "corpus tests not run: $shared (the MagentaA11y corpus, seeds and vendor schemas) is not beside the checkout; set CRITERIA_SHARED to run them"
fi
swift test --skip-build 2>&1 | tee .build/test-output.txt | grep -vE '^(Test Case|\[|◇|↳)' | tail -n 40
status=${PIPESTATUS[0]}
# The .deb users install: built with the Swift runtime inside, installed, and run without a toolchain.
package_status=0
bash scripts/check-package.sh || package_status=1
[ "$package_status" -eq 0 ] || { echo "the package check above failed" >&2; status=1; }
[ "$fuzz_status" -eq 0 ] || { echo "the fuzz pass above failed" >&2; status=1; }
[ "$lint_status" -eq 0 ] || { echo "swift format lint found problems (listed above)" >&2; status=1; }
exit "$status"
