#!/usr/bin/env bash
# Game scripts at contest scale (issue 24): prints the figures of the targets, from this
# checkout's release binary. Baselines are taken in the same run where the binary has one
# (a batch of one line against a batch of 100; a plain loop against the range idiom).
#
#   bash bench/contest-scripts.sh            # builds target/release/grundy first
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p grundy >/dev/null 2>&1
G=target/release/grundy
HALF=script:bench/scripts/half-idiom.rhai
PLAIN=script:bench/scripts/half-plain.rhai
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

secs() { # prints the wall time of "$@" (stdin from $IN when set), its output dropped
    local start end
    start=$(date +%s.%N)
    if [ -n "${IN:-}" ]; then "$@" <"$IN" >/dev/null; else "$@" >/dev/null; fi
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

echo "take-at-most-half, table (ranges as intervals):"
for n in 10000 100000 1000000 3999999; do
    printf '  --upto %-8s %6.2f s\n' "$n" "$(secs $G table "$HALF" --upto $n)"
done
printf '  plain loop --upto 10000 (every option listed): %6.2f s\n' "$(secs $G table "$PLAIN" --upto 10000)"

echo "take-at-most-half, solve one heap (the shared line):"
for n in 100000 2350959; do
    printf '  heap %-8s %6.2f s\n' "$n" "$(secs $G solve "$HALF" $n)"
done

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
printf '  10^5 heaps up to 10^7, --no-moves: %6.2f s\n' "$(IN=$tmp/b1e5 secs $G solve --no-moves "$HALF" --batch)"
