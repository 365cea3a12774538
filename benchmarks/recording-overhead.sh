#!/usr/bin/env bash
# Recording overhead of `isocheck run`: the same run with and without recording, interleaved
# (round i runs the variants in order, round i+1 in reverse: A B B A A B …) so that load from other
# work on a shared machine hits every variant alike. Prints one TSV row per run and, per variant,
# the median, min and max of committed transactions per second, and the cost of each variant
# against the last one (by medians).
#
# Usage (from the repository root):
#   [PAIRS=5] [JAR=analyzer/target/isocheck.jar] [VARIANTS="record no-record"] \
#     benchmarks/recording-overhead.sh RUN-ARGUMENTS…
# e.g. benchmarks/recording-overhead.sh benchmarks/programs/tpcc.sql --clients 8 --transactions 25000 --isolation serializable
# Variants: record (the default run), no-record (--no-record), and any NAME=JAVA_OPTION, e.g.
# old-table=-Disocheck.h2.oldTable=true (a JVM option for that variant's runs).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs="${PAIRS:-5}"
jar="${JAR:-analyzer/target/isocheck.jar}"
read -r -a variants <<<"${VARIANTS:-record no-record}"
[ -f "$jar" ] || mvn -q -o -B -DskipTests package -pl analyzer -am >/dev/null
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
printf 'round\tvariant\tcommitted/s\trun s\twall s\tload1\n'
for ((round = 1; round <= pairs; round++)); do
  order=("${variants[@]}")
  if ((round % 2 == 0)); then
    order=()
    for ((i = ${#variants[@]} - 1; i >= 0; i--)); do order+=("${variants[i]}"); done
  fi
  for v in "${order[@]}"; do
    jopt=() flag=()
    case "$v" in
      record) ;;
      no-record) flag=(--no-record) ;;
      *=*) jopt=("${v#*=}") ;;
    esac
    start=$(date +%s.%N)
    # the summary line: "N transactions: … ; 9.81 s, 691 committed/s" (run time, throughput)
    line=$(java "${jopt[@]}" -jar "$jar" run "$@" "${flag[@]}" 2>&1 | grep -o '[0-9.]* s, [0-9.]* committed/s' | head -1)
    secs=$(echo "$line" | cut -d' ' -f1)
    rate=$(echo "$line" | cut -d' ' -f3)
    end=$(date +%s.%N)
    name="${v%%=*}"
    printf '%d\t%s\t%s\t%s\t%.1f\t%s\n' "$round" "$name" "${rate:-FAILED}" "${secs:-?}" "$(echo "$end - $start" | bc)" "$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out"
  done
done
echo
printf 'variant\tmedian\tmin\tmax\n'
declare -A median
for v in "${variants[@]}"; do
  name="${v%%=*}"
  vals=$(awk -F'\t' -v n="$name" '$2 == n && $3 != "FAILED" { print $3 }' "$out" | sort -g)
  count=$(echo "$vals" | wc -l)
  med=$(echo "$vals" | awk -v c="$count" '{ a[NR] = $1 } END { if (c % 2) print a[(c + 1) / 2]; else print (a[c / 2] + a[c / 2 + 1]) / 2 }')
  median[$name]=$med
  printf '%s\t%s\t%s\t%s\n' "$name" "$med" "$(echo "$vals" | head -1)" "$(echo "$vals" | tail -1)"
done
base="${variants[${#variants[@]} - 1]%%=*}"
for v in "${variants[@]}"; do
  name="${v%%=*}"
  [ "$name" = "$base" ] && continue
  awk -v a="${median[$name]}" -v b="${median[$base]}" -v n="$name" -v m="$base" \
    'BEGIN { printf "cost of %s against %s (medians): %.1f%%\n", n, m, (1 - a / b) * 100 }'
done
