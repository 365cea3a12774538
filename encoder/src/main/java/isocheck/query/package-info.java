/**
 * The questions asked of Z3: bounded cycle queries per cycle length and type sequence (CycleQuery,
 * Analysis), the unbounded proofs by shortest path and induction (Proof, §5 of Nagar & Jagannathan,
 * CONCUR 2018), reproducible re-solving and SMT-LIB output, and the extraction of witnesses from
 * models. It may depend on program, spec, encoding, witness and Z3; only weakest and the analyzer
 * sit above it.
 */
package isocheck.query;
