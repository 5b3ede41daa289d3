#!/usr/bin/env bash
# Builds criteria_<version>_amd64.deb: the criteria binary linked with the Swift runtime inside it
# (--static-swift-stdlib), stripped, with shell completions, a man page and the example templates and
# tracker definitions. It needs no Swift toolchain to run; every shared library it still loads comes
# from a Debian package named in Depends. Usage: scripts/package.sh [OUTPUT_DIR]  (default: dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
out=${1:-dist}
mkdir -p "$out"
out=$(cd "$out" && pwd)

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/CriteriaModel/CriteriaVersion.swift)
[ -n "$version" ] || { echo "package: cannot read the version from CriteriaVersion.swift" >&2; exit 1; }
arch=$(dpkg --print-architecture)
scratch=.build/package
echo "package: building criteria $version (release, static Swift runtime)" >&2
swift build -c release --static-swift-stdlib --product criteria --scratch-path "$scratch" 2>&1 | tail -n 2 >&2
binary="$scratch/release/criteria"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/criteria_${version}_${arch}"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/criteria/examples"
install -m 0755 "$binary" "$root/usr/bin/criteria"
strip --strip-unneeded "$root/usr/bin/criteria"

# Completions come from swift-argument-parser through the binary itself.
"$root/usr/bin/criteria" --generate-completion-script bash >"$root/usr/share/bash-completion/completions/criteria"
"$root/usr/bin/criteria" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_criteria"
"$root/usr/bin/criteria" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/criteria.fish"

# The man page: the tool behind swift-argument-parser's generate-manual plugin, run on the packaged
# binary (the plugin itself would rebuild every product without the static runtime).
swift build --scratch-path "$scratch" --product generate-manual 2>&1 | tail -n 1 >&2
manual_date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%d)
mkdir -p "$stage/man"
"$scratch/debug/generate-manual" "$root/usr/bin/criteria" --date "$manual_date" \
  --authors "criteria maintainers" --output-directory "$stage/man" >/dev/null
[ -s "$stage/man/criteria.1" ] || { echo "package: generate-manual wrote no criteria.1" >&2; exit 1; }
gzip -9n <"$stage/man/criteria.1" >"$root/usr/share/man/man1/criteria.1.gz"

# Templates and tracker definitions are built into the binary; these copies are examples to start a
# project's own templates/ and exporters/ from (a project's exporters/ overrides the built-in ones).
cp -r templates exporters Samples "$root/usr/share/doc/criteria/examples/"
install -m 0644 README.md "$root/usr/share/doc/criteria/README.md"
# The user guide the README links to, beside it as in the repository.
cp -r docs "$root/usr/share/doc/criteria/docs"

# Depends: the Debian package of every shared library the binary names (NEEDED); their own
# dependencies come with them.
depends=()
owner_of() {
  # Debian 12 merges /lib into /usr/lib, and dpkg knows each file by one of the two names.
  local path=$1 alternative
  case "$path" in /usr/*) alternative=${path#/usr} ;; *) alternative=/usr$path ;; esac
  for candidate in "$path" "$alternative" "$(readlink -f "$path")"; do
    dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1 && return 0
  done
  return 1
}
while read -r library; do
  owner=$(owner_of "$library") || { echo "package: no Debian package owns $library" >&2; exit 1; }
  case "$owner" in
    libc6|libgcc-s1|libstdc++6) ;;  # listed below
    *) depends+=("$owner") ;;
  esac
done < <(
  needed=$(readelf -d "$root/usr/bin/criteria" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  ldd "$root/usr/bin/criteria" | awk -v needed="$needed" '
    BEGIN { n = split(needed, names, "\n"); for (i = 1; i <= n; i++) wanted[names[i]] = 1 }
    $1 in wanted && $3 ~ /^\// { print $3 }' | sort -u)
if ldd "$root/usr/bin/criteria" | grep -q 'libswift\|libFoundation\|libdispatch\|/opt/swift'; then
  echo "package: the binary still loads a Swift runtime library:" >&2
  ldd "$root/usr/bin/criteria" | grep 'libswift\|libFoundation\|libdispatch\|/opt/swift' >&2
  exit 1
fi
depends_line="libc6 (>= 2.36), libgcc-s1, libstdc++6"
for package in $(printf '%s\n' "${depends[@]}" | sort -u); do
  depends_line+=", $package"
done
size=$(du -sk "$root/usr" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: criteria
Version: $version
Architecture: $arch
Maintainer: criteria maintainers <criteria@localhost>
Installed-Size: $size
Depends: $depends_line
Section: utils
Priority: optional
Description: accessibility acceptance criteria to audit workbooks, checklists and tickets
 Reads MagentaA11y accessibility acceptance criteria (Markdown, current and
 Jekyll formats) and writes audit workbooks (XLSX), CSV and Markdown
 checklists, Gherkin features, JSON, and tickets in Jira, GitHub, GitLab,
 Azure DevOps and Redmine; files an audit's failures back as bugs.
CONTROL
deb="$out/criteria_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
