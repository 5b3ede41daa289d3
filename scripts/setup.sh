#!/usr/bin/env bash
# Installs the system packages criteria builds against, and (with --test) the third-party readers
# the tests check our output with. Idempotent: skips what is already installed.
set -euo pipefail

want_test_tools=false
[ "${1:-}" = "--test" ] && want_test_tools=true

packages=(libxlsxwriter-dev libcurl4-openssl-dev libssl-dev pkg-config zlib1g-dev)
if $want_test_tools; then
  # cmark-gfm reads our Markdown; LibreOffice (headless Calc) recalculates and renders our workbooks.
  # curl and openssl: the Redmine script polls with curl; the HTTPS tests make a certificate with openssl.
  # poppler-utils (pdftotext, pdfinfo, pdftoppm) reads the printed workbook back.
  # chromium and chromium-driver: the HTML reports are checked in a real browser with axe-core.
  # LibreOffice Writer renders the ACR's Word document to PDF and PNG pages.
  packages+=(cmark-gfm libreoffice-calc-nogui libreoffice-writer-nogui curl openssl poppler-utils chromium chromium-driver)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH"
  done
fi
command -v swift >/dev/null 2>&1 || { echo "setup: Swift 6 is required (swift not on PATH)" >&2; exit 1; }

if $want_test_tools; then
  # The official readers our output is checked with: openpyxl for workbooks, Cucumber's Gherkin parser,
  # jsonschema, with which the fake tracker checks Jira Cloud bodies against Atlassian's ADF schema, and
  # graphql-core, with which it checks Linear requests against Linear's published schema.
  # python-docx reads the ACR's Word document.
  python3 -c "import openpyxl, gherkin, jsonschema, selenium, junitparser, graphql, docx" 2>/dev/null || \
    python3 -m pip install --quiet --disable-pip-version-check openpyxl gherkin-official jsonschema selenium junitparser graphql-core python-docx >&2
  # axe-core 4.x for the browser checks: the axe.min.js that axe-playwright-python ships (its Playwright
  # dependency is not needed; Selenium drives Debian's chromium).
  python3 -c "import axe_playwright_python" 2>/dev/null || \
    python3 -m pip install --quiet --disable-pip-version-check --no-deps axe-playwright-python >&2
fi
