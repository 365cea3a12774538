package isocheck.query;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The type sequences the shortest-path search (paper §5.2) tries at length k before the whole
 * φ_ShortestPath,k is given its full time: the types of the chordless path found at length k−1,
 * extended by one type at either end, and the chains of one type T … T. A chordless path of k edges
 * has a chordless prefix and a chordless suffix of k−1 edges (dropping an end removes no edge and
 * adds no chord), so a path found at k−1 often grows into one of length k; a chain of one type that
 * writes (TPC-C's Payments, Courseware's AddStudents) often continues at every length.
 *
 * <p>Only the order of the queries comes from here, never an answer: a sat sequence query is a sat
 * whole query ({@link ShortestPathQuery#build(isocheck.encoding.Vocabulary,
 * isocheck.encoding.Encoder, TypeSequence)} only adds type facts), and an unsat length is concluded
 * from the whole query alone.
 */
public final class PathExtensions {
    private PathExtensions() {}

    /**
     * The sequences {@code previous + [T]}, {@code [T] + previous} and {@code [T] × (n+1)} (n = the
     * previous path's size) whose consecutive pairs have a candidate dependency ({@code edge}),
     * each once. Lightest first (sum of {@code weight} over the sequence: the size of the
     * type-specialised encoding grows with the types' statements and loops, and so does the solving
     * time); among equal weights, those whose new pair is in {@code seenPairs} (consecutive in a
     * chordless path found so far: a pattern that repeats), then appends, prepends, chains, types
     * in declaration order.
     */
    public static List<TypeSequence> of(
            List<String> previous,
            List<String> order,
            BiPredicate<String, String> edge,
            Set<List<String>> seenPairs,
            Map<String, Integer> weight) {
        if (previous.isEmpty()) throw new IllegalArgumentException("no path to extend");
        String first = previous.get(0), last = previous.get(previous.size() - 1);
        List<TypeSequence> out = new ArrayList<>();
        List<Boolean> seen = new ArrayList<>();
        for (int side = 0; side < 3; side++) {
            for (String t : order) {
                List<String> pair =
                        side == 0
                                ? List.of(last, t)
                                : side == 1 ? List.of(t, first) : List.of(t, t);
                if (!edge.test(pair.get(0), pair.get(1))) continue;
                List<String> types = new ArrayList<>();
                if (side == 2) {
                    for (int i = 0; i <= previous.size(); i++) types.add(t);
                } else {
                    if (side == 1) types.add(t);
                    types.addAll(previous);
                    if (side == 0) types.add(t);
                }
                TypeSequence s = new TypeSequence(types);
                if (out.contains(s)) continue;
                out.add(s);
                seen.add(seenPairs.contains(pair));
            }
        }
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) idx.add(i);
        idx.sort(
                Comparator.<Integer>comparingInt(i -> weightOf(out.get(i), weight))
                        .thenComparing(i -> !seen.get(i)));
        return idx.stream().map(out::get).toList();
    }

    static int weightOf(TypeSequence s, Map<String, Integer> weight) {
        int w = 0;
        for (String t : s.types()) w += weight.getOrDefault(t, 1);
        return w;
    }

    /**
     * Whether {@code s} has one of {@code unsat} as a window of consecutive positions: then it has
     * no chordless path either (the transactions of a window of a chordless path form a chordless
     * path of the window's types), so it need not be tried.
     */
    public static boolean containsAny(TypeSequence s, Set<TypeSequence> unsat) {
        for (TypeSequence u : unsat) {
            for (int i = 0; i + u.size() <= s.size(); i++) {
                if (s.types().subList(i, i + u.size()).equals(u.types())) return true;
            }
        }
        return false;
    }

    /** The consecutive type pairs of a path's types (t_i, t_{i+1}). */
    public static List<List<String>> pairs(List<String> types) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i + 1 < types.size(); i++) out.add(List.of(types.get(i), types.get(i + 1)));
        return out;
    }
}
