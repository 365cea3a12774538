#!/usr/bin/env bash
# Issue 18, static side: the acceptance table's rows that `./isocheck` runs (README; bar: 1 s each)
# and the three static bars (A, B, C: 10 s each), whole process as a user runs them.
#
# usage: benchmarks/static-bench.sh [RUNS]        (RUNS per row, default 1)
# env:   ISOCHECK  the launcher measured (default: this checkout's ./isocheck)
#        BASE      a second launcher (another checkout's ./isocheck) run in turn with the first,
#                  A B A B, each pair's outputs compared with times masked
#        ROWS      acceptance | bars | all (default all)
# Prints one Markdown row per run: wall and user+sys seconds (/usr/bin/time), the load average
# before it, and whether the two outputs agree. Quote medians, with the machine and its load.
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
cd "$root"
runs=${1:-1}
new=${ISOCHECK:-$root/isocheck}
base=${BASE:-}
acceptance=(
  "analyze benchmarks/programs/bank.sql --spec ec --bound 4"
  "analyze benchmarks/programs/bank.sql --spec psi --bound 4"
  "analyze benchmarks/programs/courseware.sql --spec ec --bound 2 --all"
  "analyze benchmarks/programs/tpcc.sql --spec psi --bound 3 --assume-keys-below-counters"
  "analyze benchmarks/programs/tpcc.sql --spec psi-cc --spec-dir benchmarks/programs/tpcc-specs --bound 3 --assume-keys-below-counters"
  "analyze benchmarks/programs/courseware.sql --spec courseware-hybrid-psi --spec-dir benchmarks/programs/courseware-specs --bound 4 --assume-unique-keys"
  "analyze benchmarks/programs/courseware.sql --spec courseware-hybrid-si --spec-dir benchmarks/programs/courseware-specs --bound 6 --assume-unique-keys"
  "analyze benchmarks/programs/tpcc.sql --spec ec --bound 2 --all"
  "analyze benchmarks/programs/tpcc.sql --spec psi-cc --spec-dir benchmarks/programs/tpcc-specs --bound 4 --assume-keys-below-counters"
  "analyze benchmarks/programs/tpcc.sql --spec si --bound 4 --assume-keys-below-counters"
  "analyze benchmarks/programs/tpcc-batch-delivery.sql --spec si --bound 4 --assume-keys-below-counters"
  "analyze benchmarks/programs/courseware.sql --spec courseware-hybrid-si --spec-dir benchmarks/programs/courseware-specs --bound 8 --assume-unique-keys"
)
bars=(
  "analyze benchmarks/programs/tpcc.sql --spec-dir benchmarks/programs/tpcc-specs --spec psi-cc --bound 4 --all"
  "weakest benchmarks/programs/tpcc.sql --per-transaction --assume-keys-below-counters"
  "weakest benchmarks/programs/courseware.sql --per-transaction --spec-dir benchmarks/programs/courseware-specs --base courseware-selective-ser --assume-unique-keys --compare courseware-hybrid-si,courseware-hybrid-si-cc"
)
case ${ROWS:-all} in
  acceptance) rows=("${acceptance[@]}") ;;
  bars) rows=("${bars[@]}") ;;
  *) rows=("${acceptance[@]}" "${bars[@]}") ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# one run: "wall user+sys" of LAUNCHER ROW, its output in $tmp/SIDE.out
timed() {
  local side=$1 launcher=$2 row=$3
  # shellcheck disable=SC2086 # the row is a command line
  /usr/bin/time -o "$tmp/$side.time" -f '%e %U %S' "$launcher" $row > "$tmp/$side.out" 2>&1
  awk 'END { printf "%.2f %.2f", $1, $2 + $3 }' "$tmp/$side.time"
}
masked() { sed -E 's/[0-9]+ ms|[0-9.]+ s\b//g' "$1"; }
if [ -n "$base" ]; then
  echo "| command | run | load | new wall s | new cpu s | base wall s | base cpu s | same output |"
  echo "|---|---|---|---|---|---|---|---|"
else
  echo "| command | run | load | wall s | cpu s |"
  echo "|---|---|---|---|---|"
fi
for row in "${rows[@]}"; do
  for i in $(seq "$runs"); do
    load=$(cut -d' ' -f1 /proc/loadavg)
    read -r nw nc <<< "$(timed new "$new" "$row")"
    if [ -n "$base" ]; then
      read -r bw bc <<< "$(timed base "$base" "$row")"
      same=no
      cmp -s <(masked "$tmp/new.out") <(masked "$tmp/base.out") && same=yes
      echo "| \`$row\` | $i | $load | $nw | $nc | $bw | $bc | $same |"
    else
      echo "| \`$row\` | $i | $load | $nw | $nc |"
    fi
  done
done
