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
    private final List<Axiom> snapshotAxioms;
    private final List<String> databases;
    private final boolean firstReadSnapshot;

    /**
     * The databases whose write-time rules a spec may ask for with {@code database NAME}: row locks
     * held to commit with UPDATE/DELETE/locking reads on the newest committed version, and unique
     * keys across concurrent transactions (docs/postgresql-levels.md §2, docs/mysql-levels.md).
     */
    public static final List<String> DATABASES = List.of("postgresql", "mysql", "h2");

    Spec(
            String name,
            String file,
            String description,
            boolean builtin,
            List<Include> includes,
            List<Axiom> axioms) {
        this(
                name,
                file,
                description,
                builtin,
                includes,
                axioms,
                List.of(BasicAxioms.SINGLE_SNAPSHOT),
                List.of());
    }

    Spec(
            String name,
            String file,
            String description,
            boolean builtin,
            List<Include> includes,
            List<Axiom> axioms,
            List<Axiom> snapshotAxioms,
            List<String> databases) {
        this(name, file, description, builtin, includes, axioms, snapshotAxioms, databases, false);
    }

    Spec(
            String name,
            String file,
            String description,
            boolean builtin,
            List<Include> includes,
            List<Axiom> axioms,
            List<Axiom> snapshotAxioms,
            List<String> databases,
            boolean firstReadSnapshot) {
        this.name = name;
        this.file = file;
        this.description = description;
        this.builtin = builtin;
        this.includes = List.copyOf(includes);
        this.axioms = List.copyOf(axioms);
        this.snapshotAxioms = List.copyOf(snapshotAxioms);
        this.databases = List.copyOf(databases);
        this.firstReadSnapshot = firstReadSnapshot;
    }

    /**
     * {@code snapshot first_read}: statement snapshots, except that every non-locking SELECT of a
     * transaction reads one snapshot, taken at the first of them; UPDATE, DELETE and locking reads
     * keep their own. InnoDB's REPEATABLE READ (MySQL manual, "Consistent Nonlocking Reads": "all
     * consistent reads within the same transaction read the snapshot established by the first such
     * read"; "Locking Reads": UPDATE, DELETE and locking reads act on the latest rows).
     */
    public boolean firstReadSnapshot() {
        return firstReadSnapshot;
    }

    /**
     * The single-snapshot axioms this spec has ({@link BasicAxioms#SINGLE_SNAPSHOT}, possibly
     * restricted to some observer types by {@code include L for T}): every spec file that does not
     * say {@code snapshot statement} contributes the unrestricted one, so for the paper's specs
     * this is exactly φ_basic's {@code rw_not_seen}.
     */
    public List<Axiom> snapshotAxioms() {
        return snapshotAxioms;
    }

    /**
     * Whether some transaction may read from more than one snapshot (one per statement, as at READ
     * COMMITTED): the single-snapshot axiom is not there for every observer.
     */
    public boolean hasStatementSnapshots() {
        return !snapshotAxioms.contains(BasicAxioms.SINGLE_SNAPSHOT);
    }

    /**
     * Whether every transaction of type {@code type} reads from one snapshot: a single-snapshot
     * axiom holds for it, unrestricted or restricted to types that include it.
     */
    public boolean singleSnapshotFor(String type) {
        return snapshotAxioms.stream()
                .anyMatch(a -> a.restrictedTo().isEmpty() || a.restrictedTo().contains(type));
    }

    /**
     * The databases whose write-time rules hold in the executions this spec describes ({@code
     * database postgresql}: row locks held to commit and primary-key uniqueness, see
     * docs/postgresql-levels.md §2); included specs contribute theirs.
     */
    public List<String> databases() {
        return databases;
    }

    public String name() {
        return name;
    }

    /**
     * Where it was read from, as shown in error messages ({@code specs/psi.spec} for built-ins).
     */
    public String file() {
        return file;
    }

    /** The file's leading comment block. */
    public String description() {
        return description;
    }

    /** Shipped inside the jar (as opposed to loaded from a user directory). */
    public boolean builtin() {
        return builtin;
    }

    /** The file's own include lines. */
    public List<Include> includes() {
        return includes;
    }

    /** Every axiom, includes flattened, in include order, duplicates removed. */
    public List<Axiom> axioms() {
        return axioms;
    }

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
        if (hasStatementSnapshots()) {
            for (Axiom a : snapshotAxioms)
                k = Math.max(k, Universality.falsifyingWitnesses(a.formula()));
        }
        return k;
    }

    /**
     * Transaction type names mentioned by the axioms ({@code type(t) = Name}, {@code include … for
     * Name}).
     */
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
