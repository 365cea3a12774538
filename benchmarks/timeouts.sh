#!/usr/bin/env bash
# benchmarks/timeouts.sh [T] [DIR]: issue 16's "--timeout T bounds every command's wall time to T + 2 s", on
# the inputs the issue lists. Builds each input in DIR (default: a fresh temporary directory), runs the
# command that reads it with --timeout (T = 5 by default; the issue's own 10 for the five FOREACH loops and
# 20 for the 200 MB history), and prints one Markdown table row per run: the input, the command, the exit
# code, the wall time (process start included, `date` before and after) and whether it stayed within
# T + 2 s, and the last line of stderr. Exit 1 when any run took longer than its T + 2 s or exited 70/1/0
# on malformed input. Uses ./isocheck (which rebuilds its jar when sources changed: run it once first).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
t="${1:-5}"
dir="${2:-$(mktemp -d "${TMPDIR:-/tmp}/isocheck-timeouts.XXXXXX")}"
mkdir -p "$dir"
iso="$root/isocheck"
"$iso" --version >/dev/null # build the jar first, outside the measurements

header='CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL);'
txn_head() { printf '%s\nTRANSACTION w(id INT)\nBEGIN\n' "$header"; }
rep() { python3 -c "import sys; sys.stdout.write(sys.argv[1] * int(sys.argv[2]))" "$1" "$2"; }

# --- the inputs of issue 16 ---
{ txn_head; echo '  UPDATE account SET balance = 9223372036854775808 WHERE acc_id = :id;'; echo 'END;'; } > "$dir/int-2-63.sql"
printf 'CREATE TABLE a (k INT PRIMARY KEY, n VARCHAR(2147483648));\nTRANSACTION w(id INT)\nBEGIN\n  UPDATE a SET n = %s WHERE k = :id;\nEND;\n' "'x'" > "$dir/varchar-2-31.sql"
{ txn_head; echo '  SELECT balance INTO bal FROM account WHERE acc_id = :id;'; rep $'IF bal > 1 THEN\n' 2000
  echo 'UPDATE account SET balance = 1 WHERE acc_id = :id;'; rep $'END IF;\n' 2000; echo 'END;'; } > "$dir/ifs-2000.sql"
{ txn_head; printf '  UPDATE account SET balance = %s1%s WHERE acc_id = :id;\nEND;\n' "$(rep '(' 1000)" "$(rep ')' 1000)"; } > "$dir/parens-1000.sql"
{ txn_head; printf '  UPDATE account SET balance = 1 WHERE %sacc_id = :id%s;\nEND;\n' "$(rep '(' 12)" "$(rep ')' 12)"; } > "$dir/parens-depth-12.sql"
mkdir -p "$dir/not-specs" "$dir/six-specs"
printf '# deep\naxiom d observer c:\n  forall a, b, c: %svis(a, b)%s -> vis(a, c)\n' "$(rep 'not (' 1000)" "$(rep ')' 1000)" > "$dir/not-specs/deep.spec"
printf '# six variables\naxiom six observer f:\n  forall a, b, c, d, e, f: vis(a, b) and vis(b, c) and vis(c, d) and vis(d, e) and ar(e, f) -> vis(a, f)\n' > "$dir/six-specs/six.spec"
types() { # $1 transaction types
  echo "$header"
  for ((i = 0; i < $1; i++)); do
    printf 'TRANSACTION t%d(id INT)\nBEGIN\n  SELECT balance INTO bal FROM account WHERE acc_id = :id;\n  UPDATE account SET balance = :bal + %d WHERE acc_id = :id;\nEND;\n' "$i" "$i"
  done
}
types 300 > "$dir/types-300.sql"
types 3000 > "$dir/transactions-3000.sql"
if [ ! -s "$dir/history-200mb.jsonl" ]; then
  # A serializable history of about 200 MB: 50 sessions, each transaction reads one key's latest value
  # and writes a fresh value to another (isocheck JSON Lines, FORMAT.md).
  python3 - "$dir/history-200mb.jsonl" <<'PY'
