package isocheck.weakest;

import isocheck.program.SourcePos;
import isocheck.spec.Axiom;
import isocheck.spec.EntailmentOrder;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order among levels as levels of one transaction type: "T at L" is L's axioms with their
 * observer restricted to instances of T ({@code include L for T}, specs/README.md), and this is the
 * entailment order among {@code include L for X} for a type X, computed by Z3 in the open world (X
 * and one type standing for every other). Renaming types preserves entailment, so the order is the
 * same for every type; and if each type's level entails another assignment's level for that type,
 * the first hybrid (a conjunction) entails the second. That is what makes {@link AssignmentSearch}
 * sound when it treats upgrades as making a hybrid stronger.
 *
 * <p>Mutually entailing levels are one class; the class's first level (in the given order) stands
 * for it. {@link #rank} is the number of classes strictly below: the "strength" summed by {@link
 * Assignment#strength}.
 */
public final class TypeLevelOrder {

    /** The placeholder type of the per-type specs. */
    static final String PLACEHOLDER = "X";

    private static final String PREFIX = "weakest-level-";

    private final List<String> levels;
    private final Map<String, Integer> rank = new LinkedHashMap<>();
    private final Map<String, List<String>> upgrades = new LinkedHashMap<>();
    private final EntailmentOrder order;

    private TypeLevelOrder(EntailmentOrder order) {
        this.order = order;
        List<String> reps = new ArrayList<>();
        for (List<String> cls : order.equivalenceClasses()) reps.add(level(cls.get(0)));
        this.levels = List.copyOf(reps);
        for (String l : reps) {
            rank.put(l, (int) reps.stream().filter(o -> below(o, l)).count());
        }
        for (EntailmentOrder.Cover c : order.hasse()) {
            String lo = level(c.weaker().get(0));
            String hi = level(c.stronger().get(0));
            upgrades.computeIfAbsent(lo, x -> new ArrayList<>()).add(hi);
        }
    }

    /**
     * @param sources every spec source the levels may include (built-ins and user specs)
     * @param levels the level names, each a spec of {@code sources} whose axioms all declare an
     *     observer
     */
    public static TypeLevelOrder compute(List<SpecLibrary.Source> sources, List<String> levels)
            throws SpecException {
        SpecLibrary plain = SpecLibrary.fromSources(sources);
        for (String l : levels) {
            Spec s =
                    plain.find(l)
                            .orElseThrow(
                                    () ->
                                            new SpecException(
                                                    new SourcePos("--specs", 1, 1),
                                                    "unknown spec '" + l + "'"));
            for (Axiom a : s.axioms()) {
                if (a.observer() == null) {
                    throw new SpecException(
                            a.position(),
                            "spec '"
                                    + l
                                    + "' cannot be a per-transaction level: axiom "
                                    + a.qualifiedName()
                                    + " declares no observer (write 'axiom NAME observer v:')");
                }
            }
        }
        List<SpecLibrary.Source> all = new ArrayList<>(sources);
        // with a statement-snapshot level among them, the per-type specs must not add one snapshot
        // for
        // every type themselves (HybridSpec writes the same line): only a level's own is restricted
        // to X
        boolean perStatement = false;
        for (String l : levels) perStatement |= plain.get(l).hasStatementSnapshots();
        for (String l : levels) {
            all.add(
                    new SpecLibrary.Source(
                            PREFIX + l,
                            "(" + l + " for one transaction type)",
                            (perStatement ? "snapshot statement\n" : "")
                                    + "include "
                                    + l
                                    + " for "
                                    + PLACEHOLDER
                                    + "\n",
                            false));
        }
        SpecLibrary lib = SpecLibrary.fromSources(all);
        List<Spec> perType = new ArrayList<>();
        for (String l : levels) perType.add(lib.get(PREFIX + l));
        EntailmentOrder order =
                EntailmentOrder.compute(
                        perType, EntailmentOrder.Options.defaults().withTransitive());
        return new TypeLevelOrder(order);
    }

    private static String level(String perTypeName) {
        return perTypeName.substring(PREFIX.length());
    }

    private boolean below(String weaker, String stronger) {
        return !weaker.equals(stronger)
                && order.entails(PREFIX + stronger, PREFIX + weaker)
                        == EntailmentOrder.Verdict.ENTAILS
                && order.entails(PREFIX + weaker, PREFIX + stronger)
                        != EntailmentOrder.Verdict.ENTAILS;
    }

    /** One level per class of mutually entailing levels, weakest first. */
    public List<String> levels() {
        return levels;
    }

    /** Levels with nothing strictly weaker: where the search starts. */
    public List<String> minima() {
        return levels.stream().filter(l -> rank.get(l) == 0).toList();
    }

    public int rank(String level) {
        Integer r = rank.get(level);
        if (r == null) throw new IllegalArgumentException("not a level representative: " + level);
        return r;
    }

    /** The levels covering {@code level}: strictly stronger, nothing in between. */
    public List<String> upgrades(String level) {
        return upgrades.getOrDefault(level, List.of());
    }

    /**
     * Whether {@code stronger} entails {@code weaker} as per-type levels (proved by Z3; equal
     * counts).
     */
    public boolean atLeast(String stronger, String weaker) {
        return stronger.equals(weaker)
                || order.entails(PREFIX + stronger, PREFIX + weaker)
                        == EntailmentOrder.Verdict.ENTAILS;
    }

    /** The Z3 checks behind the order. */
    public EntailmentOrder entailment() {
        return order;
    }
}
