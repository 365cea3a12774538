/**
 * Benchmark harnesses and generators: history generators for the checker's performance runs, the
 * checker, levels, PSI-search and SMT-text benchmarks, the results-table harness over
 * benchmarks/programs, and the tools that produce the numbers in benchmarks/RESULTS.md. It may
 * depend on every other module; nothing depends on it.
 */
package isocheck.bench;
