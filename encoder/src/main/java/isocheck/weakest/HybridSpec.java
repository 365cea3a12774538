package isocheck.weakest;

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
        for (var e : byLevel.entrySet()) {
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
