#!/usr/bin/env bash
# Misère quotients: `grundy quotient` on the octal games whose quotients MisereSolver computes
# (order, P-portion size, period, status and time of each), then misère sums decided by the
# quotient against a baseline binary deciding the same sums (BASELINE=path/to/older/grundy; the
# same binary if unset), alternating runs.
#
#   cargo build --release && bench/quotients.sh
#   BASELINE=/tmp/base/target/release/grundy bench/quotients.sh
set -euo pipefail
cd "$(dirname "$0")/.."
GRUNDY=${GRUNDY:-target/release/grundy}
BASELINE=${BASELINE:-$GRUNDY}

seconds() { # seconds a command takes (its output discarded), or "fail"
  local start end
  start=$(date +%s.%N)
  if timeout "${LIMIT:-120}" "$@" >/dev/null 2>&1; then
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  else
    echo "fail"  # an error (a search cap) or past LIMIT seconds
  fi
}

echo "== grundy quotient (time; order / P / preperiod+period / status)"
for g in 0.75 0.31 0.52 0.73 0.13 0.53 0.72 0.34 0.71 0.77 0.15 0.123 0.144 0.152; do
  t=$(seconds "$GRUNDY" quotient "$g" --json)
  summary=$("$GRUNDY" quotient "$g" --json | python3 -c '
import json, sys
q = json.load(sys.stdin)
p = q["period"]
per = "%d+%d" % (p["preperiod"], p["period"]) if p else "-"
print("%d / %d / %s / %s to %d" % (q["order"], len(q["p_portion"]), per, q["status"], q["last"]))')
  printf '%-6s %8s s  %s\n' "$g" "$t" "$summary"
done

echo "== misère sums: this binary against the baseline (3 alternating runs each)"
heaps=$(mktemp)
trap 'rm -f "$heaps"' EXIT
python3 -c 'import random; random.seed(1); print(" ".join(str(random.randint(1, 60)) for _ in range(100000)))' >"$heaps"
for job in "0.77 10 11 12" "0.75 12 13 14 15" "0.77 40 41" "0.75 30 31 33" "0.77 100000-heaps" "0.75 100000-heaps"; do
  set -- $job
  game=$1; shift
  for run in 1 2 3; do
    if [ "$1" = 100000-heaps ]; then
      new=$(LIMIT=60 seconds bash -c "$GRUNDY solve --misere --limit 3 $game - <$heaps")
      old=$(LIMIT=60 seconds bash -c "$BASELINE solve --misere --limit 3 $game - <$heaps")
    else
      new=$(LIMIT=60 seconds "$GRUNDY" solve --misere "$game" "$@")
      old=$(LIMIT=60 seconds "$BASELINE" solve --misere "$game" "$@")
    fi
    printf '%-22s run %d: %10s s  baseline %10s s\n' "$game $*" "$run" "$new" "$old"
  done
done
