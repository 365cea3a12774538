package isocheck.spec;

import isocheck.program.SourcePos;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A consistency spec with its includes resolved: the conjunction of {@link #axioms()} (its own and,
 * transitively, those of the specs it includes, restricted where an include says {@code for T}).
 * Obtain specs from a {@link SpecLibrary}.
 */
public final class Spec {
    private final String name;
    private final String file;
    private final String description;
    private final boolean builtin;
    private final List<Include> includes;
    private final List<Axiom> axioms;

    Spec(String name, String file, String description, boolean builtin, List<Include> includes, List<Axiom> axioms) {
        this.name = name;
        this.file = file;
        this.description = description;
        this.builtin = builtin;
        this.includes = List.copyOf(includes);
        this.axioms = List.copyOf(axioms);
    }

    public String name() { return name; }

    /** Where it was read from, as shown in error messages ({@code specs/psi.spec} for built-ins). */
    public String file() { return file; }

    /** The file's leading comment block. */
    public String description() { return description; }

    /** Shipped inside the jar (as opposed to loaded from a user directory). */
    public boolean builtin() { return builtin; }

    /** The file's own include lines. */
    public List<Include> includes() { return includes; }

    /** Every axiom, includes flattened, in include order, duplicates removed. */
    public List<Axiom> axioms() { return axioms; }

    /** True when every axiom is universal in transactions (see {@link Universality}). */
    public boolean isUniversal() {
        return firstExistential().isEmpty();
    }

    /** Where the first quantifier that breaks universality is written. */
    public Optional<SourcePos> firstExistential() {
        for (Axiom a : axioms) {
            Optional<SourcePos> p = Universality.firstExistential(a.formula());
            if (p.isPresent()) return p;
        }
        return Optional.empty();
    }

    /**
     * For a universal spec: the number of transaction instances that suffice for a counter-model
     * (the largest witness count over its axioms, at least 1). See {@link EntailmentOrder}.
     */
    public int falsifyingWitnesses() {
        int k = 1;
        for (Axiom a : axioms) k = Math.max(k, Universality.falsifyingWitnesses(a.formula()));
        return k;
    }

    /** Transaction type names mentioned by the axioms ({@code type(t) = Name}, {@code include … for Name}). */
    public Set<String> typeNames() {
        Set<String> out = new TreeSet<>();
        for (Axiom a : axioms) out.addAll(Formula.typeNames(a.formula()));
        return out;
    }

    /** The spec as text: one line per axiom. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        for (Axiom a : axioms) sb.append(a).append('\n');
        return sb.toString();
    }

    @Override
    public String toString() {
        return name;
    }
}
