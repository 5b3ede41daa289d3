#!/usr/bin/env bash
# The main job on the bundled samples: install, build, then list, validate and export everything
# Samples/criteria.yml asks for into out/, and the ticket payloads Samples/tickets.yml would send.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product criteria 2>&1 | tail -n 3
criteria=.build/release/criteria
echo "== criteria list Samples/criteria"
$criteria list Samples/criteria
echo "== criteria validate Samples/criteria"
$criteria validate Samples/criteria
echo "== criteria run --config Samples/criteria.yml"
$criteria run --config Samples/criteria.yml
echo "== criteria run --config Samples/tickets.yml --dry-run   (ticket payloads; nothing is sent)"
$criteria run --config Samples/tickets.yml --dry-run
echo "== criteria report --from Samples/audit-filled.csv   (the HTML report of a filled audit)"
$criteria report --config Samples/criteria.yml --from Samples/audit-filled.csv --output out/report.html
echo "== criteria acr --from Samples/audit-filled.csv --draft   (the conformance report, as OpenACR, HTML and Word)"
$criteria acr --config Samples/criteria.yml --from Samples/audit-filled.csv --to openacr --output out/acr.yaml --draft
$criteria acr --config Samples/criteria.yml --from Samples/audit-filled.csv --to html --output out/acr.html --draft
$criteria acr --config Samples/criteria.yml --from Samples/audit-filled.csv --to docx --output out/acr.docx --draft
echo "== written:"
find out -maxdepth 2 -type f | sort
