#!/usr/bin/env bash
# Whether two builds of arbitre say the same on every sample: 14 commands
# and formats run by each, outputs (standard output and error) and exit
# statuses compared. Prints each command that differs and the totals.
#   benches/same-outputs.sh BASE_BINARY NEW_BINARY
# Used to show a change leaves every output alone but the ones it meant
# to change (BENCHMARKS.md).
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: $0 BASE_BINARY NEW_BINARY" >&2; exit 2; }
base=$1 new=$2
cd "$(dirname "$0")/.."
commands=("check" "check --format json" "check --format sarif" "check --format junit"
    "check --format short" "check --format html" "score" "moves" "moves --expand" "show"
    "show --format json" "show --format svg" "fmt -" "stats")
runs=0 differ=0
run() {
    local binary=$1 command=$2 file=$3
    # shellcheck disable=SC2086 # a command is its words
    if [[ $command == "fmt -" ]]; then
        "$binary" fmt - <"$file" 2>&1 || echo "status $?"
    else
        "$binary" $command "$file" 2>&1 || echo "status $?"
    fi
}
while IFS= read -r file; do
    for command in "${commands[@]}"; do
        runs=$((runs + 1))
        if [[ "$(run "$base" "$command" "$file")" != "$(run "$new" "$command" "$file")" ]]; then
            differ=$((differ + 1))
            echo "differs: $command $file"
        fi
    done
done < <(find samples -name '*.arb' | sort)
echo "$runs runs, $differ differ"
