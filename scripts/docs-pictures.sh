#!/usr/bin/env bash
# The user guide's pictures: runs the README's walk-through (with the criteria built in .build/release,
# or CRITERIA_BIN's folder) in a scratch home, prints the workbook through LibreOffice and shows the
# report and the ACR in headless Chromium, into docs/images/.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CRITERIA_BIN:-$PWD/.build/release}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
sed -n '/^<!-- walkthrough -->$/,/^<!-- \/walkthrough -->$/p' README.md | sed '1,2d;$d' | sed '$d' > "$home/walk.sh"
HOME=$home PATH="$bin:$PATH" bash -euo pipefail "$home/walk.sh" >/dev/null 2>&1
work=$home/sample-audit
mkdir -p docs/images
soffice --headless --convert-to pdf --outdir "$home" "$work/out/audit.xlsx" >/dev/null 2>&1
pdftoppm -png -r 70 -f 1 -l 1 -singlefile "$home/audit.pdf" docs/images/workbook
for page in report acr; do
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,900 \
    --screenshot="$PWD/docs/images/$page.png" "file://$work/out/$page.html" >/dev/null 2>&1
done
ls -l docs/images
