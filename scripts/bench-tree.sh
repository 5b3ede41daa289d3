# Sourced by the benchmarks that run criteria on copies of the corpus (bench-scaling.sh,
# bench-audit-cycle.sh): the binary they measure, and the copied trees, in `work` (a temporary folder,
# removed on exit).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Sets `criteria` to $CRITERIA when given (say, the package's binary: scripts/package.sh), else to the
# release build, built first.
bench_binary() {
  if [ -n "${CRITERIA:-}" ]; then
    criteria=$(realpath "$CRITERIA")
  else
    swift build -c release --product criteria 2>&1 | tail -n 1 >&2
    criteria=$PWD/.build/release/criteria
  fi
  echo "binary: $criteria" >&2
}

# bench_copies CORPUS FOLDER COPIES: the corpus copied COPIES times into FOLDER/copy1 ... copyN, the files
# of each copy after the first renamed `NAME-copyN.md` (a component's id comes from its path, and a second
# document with an id already read is skipped, so copies under their own names would add nothing).
bench_copies() {
  local corpus=$1 folder=$2 copies=$3 n
  mkdir -p "$folder"
  for n in $(seq 1 "$copies"); do
    cp -r "$corpus" "$folder/copy$n"
    if [ "$n" -gt 1 ]; then
      find "$folder/copy$n" -name '*.md' ! -name PROVENANCE.md -print0 |
        while IFS= read -r -d '' file; do mv "$file" "${file%.md}-copy$n.md"; done
    fi
  done
}

# bench_sources COPIES: the config's `sources:` list for those copies.
bench_sources() {
  printf '[%s]' "$(for n in $(seq 1 "$1"); do printf 'copy%s, ' "$n"; done | sed 's/, $//')"
}
