#!/usr/bin/env bash
# Regression guard for issue 18: isocheck --level si against PolySI on PolySI's own evaluation
# histories (github amnore/PolySIHistories), one replica (hist-00000) of every fig7 and fig8_9_10
# parameter set. Bar: wall-time ratio isocheck/PolySI <= 0.1 on every history of 2,000
# transactions or more; verdicts must agree.
#
# usage: benchmarks/polysi-guard.sh PHIST OUTDIR
#   PHIST   a checkout (or extracted archive) of PolySIHistories: PHIST/fig7/*/hist-00000, ...
# environment: POLYSI_CP, POLYSI_LIB (PolySI's classpath and libmonosat.so directory, as in
#   PolySI's build recipe; required), ISO_JAR [analyzer/target/isocheck.jar], RUNS [1],
#   LIMIT (s per run) [300], XMX [8g], ONLY (a grep -E pattern on the set names) [all].
# Each round runs both tools back to back, PolySI first on odd rounds/sets and isocheck first on
# even ones. Output: OUTDIR/guard.tsv (one row per run) and a table of medians and ratios; exit 1
# if a ratio exceeds the bar or a verdict differs. Run it under nice -n -10 and report the load.
set -u
PHIST=${1:?PolySIHistories directory}; OUT=${2:?outdir}
root="$(cd "$(dirname "$0")/.." && pwd)"
POLYSI_CP=${POLYSI_CP:?set POLYSI_CP}; POLYSI_LIB=${POLYSI_LIB:?set POLYSI_LIB}
ISO_JAR=${ISO_JAR:-$root/analyzer/target/isocheck.jar}
RUNS=${RUNS:-1}; LIMIT=${LIMIT:-300}; XMX=${XMX:-8g}; ONLY=${ONLY:-.}
mkdir -p "$OUT/logs"; R="$OUT/guard.tsv"
[ -s "$R" ] || printf 'set\ttool\tround\ttxns\twall_s\tcpu_s\tmaxrss_kb\texit\tverdict\tload1\n' > "$R"
# the set directories are globbed before set -f (which keeps the literal lib/* of POLYSI_CP for
# java): with set -f first the loop saw the unexpanded pattern and ran nothing
dirs=("$PHIST"/fig7/*/hist-00000 "$PHIST"/fig8_9_10/*/hist-00000)
set -f
i=0
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  set=$(basename "$(dirname "$(dirname "$d")")")/$(basename "$(dirname "$d")")
  echo "$set" | grep -Eq "$ONLY" || continue
  i=$((i+1))
  if [ -f "$d/history.bincode" ]; then type=dbcop; path=$d/history.bincode; else type=cobra; path=$d; fi
  for ((r=1; r<=RUNS; r++)); do
    order="polysi iso-si"; (( (i + r) % 2 == 1 )) && order="iso-si polysi"
    for tool in $order; do
      base="$OUT/logs/${set//\//_}.$tool.$r"; load=$(cut -d' ' -f1 /proc/loadavg)
      case $tool in
        polysi) cmd="java -Xmx$XMX -Djava.library.path=$POLYSI_LIB -cp $POLYSI_CP Main audit --type=$type $path";;
        iso-si) cmd="java -Xmx$XMX -jar $ISO_JAR check $path --level si --timeout $((LIMIT-5))";;
      esac
      /usr/bin/time -v -o "$base.time" timeout --foreground -s KILL "$LIMIT" $cmd < /dev/null > "$base.log" 2>&1
      ex=$?
      case $tool in
        polysi) if grep -q 'ACCEPT \]\]\]\]' "$base.log"; then v=consistent
                elif grep -q 'REJECT \]\]\]\]' "$base.log"; then v=violated
                elif [ $ex = 137 ]; then v=timeout; else v=error; fi;;
        iso-si) case $ex in 0) v=consistent;; 1) v=violated;; 3) v=unknown;; 137) v=timeout;; *) v=error;; esac;;
      esac
      txns=$(grep -m1 -oE ': [0-9]+ transactions' "$OUT/logs/${set//\//_}.iso-si.$r.log" 2>/dev/null | grep -oE '[0-9]+')
      wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$base.time")
      cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {print s}' "$base.time")
      rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$base.time")
      printf '%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$set" "$tool" "$r" "${txns:-?}" "$wall" "$cpu" "$rss" "$ex" "$v" "$load" >> "$R"
      printf '%-42s %-7s r%d %8ss cpu %8ss %9s KB %-10s load %s\n' "$set" "$tool" "$r" "$wall" "$cpu" "$rss" "$v" "$load"
    done
  done
done
python3 - "$R" <<'PY'
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
bad = 0
print('set\ttxns\tpolysi_s\tiso_si_s\tratio\tpolysi_MiB\tiso_MiB\tverdicts\tload1\tbar')
for s in dict.fromkeys(r['set'] for r in rows):
    p = [r for r in rows if r['set'] == s and r['tool'] == 'polysi']
    q = [r for r in rows if r['set'] == s and r['tool'] == 'iso-si']
    txns = next((r['txns'] for r in q if r['txns'] != '?'), '?')
    vp = sorted(set(r['verdict'] for r in p)); vq = sorted(set(r['verdict'] for r in q))
    ok = lambda rs: [r for r in rs if r['verdict'] in ('consistent', 'violated')]
    if not ok(p) or not ok(q):
        print(f"{s}\t{txns}\t-\t-\t-\t-\t-\t{','.join(vp)}/{','.join(vq)}\t-\tno ratio (no verdict)")
        continue
    wp = st.median(float(r['wall_s']) for r in ok(p)); wq = st.median(float(r['wall_s']) for r in ok(q))
    mp = st.median(int(r['maxrss_kb']) for r in ok(p)) / 1024; mq = st.median(int(r['maxrss_kb']) for r in ok(q)) / 1024
    ratio = wq / wp
    agree = vp == vq
    big = txns != '?' and int(txns) >= 2000
    verdict = 'DISAGREE' if not agree else ('FAIL' if big and ratio > 0.1 else ('ok' if big else 'below 2,000 txns'))
    bad |= verdict in ('DISAGREE', 'FAIL')
    loads = [float(r['load1']) for r in p + q]
    print(f"{s}\t{txns}\t{wp:.2f}\t{wq:.2f}\t{ratio:.3f}\t{mp:.0f}\t{mq:.0f}\t{'/'.join(vp)}\t{min(loads):.1f}-{max(loads):.1f}\t{verdict}")
sys.exit(1 if bad else 0)
PY
