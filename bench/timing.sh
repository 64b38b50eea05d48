# Timing helpers the outcome benches share: `source bench/timing.sh`.

secs() { # prints the wall time of "$@", its output dropped
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

min() { printf '%s\n' "$@" | sort -g | head -1; }