import random, sys
rnd = random.Random(16)
keys, sessions = 100_000, 50
last = [0] * keys
with open(sys.argv[1], "w") as f:
    f.write('{"format":"isocheck-history","version":1,"sessions":[%s]}\n' % ",".join('"s%d"' % s for s in range(sessions)))
    f.write('{"initial":true,"ops":[%s]}\n' % ",".join('["w","k%d",0]' % k for k in range(keys)))
    i, size = 0, 0
    while size < 200_000_000:
        r, w = rnd.randrange(keys), rnd.randrange(keys)
        i += 1
        line = '{"session":"s%d","id":%d,"ops":[["r","k%d",%d],["w","k%d",%d]]}\n' % (i % sessions, i, r, last[r], w, i)
        last[w] = i
        size += len(line)
        f.write(line)
PY
fi

echo "| input | command | exit | wall s | within T + 2 s | last stderr line |"
echo "|---|---|---|---|---|---|"
fail=0
measure() { # $1 input label, $2 T, $3 malformed (yes/no), rest: the isocheck arguments
  local label="$1" limit="$2" malformed="$3"
  shift 3
  local start end code=0 wall ok last
  start=$(date +%s.%N)
  "$iso" "$@" >"$dir/out.txt" 2>"$dir/err.txt" || code=$?
  end=$(date +%s.%N)
  wall=$(python3 -c "print(f'{$end - $start:.1f}')")
  ok=$(python3 -c "print('yes' if $end - $start <= $limit + 2 else 'NO')")
  last=$(tail -n 1 "$dir/err.txt" | sed -e "s|$dir/||g" -e 's/|/\\|/g' | cut -c1-150)
  [ "$ok" = yes ] || fail=1
  if [ "$code" = 70 ] || { [ "$malformed" = yes ] && { [ "$code" = 0 ] || [ "$code" = 1 ]; }; }; then fail=1; fi
  local shown="${*//$dir\//}"
  echo "| $label | \`${shown//$root\//}\` | $code | $wall | $ok | $last |"
}
measure "integer literal 2^63" "$t" yes analyze "$dir/int-2-63.sql" --spec ec --timeout "$t"
measure "VARCHAR(2^31)" "$t" yes analyze "$dir/varchar-2-31.sql" --spec ec --timeout "$t"
measure "2,000 nested IFs" "$t" yes analyze "$dir/ifs-2000.sql" --spec ec --timeout "$t"
measure "1,000 parentheses" "$t" yes analyze "$dir/parens-1000.sql" --spec ec --timeout "$t"
measure "\`not (\` x 1,000 in a spec" "$t" yes specs --spec-dir "$dir/not-specs" --timeout "$t"
measure "parentheses nested 12 deep" "$t" no analyze "$dir/parens-depth-12.sql" --spec ec --timeout "$t"
measure "5 nested FOREACH loops" 10 no analyze "$root/benchmarks/programs/examples/foreach5.sql" --spec ec --timeout 10
measure "300 transaction types" "$t" no analyze "$dir/types-300.sql" --spec ec --timeout "$t"
measure "3,000 transactions" "$t" no analyze "$dir/transactions-3000.sql" --spec ec --timeout "$t"
measure "3,000 transactions" "$t" no verify "$dir/transactions-3000.sql" --spec psi --timeout "$t"
measure "3,000 transactions" "$t" no weakest "$dir/transactions-3000.sql" --timeout "$t"
measure "spec axiom, 6 quantified variables" "$t" no specs --spec-dir "$dir/six-specs" --timeout "$t"
measure "$(du -m "$dir/history-200mb.jsonl" | cut -f1) MB history" 20 no check "$dir/history-200mb.jsonl" --level all --timeout 20
measure "TPC-C, 10^8 transactions (H2)" "$t" no run "$root/benchmarks/programs/tpcc.sql" --transactions 100000000 --timeout "$t"
if [ -n "${ISOCHECK_TEST_PG:-}" ]; then
  measure "TPC-C, 10^8 transactions (PostgreSQL)" "$t" no run "$root/benchmarks/programs/tpcc.sql" --db "$ISOCHECK_TEST_PG" --clients 8 --transactions 100000000 --timeout "$t"
  measure "(leftover schemas after the run)" "$t" no run --db "$ISOCHECK_TEST_PG" --drop-leftovers
  echo "drop-leftovers printed: $(cat "$dir/out.txt")" >&2
fi
exit "$fail"
