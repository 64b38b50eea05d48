#!/usr/bin/env bash
# Times `grundy problem <id>` on the largest inputs each statement allows.
# Usage: bench/problems.sh   (builds the release binary first)
# Prints, per problem, the median wall time of 5 runs and its ratio to the baseline: the same
# binary answering `problem list` (process start-up and nothing else), measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=${CARGO_TARGET_DIR:-target}/release/grundy
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import random, sys, os
d = sys.argv[1]
random.seed(7)
def w(name, text):
    open(os.path.join(d, name), "w").write(text)
# hdu1536: |S| = 100, heaps up to 10^4, 100 positions of 100 heaps.
s = random.sample(range(1, 10001), 100)
lines = [f"100 {' '.join(map(str, s))}", "100"]
lines += [f"100 {' '.join(str(random.randint(0, 10000)) for _ in range(100))}" for _ in range(100)]
w("hdu1536", "\n".join(lines + ["0"]) + "\n")
# zjoi2009: T = 10, n = 1000, a_i up to 10^9.
cases = ["10"]
for _ in range(10):
    cases += ["1000", " ".join(str(random.randint(1, 10**9)) for _ in range(1000))]
w("zjoi2009", "\n".join(cases) + "\n")
# acwing891: 10^5 heaps up to 10^9.
w("acwing891", f"100000\n{' '.join(str(random.randint(1, 10**9)) for _ in range(100000))}\n")
# take-or-merge: T = 100, N = 50, a_i up to 1000.
cases = ["100"]
for _ in range(100):
    cases += ["50", " ".join(str(random.randint(1, 1000)) for _ in range(50))]
w("take-or-merge", "\n".join(cases) + "\n")
# hdu1517: 10^4 values of n below 2^32.
w("hdu1517", "\n".join(str(random.randint(2, 4294967294)) for _ in range(10000)) + "\n")
# dag-token: N = 2000, M = 6000, K = 2000 (edges from lower to higher ids: acyclic).
edges = set()
while len(edges) < 6000:
    a, b = sorted(random.sample(range(1, 2001), 2))
    edges.add((a, b))
w("dag-token", "2000 6000 2000\n" + "\n".join(f"{a} {b}" for a, b in edges) + "\n"
  + " ".join(str(random.randint(1, 2000)) for _ in range(2000)) + "\n")
# lightoj1315: T = 200, n = 1000, coordinates below 500.
cases = ["200"]
for _ in range(200):
    cases.append("1000")
    cases += [f"{random.randint(0, 499)} {random.randint(0, 499)}" for _ in range(1000)]
w("lightoj1315", "\n".join(cases) + "\n")
# coin-game-1: 200 cases, x up to 10^4, k = 100 amounts.
cases = []
for _ in range(200):
    cases += [f"{random.randint(1, 10000)} 100", " ".join(str(random.randint(1, 10000)) for _ in range(100))]
w("coin-game-1", "\n".join(cases) + "\n")
# hdu1847: 10^5 lines, n up to 1000.
w("hdu1847", "\n".join(str(random.randint(1, 1000)) for _ in range(100000)) + "\n")
PY

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_it() { # command input
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s.%N)
    "$bin" problem "$1" < "$2" > /dev/null || echo "FAILED: $1" >&2
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | median
}
base=$(for _ in 1 2 3 4 5; do s=$(date +%s.%N); "$bin" problem list > /dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; done | median)
printf '%-14s %10s %8s\n' problem seconds "x start-up"
printf '%-14s %10.4f %8s\n' "(start-up)" "$base" 1
for id in hdu1536 coin-game-1 hdu1847 zjoi2009 acwing891 take-or-merge hdu1517 dag-token lightoj1315; do
  if "$bin" problem list | grep -q "^$id "; then
    t=$(time_it "$id" "$work/$id")
    printf '%-14s %10.4f %8.1f\n' "$id" "$t" "$(echo "$t / $base" | bc -l)"
  else
    printf '%-14s %10s\n' "$id" "(not in this build)"
  fi
done
