#!/usr/bin/env bash
# Benchmark `grundy guess` on the games of bench/guess/suite.tsv (see bench/guess/README.md).
#
#   bench/guess.sh [NAME...]          every game, or only the named rows
#
# Environment:
#   GRUNDY         the binary (default target/release/grundy)
#   GUESS_TIMEOUT  seconds for one `guess` (default 60)
#   CHECK_TIMEOUT  seconds for one 10x validation `check` (default 300; script games of 200000
#                  positions take one to two minutes)
#   RESULTS        if set, a file to which one TSV line per game is written
#
# For each row: `timeout $GUESS_TIMEOUT $GRUNDY guess GAME --upto UPTO --json`, timed; a formula
# it finds is validated on a range 10x larger (two-number games: each side 3x) with
# `$GRUNDY check GAME --formula F --upto BIG` (`--outcome` for a P-position formula): a mismatch
# there is a FALSE formula. Kind `none` rows succeed when guess finds nothing.
set -u

cd "$(dirname "$0")/.." || exit 2
GRUNDY=${GRUNDY:-target/release/grundy}
GUESS_TIMEOUT=${GUESS_TIMEOUT:-60}
CHECK_TIMEOUT=${CHECK_TIMEOUT:-300}
SUITE=bench/guess/suite.tsv
RESULTS=${RESULTS:-}

if ! command -v "$GRUNDY" >/dev/null 2>&1 && [ ! -x "$GRUNDY" ]; then
    echo "guess.sh: no grundy binary at $GRUNDY (build it: cargo build --release -p grundy)" >&2
    exit 2
fi

# json_get JSON FIELD: the field as text ("" when absent or null; true/false for booleans).
if command -v jq >/dev/null 2>&1; then
    json_get() { printf '%s' "$1" | jq -r --arg f "$2" 'if type == "object" and .[$f] != null then (.[$f] | tostring) else "" end' 2>/dev/null; }
    json_ok() { printf '%s' "$1" | jq -e 'type == "object"' >/dev/null 2>&1; }
else
    json_get() {
        printf '%s' "$1" | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except Exception:
    sys.exit(0)
v = d.get(sys.argv[1]) if isinstance(d, dict) else None
print("" if v is None else (str(v).lower() if isinstance(v, bool) else v if isinstance(v, str) else json.dumps(v)))
' "$2"
    }
    json_ok() { printf '%s' "$1" | python3 -c 'import json,sys; sys.exit(0 if isinstance(json.load(sys.stdin), dict) else 1)' 2>/dev/null; }
fi

norm() { printf '%s' "$1" | tr -d ' \t'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -n "$RESULTS" ] && printf 'name\tkind\tfound\tseconds\tbasis\tchecked_upto\tformula\tcheck\tsame_text\n' >"$RESULTS"

printf '%-20s %-6s %-6s %7s  %-8s %-10s %s\n' name kind found time basis "10x check" formula
printf '%s\n' "--------------------------------------------------------------------------------------------------------"

total=0; expect_found=0; found_n=0; correct=0; false_n=0; slow=0; timeouts=0; errors=0
none_n=0; none_ok=0; same_text=0; unverified=0

