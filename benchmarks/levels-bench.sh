#!/usr/bin/env bash
# Issue 6 benchmark matrix: exact levels on generated histories, one fresh JVM per configuration.
# Usage: benchmarks/levels-bench.sh [TIMEOUT_SECONDS]   (from the repository root; prints TSV rows)
set -euo pipefail
cd "$(dirname "$0")/.."
timeout_s="${1:-120}"
mvn -q -o -B -DskipTests package -pl benchmarks -am >/dev/null
cp="analyzer/target/isocheck.jar:benchmarks/target/classes"
run() { java -Xmx8g -cp "$cp" isocheck.bench.LevelsBench "$@" || echo "FAILED $*"; }
for n in 1000 10000 100000 1000000; do
  for conf in "20 uniform" "50 zipf"; do
    set -- $conf
    run general "$n" "$1" "$2" "$timeout_s" ser si
  done
  run mini "$n" 20 zipf "$timeout_s" ser si sser
done
# without stamps the version order is not guessed from commit times: the search strategies work
for n in 1000 10000 100000; do
  run unstamped "$n" 3 uniform "$timeout_s" ser si
  run unstamped "$n" 20 uniform "$timeout_s" ser si psi
done
