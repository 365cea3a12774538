package isocheck.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.spec.EntailmentOrder.Method;
import isocheck.spec.EntailmentOrder.Options;
import isocheck.spec.EntailmentOrder.Verdict;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The small-model argument behind {@link Method#BOUNDED}: for random universal specs A and B, the
 * verdict on at most k = B.falsifyingWitnesses() transactions equals Z3's verdict on the quantified
 * formula (MBQI), whenever the latter is not unknown.
 */
class SmallModelPropertyTest {
    private static final List<String> RELS = List.of("vis", "ar", "WR", "WW", "RW", "D");
    private static final List<String> VARS = List.of("a", "b", "c");

    @Provide
    Arbitrary<String> universalSpec() {
        Arbitrary<String> atom =
                Combinators.combine(
                                Arbitraries.of(RELS), Arbitraries.of(VARS), Arbitraries.of(VARS))
                        .as((r, x, y) -> r + "(" + x + ", " + y + ")");
        Arbitrary<String> literal =
                Combinators.combine(Arbitraries.of(true, false), atom)
                        .as((neg, at) -> (neg ? "not " : "") + at);
        Arbitrary<String> clause =
                literal.list().ofMinSize(1).ofMaxSize(3).map(ls -> String.join(" or ", ls));
        // forall a, b, c: premise-free clause, optionally with an existential in the premise.
        Arbitrary<String> axiom =
                Combinators.combine(clause, Arbitraries.of(true, false), atom)
                        .as(
                                (c, withExists, at) ->
                                        withExists
                                                ? "forall a, b: (exists c: "
                                                        + at
                                                        + ") -> (forall c: "
                                                        + c
                                                        + ")"
                                                : "forall a, b, c: " + c);
        return axiom.list().ofMinSize(1).ofMaxSize(2).map(as -> String.join("\n", as) + "\n");
    }

    @Property(tries = 40)
    void boundedAgreesWithQuantified(
            @ForAll("universalSpec") String a, @ForAll("universalSpec") String b) throws Exception {
        SpecLibrary lib =
                SpecLibrary.fromSources(
                        List.of(
                                new SpecLibrary.Source("A", "A.spec", a, false),
                                new SpecLibrary.Source("B", "B.spec", b, false)));
        EntailmentOrder bounded =
                EntailmentOrder.compute(lib.specs(), new Options(Method.BOUNDED, 5_000, null));
        EntailmentOrder quantified =
                EntailmentOrder.compute(lib.specs(), new Options(Method.QUANTIFIED, 5_000, null));
        for (String[] p : new String[][] {{"A", "B"}, {"B", "A"}}) {
            Verdict q = quantified.entails(p[0], p[1]);
            Verdict bv = bounded.entails(p[0], p[1]);
            assertEquals(Method.BOUNDED, bounded.check(p[0], p[1]).method());
            if (q != Verdict.UNKNOWN)
                assertEquals(q, bv, p[0] + " ⇒ " + p[1] + "\nA:\n" + a + "B:\n" + b);
        }
    }
}
