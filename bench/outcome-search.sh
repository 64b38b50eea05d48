#!/usr/bin/env bash
# Outcome-only search against the full value (issue 24): `grundy solve --outcome` (stops at the
# first option it proves P) and `grundy solve --no-moves` (the Grundy value of every reachable
# position) on two games that are not sums, written as scripts, at positions where the first
# player wins. Runs alternate (full, outcome, full, outcome) so that a busy machine slows both
# alike; each line gives the better of the runs and the ratio. Both scripts define `size(p)`,
# which the outcome search orders options by (the full value has no use for it).
#
#   bash bench/outcome-search.sh            # builds target/release/grundy first
#   RUNS=3 bash bench/outcome-search.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p grundy >/dev/null 2>&1
G=target/release/grundy
RUNS=${RUNS:-2}

# shellcheck source=bench/timing.sh
source bench/timing.sh

compare() { # GAME POSITION NOTE
    local full=() fast=()
    for _ in $(seq "$RUNS"); do
        full+=("$(secs $G solve --no-moves "$1" "$2")")
        fast+=("$(secs $G solve --outcome "$1" "$2")")
    done
    local f o
    f=$(min "${full[@]}")
    o=$(min "${fast[@]}")
    local move
    move=$($G solve --outcome "$1" "$2" 2>/dev/null | sed -n 's/^  //p' | head -1)
    printf '  %-22s value %7.2f s, outcome %6.2f s: %6.1fx  (%s; settled by %s)\n' \
        "$2" "$f" "$o" "$(echo "$f / $o" | bc -l)" "$3" "$move"
}

alone() { # GAME POSITION NOTE: the outcome search alone, where the value is out of reach
    local fast=()
    for _ in $(seq "$RUNS"); do
        fast+=("$(secs $G solve --outcome "$1" "$2")")
    done
    printf '  %-22s outcome %6.2f s  (%s)\n' "$2" "$(min "${fast[@]}")" "$3"
}

echo "A move to a terminal position (bench/scripts/terminal-first.rhai: to -1, listed last, or any smaller number):"
compare script:bench/scripts/terminal-first.rhai 3000 "found by asking each option, cheaply, whether it has a move"
alone script:bench/scripts/terminal-first.rhai 30000 "the same, ten times wider (the value, quadratic, would take minutes)"
echo "Moore's Nim_2 (bench/scripts/moore2.rhai: take from one heap or from two):"
compare script:bench/scripts/moore2.rhai 7,7,7,100 "the move to a small P-position ends it"
compare script:bench/scripts/moore2.rhai 4,6,7,9,11 "a P-option much smaller than the root"
compare script:bench/scripts/moore2.rhai 6,7,9,10,12 "the only P-options are next to the root"
echo "Chomp (bench/scripts/chomp.rhai: rows' lengths; the first player always wins):"
compare script:bench/scripts/chomp.rhai 9,9,9,9,9,9,9,9 "9 columns, 8 rows"
compare script:bench/scripts/chomp.rhai 10,10,10,10,10,10,10,10,10 "10 columns, 9 rows"
compare script:bench/scripts/chomp.rhai 12,12,12,12,12,12,12 "12 columns, 7 rows"
compare script:bench/scripts/chomp.rhai 14,14,14,14,14,14 "14 columns, 6 rows"
