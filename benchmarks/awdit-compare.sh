#!/usr/bin/env bash
# RC/RA/CC against AWDIT (PLDI 2025) on AWDIT's own generated histories, whole processes side by
# side (issue 18's table). Public tools only: GNU /usr/bin/time -v and python3.
#
# usage: benchmarks/awdit-compare.sh [RUNS] [ROW...]
#   RUNS  runs per tool and (history, level) (default 3); the tools alternate, isocheck then AWDIT
#   ROW   history names (default: all rows below); each is HIST_DIR/NAME.txt
# env:
#   AWDIT       an AWDIT binary (built with its public repository's recipe). Unset: isocheck alone.
#   HIST_DIR    where the histories are (default benchmarks/target/awdit-histories). A missing one
#               is generated with $AWDIT (the commands below); without AWDIT it is skipped.
#   LEVELS      levels to run (default "rc ra cc")
#   ISOCHECK    the isocheck command (default: this checkout's launcher, ./isocheck)
#   AWDIT_ARGS  extra `awdit check` arguments (e.g. "-s 1024": its checker stack, needed on large
#               violating histories)
#   OUT         log directory (default benchmarks/target/awdit-compare)
#   PRIORITY    a nice value (e.g. -20, needs root) for this script, both tools and this session's
#               autogroup: on a shared machine the kernel's autogroup scheduling shares the CPU per
#               session, so `nice` alone leaves a measurement one autogroup among the others'
#               (/proc/sys/kernel/sched_autogroup_enabled; sched(7), "The autogroup feature")
#
# Prints one markdown row per (history, level): medians of wall s, cpu s (user + sys) and peak RSS
# MiB of each tool, and the median of the run-by-run ratios isocheck/AWDIT (pairing keeps a ratio
# meaningful when a shared machine's speed drifts), the verdicts, and the load average.
#
# The histories (AWDIT's generator, Plume text; -s/--sessions is a local addition to AWDIT's
# generator described in its build recipe; upstream always uses ceil(sqrt(events)) sessions):
#   cc-e1e5-sqrt   generate -e 100000   -l 1000   -i causal                (317 sessions)
#   cc-e1e6-s32    generate -e 1000000  -l 10000  -s 32 -i causal
#   cc-e1e6-sqrt   generate -e 1000000  -l 10000  -i causal                (1000 sessions)
#   cc-e1e7-s32    generate -e 10000000 -l 100000 -s 32 -i causal
#   rc-e1e6-s32    generate -e 1000000  -l 10000  -s 32 -i read-committed  (violates RA and CC)
#   ra-e1e6-s32    generate -e 1000000  -l 10000  -s 32 -i read-atomic     (violates CC)
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
runs=${1:-3}
[ $# -gt 0 ] && shift
rows=("$@")
[ ${#rows[@]} -eq 0 ] && rows=(cc-e1e5-sqrt cc-e1e6-s32 cc-e1e6-sqrt cc-e1e7-s32 rc-e1e6-s32 ra-e1e6-s32)
hist=${HIST_DIR:-$root/benchmarks/target/awdit-histories}
out=${OUT:-$root/benchmarks/target/awdit-compare}
iso=${ISOCHECK:-$root/isocheck}
awdit=${AWDIT:-}
levels=${LEVELS:-rc ra cc}
mkdir -p "$hist" "$out"
if [ -n "${PRIORITY:-}" ]; then
  ag=$(sed -n 's/.* nice //p' /proc/self/autogroup 2>/dev/null)
  { echo "$PRIORITY" > /proc/self/autogroup && renice -n "$PRIORITY" -p $$ > /dev/null; } ||
    { echo "PRIORITY=$PRIORITY: cannot set (root needed)" >&2; exit 2; }
  trap 'echo "${ag:-0}" > /proc/self/autogroup' EXIT # the session's other processes: as before
fi
"$iso" --version > /dev/null || exit 70 # build the jar (and its start-up archive) before timing

gen_args() {
  case $1 in
    cc-e1e5-sqrt) echo "-e 100000 -l 1000 -i causal" ;;
    cc-e1e6-s32) echo "-e 1000000 -l 10000 -s 32 -i causal" ;;
    cc-e1e6-sqrt) echo "-e 1000000 -l 10000 -i causal" ;;
    cc-e1e7-s32) echo "-e 10000000 -l 100000 -s 32 -i causal" ;;
    rc-e1e6-s32) echo "-e 1000000 -l 10000 -s 32 -i read-committed" ;;
    ra-e1e6-s32) echo "-e 1000000 -l 10000 -s 32 -i read-atomic" ;;
    *) return 1 ;;
  esac
}

