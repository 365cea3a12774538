package isocheck.spec;

import java.util.List;

/**
 * A spec file as written, before its includes are resolved. {@code perStatement}: the file says
 * {@code snapshot statement} (its transactions need not read from one snapshot, see {@link
 * BasicAxioms#SINGLE_SNAPSHOT}); {@code databases}: its {@code database NAME} lines (the write-time
 * rules of that database, see {@link Spec#databases()}); {@code firstReadSnapshot}: the file says
 * {@code snapshot first_read} (statement snapshots, except that a transaction's non-locking SELECTs
 * share one, see {@link Spec#firstReadSnapshot()}).
 */
record ParsedSpec(
        String name,
        String file,
        String description,
        List<Include> includes,
        List<Axiom> axioms,
        boolean perStatement,
        List<String> databases,
        boolean firstReadSnapshot) {
    ParsedSpec {
        includes = List.copyOf(includes);
        axioms = List.copyOf(axioms);
        databases = List.copyOf(databases);
    }

    ParsedSpec(
            String name,
            String file,
            String description,
            List<Include> includes,
            List<Axiom> axioms) {
        this(name, file, description, includes, axioms, false, List.of(), false);
    }
}
