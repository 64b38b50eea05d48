#!/usr/bin/env bash
# Times `grundy table` against ogsolve's rc2 method on the same octal games, alternating the two
# programs (the machine may be shared: medians of several runs), and prints the ratio.
#
#   cargo install ogsolve            # the peer (GPL; installed, never vendored)
#   cargo build --release
#   bench/vs-ogsolve.sh [RUNS]       # default 3 runs of each
#
# Also times Grundy's game to 2^23 (ogsolve lacks it) and reports its peak memory.
set -euo pipefail
RUNS=${1:-3}
GRUNDY=${GRUNDY:-${CARGO_TARGET_DIR:-target}/release/grundy}
OGSOLVE=${OGSOLVE:-ogsolve}
command -v "$OGSOLVE" >/dev/null || { echo "ogsolve not found: cargo install ogsolve" >&2; exit 2; }
[ -x "$GRUNDY" ] || { echo "$GRUNDY not found: cargo build --release" >&2; exit 2; }

# seconds of wall time of a command (GNU time), output discarded
secs() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-8s %9s %12s %12s %8s\n' game n "grundy (s)" "ogsolve (s)" ratio
for case in "0.77 100000" "0.6 1000000" "0.007 1000000" "0.167 1000000"; do
  set -- $case
  ours=(); peer=()
  for _ in $(seq "$RUNS"); do
    ours+=("$(secs "$GRUNDY" table "$1" --upto "$2" --no-values)")
    peer+=("$(secs "$OGSOLVE" -m rc2 -n "$2" "$1")")
  done
  o=$(median "${ours[@]}"); p=$(median "${peer[@]}")
  printf '%-8s %9s %12s %12s %8.2f\n' "$1" "$2" "$o" "$p" "$(echo "$o / $p" | bc -l)"
done

echo
echo "Grundy's game to 2^23 (target: at most 20 s):"
/usr/bin/time -f "  %e s wall, peak memory %M KB" "$GRUNDY" table grundys-game --upto 8388608 --no-values
