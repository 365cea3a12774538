#!/usr/bin/env bash
# Strong levels on hard generated histories (issue 18): isocheck (SER, SI, PSI) against PolySI
# (SI) and dbcop (SI, SER; when DBCOP names a binary) on the same histories, paired and alternated.
#
# usage: benchmarks/hard-bench.sh OUTDIR SIZE... (e.g. 1000 10000 100000 1000000)
#
# For each size it writes, with isocheck.bench.HardHistoryGen (isocheck.level.HardHistories),
# one history per family in Plume text (what PolySI's --type=text reads):
#   none       a serial execution, blind writes, no stamps     truth: SER, SI, PSI hold
#   writeskew  + a planted write skew                          truth: SER violated, SI, PSI hold
#   longfork   + a planted long fork                           truth: SER, SI violated, PSI holds
#   lostupd    + a planted lost update                         truth: SER, SI, PSI violated
# and checks every verdict against the truth of the construction (a mismatch prints WRONG and the
# script exits 1 at the end). Shape (the one measured to make the search backjump): SESSIONS
# sessions, 1 read and 3 blind writes per transaction, keys = size / KEYDIV.
#
# environment (defaults in brackets):
#   ISO_JAR      isocheck's jar [analyzer/target/isocheck.jar]; benchmarks/target/classes is
#                added for the generator
#   POLYSI_CP, POLYSI_LIB   PolySI's classpath and libmonosat.so directory (as in PolySI's build
#                recipe); unset: PolySI is skipped
#   POLYSI_MAX   largest size given to PolySI [100000]
#   DBCOP        a dbcop binary (rnbguy/dbcop, branch oopsla-2019: verify -c si|ser -d DIR);
#                it reads the same history as history.bincode; unset: skipped
#   DBCOP_MAX    largest size given to dbcop [100000]
#   RUNS [3]  LIMIT (s per run) [120]  XMX [8g]  SESSIONS [100]  KEYDIV [5]  FAMILIES [all four]
#   LEVELS       isocheck levels [ser si psi]
# Output: OUTDIR/runs.tsv (one row per run: wall, user, sys, peak RSS, exit, verdict, truth, load)
# and a summary of medians and isocheck-si/PolySI ratios. Run it under nice -n -10 on a shared
# machine and report the load column.
set -u
OUT=${1:?outdir}; shift
root="$(cd "$(dirname "$0")/.." && pwd)"
ISO_JAR=${ISO_JAR:-$root/analyzer/target/isocheck.jar}
RUNS=${RUNS:-3}; LIMIT=${LIMIT:-120}; XMX=${XMX:-8g}; SESSIONS=${SESSIONS:-100}; KEYDIV=${KEYDIV:-5}
FAMILIES=${FAMILIES:-"none writeskew longfork lostupd"}; LEVELS=${LEVELS:-"ser si psi"}
POLYSI_MAX=${POLYSI_MAX:-100000}; DBCOP_MAX=${DBCOP_MAX:-100000}
mkdir -p "$OUT/logs" "$OUT/hist"
R="$OUT/runs.tsv"
[ -s "$R" ] || printf 'name\ttool\tround\twall_s\tuser_s\tsys_s\tmaxrss_kb\texit\tverdict\ttruth\tload1\tstart_utc\n' > "$R"
wrong=0
set -f
plant_of() { case $1 in none) echo none;; writeskew) echo write-skew;; longfork) echo long-fork;; lostupd) echo lost-update;; esac; }
cmd_for() { # tool path
  case $1 in
    polysi)  echo "java -Xmx$XMX -Djava.library.path=$POLYSI_LIB -cp $POLYSI_CP Main audit --type=text $2" ;;
    dbcop-*) echo "$DBCOP verify -c ${1#dbcop-} -d ${2%.txt}.dbcop -o $OUT/logs/dbcop-out" ;;
    iso-*)   echo "java -Xmx$XMX -jar $ISO_JAR check $2 --level ${1#iso-} --timeout $((LIMIT-5))" ;;
  esac
}
verdict_of() { # tool exit log
  case $1 in
    polysi)
      if grep -q 'ACCEPT \]\]\]\]' "$3"; then echo consistent
      elif grep -q 'REJECT \]\]\]\]' "$3"; then echo violated
      elif grep -q OutOfMemoryError "$3"; then echo OOM
      elif [ "$2" = 124 ] || [ "$2" = 137 ]; then echo timeout
      else echo error; fi ;;
    dbcop-*)
      if grep -q 'hist-[0-9]* done' "$3"; then echo consistent
      elif grep -q 'minimum level failed' "$3"; then echo violated
      elif [ "$2" = 124 ] || [ "$2" = 137 ]; then echo timeout
      else echo error; fi ;;
    *)
      case $2 in 0) echo consistent;; 1) echo violated;; 3) echo unknown;;
                  124|137) echo timeout;; *) grep -q OutOfMemoryError "$3" && echo OOM || echo error;; esac ;;
  esac
}
for size in "$@"; do
  for fam in $FAMILIES; do
    name="${fam}-$size"; f="$OUT/hist/$name.txt"
    keys=$(( size / KEYDIV )); [ "$keys" -lt 8 ] && keys=8
    info=$(java -cp "$ISO_JAR:$root/benchmarks/target/classes" isocheck.bench.HardHistoryGen \
             "$f" "$size" "$SESSIONS" "$keys" 1 3 1 "$(plant_of $fam)" 1) || exit 70
    echo "$info"
    tools=""
    if [ -n "${DBCOP:-}" ] && [ "$size" -le "$DBCOP_MAX" ]; then
      java -cp "$ISO_JAR:$root/benchmarks/target/classes" isocheck.bench.HardHistoryGen \
        "${f%.txt}.dbcop" "$size" "$SESSIONS" "$keys" 1 3 1 "$(plant_of $fam)" 1 dbcop > /dev/null || exit 70
      tools="dbcop-si dbcop-ser"
    fi
    for l in $LEVELS; do tools="$tools iso-$l"; done
    if [ -n "${POLYSI_CP:-}" ] && [ "$size" -le "$POLYSI_MAX" ]; then tools="polysi $tools"; fi
    declare -A dead=()
    for ((r=1; r<=RUNS; r++)); do
      order=$tools
      (( r % 2 == 0 )) && order=$(echo $tools | tr ' ' '\n' | tac | tr '\n' ' ')
      for tool in $order; do
        [ -n "${dead[$tool]:-}" ] && continue
        base="$OUT/logs/$name.$tool.$r"
        load=$(cut -d' ' -f1 /proc/loadavg); start=$(date -u +%H:%M:%S)
        /usr/bin/time -v -o "$base.time" timeout --foreground -s KILL "$LIMIT" $(cmd_for $tool $f) < /dev/null > "$base.log" 2>&1
        ex=$?
        v=$(verdict_of $tool $ex "$base.log")
        case $tool in polysi|iso-si|dbcop-si) lv=si;; iso-ser|dbcop-ser) lv=ser;; iso-psi) lv=psi;; esac
        truth=$(echo "$info" | tr ' ' '\n' | awk -F= -v k=$lv '$1==k {print $2}')
        t=$( [ "$truth" = true ] && echo consistent || { [ "$truth" = false ] && echo violated || echo '?'; })
        if { [ "$v" = consistent ] || [ "$v" = violated ]; } && [ "$t" != '?' ] && [ "$v" != "$t" ]; then
          echo "WRONG: $name $tool says $v, the construction says $t"; wrong=1
        fi
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$base.time")
        usr=$(awk -F': ' '/User time/ {print $2}' "$base.time"); sys=$(awk -F': ' '/System time/ {print $2}' "$base.time")
        rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$base.time")
        printf '%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$tool" "$r" "$wall" "$usr" "$sys" "$rss" "$ex" "$v" "$t" "$load" "$start" >> "$R"
        printf '%s %-8s r%d %7ss %8s KB exit %-3s %-10s truth %-10s load %s\n' "$name" "$tool" "$r" "$wall" "$rss" "$ex" "$v" "$t" "$load"
        case $v in timeout|OOM|error) dead[$tool]=1;; esac
      done
    done
    unset dead
  done
