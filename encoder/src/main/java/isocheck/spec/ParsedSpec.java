package isocheck.spec;

import java.util.List;

/** A spec file as written, before its includes are resolved. */
record ParsedSpec(String name, String file, String description, List<Include> includes, List<Axiom> axioms) {
    ParsedSpec {
        includes = List.copyOf(includes);
        axioms = List.copyOf(axioms);
    }
}
