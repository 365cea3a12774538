/**
 * The first-order encoding of a program's executions (Nagar & Jagannathan, CONCUR 2018, §4): the
 * sorts and functions of an execution (Vocabulary), the translation of statements into effects on
 * the database view (Encoder), the dependency relations and their refinement per table and field
 * (AccessRules, Conflict, DepKind), and the counter and drawn-key rules. It may depend on program,
 * spec, vocabulary and Z3; never on query, witness or anything above.
 */
package isocheck.encoding;