while IFS=$'\t' read -r name game kind upto published source; do
    [ "$name" = name ] && continue
    [ -z "$name" ] && continue
    if [ $# -gt 0 ]; then
        keep=0
        for want in "$@"; do [ "$want" = "$name" ] && keep=1; done
        [ $keep = 1 ] || continue
    fi
    total=$((total + 1))

    start=$(date +%s.%N)
    timeout "$GUESS_TIMEOUT" "$GRUNDY" guess "$game" --upto "$upto" --json >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    end=$(date +%s.%N)
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    if awk -v s="$secs" 'BEGIN { exit !(s > 10) }'; then slow=$((slow + 1)); fi

    out=$(cat "$tmp/out")
    found=""; formula=""; basis=""; checked=""; check="-"
    if [ $rc -eq 124 ]; then
        found="timeout"; timeouts=$((timeouts + 1))
    elif ! json_ok "$out"; then
        found="error"; errors=$((errors + 1))
        check="exit $rc: $(tail -n 1 "$tmp/err" | cut -c1-80)"
    else
        found=$(json_get "$out" found)
        formula=$(json_get "$out" formula)
        basis=$(json_get "$out" basis)
        checked=$(json_get "$out" checked_upto)
        # Does guess say the formula is about P-positions (`target`: "values" | "p-positions";
        # a few other spellings are accepted)? Without one,
        # the suite's kind decides (and a refusal by check flips it once, below).
        says=$(json_get "$out" target)
        [ -z "$says" ] && says=$(json_get "$out" kind)
        outcome_field=$(json_get "$out" outcome)
        if [ "$outcome_field" = true ] || [ "$says" = p ] || [ "$says" = P ] || [ "$says" = outcome ] || [ "$says" = p-positions ]; then
            outcome=1
        elif [ "$outcome_field" = false ] || [ "$says" = values ] || [ "$says" = grundy ]; then
            outcome=0
        elif [ "$kind" = p ]; then
            outcome=1
        else
            outcome=0
        fi
    fi

    if [ "$found" = true ] && [ -n "$formula" ]; then
        if [[ $upto == *x* ]]; then
            big="$((3 * ${upto%x*}))x$((3 * ${upto#*x}))"
        else
            big=$((10 * upto))
        fi
        for attempt in 1 2; do
            flag=()
            [ "$outcome" = 1 ] && flag=(--outcome)
            timeout "$CHECK_TIMEOUT" "$GRUNDY" check "$game" "${flag[@]}" --formula "$formula" --upto "$big" >"$tmp/check" 2>&1 </dev/null
            crc=$?
            if [ $crc -eq 2 ] && [ $attempt = 1 ] && grep -q -e 'true or false' -e '--outcome' "$tmp/check"; then
                outcome=$((1 - outcome))
                continue
            fi
            break
        done
        case $crc in
            0) check="ok <=$big" ;;
            1) check="FALSE: $(grep -o 'fails at.*' "$tmp/check" | head -n 1 | cut -c1-90)"
               [ -z "${check#FALSE: }" ] && check="FALSE: $(head -n 1 "$tmp/check" | cut -c1-90)"
               false_n=$((false_n + 1)) ;;
            124) check="check timeout (${CHECK_TIMEOUT}s)"; unverified=$((unverified + 1)) ;;
            *) check="check error $crc: $(tail -n 1 "$tmp/check" | cut -c1-80)"; unverified=$((unverified + 1)) ;;
        esac
        if [ "$(norm "$formula")" = "$(norm "$published")" ]; then
            same_text=$((same_text + 1)); same=yes
        else
            same=no
        fi
    else
        same="-"
    fi

    if [ "$kind" = none ]; then
        none_n=$((none_n + 1))
        [ "$found" = false ] && none_ok=$((none_ok + 1))
    else
        expect_found=$((expect_found + 1))
        if [ "$found" = true ]; then
            found_n=$((found_n + 1))
            [ "${check%% *}" = ok ] && correct=$((correct + 1))
        fi
    fi

    shown=$formula
    [ ${#shown} -gt 70 ] && shown="${shown:0:67}..."
    [ "$same" = yes ] && shown="$shown  (= published)"
    printf '%-20s %-6s %-6s %7s  %-8s %-10s %s\n' "$name" "$kind" "$found" "$secs" "${basis:--}" "$check" "$shown"
    if [ -n "$RESULTS" ]; then
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$found" "$secs" "$basis" "$checked" "$formula" "$check" "$same" >>"$RESULTS"
    fi
done <"$SUITE"

pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "-"; else printf "%.0f%%", 100 * a / b }'; }
echo
echo "games: $total ($expect_found with a published closed form, $none_n without)"
echo "found: $found_n/$expect_found ($(pct "$found_n" "$expect_found")), of which valid on the 10x range: $correct; same text as published: $same_text"
echo "no closed form, correctly not found: $none_ok/$none_n"
echo "FALSE formulas (refuted on the 10x range): $false_n"
echo "found but not validated (check timeout or error): $unverified"
echo "guess over 10 s: $slow; guess timeouts (${GUESS_TIMEOUT}s): $timeouts; errors: $errors"
