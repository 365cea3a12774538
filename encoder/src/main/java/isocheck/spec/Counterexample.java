package isocheck.spec;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;

/** Renders the execution of a Z3 model over a few transactions as one line of text. */
final class Counterexample {
    private Counterexample() {}

    static String describe(ExecutionVocabulary v, Model m, List<Expr<?>> elems, boolean withTypes) {
        int n = elems.size();
        // Name transactions t1..tn in ar order.
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < n; i++) idx.add(i);
        idx.sort(
                Comparator.comparingInt(
                        i -> {
                            int preds = 0;
                            for (Expr<?> o : elems) if (holds(m, v.ar(o, elems.get(i)))) preds++;
                            return preds;
                        }));
        List<Expr<?>> ordered = idx.stream().<Expr<?>>map(elems::get).toList();
        StringBuilder sb = new StringBuilder();
        sb.append(n).append(n == 1 ? " transaction" : " transactions");
        if (n > 1) {
            sb.append(", ar: ");
            for (int i = 0; i < n; i++) sb.append(i == 0 ? "" : " < ").append("t").append(i + 1);
        }
        relation(sb, "vis", v::vis, m, ordered);
        relation(sb, "WR", v::wr, m, ordered);
        relation(sb, "WW", v::ww, m, ordered);
        relation(sb, "RW", v::rw, m, ordered);
        if (withTypes) {
            sb.append("; types:");
            for (int i = 0; i < n; i++) {
                sb.append(" t")
                        .append(i + 1)
                        .append('=')
                        .append(m.eval(v.type(ordered.get(i)), true));
            }
        }
        return sb.toString();
    }

    private static void relation(
            StringBuilder sb,
            String name,
            BiFunction<Expr<?>, Expr<?>, BoolExpr> rel,
            Model m,
            List<Expr<?>> ts) {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) {
            for (int j = 0; j < ts.size(); j++) {
                if (holds(m, rel.apply(ts.get(i), ts.get(j))))
                    pairs.add("t" + (i + 1) + "→t" + (j + 1));
            }
        }
        sb.append("; ")
                .append(name)
                .append(": ")
                .append(pairs.isEmpty() ? "none" : String.join(" ", pairs));
    }

    private static boolean holds(Model m, BoolExpr e) {
        return m.eval(e, true).isTrue();
    }
}
