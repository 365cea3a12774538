/**
 * A static witness: the transactions, edges, visibility and arbitration of a dependency cycle found
 * by the solver, its name (by the shared classifier of the vocabulary module) and a step-by-step
 * explanation; Valuation reads a Z3 model. It may depend on program, encoding, vocabulary and Z3,
 * not on query (the query package extracts witnesses, WitnessExtractor, and depends on this one).
 */
package isocheck.witness;