done
python3 - "$R" <<'PY'
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
names = list(dict.fromkeys(r['name'] for r in rows))
med = lambda xs: st.median(xs) if xs else float('nan')
print('name\ttool\truns\tverdicts\ttruth\twall_med_s\tcpu_med_s\trss_med_MiB\tload1')
agg = {}
for n in names:
    for t in dict.fromkeys(r['tool'] for r in rows if r['name'] == n):
        rs = [r for r in rows if r['name'] == n and r['tool'] == t]
        ok = [r for r in rs if r['verdict'] in ('consistent', 'violated')]
        agg[n, t] = ok
        w = [float(r['wall_s']) for r in ok]; c = [float(r['user_s']) + float(r['sys_s']) for r in ok]
        m = [int(r['maxrss_kb']) / 1024 for r in ok]
        print(f"{n}\t{t}\t{len(rs)}\t{','.join(sorted(set(r['verdict'] for r in rs)))}\t{rs[0]['truth']}\t"
              f"{med(w):.2f}\t{med(c):.2f}\t{med(m):.0f}\t"
              f"{min(float(r['load1']) for r in rs):.1f}-{max(float(r['load1']) for r in rs):.1f}")
print('\nname\tratio (medians of wall)')
wall = lambda rs: med([float(r['wall_s']) for r in rs])
for n in names:
    for a, b in (('iso-si', 'polysi'), ('iso-si', 'dbcop-si'), ('iso-ser', 'dbcop-ser')):
        p, s = agg.get((n, b)), agg.get((n, a))
        if p and s:
            print(f"{n}\t{a}/{b}\t{wall(s) / wall(p):.3f}")
PY
exit $wrong
