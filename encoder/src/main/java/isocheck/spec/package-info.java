/**
 * The consistency-spec language: parsing spec files, their first-order axioms over vis, ar, so and
 * the dependency relations (Nagar & Jagannathan, CONCUR 2018, §3.2), their translation to Z3, and
 * the entailment order between specs. It may depend on program and on Z3, not on the encoding or
 * the queries.
 */
package isocheck.spec;
