#!/usr/bin/env bash
# Issue 14 "Done when" 1, second half: every program `weakest --db postgresql` calls safe at a
# PostgreSQL level L is run under load at L (its generator, 8 clients, 10,000 transactions) and the
# recorded history is checked SER-consistent. The (program, level) pairs are the safe cells of the
# program x level table in benchmarks/RESULTS.md (weakest --db postgresql, bound 4; a level at or
# above the weakest answer is safe).
# Usage: ISOCHECK_TEST_PG=jdbc:postgresql://127.0.0.1:PORT/postgres?user=isocheck benchmarks/pg-load-safe.sh [TRANSACTIONS]
# Prints one TSV row per run: program, level, committed/aborted summary, SER verdict, wall seconds.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${ISOCHECK_TEST_PG:?set ISOCHECK_TEST_PG to a PostgreSQL JDBC URL (scripts/test shows how to start a private server)}"
n="${1:-10000}"
out="${TMPDIR:-/tmp}/isocheck-pg-load"
mkdir -p "$out"
P=benchmarks/programs
L=$P/litmus
pairs=(
  "$P/page-views.sql read-committed" "$P/page-views.sql repeatable-read" "$P/page-views.sql serializable"
  "$P/bank.sql repeatable-read" "$P/bank.sql serializable"
  "$P/smallbank.sql serializable"
  "$P/courseware.sql serializable"
  "$P/tpcc.sql repeatable-read" "$P/tpcc.sql serializable"
  "$L/lost-update.sql repeatable-read" "$L/lost-update.sql serializable"
  "$L/read-skew.sql repeatable-read" "$L/read-skew.sql serializable"
  "$L/fractured-read.sql repeatable-read" "$L/fractured-read.sql serializable"
  "$L/long-fork.sql repeatable-read" "$L/long-fork.sql serializable"
  "$L/write-skew.sql serializable"
  "$L/duplicate-insert.sql serializable"
  "$L/causality-violation.sql serializable"
  "$L/unique-visit.sql repeatable-read" "$L/unique-visit.sql serializable"
  "$L/deliver-loop.sql repeatable-read" "$L/deliver-loop.sql serializable"
)
printf 'program\tlevel\trun\tSER\twall_s\n'
for pair in "${pairs[@]}"; do
  set -- $pair
  prog=$1 level=$2
  name="$(basename "$prog" .sql)-$level"
  start=$(date +%s.%N)
  ./isocheck run "$prog" --db "$ISOCHECK_TEST_PG" --isolation "$level" --clients 8 --transactions "$n" \
    --retry --out "$out/$name.json" >"$out/$name.run" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then
    printf '%s\t%s\trun failed (exit %s): %s\t-\t-\n' "$prog" "$level" "$rc" "$(tail -1 "$out/$name.run")"
    continue
  fi
  ./isocheck check "$out/$name.json" --level ser >"$out/$name.check" 2>&1
  crc=$?
  end=$(date +%s.%N)
  verdict=$(grep -m1 '^SER' "$out/$name.check" || tail -1 "$out/$name.check")
  printf '%s\t%s\t%s\t%s (exit %s)\t%.0f\n' "$prog" "$level" "$(grep -m1 -i 'committed' "$out/$name.run" | tr -s ' ' | cut -c1-120)" \
    "$verdict" "$crc" "$(echo "$end - $start" | bc)"
done
