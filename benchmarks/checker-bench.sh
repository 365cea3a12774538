#!/usr/bin/env bash
# Runs the checker benchmark (isocheck.bench.CheckerBench; see benchmarks/RESULTS.md).
# Usage: benchmarks/checker-bench.sh [--sizes 10000,100000] [--awdit 1000000] [--levels rc,ra,cc] [--heap 4g] [--stale N]
# Each (history, level) runs in a fresh JVM with -Xmx4g (the --heap option), parsing included.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
cd "$root"
mvn -q -o -B compile -pl benchmarks -am 2>&1 | sed -e 's/\x1b\[[0-9;]*m//g' >&2
jackson="$(sed -n 's:.*<jackson.version>\(.*\)</jackson.version>.*:\1:p' pom.xml | head -1)"
repo="${MAVEN_REPO:-$HOME/.m2/repository}"
cp="benchmarks/target/classes:checker/target/classes:$repo/com/fasterxml/jackson/core/jackson-core/$jackson/jackson-core-$jackson.jar"
exec java -Xmx1g -cp "$cp" isocheck.bench.CheckerBench "$@"
