#!/usr/bin/env bash
# Issue 14 "Done when" 3: a load run of a program `repair` repaired, at the level it was repaired
# for, next to the program as written. `isocheck repair PROGRAM --db postgresql --level L --out F`
# writes the repaired program (exit 1: a proved repair); each of the two programs then runs on
# PostgreSQL at L (8 clients, TRANSACTIONS transactions, --retry: every attempt recorded) with the
# program's generator and, for SmallBank, with a hot-spot generator too (one customer: every
# transaction touches the same three rows, the contention of Alomari et al. ICDE 2008's hot-spot
# runs); every recorded history is checked against SER.
# Usage: ISOCHECK_TEST_PG=jdbc:postgresql://127.0.0.1:PORT/postgres?user=isocheck \
#          [HOT_TRANSACTIONS=N] benchmarks/pg-load-repaired.sh PROGRAM LEVEL [TRANSACTIONS]
# (HOT_TRANSACTIONS: the hot-spot runs' size, default TRANSACTIONS; they commit about 10 a second
# on a loaded 2-core machine, most attempts failing to serialize)
# e.g.   benchmarks/pg-load-repaired.sh benchmarks/programs/smallbank.sql repeatable-read
# Prints one TSV row per run: program, generator, level, committed/aborted summary, SER verdict, wall seconds.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${ISOCHECK_TEST_PG:?set ISOCHECK_TEST_PG to a PostgreSQL JDBC URL (scripts/test shows how to start a private server)}"
prog="${1:?PROGRAM}"
level="${2:?LEVEL}"
n="${3:-10000}"
hot_n="${HOT_TRANSACTIONS:-$n}"
# ISOCHECK: the command to run (default the launcher; e.g. "java -jar COPY.jar" while the worktree rebuilds)
read -r -a isocheck <<<"${ISOCHECK:-./isocheck}"
out="${TMPDIR:-/tmp}/isocheck-pg-repaired"
mkdir -p "$out"
base="$(basename "$prog" .sql)"
repaired="$out/$base-repaired-$level.sql"
"${isocheck[@]}" repair "$prog" --db postgresql --level "$level" --out "$repaired" --quiet >"$out/$base-$level.repair" 2>&1
rc=$?
if [ $rc -ne 1 ]; then
  echo "repair did not print a proved repair (exit $rc): $(grep -m1 '^Why' "$out/$base-$level.repair")" >&2
  exit 1
fi
# the generator next to the program applies to the repaired copy too
gens=("default")
[ -f "${prog%.sql}.gen" ] && gens=("${prog%.sql}.gen")
if [ "$base" = smallbank ]; then
  hot="$out/smallbank-hot.gen"
  cat >"$hot" <<'EOF'
# one customer: every SmallBank transaction reads or writes the same account, savings and checking rows
table account: custid = 1, name = 'c1'
table savings: custid = 1, bal = 100000
table checking: custid = 1, bal = 100000
param *.cust_name = 'c1'
param *.custid0 = 1
param *.custid1 = 1
param *.send_id = 1
param *.dest_id = 1
param *.amount = 1..100
EOF
  gens+=("$hot")
fi
printf 'program\tgenerator\tlevel\trun\tSER\twall_s\n'
for p in "$prog" "$repaired"; do
  for g in "${gens[@]}"; do
    name="$(basename "$p" .sql)-$(basename "$g" .gen)-$level"
    genopt=()
    [ "$g" != default ] && genopt=(--gen "$g")
    size=$n
    [ "$g" = "${hot:-}" ] && size=$hot_n
    start=$(date +%s.%N)
    "${isocheck[@]}" run "$p" "${genopt[@]}" --db "$ISOCHECK_TEST_PG" --isolation "$level" --clients 8 \
      --transactions "$size" --retry --out "$out/$name.json" >"$out/$name.run" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
      printf '%s\t%s\t%s\trun failed (exit %s): %s\t-\t-\n' "$p" "$g" "$level" "$rc" "$(tail -1 "$out/$name.run")"
      continue
    fi
    "${isocheck[@]}" check "$out/$name.json" --level ser >"$out/$name.check" 2>&1
    crc=$?
    end=$(date +%s.%N)
    verdict=$(grep -m1 '^SER' "$out/$name.check" || tail -1 "$out/$name.check")
    printf '%s\t%s\t%s\t%s\t%s (exit %s)\t%.0f\n' "$p" "$(basename "$g")" "$level" \
      "$(grep -m1 -i 'committed' "$out/$name.run" | tr -s ' ' | cut -c1-120)" "$verdict" "$crc" \
      "$(echo "$end - $start" | bc)"
  done
done
