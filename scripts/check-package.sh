#!/usr/bin/env bash
# Builds the .deb (scripts/package.sh), installs it as a user would, and checks it runs without a Swift
# toolchain: no Swift runtime library is loaded, and the installed binary, run with a bare environment
# (env -i, PATH without the toolchain), exports a document. Leaves the package uninstalled again.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$dist" "$work"; dpkg -r criteria >/dev/null 2>&1 || true' EXIT
deb=$(bash scripts/package.sh "$dist" | tail -n 1)
fail() { echo "package check: $*" >&2; exit 1; }

depends=$(dpkg-deb -f "$deb" Depends)
for needed in libxlsxwriter4 libcurl4 libssl3 libxml2; do
  case "$depends" in *"$needed"*) ;; *) fail "Depends lacks $needed: $depends" ;; esac
done
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/criteria ./usr/share/man/man1/criteria.1.gz \
  ./usr/share/bash-completion/completions/criteria ./usr/share/zsh/vendor-completions/_criteria \
  ./usr/share/fish/vendor_completions.d/criteria.fish ./usr/share/doc/criteria/examples/templates/checklist.md.mustache \
  ./usr/share/doc/criteria/examples/exporters/redmine.yml; do
  grep -q " $path\$" <<<"$contents" || fail "$path is not in the package"
done

# apt resolves Depends the way a user's install would.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
binary=/usr/bin/criteria
if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift'; then
  fail "the installed binary loads a Swift runtime library (above)"
fi
ldd "$binary" | grep -q 'not found' && { ldd "$binary" >&2; fail "a shared library is missing"; }
readelf -S "$binary" | grep -q '\.symtab' && fail "the binary is not stripped"
zcat /usr/share/man/man1/criteria.1.gz | grep -q '^\.Nm criteria' || fail "the man page does not name criteria"
grep -q 'criteria' /usr/share/bash-completion/completions/criteria || fail "the bash completion is empty"

shared=${CRITERIA_SHARED:-../shared}
if [ -f "$shared/seeds/000_9a7d4474cb6f88e5.txt" ]; then
  document="$shared/seeds/000_9a7d4474cb6f88e5.txt"  # the Sheet seed, current format
else
  document=Samples/criteria/native/controls/toggle-switch.md
  echo "package check: ../shared is absent; exporting a sample document instead of a seed"
fi
cp "$document" "$work/"
name=$(basename "$document")
bare() { (cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$@"); }
bare criteria --version | grep -q 'libxlsxwriter' || fail "criteria --version did not run"
bare criteria export "$name" --to json --output out.json || fail "export to JSON failed"
python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['components']; assert c and c[0]['criteria'], c" "$work/out.json" \
  || fail "the exported JSON holds no criteria"
bare criteria export "$name" --to xlsx --output out.xlsx || fail "export to XLSX failed"
[ "$(head -c 2 "$work/out.xlsx")" = "PK" ] || fail "the workbook is not a zip"
# The installed binary answers minizip's call too (Sources/CZipLevel): every part deflated at level 1,
# which minizip marks "super fast" (flag bits 1 and 2 both set), and every CRC holds.
python3 -c "
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None, 'a CRC does not hold'
slow = [i.filename for i in z.infolist() if (i.flag_bits >> 1) & 3 != 3]
assert not slow, f'not deflated at the fastest level: {slow}'
" "$work/out.xlsx" || fail "the installed binary's workbook is not deflated at zlib's fastest level"
echo "package check: $(basename "$deb") ($(du -h "$deb" | cut -f1)) installs, loads no Swift library, and exports $name with env -i"
