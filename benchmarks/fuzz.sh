#!/usr/bin/env bash
# benchmarks/fuzz.sh [N] [SEED] [WORKERS]: the long mutational fuzzing run of issue 16 (the normal test suite
# runs 250 cases of the same fuzzer, CliFuzzTest). N inputs (default 10000) mutated from the shipped
# programs, specs, schedules, generator files and corpus histories, each run in-process through the CLI on
# a pool of WORKERS threads (default 4) in one JVM; prints the outcomes by exit code and input kind (with
# the mean and slowest wall time per kind), and fails when any run broke the contract (exit 70 or another
# code outside 0-4, a stack trace, a multi-line exit-2 message, a run past --timeout + 2 s, no answer in
# 120 s). Findings: analyzer/target/fuzz/findings.txt and the inputs under analyzer/target/fuzz-findings/;
# the campaign JVM's GC log (heap after each collection: flat over a run, or a leak) analyzer/target/fuzz/gc.log.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
seed="${2:-1}"
workers="${3:-4}"
mkdir -p analyzer/target/fuzz
export MAVEN_OPTS="${MAVEN_OPTS:--Xmx1g}"
mvn -q -B -o -pl analyzer -am test -Dtest=FuzzCampaignTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Disocheck.fuzz.inputs="$n" -Disocheck.fuzz.seed="$seed" -Disocheck.fuzz.threads="$workers" "-DargLine=-Xmx2g -Xlog:gc:file=target/fuzz/gc.log" || status=$?
cat analyzer/target/fuzz/summary.txt 2>/dev/null || true
exit "${status:-0}"
