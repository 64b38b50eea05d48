#!/usr/bin/env bash
# Times `grundy solve` on Cram and Chomp boards against igsolve (Beling's impartial-games solver),
# alternating the two programs (the machine may be shared: medians of several runs), checks that
# the values agree, and prints the ratios of time and of peak memory.
#
#   cargo install igsolve            # the peer (installed, never vendored)
#   cargo build --release
#   bench/vs-igsolve.sh [RUNS] [CASE...]   # default 3 runs; a case is cram:RxC or chomp:RxC
#
# igsolve gives the value only, so the ratios are of `grundy solve --no-moves` (the same job);
# the last columns time `grundy solve` with every winning move counted too, and its ratio.
set -euo pipefail
RUNS=${1:-3}
shift || true
CASES=("$@")
[ ${#CASES[@]} -gt 0 ] || CASES=(cram:5x7 cram:5x8 chomp:10x14)
GRUNDY=${GRUNDY:-${CARGO_TARGET_DIR:-target}/release/grundy}
IGSOLVE=${IGSOLVE:-igsolve}
command -v "$IGSOLVE" >/dev/null || { echo "igsolve not found: cargo install igsolve" >&2; exit 2; }
[ -x "$GRUNDY" ] || { echo "$GRUNDY not found: cargo build --release" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time (GNU time) is needed for peak memory" >&2; exit 2; }

out=$(mktemp)
trap 'rm -f "$out" "$out.t"' EXIT
# Runs a command; prints "seconds peak-KiB", its output kept in $out.
measure() { /usr/bin/time -f "%e %M" -o "$out.t" "$@" >"$out" 2>/dev/null; cat "$out.t"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-12s %10s %10s %7s %10s %10s %7s %6s %10s %7s\n' \
  case "grundy s" "igsolve s" ratio "grundy MB" "igsolve MB" ratio value "+moves s" ratio
for case in "${CASES[@]}"; do
  game=${case%%:*}; size=${case#*:}; rows=${size%x*}; cols=${size#*x}
  ot=(); om=(); pt=(); pm=(); ft=(); ours=; theirs=
  for _ in $(seq "$RUNS"); do
    read -r t m < <(measure "$GRUNDY" solve --json --no-moves "$case")
    ot+=("$t"); om+=("$m")
    ours=$(grep -o '"grundy":[0-9]*' "$out" | head -1 | cut -d: -f2)
    read -r t _ < <(measure "$GRUNDY" solve --json --limit 0 "$case")
    ft+=("$t")
    full=$(grep -o '"grundy":[0-9]*' "$out" | head -1 | cut -d: -f2)
    [ "$full" = "$ours" ] || { echo "$case: --no-moves says $ours, a full solve $full" >&2; exit 1; }
    read -r t m < <(measure "$IGSOLVE" "$game" -r "$rows" -c "$cols")
    pt+=("$t"); pm+=("$m")
    theirs=$(grep -o 'Nimber of initial position: [0-9]*' "$out" | grep -o '[0-9]*$')
  done
  if [ "$ours" != "$theirs" ]; then
    echo "$case: values differ: grundy $ours, igsolve $theirs" >&2
    exit 1
  fi
  o=$(median "${ot[@]}"); p=$(median "${pt[@]}")
  a=$(median "${om[@]}"); b=$(median "${pm[@]}"); f=$(median "${ft[@]}")
  printf '%-12s %10s %10s %7.2f %10.0f %10.0f %7.2f %6s %10s %7.2f\n' "$case" "$o" "$p" \
    "$(echo "$o / ($p + 0.005)" | bc -l)" "$(echo "$a / 1024" | bc -l)" "$(echo "$b / 1024" | bc -l)" \
    "$(echo "$a / $b" | bc -l)" "$ours" "$f" "$(echo "$f / ($p + 0.005)" | bc -l)"
done
