package isocheck.weakest;

import isocheck.spec.Axiom;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The spec of a per-transaction-type {@link Assignment}: one {@code include L for T1, T2, …} line
 * per level. Its meaning (specs/README.md, "Per-transaction-type levels"): for every axiom {@code
 * forall x̄: φ} of L with observer o, {@code forall x̄: type(o) = T -> φ}, i.e. L constrains what
 * instances of T observe; the hybrid is the conjunction over all types. The text is a valid spec
 * file that {@code analyze} and {@code verify} accept (the name is the file name). Base specs the
 * search keeps fixed are included unrestricted.
 */
public record HybridSpec(String name, String text, Spec spec) {

    /**
     * @param sources the spec sources the levels come from (built-ins, and user specs if any)
     * @param provenance comment lines saying where the assignment comes from
     */
    public static HybridSpec of(
            String name,
            Assignment a,
            List<String> base,
            List<String> provenance,
            List<SpecLibrary.Source> sources)
            throws SpecException {
        StringBuilder sb = new StringBuilder();
        for (String line : provenance) sb.append("# ").append(line).append('\n');
        sb.append(
                "# Semantics (specs/README.md): a type T at level L adds every axiom 'forall x: phi' of L with\n");
        sb.append(
                "# its observer o restricted to T, 'forall x: type(o) = T -> phi', so L constrains what the\n");
        sb.append(
                "# instances of T observe; the spec is the conjunction over all types. A type at ec adds\n");
        sb.append("# no axiom (every execution satisfies phi_basic).\n");
        sb.append("# Assignment: ").append(a).append('\n');
        if (statementLevel(a.levels().values(), base, sources)) {
            // some level reads per statement (rc): the file itself must not add one snapshot for
            // every
            // type; the levels that read from one snapshot bring it, restricted to their types
            sb.append("snapshot statement\n");
        }
        Map<String, List<String>> byLevel = new LinkedHashMap<>();
        for (var e : a.levels().entrySet())
            byLevel.computeIfAbsent(e.getValue(), l -> new ArrayList<>()).add(e.getKey());
        SpecLibrary lib = SpecLibrary.fromSources(sources);
        for (var e : byLevel.entrySet()) {
            if (byLevel.size() > 1 && postgresSerializable(lib.get(e.getKey()))) {
                sb.append(serializableInMix(e.getValue()));
                continue;
            }
            sb.append("include ")
                    .append(e.getKey())
                    .append(" for ")
                    .append(String.join(", ", e.getValue()))
                    .append('\n');
        }
        for (String b : base)
            sb.append("include ")
                    .append(b)
                    .append("   # for every type, unchanged by the search\n");
        String text = sb.toString();
        List<SpecLibrary.Source> all = new ArrayList<>(sources);
        all.add(new SpecLibrary.Source(name, name + ".spec", text, false));
        return new HybridSpec(name, text, SpecLibrary.fromSources(all).get(name));
    }

    /** The built-in level a PostgreSQL SERIALIZABLE transaction reads and writes at in a mix. */
    static final String POSTGRES_REPEATABLE_READ = "pg-repeatable-read";

    /**
     * Whether {@code level} is PostgreSQL's SERIALIZABLE: the PostgreSQL write-time rules, one
     * snapshot per transaction, and ser's {@code vis = ar} for every observer.
     */
    static boolean postgresSerializable(Spec level) throws SpecException {
        if (!level.databases().contains("postgresql") || level.hasStatementSnapshots())
            return false;
        Spec ser = SpecLibrary.builtin().get("ser");
        for (Axiom a : ser.axioms()) {
            boolean found = false;
            for (Axiom b : level.axioms())
                found |=
                        b.restrictedTo().isEmpty()
                                && b.qualifiedName().equals(a.qualifiedName())
                                && b.formula().toString().equals(a.formula().toString());
            if (!found) return false;
        }
        return true;
    }

    /**
     * PostgreSQL SERIALIZABLE for {@code types} when other types run at other levels. SSI is
     * snapshot isolation plus a monitor of the anti-dependencies <em>among serializable
     * transactions</em>: a transaction at a lower level takes no SIREAD locks and its writes are
     * not checked against them (PostgreSQL manual, chapter "Concurrency Control", §13.2.3: the
     * guarantee covers concurrent serializable transactions; Ports and Grittner, "Serializable
     * Snapshot Isolation in PostgreSQL", VLDB 2012, §3.1 and §5). So ser's {@code vis = ar} for
     * these observers alone would be unsound: with WriteCheck at SERIALIZABLE and Balance,
     * TransactSavings at REPEATABLE READ, Alomari et al.'s read-only anomaly Balance -rw->
     * WriteCheck -rw-> TransactSavings is not detected by the server, and {@code vis = ar} for
     * WriteCheck excludes it. The rule here: the types read and write at {@value
     * #POSTGRES_REPEATABLE_READ} (SI with first-updater-wins and the row locks, §13.2.2), and no
     * dangerous structure T1 -rw-> T2 -rw-> T3 among them has T3 commit first, before T2 commits
     * and before T1's snapshot (T1 = T3: the write skew). PostgreSQL aborts one transaction of
     * every such structure (Ports and Grittner §3.1 Theorem 1; their read-only optimisation, §4.1
     * Theorem 3, still aborts when T3 committed before T1's snapshot, which is what vis(T3, T1)
     * says; every condition of the structure is on serializable transactions, whose reads take
     * SIREAD locks). It forbids nothing else, so it over-approximates what the server allows. If
     * every type is at SERIALIZABLE the hybrid keeps ser (the server then guarantees
     * serializability).
     */
    static String serializableInMix(List<String> types) {
        String any =
                types.stream()
                        .map(t -> "type(%s) = " + t)
                        .collect(java.util.stream.Collectors.joining(" or "));
        String in = "(" + any + ")";
        return "# PostgreSQL SERIALIZABLE in a mix of levels (SSI watches serializable transactions only):\n"
                + "# "
                + String.join(", ", types)
                + " read and write as at REPEATABLE READ, and no dangerous structure among them\n"
                + "include "
                + POSTGRES_REPEATABLE_READ
                + " for "
                + String.join(", ", types)
                + "\n"
                + "axiom pg_ssi_among_serializable:\n"
                + "  forall a, b, c: "
                + in.replace("%s", "a")
                + " and "
                + in.replace("%s", "b")
                + " and "
                + in.replace("%s", "c")
                + "\n    and RW(a, b) and RW(b, c) and ar(c, b) and (a = c or vis(c, a)) -> false\n";
    }

    /**
     * Whether one of the named specs reads from a snapshot per statement (docs/postgresql-levels.md
     * §1).
     */
    static boolean statementLevel(
            java.util.Collection<String> levels,
            List<String> base,
            List<SpecLibrary.Source> sources)
            throws SpecException {
        SpecLibrary lib = SpecLibrary.fromSources(sources);
        for (String l : levels)
            if (lib.find(l).map(Spec::hasStatementSnapshots).orElse(false)) return true;
        for (String b : base)
            if (lib.find(b).map(Spec::hasStatementSnapshots).orElse(false)) return true;
        return false;
    }
}
