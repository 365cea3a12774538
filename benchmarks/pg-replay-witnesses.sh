#!/usr/bin/env bash
# Issue 14: every anomaly `analyze --db postgresql --level L` finds must replay at L on PostgreSQL
# and be recorded SER-violating (or the replay's failure is a defect to explain). The litmus
# programs are covered by PostgresLevelsReplayTest in the suite; this script does the same for
# programs too slow to analyze there (the BenchBase files, TPC-C, SmallBank).
#
# usage: benchmarks/pg-replay-witnesses.sh JDBC_URL LEVEL PROGRAM.sql...
#   LEVEL     read-committed | repeatable-read
#   each program: `analyze --db postgresql --level LEVEL --bound ${BOUND:-4} --all --schedule-out`,
#   then every schedule written is run with `run --schedule … --isolation LEVEL --check ser`.
# env: DB (the catalogue `analyze --db` uses, default postgresql; mariadb with a jdbc:mariadb: URL
#   replays MariaDB's own levels, DatabaseLevelsReplayTest's counterpart for the BenchBase files),
#   ISOCHECK (default ./isocheck), ANALYZE_ARGS (more analyze options, e.g.
#   --assume-keys-below-counters), OUT (default benchmarks/target/pg-replay), TIMEOUT (analyze
#   --timeout seconds, default 900), BLOCK_MS (run --block-ms, default 10000: with run's 500 ms a
#   plain SELECT that takes longer on a loaded machine is taken for blocked and the next transaction
#   runs ahead of it, which replays another interleaving: 11 BenchBase SmallBank RC witnesses were
#   recorded SER-consistent at load 50 that violate SER with 10000)
# Prints one row per witness: program, level, anomaly number, the witness's name, and the replay's
# outcome (`violated` = recorded history SER-violating, as it must be; anything else is printed;
# a witness analyze marked "Not shown by these k transactions alone" (witness.AloneExecution) is
# expected SER-consistent when its transactions replay alone, and is counted apart).
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
url=$1 level=$2
shift 2
iso=${ISOCHECK:-$root/isocheck}
out=${OUT:-$root/benchmarks/target/pg-replay}
mkdir -p "$out"
echo "| program | level | # | witness | replay at $level |"
echo "|---|---|---|---|---|"
for prog in "$@"; do
  name=$(basename "$prog" .sql)
  d="$out/$name-${DB:-postgresql}-$level"
  rm -rf "$d" && mkdir -p "$d"
  "$iso" analyze "$prog" --db "${DB:-postgresql}" --level "$level" --bound "${BOUND:-4}" --all \
    --timeout "${TIMEOUT:-900}" ${ANALYZE_ARGS:-} --schedule-out "$d/w.schedule" > "$d/analyze.txt" 2>&1
  rc=$?
  # exit 2 with schedules written: some witness has no schedule (each is named below)
  if [ $rc -ne 1 ] && ! { [ $rc -eq 2 ] && grep -q '^witness schedule:' "$d/analyze.txt"; }; then
    echo "| $name | $level | – | analyze exit $rc: $(tail -1 "$d/analyze.txt") | – |"
    continue
  fi
  grep '^--schedule-out: anomaly' "$d/analyze.txt" | while read -r line; do
    n=$(echo "$line" | sed 's/^--schedule-out: anomaly \([0-9]*\).*/\1/')
    echo "| $name | $level | $n | $(echo "$line" | sed 's/^--schedule-out: anomaly [0-9]* (\([^)]*\)).*/\1/') | **no schedule**: $(echo "$line" | sed 's/.*has no snapshot schedule: //' | cut -c1-160) |"
  done

  for s in $(ls "$d"/w*.schedule 2>/dev/null | sort -V); do
    n=$(basename "$s" .schedule | sed 's/^w-\{0,1\}//')
    [ -z "$n" ] && n=1
    wname=$(grep -E "^Anomaly $n:" "$d/analyze.txt" | head -1 | sed "s/^Anomaly [0-9]*: //" | cut -c1-90)
    "$iso" run "$prog" --db "$url" --schedule "$s" --isolation "$level" --check ser \
      --block-ms "${BLOCK_MS:-10000}" > "$d/run-$n.txt" 2>&1
    r=$?
    case $r in
      1) verdict=violated ;;
      0) if grep -q '^# NOTE: Not shown by these [0-9]* transactions alone' "$s"; then
           verdict="SER consistent, as analyze said: not shown by these transactions alone"
         else
           verdict="**SER consistent** (see $d/run-$n.txt)"
         fi ;;
      *) verdict="**run exit $r**: $(grep -v '^\s*$' "$d/run-$n.txt" | tail -1 | cut -c1-160)" ;;
    esac
    echo "| $name | $level | $n | $wname | $verdict |"
  done
done
