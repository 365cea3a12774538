package isocheck.query;

import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * The transaction types of a cycle's or a path's constants, position by position: the unit into
 * which the bounded queries are decomposed. A query over k constants of any type is the disjunction
 * of the queries that fix one type per constant, so it is satisfiable iff one of them is; each
 * specialised query only holds the rules of its own types and the selectors of its own type pairs
 * (paper §4.3: η_{c1,c2} has type(t1) = T1 ∧ type(t2) = T2 in its premise).
 *
 * <p>Cycles ({@link #cycles}): a cycle can be read from any of its transactions, so only one
 * rotation of each sequence is asked, the least in declaration order of the types (every cycle has
 * one). Paths ({@link #paths}) have a first and a last transaction, so every sequence is asked.
 * Both skip a sequence that has two consecutive types with no dependency between them ({@code edge}
 * false): such a query has an empty disjunction of selectors on that edge.
 */
public record TypeSequence(List<String> types) {

    public TypeSequence {
        types = List.copyOf(types);
    }

    public int size() {
        return types.size();
    }

    public String get(int i) {
        return types.get(i);
    }

    /** "NewOrder OrderStatus Payment OrderStatus", as query names show it. */
    public String label() {
        return String.join(" ", types);
    }

    /** "NewOrder-OrderStatus-Payment-OrderStatus", as SMT-LIB file names show it. */
    public String fileStem() {
        return String.join("-", types);
    }

    /** The type of each of these constants (position i gets type i). */
    public Map<Expr<?>, String> on(List<Expr<?>> txns) {
        if (txns.size() != types.size())
            throw new IllegalArgumentException(txns.size() + " constants for " + this);
        Map<Expr<?>, String> out = new LinkedHashMap<>();
        for (int i = 0; i < txns.size(); i++) out.put(txns.get(i), types.get(i));
        return out;
    }

    /** Whether these are exactly the given types, counted with multiplicity, in any order. */
    public boolean hasTypes(List<String> multiset) {
        List<String> a = new ArrayList<>(types);
        List<String> b = new ArrayList<>(multiset);
        a.sort(null);
        b.sort(null);
        return a.equals(b);
    }

    /**
     * Every cyclic sequence of k types up to rotation, as its least rotation (positions compared by
     * the types' order in {@code order}), in lexicographic order, whose k edges (the last back to
     * the first) all satisfy {@code edge}.
     */
    public static List<TypeSequence> cycles(
            List<String> order, int k, BiPredicate<String, String> edge) {
        List<TypeSequence> out = new ArrayList<>();
        for (int[] s : sequences(order, k, edge)) {
            if (!edge.test(order.get(s[k - 1]), order.get(s[0]))) continue;
            if (isLeastRotation(s)) out.add(of(order, s));
        }
        return out;
    }

    /**
     * Every sequence of n types (a path of n − 1 edges) whose consecutive pairs satisfy {@code
     * edge}, in lexicographic order.
     */
    public static List<TypeSequence> paths(
            List<String> order, int n, BiPredicate<String, String> edge) {
        List<TypeSequence> out = new ArrayList<>();
        for (int[] s : sequences(order, n, edge)) out.add(of(order, s));
        return out;
    }

    private static TypeSequence of(List<String> order, int[] s) {
        List<String> t = new ArrayList<>();
        for (int i : s) t.add(order.get(i));
        return new TypeSequence(t);
    }

    private static List<int[]> sequences(
            List<String> order, int n, BiPredicate<String, String> edge) {
        List<int[]> out = new ArrayList<>();
        extend(order, new int[n], 0, edge, out);
        return out;
    }

    private static void extend(
            List<String> order,
            int[] s,
            int pos,
            BiPredicate<String, String> edge,
            List<int[]> out) {
        if (pos == s.length) {
            out.add(s.clone());
            return;
        }
        for (int i = 0; i < order.size(); i++) {
            if (pos > 0 && !edge.test(order.get(s[pos - 1]), order.get(i))) continue;
            s[pos] = i;
            extend(order, s, pos + 1, edge, out);
        }
    }

    static boolean isLeastRotation(int[] s) {
        int k = s.length;
        for (int r = 1; r < k; r++) {
            for (int i = 0; i < k; i++) {
                int a = s[i], b = s[(i + r) % k];
                if (b < a) return false;
                if (b > a) break;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return label();
    }
}
