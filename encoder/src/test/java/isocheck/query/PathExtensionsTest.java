package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PathExtensionsTest {

    static final List<String> TYPES = List.of("A", "B", "C");

    @Test
    void extendsThePreviousPathAtEitherEndAndAddsOneTypeChainsEachOnce() {
        // every pair is a candidate dependency except C -> anything
        List<TypeSequence> got =
                PathExtensions.of(
                        List.of("A", "B"), TYPES, (x, y) -> !x.equals("C"), Set.of(), Map.of());
        Set<List<String>> expected =
                Set.of(
                        List.of("A", "B", "A"),
                        List.of("A", "B", "B"),
                        List.of("A", "B", "C"), // appends (B -> any)
                        List.of("A", "A", "B"),
                        List.of("B", "A", "B"), // prepends (C -> A is no pair)
                        List.of("A", "A", "A"),
                        List.of("B", "B", "B")); // chains (C -> C is no pair)
        Set<List<String>> seen = new HashSet<>();
        for (TypeSequence s : got) assertTrue(seen.add(s.types()), "twice: " + s);
        assertEquals(expected, seen);
    }

    @Test
    void lighterSequencesFirstThenPatternsAlreadySeen() {
        Map<String, Integer> weight = Map.of("A", 10, "B", 1, "C", 2);
        List<TypeSequence> got =
                PathExtensions.of(
                        List.of("A", "B"),
                        TYPES,
                        (x, y) -> true,
                        Set.of(List.of("B", "C")),
                        weight);
        for (int i = 0; i + 1 < got.size(); i++) {
            assertTrue(
                    PathExtensions.weightOf(got.get(i), weight)
                            <= PathExtensions.weightOf(got.get(i + 1), weight),
                    got.toString());
        }
        assertEquals(List.of("B", "B", "B"), got.get(0).types(), "the lightest, weight 3");
        // weight 13: A B C (new pair B -> C, seen) before C A B (new pair C -> A), although
        // prepends come later
        int abc = got.indexOf(new TypeSequence(List.of("A", "B", "C"))),
                cab = got.indexOf(new TypeSequence(List.of("C", "A", "B")));
        assertTrue(abc >= 0 && cab >= 0 && abc < cab, got.toString());
        List<TypeSequence> unseen =
                PathExtensions.of(
                        List.of("A", "B"),
                        TYPES,
                        (x, y) -> true,
                        Set.of(List.of("C", "A")),
                        weight);
        assertTrue(
                unseen.indexOf(new TypeSequence(List.of("C", "A", "B")))
                        < unseen.indexOf(new TypeSequence(List.of("A", "B", "C"))),
                unseen.toString());
    }

    @Test
    void aSequenceContainingAnUnsatWindowIsRecognised() {
        Set<TypeSequence> unsat = Set.of(new TypeSequence(List.of("B", "C")));
        assertTrue(PathExtensions.containsAny(new TypeSequence(List.of("A", "B", "C")), unsat));
        assertTrue(!PathExtensions.containsAny(new TypeSequence(List.of("C", "B", "A")), unsat));
        assertTrue(!PathExtensions.containsAny(new TypeSequence(List.of("B")), unsat));
    }

    @Test
    void pairsAreConsecutive() {
        assertEquals(
                List.of(List.of("A", "B"), List.of("B", "B")),
                PathExtensions.pairs(List.of("A", "B", "B")));
    }
}
