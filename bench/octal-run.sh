#!/usr/bin/env bash
# One long `grundy table` run of an octal game (default: Grundy's game to 2^32 - 2, the largest
# table grundy makes), with the time at which it passed each power of two and its resident memory
# then: read off the run's own progress lines (one every 30 s on a stderr that is not a terminal)
# and a sampler of /proc every 30 s. Its wall time and peak come from GNU time at the end.
#
#   cargo build --release -p grundy
#   bench/octal-run.sh [GAME] [LAST] [DIR]    # default: grundys-game 4294967294 /tmp/grundy-run
#   bench/octal-run-summary.py DIR > rows.txt  # the rows `run k n | s KB` (also while it runs)
#
# To 2^32 it needs about 8.6 GB of memory (--memory 12G) and 2 x 17 GB of disk in DIR for its
# checkpoint (written at least every ten minutes, and kept if the run is stopped: resume with
# `grundy table GAME --upto LAST --checkpoint DIR/table.ckpt --resume`).
set -euo pipefail
GAME=${1:-grundys-game}
LAST=${2:-4294967294}
DIR=${3:-/tmp/grundy-run}
GRUNDY=${GRUNDY:-${CARGO_TARGET_DIR:-target}/release/grundy}
[ -x "$GRUNDY" ] || { echo "$GRUNDY not found: cargo build --release -p grundy" >&2; exit 2; }
mkdir -p "$DIR"
rm -f "$DIR"/{progress,mem,time,start}
echo "# $(date -u +%FT%TZ) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg): $GRUNDY table $GAME --upto $LAST" \
  > "$DIR/start"
date -u +%T >> "$DIR/start"
/usr/bin/time -v -o "$DIR/time" "$GRUNDY" table "$GAME" --upto "$LAST" --no-values --memory 12G \
  --checkpoint "$DIR/table.ckpt" > /dev/null 2> "$DIR/progress" &
timer=$!
sleep 1
pid=$(pgrep -P "$timer")
while kill -0 "$pid" 2>/dev/null; do
  echo "$(date -u +%T) $(grep -E 'VmRSS|VmHWM' "/proc/$pid/status" 2>/dev/null | tr -s ' ' | tr '\n' ' ')" \
    >> "$DIR/mem"
  sleep 30
done
wait "$timer"
