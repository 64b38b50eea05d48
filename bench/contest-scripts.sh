#!/usr/bin/env bash
# Game scripts at contest scale (issue 24): prints the figures of the targets, from this
# checkout's release binary. Baselines are taken in the same run where the binary has one
# (a batch of one line against a batch of 100; a plain loop against the range idiom), and, with
# BASE=path/to/an/older/grundy, each figure the older binary can make is measured against it,
# the two runs alternating (new, old, new, old: the best of each kept), with the ratio.
#
#   bash bench/contest-scripts.sh                       # builds target/release/grundy first
#   BASE=/tmp/grundy-main bash bench/contest-scripts.sh # and compares with another build
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p grundy >/dev/null 2>&1
G=target/release/grundy
BASE=${BASE:-}
HALF=script:bench/scripts/half-idiom.rhai
PLAIN=script:bench/scripts/half-plain.rhai
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

secs() { # prints the wall time of "$@" (stdin from $IN when set), its output dropped; fails with it
    local start end
    start=$(date +%s.%N)
    if [ -n "${IN:-}" ]; then "$@" <"$IN" >/dev/null || return 1; else "$@" >/dev/null || return 1; fi
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

min() { echo "if ($1 < $2) $1 else $2" | bc -l; }

# `both LABEL ARGS...`: this build (best of two), and with BASE the older one alternating with it.
both() {
    local label=$1
    shift
    local a b
    a=$(secs $G "$@")
    if [ -z "$BASE" ]; then
        printf '  %-44s %6.2f s\n' "$label" "$a"
        return
    fi
    b=$(secs "$BASE" "$@" 2>/dev/null || echo fail)
    a=$(min "$a" "$(secs $G "$@")")
    if [ "$b" = fail ]; then
        printf '  %-44s %6.2f s (base: refused)\n' "$label" "$a"
        return
    fi
    b=$(min "$b" "$(secs "$BASE" "$@")")
    printf '  %-44s %6.2f s, base %6.2f s: %5.2fx\n' "$label" "$a" "$b" "$(echo "$b / $a" | bc -l)"
}

echo "take-at-most-half, table (ranges as intervals; compact past 4 000 000):"
for n in 10000 100000 1000000 3999999; do
    both "--upto $n" table "$HALF" --upto $n
done
both "--upto 3999999 --json" table --json "$HALF" --upto 3999999
both "--upto 10000000" table "$HALF" --upto 10000000
both "--upto 10000000 --json" table --json "$HALF" --upto 10000000
printf '  plain loop --upto 10000 (every option listed): %6.2f s\n' "$(secs $G table "$PLAIN" --upto 10000)"

echo "take-at-most-half, solve one heap (the shared line):"
for n in 100000 2350959 9999999; do
    both "heap $n" solve --no-moves "$HALF" $n
done
# Past 2^24 heaps an older build has no line: its plain search runs for many minutes.
printf '  %-44s %6.2f s\n' "heap 30000001 (no base: past its line)" \
    "$(secs $G solve --no-moves "$HALF" 30000001)"

python3 - "$tmp" <<'PY'
import random, sys
d = sys.argv[1]
random.seed(2)
lines = [random.randint(10**5, 10**6) for _ in range(100)]
open(f"{d}/b100", "w").write("\n".join(map(str, lines)) + "\n")
open(f"{d}/b1", "w").write(f"{max(lines)}\n")
random.seed(1)
open(f"{d}/b1e5", "w").write("\n".join(str(random.randint(1, 10**7)) for _ in range(10**5)) + "\n")
PY
echo "take-at-most-half, --batch (one line: the largest heap of the 100):"
for flags in "" "--no-moves"; do
    one=$(IN=$tmp/b1 secs $G solve $flags "$HALF" --batch)
    hundred=$(IN=$tmp/b100 secs $G solve $flags "$HALF" --batch)
    printf '  %-11s 1 line %6.2f s, 100 lines %6.2f s: %5.2fx\n' "${flags:-with moves}" "$one" "$hundred" "$(echo "$hundred / $one" | bc -l)"
done
IN=$tmp/b1e5 both "10^5 heaps up to 10^7, --no-moves" solve --no-moves "$HALF" --batch

echo "take-at-most-half, --cache FILE (the line to 10^7 written once, then read):"
rm -f "$tmp/half.cache"
printf '  %-44s %6.2f s\n' "table --upto 10000000, cache written" \
    "$(secs $G --cache "$tmp/half.cache" table --no-values "$HALF" --upto 10000000)"
printf '  %-44s %6.2f s (%s bytes)\n' "table --upto 10000000, cache read" \
    "$(secs $G --cache "$tmp/half.cache" table --no-values "$HALF" --upto 10000000)" \
    "$(stat -c %s "$tmp/half.cache")"
printf '  %-44s %6.2f s\n' "10^5 heaps up to 10^7, --no-moves, cache read" \
    "$(IN=$tmp/b1e5 secs $G --cache "$tmp/half.cache" solve --no-moves "$HALF" --batch)"
