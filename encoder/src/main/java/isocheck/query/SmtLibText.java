package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.DatatypeSort;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Quantifier;
import com.microsoft.z3.Sort;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import com.microsoft.z3.enumerations.Z3_sort_kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A query's assertions as SMT-LIB 2 declarations and {@code assert} commands, a function of the
 * assertions' structure alone. Z3's own solver printing is not: a simple solver rewrites what it is
 * given (sorting the arguments of {@code or}, {@code +} and comparisons by term id, dropping
 * assertions that became {@code true}), and term ids depend on the order of allocation and on the
 * garbage collector (the Java binding frees a term when its wrapper is collected and Z3 recycles
 * the id). Here the assertions are printed one by one as they were built (Z3's per-term printer,
 * which does not rewrite), in the order given, after the sorts and functions they use in order of
 * first occurrence in a left-to-right walk of the assertions. Callers pass the assertions of a
 * solver made by {@code Context.mkSolver()}, which keeps them as added (a simple solver's would be
 * rewritten).
 */
public final class SmtLibText {

    private static final Pattern SIMPLE_SYMBOL =
            Pattern.compile("[A-Za-z~!@$%^&*_+=<>.?/\\-][A-Za-z0-9~!@$%^&*_+=<>.?/\\-]*");
    private static final Set<String> RESERVED =
            Set.of(
                    "_",
                    "!",
                    "as",
                    "let",
                    "exists",
                    "forall",
                    "match",
                    "par",
                    "BINARY",
                    "DECIMAL",
                    "HEXADECIMAL",
                    "NUMERAL",
                    "STRING");

    private final Map<String, Sort> sorts = new LinkedHashMap<>();
    private final Map<String, FuncDecl<?>> functions = new LinkedHashMap<>();
    private final StringBuilder out = new StringBuilder();

    private SmtLibText() {}

    /**
     * The declarations the assertions need, then one {@code (assert …)} per assertion, in order.
     */
    public static String of(BoolExpr... assertions) {
        SmtLibText t = new SmtLibText();
        Set<Integer> seen = new HashSet<>(); // term ids, for membership only: never an order
        for (BoolExpr a : assertions) t.walk(a, seen);
        Set<String> declared = new LinkedHashSet<>();
        for (Sort s : t.sorts.values()) t.declareSort(s, declared, new HashSet<>());
        for (FuncDecl<?> f : t.functions.values()) t.declareFunction(f);
        for (BoolExpr a : assertions) t.out.append("(assert ").append(a).append(")\n");
        return t.out.toString();
    }

    private void walk(Expr<?> root, Set<Integer> seen) {
        List<Expr<?>> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            Expr<?> e = stack.remove(stack.size() - 1);
            if (!seen.add(e.getId())) continue;
            sort(e.getSort());
            if (e.isApp()) {
                FuncDecl<?> d = e.getFuncDecl();
                if (d.getDeclKind() == Z3_decl_kind.Z3_OP_UNINTERPRETED) {
                    String name = d.getName().toString();
                    FuncDecl<?> other = functions.putIfAbsent(name, d);
                    if (other != null && !other.equals(d)) {
                        throw new IllegalArgumentException(
                                "two functions named " + name + ": " + other + " and " + d);
                    }
                    for (Sort s : d.getDomain()) sort(s);
                    sort(d.getRange());
                }
                Expr<?>[] args = e.getArgs();
                for (int i = args.length - 1; i >= 0; i--)
                    stack.add(args[i]); // first argument walked first
            } else if (e.isQuantifier()) {
                Quantifier q = (Quantifier) e;
                for (Sort s : q.getBoundVariableSorts()) sort(s);
                stack.add(q.getBody());
            }
        }
    }

    /**
     * Remembers a sort the text must declare (uninterpreted sorts and datatypes; built-ins need
     * none).
     */
    private void sort(Sort s) {
        Z3_sort_kind k = s.getSortKind();
        if (k == Z3_sort_kind.Z3_UNINTERPRETED_SORT || k == Z3_sort_kind.Z3_DATATYPE_SORT) {
            sorts.putIfAbsent(s.getName().toString(), s);
        }
    }

    /**
     * A datatype after the sorts of its fields (a datatype may refer to itself, not to a later
     * one).
     */
    private void declareSort(Sort s, Set<String> declared, Set<String> pending) {
        String name = s.getName().toString();
        if (declared.contains(name)) return;
        if (s.getSortKind() == Z3_sort_kind.Z3_UNINTERPRETED_SORT) {
            out.append("(declare-sort ").append(symbol(name)).append(" 0)\n");
            declared.add(name);
            return;
        }
        DatatypeSort<?> dt = (DatatypeSort<?>) s;
        if (!pending.add(name))
            throw new IllegalArgumentException("mutually recursive datatypes: " + pending);
        FuncDecl<?>[][] accessors = dt.getAccessors();
        for (FuncDecl<?>[] fields : accessors) {
            for (FuncDecl<?> f : fields) {
                Sort fs = f.getRange();
                Z3_sort_kind k = fs.getSortKind();
                boolean user =
                        k == Z3_sort_kind.Z3_UNINTERPRETED_SORT
                                || k == Z3_sort_kind.Z3_DATATYPE_SORT;
                if (user && !fs.getName().toString().equals(name))
                    declareSort(fs, declared, pending);
            }
        }
        StringBuilder ctors = new StringBuilder();
        FuncDecl<?>[] constructors = dt.getConstructors();
        for (int i = 0; i < constructors.length; i++) {
            ctors.append(i == 0 ? "(" : " (").append(symbol(constructors[i].getName().toString()));
            for (FuncDecl<?> f : accessors[i]) {
                ctors.append(" (")
                        .append(symbol(f.getName().toString()))
                        .append(' ')
                        .append(f.getRange())
                        .append(')');
            }
            ctors.append(')');
        }
        out.append("(declare-datatypes ((")
                .append(symbol(name))
                .append(" 0)) ((")
                .append(ctors)
                .append(")))\n");
        pending.remove(name);
        declared.add(name);
    }

    private void declareFunction(FuncDecl<?> f) {
        out.append("(declare-fun ").append(symbol(f.getName().toString())).append(" (");
        Sort[] domain = f.getDomain();
        for (int i = 0; i < domain.length; i++) out.append(i == 0 ? "" : " ").append(domain[i]);
        out.append(") ").append(f.getRange()).append(")\n");
    }

    /** An SMT-LIB symbol: as is when simple, else between bars (SMT-LIB 2.6 §3.1). */
    static String symbol(String name) {
        if (SIMPLE_SYMBOL.matcher(name).matches() && !RESERVED.contains(name)) return name;
        if (name.contains("|") || name.contains("\\"))
            throw new IllegalArgumentException("no SMT-LIB symbol for " + name);
        return "|" + name + "|";
    }
}
