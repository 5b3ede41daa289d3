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
echo "== written:"
find out -maxdepth 2 -type f | sort
