/**
 * The weakest anomaly-free spec of a program, per program or per transaction type: the order of the
 * specs and of per-type levels, the search over assignments, and the provers that make a bounded
 * answer unbounded. It may depend on program, spec, query and witness; nothing in the encoder
 * depends on it.
 */
package isocheck.weakest;