echo "| history | level | isocheck wall s | AWDIT wall s | wall ratio | isocheck cpu s | AWDIT cpu s | isocheck RSS MiB | AWDIT RSS MiB | RSS ratio | verdicts (isocheck / AWDIT) | load |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for name in "${rows[@]}"; do
  f="$hist/$name.txt"
  if [ ! -f "$f" ]; then
    if [ -n "$awdit" ] && args=$(gen_args "$name"); then
      echo "generating $f: awdit generate $args" >&2
      # shellcheck disable=SC2086
      "$awdit" generate $args "$f.tmp" >&2 && mv "$f.tmp" "$f" || { echo "generation failed: $name" >&2; continue; }
    else
      echo "skipping $name: no $f (set AWDIT to generate it)" >&2
      continue
    fi
  fi
  cat "$f" > /dev/null # warm the page cache: neither tool pays the first read
  for L in $levels; do
    case $L in rc) AL=read-committed ;; ra) AL=read-atomic ;; cc) AL=causal ;; *) echo "bad level $L" >&2; exit 2 ;; esac
    tag="$name-$L"
    load=$(cut -d' ' -f1 /proc/loadavg)
    for i in $(seq 1 "$runs"); do
      /usr/bin/time -v -o "$out/$tag.iso.$i.time" "$iso" check "$f" --level "$L" > "$out/$tag.iso.$i.out" 2>&1
      if [ -n "$awdit" ]; then
        # shellcheck disable=SC2086
        /usr/bin/time -v -o "$out/$tag.awdit.$i.time" "$awdit" check ${AWDIT_ARGS:-} -i "$AL" "$f" > "$out/$tag.awdit.$i.out" 2>&1
      fi
    done
    load="$load-$(cut -d' ' -f1 /proc/loadavg)"
    python3 - "$out" "$tag" "$runs" "$name" "$L" "$load" "${awdit:+yes}" <<'PY'
import re, statistics as st, sys
out, tag, runs, name, level, load, with_awdit = sys.argv[1:8]
runs = int(runs)
def t(path):
    s = open(path).read()
    g = lambda p: re.search(p, s).group(1)
    w = g(r'Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)').split(':')
    wall = sum(float(x) * 60 ** i for i, x in enumerate(reversed(w)))
    cpu = float(g(r'User time \(seconds\): (\S+)')) + float(g(r'System time \(seconds\): (\S+)'))
    sig = re.search(r'Command terminated by signal (\d+)', s)
    return (wall, cpu, int(g(r'Maximum resident set size \(kbytes\): (\d+)')) / 1024,
            int(sig.group(1)) if sig else 0)
def failed(runs, who):
    bad = [f'{who} run {i + 1} killed by signal {r[3]}' for i, r in enumerate(runs) if r[3]]
    return ('; ' + ', '.join(bad)) if bad else ''
def verdict(path):
    s = open(path).read()
    m = re.search(r'^(RC|RA|CC): (\S+)', s, re.M) or re.search(r'^(Consistent|Inconsistent)\.$', s, re.M)
    return ' '.join(m.groups()) if m else 'no verdict: ' + ((s.strip().splitlines() or ['(empty)'])[-1][:60])
I = [t(f'{out}/{tag}.iso.{i}.time') for i in range(1, runs + 1)]
med = lambda xs: st.median(xs)
row = [name, level, f'{med([x[0] for x in I]):.2f}']
if with_awdit:
    A = [t(f'{out}/{tag}.awdit.{i}.time') for i in range(1, runs + 1)]
    ratio = lambda k: med([a[k] / b[k] for a, b in zip(I, A) if b[k] > 0])
    row += [f'{med([x[0] for x in A]):.2f}', f'**{ratio(0):.2f}**', f'{med([x[1] for x in I]):.2f}',
            f'{med([x[1] for x in A]):.2f}', f'{med([x[2] for x in I]):.0f}', f'{med([x[2] for x in A]):.0f}',
            f'{ratio(2):.2f}', f'{verdict(f"{out}/{tag}.iso.1.out")} / {verdict(f"{out}/{tag}.awdit.1.out")}']
else:
    row += ['-', '-', f'{med([x[1] for x in I]):.2f}', '-', f'{med([x[2] for x in I]):.0f}', '-', '-',
            f'{verdict(f"{out}/{tag}.iso.1.out")} / -']
row[-1] += failed(I, 'isocheck') + (failed(A, 'AWDIT') if with_awdit else '')
row.append(load)
print('| ' + ' | '.join(row) + ' |', flush=True)
PY
  done
done
