#!/usr/bin/env bash
# Behaviour unchanged, shown: runs every registry example through the commands that print JSON
# (solve in each convention and with --outcome, table, check, guess, plot's data) with two grundy
# binaries, and prints every difference in stdout, stderr or exit code.
#   bash bench/compare-json.sh BEFORE_BIN AFTER_BIN
# Run from the repository's root (the examples name files under it). Exits 1 on any difference.
set -uo pipefail
before=${1:?usage: compare-json.sh BEFORE_BIN AFTER_BIN}
after=${2:?usage: compare-json.sh BEFORE_BIN AFTER_BIN}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The examples, with a file path read from the repository's root (each binary names the
# absolute path of the tree it was built in).
mapfile -t examples < <("$after" games --json | python3 -c '
import json, re, sys
for g in json.load(sys.stdin):
    e = g["example"].removeprefix("grundy solve ")
    print(re.sub(r"hackenbush:\S*/crates/", "hackenbush:crates/", e))
')

runs=0
differ=0
# Progress lines say how long they have run ("(5 s)"), and `games` names the tree each binary was
# built in: both are read alike.
normalize() {
  sed -E 's/\(([0-9.]+ (s|ms|min))\)/(TIME)/g; s#hackenbush:[^ "]*/crates/#hackenbush:crates/#g' "$1" >"$1.n"
  mv "$1.n" "$1"
}
compare() {
  runs=$((runs + 1))
  timeout 60 "$before" "$@" >"$scratch/b.out" 2>"$scratch/b.err"
  echo "exit $?" >>"$scratch/b.out"
  timeout 60 "$after" "$@" >"$scratch/a.out" 2>"$scratch/a.err"
  echo "exit $?" >>"$scratch/a.out"
  for f in b.out b.err a.out a.err; do normalize "$scratch/$f"; done
  if ! cmp -s "$scratch/b.out" "$scratch/a.out" || ! cmp -s "$scratch/b.err" "$scratch/a.err"; then
    differ=$((differ + 1))
    echo "DIFFERS: grundy $*"
    diff <(cat "$scratch/b.out" "$scratch/b.err") <(cat "$scratch/a.out" "$scratch/a.err") | head -20
  fi
}

for example in "${examples[@]}"; do
  read -r -a words <<<"$example"
  game=${words[0]}
  compare solve --json "${words[@]}"
  compare solve --json --outcome "${words[@]}"
  compare solve --json --misere "${words[@]}"
  compare solve --json --every "${words[@]}"
  compare solve "${words[@]}"
  compare table --json "$game" --upto 12
  compare check --json "$game" --formula 'n % 2' --upto 12
  compare guess --json "$game" --upto 60
  compare plot --json "$game" --upto 12 -o "$scratch/plot.svg"
done
compare games --json
compare table --json 0.77 --period
compare nimber --json mul 7 9
compare quotient --json 0.75 --upto 60

echo "$runs runs, $differ differ"
[ "$differ" -eq 0 ]
