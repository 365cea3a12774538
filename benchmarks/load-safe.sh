#!/usr/bin/env bash
# Issue 14 "Done when" 1, second half, on any server: each PROGRAM:LEVEL pair given (a level at which
# `weakest --db postgresql|mariadb` calls the program safe) is run under load at LEVEL (the program's
# generator PROGRAM.gen, else run's default one; 8 clients; TRANSACTIONS transactions started, each
# aborted attempt retried up to 10 times and recorded), and the whole recorded history is checked
# against SER. benchmarks/pg-load-safe.sh is the PostgreSQL list of 2026-11-25; this script takes the
# list and the server.
# Usage: [TRANSACTIONS=10000] [ISOCHECK=./isocheck] benchmarks/load-safe.sh JDBC_URL PROGRAM.sql:LEVEL...
#   e.g. benchmarks/load-safe.sh "$ISOCHECK_TEST_PG" benchmarks/programs/benchbase/tatp.sql:repeatable-read
# Prints one TSV row per pair: program, level, committed/aborted summary, SER verdict, wall seconds
# (run + check).
set -uo pipefail
cd "$(dirname "$0")/.."
url="${1:?JDBC_URL}"
shift
n="${TRANSACTIONS:-10000}"
read -r -a isocheck <<<"${ISOCHECK:-./isocheck}"
out="${OUT:-${TMPDIR:-/tmp}/isocheck-load-safe}"
mkdir -p "$out"
printf 'program\tlevel\trun\tSER\twall_s\n'
for pair in "$@"; do
  prog="${pair%:*}" level="${pair##*:}"
  name="$(basename "$prog" .sql)-$level-$(echo "$url" | sed 's/^jdbc:\([a-z]*\).*/\1/')"
  start=$(date +%s.%N)
  "${isocheck[@]}" run "$prog" --db "$url" --isolation "$level" --clients 8 --transactions "$n" \
    --retry --out "$out/$name.json" >"$out/$name.run" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then
    printf '%s\t%s\trun failed (exit %s): %s\t-\t-\n' "$prog" "$level" "$rc" "$(tail -1 "$out/$name.run")"
    continue
  fi
  "${isocheck[@]}" check "$out/$name.json" --level ser >"$out/$name.check" 2>&1
  crc=$?
  end=$(date +%s.%N)
  verdict=$(grep -m1 '^SER' "$out/$name.check" || tail -1 "$out/$name.check")
  printf '%s\t%s\t%s\t%s (exit %s)\t%.0f\n' "$prog" "$level" \
    "$(grep -m1 ' transactions: ' "$out/$name.run" | tr -s ' ' | cut -c1-140)" "$verdict" "$crc" \
    "$(echo "$end - $start" | bc)"
done
