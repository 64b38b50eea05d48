#!/usr/bin/env bash
# Times `grundy table script:...` against the plain Python brute force a contest programmer writes
# (issue 12, "Speed"), on three games, alternating the programs (the machine may be shared:
# medians of several runs), and checks that every program prints the same values.
#
#   cargo build --release
#   bench/vs-python.sh [RUNS]        # default 3 runs of each; GRUNDY=path/to/grundy, PYTHON=python3
#
# Games (bench/scripts/): take at most half to n = 10000, paper cutting on every W x H with
# W, H <= 40, Kayles to n = 2000. For each, a plain Rhai script (a loop that pushes options) and an
# idiom script (a range, `cuts`, `splits`); paper cutting also with a `canonical` function (for
# information: it costs a call per option). Targets: plain <= 3.0x Python, idiom <= 0.2x.
set -euo pipefail
RUNS=${1:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
S=$HERE/scripts
GRUNDY=${GRUNDY:-${CARGO_TARGET_DIR:-$HERE/../target}/release/grundy}
PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null || { echo "$PYTHON not found" >&2; exit 2; }
[ -x "$GRUNDY" ] || { echo "$GRUNDY not found: cargo build --release" >&2; exit 2; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# time one command in seconds (wall), its standard output kept in $OUT/$1.json
run() {
  local name=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >"$OUT/$name.json" 2>"$OUT/$name.err" || {
    echo "$name failed: $*" >&2; cat "$OUT/$name.err" >&2; exit 1; }
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# same_values A B: the values in $OUT/A.json and $OUT/B.json agree (grundy's --json "values" or
# "rows", or Python's JSON list or rows)
same_values() {
  "$PYTHON" - "$OUT" "$1" "$2" <<'END'
import json, sys
def values(name):
    v = json.load(open(f"{sys.argv[1]}/{name}.json"))
    return v.get("values", v.get("rows")) if isinstance(v, dict) else v
a, b = values(sys.argv[2]), values(sys.argv[3])
if a != b:
    flat = lambda v: [x for r in v for x in r] if v and isinstance(v[0], list) else v
    fa, fb = flat(a), flat(b)
    i = next((i for i, (x, y) in enumerate(zip(fa, fb)) if x != y), min(len(fa), len(fb)))
    print(f"values differ: {sys.argv[2]} and {sys.argv[3]}, first at index {i} "
          f"({fa[i:i+1]} vs {fb[i:i+1]}; lengths {len(fa)} and {len(fb)})")
    sys.exit(1)
END
}

status=0
# bench_game GAME UPTO NAME=COMMAND...: the first command is the baseline whose values the others
# must print; every grundy-* program gets its ratio to every python-* program.
bench_game() {
  local game=$1 upto=$2; shift 2
  local -a names=() cmds=()
  local -A times=() med=()
  local item i r n p
  for item in "$@"; do names+=("${item%%=*}"); cmds+=("${item#*=}"); done
  for r in $(seq "$RUNS"); do
    for i in "${!names[@]}"; do
      # shellcheck disable=SC2086
      times[${names[$i]}]+="$(run "$game-${names[$i]}" ${cmds[$i]}) "
    done
  done
  for n in "${names[@]}"; do
    # shellcheck disable=SC2086
    med[$n]=$(median ${times[$n]})
    if [ "$n" != "${names[0]}" ] && ! same_values "$game-$n" "$game-${names[0]}"; then
      status=1
    fi
  done
  for n in "${names[@]}"; do
    local ratios=""
    if [[ $n == grundy* ]]; then
      for p in "${names[@]}"; do
        [[ $p == python* ]] || continue
        ratios+=$(printf '  %6.3f (vs %s)' "$(echo "${med[$n]} / ${med[$p]}" | bc -l)" "$p")
      done
    fi
    printf '%-7s %-6s %-16s %8.3f%s\n' "$game" "$upto" "$n" "${med[$n]}" "$ratios"
  done
}

printf '# %s runs each, alternating; medians of wall time; %s, %s; %s cores\n' \
  "$RUNS" "$("$PYTHON" --version 2>&1)" "$("$GRUNDY" --version 2>/dev/null || echo grundy)" "$(nproc)"
printf '%-7s %-6s %-16s %8s  %s\n' game upto program "time (s)" "ratio grundy/python"
bench_game half 10000 \
  "python-loop=$PYTHON $S/half_loop.py 10000" \
  "python-setcomp=$PYTHON $S/half_setcomp.py 10000" \
  "grundy-plain=$GRUNDY table script:$S/half-plain.rhai --upto 10000 --json" \
  "grundy-idiom=$GRUNDY table script:$S/half-idiom.rhai --upto 10000 --json"
bench_game paper 40x40 \
  "python-lru=$PYTHON $S/paper.py 40 40" \
  "grundy-plain=$GRUNDY table script:$S/paper-plain.rhai --upto 40x40 --json" \
  "grundy-idiom=$GRUNDY table script:$S/paper-idiom.rhai --upto 40x40 --json" \
  "grundy-canonical=$GRUNDY table script:$S/paper-canonical.rhai --upto 40x40 --json"
bench_game kayles 2000 \
  "python-loop=$PYTHON $S/kayles.py 2000" \
  "grundy-plain=$GRUNDY table script:$S/kayles-plain.rhai --upto 2000 --json" \
  "grundy-idiom=$GRUNDY table script:$S/kayles-idiom.rhai --upto 2000 --json"
if [ "$status" = 0 ]; then echo "values: every program agrees"; else echo "values: MISMATCH (above)"; fi
exit "$status"
