/**
 * The level checkers: RC, RA and CC by saturation of a commit relation (AWDIT, PLDI 2025, §3), PC,
 * PSI, SI, SER and strict SER by exact search (ExactChecker, Polygraph, PrefixSearch; Biswas &
 * Enea, OOPSLA 2019, §4), the read-consistency pre-check, and an independent validator of every
 * commit order a consistent verdict carries. It may depend on history, anomaly, primitive and
 * vocabulary; never on a solver, a SQL parser or the encoder.
 */
package isocheck.level;
