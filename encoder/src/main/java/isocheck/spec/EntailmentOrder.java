package isocheck.spec;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The entailment order between specs, computed by Z3: A entails B iff φ_basic ∧ A ∧ ¬B is
 * unsatisfiable (over structures satisfying φ_basic, the paper's abstract executions with their
 * dependency relations left free). Gives the full relation, the equivalence classes and the
 * covering relation (Hasse diagram) of the quotient order, weaker below stronger.
 *
 * <h2>Deciding the checks exactly</h2>
 *
 * {@link Method#BOUNDED} (default). When A and B are universal in transactions (every shipped spec
 * is), φ_basic ∧ A is a universal sentence and ¬B is, in prenex form, ∃x1..xk. ¬M(x̄) with k =
 * {@link Spec#falsifyingWitnesses()} (witnesses of a disjunction are not added up, only of a
 * conjunction). The vocabulary is relational (vis, ar, WR, WW, RW, equality) plus type: τ → Γ into
 * a finite sort that is not restricted. So φ_basic ∧ A ∧ ¬B is in the Bernays–Schönfinkel class and
 * has the small-model property: if it has a model 𝔐 with witnesses w1..wk, the substructure of 𝔐
 * whose transaction domain is {w1..wk} (Γ unchanged) still satisfies the universal part (universal
 * sentences are preserved under substructures) and the quantifier-free ¬M(w̄); conversely any model
 * of the expanded formula below yields such a substructure. Hence: φ_basic ∧ A ∧ ¬B is satisfiable
 * iff its expansion over k transaction constants c1..ck (not asserted distinct, so domains of 1..k
 * elements are covered) is satisfiable, and the expansion is quantifier-free: Z3 decides it exactly
 * and fast. "unsat" is a real proof of entailment; "sat" comes with a counter-example execution of
 * at most k transactions.
 *
 * <p>{@link Method#QUANTIFIED}: the same formula with Z3 quantifiers and MBQI, under a timeout; the
 * result may be {@link Verdict#UNKNOWN}, reported as such. Pairs with a non-universal spec always
 * use this method.
 *
 * <p>Executions are non-empty here (Z3's domains are): a spec that only the empty execution
 * satisfies would wrongly entail everything. No shipped spec is of that kind.
 */
public final class EntailmentOrder {

    public enum Method {
        BOUNDED,
        QUANTIFIED,
        /** No solver call: implied by two decided checks ({@link Options#transitive}). */
        TRANSITIVITY
    }

    public enum Verdict {
        ENTAILS,
        DOES_NOT_ENTAIL,
        UNKNOWN
    }

    /**
     * One solver call. {@code detail}: a counter-example execution when DOES_NOT_ENTAIL, the
     * solver's reason when UNKNOWN, empty when ENTAILS. {@code domainSize}: transactions of the
     * expansion (0 for quantified solving).
     */
    public record Check(
            String stronger,
            String weaker,
            Verdict verdict,
            Method method,
            int domainSize,
            long millis,
            String detail) {}

    /**
     * @param method how to decide each pair (see the class comment)
     * @param timeoutMillis Z3 timeout per check
     * @param typeNames the transaction types of the program, exactly (closed world; names the specs
     *     mention are added); or null: the names the specs mention plus one standing for every
     *     other type (open world)
     */
    public record Options(
            Method method, int timeoutMillis, Collection<String> typeNames, boolean transitive) {
        public Options(Method method, int timeoutMillis, Collection<String> typeNames) {
            this(method, timeoutMillis, typeNames, false);
        }

        public static Options defaults() {
            return new Options(Method.BOUNDED, 10_000, null);
        }

        /**
         * A pair that two decided checks already settle is not asked ({@link Method#TRANSITIVITY}):
         * A ⇒ C from A ⇒ B and B ⇒ C; A ⇏ B from C ⇒ A and C ⇏ B, or from B ⇒ C and A ⇏ C. Only for
         * a caller that needs the verdicts alone ({@code weakest --per-transaction}'s level order,
         * 30 checks of which about half are implied), not {@code isocheck specs}, whose matrix is
         * also a check of Z3's answers against each other ({@link #transitivityViolations}).
         */
        public Options withTransitive() {
            return new Options(method, timeoutMillis, typeNames, true);
        }
    }

    /**
     * A covering pair of the quotient order: {@code stronger} entails {@code weaker}, nothing in
     * between.
     */
    public record Cover(List<String> weaker, List<String> stronger) {}

    private final List<Spec> specs;
    private final Map<String, Map<String, Check>> checks;
    private final long totalMillis;

    private EntailmentOrder(
            List<Spec> specs, Map<String, Map<String, Check>> checks, long totalMillis) {
        this.specs = List.copyOf(specs);
        this.checks = checks;
        this.totalMillis = totalMillis;
    }

    public static EntailmentOrder compute(List<Spec> specs) {
        return compute(specs, Options.defaults());
    }

    /**
     * Runs one Z3 check per ordered pair of distinct specs, in one Z3 context closed afterwards.
     */
    public static EntailmentOrder compute(List<Spec> specs, Options options) {
        long start = System.nanoTime();
        Set<String> types = new TreeSet<>();
        if (options.typeNames() != null) {
            types.addAll(options.typeNames());
        }
        for (Spec s : specs) types.addAll(s.typeNames());
        Map<String, Map<String, Check>> checks = new LinkedHashMap<>();
        for (Spec a : specs) checks.put(a.name(), new LinkedHashMap<>());
        try (Context ctx = new Context()) {
            FreeExecution exec = new FreeExecution(ctx, types, options.typeNames() == null);
            SpecTranslator tr = new SpecTranslator(exec);
            for (int[] pair : pairOrder(specs.size(), options.transitive())) {
                Spec a = specs.get(pair[0]), b = specs.get(pair[1]);
                Check c = options.transitive() ? implied(checks, specs, a, b) : null;
                checks.get(a.name()).put(b.name(), c != null ? c : check(exec, tr, a, b, options));
            }
        } catch (SpecException e) {
            // FreeExecution knows every type the specs mention, so translation cannot fail.
            throw new IllegalStateException(e);
        }
        // each row's columns in the specs' order, whatever order they were decided in
        for (Spec a : specs) {
            Map<String, Check> row = checks.get(a.name()), ordered = new LinkedHashMap<>();
            for (Spec b : specs)
                if (row.containsKey(b.name())) ordered.put(b.name(), row.get(b.name()));
            checks.put(a.name(), ordered);
        }
        return new EntailmentOrder(specs, checks, (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * The ordered pairs (indexes into the specs) in the order they are decided: row by row; with
     * transitivity, neighbours in the given order first (a caller lists levels weakest first, so
     * those decide the covering pairs, from which most others follow), then pairs two apart, and so
     * on. The rows keep the specs' order either way ({@link #checks}).
     */
    private static List<int[]> pairOrder(int n, boolean transitive) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) if (i != j) out.add(new int[] {i, j});
        if (transitive)
            out.sort(
                    java.util.Comparator.<int[]>comparingInt(p -> Math.abs(p[0] - p[1]))
                            .thenComparingInt(p -> Math.min(p[0], p[1]))
                            .thenComparingInt(p -> p[0]));
        return out;
    }

    /**
     * The verdict of a ⇒ b when two decided checks imply it (both exact: ENTAILS is a proof,
     * DOES_NOT_ENTAIL has a counter-example), else null.
     */
    private static Check implied(
            Map<String, Map<String, Check>> checks, List<Spec> specs, Spec a, Spec b) {
        for (Spec c : specs) {
            if (c == a || c == b) continue;
            Verdict ac = decided(checks, a, c), cb = decided(checks, c, b);
            Verdict ca = decided(checks, c, a), bc = decided(checks, b, c);
            if (ac == Verdict.ENTAILS && cb == Verdict.ENTAILS)
                return inferred(
                        a, b, Verdict.ENTAILS, a.name() + " ⇒ " + c.name() + " ⇒ " + b.name());
            if (ca == Verdict.ENTAILS && cb == Verdict.DOES_NOT_ENTAIL)
                return inferred(
                        a,
                        b,
                        Verdict.DOES_NOT_ENTAIL,
                        c.name() + " ⇒ " + a.name() + " and " + c.name() + " ⇏ " + b.name());
            if (bc == Verdict.ENTAILS && ac == Verdict.DOES_NOT_ENTAIL)
                return inferred(
                        a,
                        b,
                        Verdict.DOES_NOT_ENTAIL,
                        b.name() + " ⇒ " + c.name() + " and " + a.name() + " ⇏ " + c.name());
        }
        return null;
    }

    private static Verdict decided(Map<String, Map<String, Check>> checks, Spec x, Spec y) {
        Check c = checks.get(x.name()).get(y.name());
        return c == null ? null : c.verdict();
    }

    private static Check inferred(Spec a, Spec b, Verdict v, String why) {
        return new Check(
                a.name(), b.name(), v, Method.TRANSITIVITY, 0, 0, "by transitivity: " + why);
    }

    /** Decides whether {@code a} entails {@code b} (one Z3 call). */
    static Check check(FreeExecution exec, SpecTranslator tr, Spec a, Spec b, Options options)
            throws SpecException {
        Context ctx = exec.context();
        long t0 = System.nanoTime();
        if (b.firstReadSnapshot() && !a.firstReadSnapshot() && a.hasStatementSnapshots()) {
            // `snapshot first_read` ties statement views together, which the abstract execution
            // (vis per transaction) cannot express: a's consistent reads may each see another
            // snapshot, b's may not (two reads of one row differing: a non-repeatable read)
            return new Check(
                    a.name(),
                    b.name(),
                    Verdict.DOES_NOT_ENTAIL,
                    Method.QUANTIFIED,
                    0,
                    0,
                    "two consistent reads of one transaction see different snapshots: allowed by "
                            + a.name()
                            + ", not by "
                            + b.name()
                            + " (snapshot first_read)");
        }
        boolean bounded = options.method() == Method.BOUNDED && a.isUniversal() && b.isUniversal();
        Solver solver = ctx.mkSolver();
        Params p = ctx.mkParams();
        p.add("timeout", options.timeoutMillis());
        solver.setParameters(p);
        List<Expr<?>> domain = List.of();
        if (!a.hasStatementSnapshots() && !b.hasStatementSnapshots()) {
            // both read from one snapshot per transaction: the paper's φ_basic, as always
            if (bounded) {
                domain = exec.transactions("t", b.falsifyingWitnesses());
                solver.add(
                        BasicAxioms.expanded(exec, domain),
                        tr.expanded(a, domain),
                        ctx.mkNot(tr.expanded(b, domain)));
            } else {
                solver.add(
                        BasicAxioms.quantified(exec),
                        tr.quantified(a),
                        ctx.mkNot(tr.quantified(b)));
            }
        } else {
            // statement snapshots on some side: the common ground is φ_basic without
            // single_snapshot,
            // and each side brings its own single-snapshot axioms (docs/postgresql-levels.md §1)
            Spec none = BasicAxioms.withoutSnapshots();
            Spec sa = BasicAxioms.snapshots(a), sb = BasicAxioms.snapshots(b);
            if (bounded) {
                domain =
                        exec.transactions(
                                "t", Math.max(b.falsifyingWitnesses(), sb.falsifyingWitnesses()));
                solver.add(
                        BasicAxioms.expanded(exec, domain, none),
                        tr.expanded(a, domain),
                        tr.expanded(sa, domain),
                        ctx.mkNot(ctx.mkAnd(tr.expanded(b, domain), tr.expanded(sb, domain))));
            } else {
                solver.add(
                        BasicAxioms.quantified(exec, none),
                        tr.quantified(a),
                        tr.quantified(sa),
                        ctx.mkNot(ctx.mkAnd(tr.quantified(b), tr.quantified(sb))));
            }
        }
        Status st = solver.check();
        Verdict v;
        String detail;
        if (st == Status.UNSATISFIABLE) {
            v = Verdict.ENTAILS;
            detail = "";
        } else if (st == Status.SATISFIABLE) {
            v = Verdict.DOES_NOT_ENTAIL;
            Model m = solver.getModel();
            List<Expr<?>> elems =
                    bounded ? distinct(m, domain) : List.of(m.getSortUniverse(exec.txnSort()));
            detail =
                    Counterexample.describe(
                            exec, m, elems, !a.typeNames().isEmpty() || !b.typeNames().isEmpty());
        } else {
            v = Verdict.UNKNOWN;
            detail = solver.getReasonUnknown();
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        return new Check(
                a.name(),
                b.name(),
                v,
                bounded ? Method.BOUNDED : Method.QUANTIFIED,
                domain.size(),
                ms,
                detail);
    }

    private static List<Expr<?>> distinct(Model m, List<Expr<?>> consts) {
        List<Expr<?>> reps = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (Expr<?> c : consts) {
            if (seen.add(m.eval(c, true).toString())) reps.add(c);
        }
        return reps;
    }

    // ---------------------------------------------------------------- results

    public List<Spec> specs() {
        return specs;
    }

    /** Wall-clock time of {@link #compute}, including Z3 context creation. */
    public long totalMillis() {
        return totalMillis;
    }

    /** The checks Z3 decided (the others are implied, {@link Method#TRANSITIVITY}). */
    public long solverChecks() {
        return checks().stream().filter(c -> c.method() != Method.TRANSITIVITY).count();
    }

    /** Every check, row by row. */
    public List<Check> checks() {
        List<Check> out = new ArrayList<>();
        checks.values().forEach(r -> out.addAll(r.values()));
        return out;
    }

    public Check check(String stronger, String weaker) {
        Check c = checks.getOrDefault(stronger, Map.of()).get(weaker);
        if (c == null) throw new IllegalArgumentException("no check " + stronger + " ⇒ " + weaker);
        return c;
    }

    /** Whether {@code stronger} entails {@code weaker}; every spec entails itself. */
    public Verdict entails(String stronger, String weaker) {
        return stronger.equals(weaker) ? Verdict.ENTAILS : check(stronger, weaker).verdict();
    }

    private boolean yes(String a, String b) {
        return entails(a, b) == Verdict.ENTAILS;
    }

    /** The checks Z3 could not decide. */
    public List<Check> unknowns() {
        return checks().stream().filter(c -> c.verdict() == Verdict.UNKNOWN).toList();
    }

    /**
     * Classes of mutually entailing specs, weakest first (entailed by more specs first, then by
     * name). Computed from the proved entailments only.
     */
    public List<List<String>> equivalenceClasses() {
        List<List<String>> classes = new ArrayList<>();
        for (Spec s : specs) {
            List<String> home = null;
            for (List<String> c : classes) {
                if (yes(s.name(), c.get(0)) && yes(c.get(0), s.name())) {
                    home = c;
                    break;
                }
            }
            if (home == null) {
                home = new ArrayList<>();
                classes.add(home);
            }
            home.add(s.name());
        }
        classes.sort(
                Comparator.comparingLong(
                                (List<String> c) ->
                                        -specs.stream()
                                                .filter(s -> yes(s.name(), c.get(0)))
                                                .count())
                        .thenComparing(c -> c.get(0)));
        return classes.stream().map(List::copyOf).toList();
    }

    /** The covering relation between equivalence classes (proved entailments only). */
    public List<Cover> hasse() {
        List<List<String>> classes = equivalenceClasses();
        List<Cover> out = new ArrayList<>();
        for (List<String> lo : classes) {
            for (List<String> hi : classes) {
                if (lo == hi || !strictlyStronger(hi, lo)) continue;
                boolean between = false;
                for (List<String> mid : classes) {
                    if (mid != lo
                            && mid != hi
                            && strictlyStronger(hi, mid)
                            && strictlyStronger(mid, lo)) {
                        between = true;
                        break;
                    }
                }
                if (!between) out.add(new Cover(lo, hi));
            }
        }
        return out;
    }

    private boolean strictlyStronger(List<String> hi, List<String> lo) {
        return yes(hi.get(0), lo.get(0)) && !yes(lo.get(0), hi.get(0));
    }

    /**
     * Triples a ⇒ b, b ⇒ c proved but a ⇒ c refuted: impossible for an exact procedure; a non-empty
     * list means a bug (kept as a self-check that tests assert empty).
     */
    public List<String> transitivityViolations() {
        List<String> out = new ArrayList<>();
        for (Spec a : specs)
            for (Spec b : specs)
                for (Spec c : specs) {
                    if (yes(a.name(), b.name())
                            && yes(b.name(), c.name())
                            && entails(a.name(), c.name()) == Verdict.DOES_NOT_ENTAIL) {
                        out.add(a.name() + " ⇒ " + b.name() + " ⇒ " + c.name());
                    }
                }
        return out;
    }

    /** Pairs of classes neither of which entails the other. */
    public List<List<String>> incomparable() {
        List<List<String>> classes = equivalenceClasses();
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < classes.size(); i++) {
            for (int j = i + 1; j < classes.size(); j++) {
                String a = classes.get(i).get(0);
                String b = classes.get(j).get(0);
                if (!yes(a, b) && !yes(b, a)) out.add(List.of(a, b));
            }
        }
        return out;
    }

    /** Text for {@code isocheck specs}: the specs, the covering pairs, the matrix, unknowns. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        List<List<String>> classes = equivalenceClasses();
        sb.append("Specs, weakest first:\n");
        int w = specs.stream().mapToInt(s -> s.name().length()).max().orElse(3);
        int fw = specs.stream().mapToInt(s -> s.file().length()).max().orElse(3);
        List<String> order = classes.stream().flatMap(List::stream).toList();
        for (int i = 0; i < order.size(); i++) {
            String n = order.get(i);
            Spec s = specs.stream().filter(x -> x.name().equals(n)).findFirst().orElseThrow();
            sb.append(
                    String.format(
                            "  %2d  %-" + w + "s  %-" + fw + "s%s%n",
                            i + 1,
                            n,
                            s.file(),
                            s.description().isEmpty()
                                    ? ""
                                    : "  " + abbreviate(s.description(), 80)));
        }
        sb.append(
                "\nEntailment order (weaker < stronger; the stronger spec entails the weaker):\n");
        for (Cover c : hasse()) {
            sb.append("  ")
                    .append(String.join(" = ", c.weaker()))
                    .append(" < ")
                    .append(String.join(" = ", c.stronger()))
                    .append('\n');
        }
        for (List<String> c : classes) {
            if (c.size() > 1)
                sb.append("  equivalent: ").append(String.join(" = ", c)).append('\n');
        }
        for (List<String> p : incomparable()) {
            sb.append("  incomparable: ")
                    .append(p.get(0))
                    .append(", ")
                    .append(p.get(1))
                    .append('\n');
        }
        sb.append("\nRow entails column (Y yes, . no, ? unknown; columns numbered as above):\n");
        sb.append(String.format("  %-" + (w + 4) + "s", ""));
        for (int i = 0; i < order.size(); i++) sb.append(String.format("%3d", i + 1));
        sb.append('\n');
        for (int i = 0; i < order.size(); i++) {
            sb.append(String.format("  %2d  %-" + w + "s", i + 1, order.get(i)));
            for (String col : order) {
                Verdict v = entails(order.get(i), col);
                sb.append(
                        String.format(
                                "%3s",
                                v == Verdict.ENTAILS
                                        ? "Y"
                                        : v == Verdict.DOES_NOT_ENTAIL ? "." : "?"));
            }
            sb.append('\n');
        }
        for (Check c : unknowns()) {
            sb.append("unknown: ")
                    .append(c.stronger())
                    .append(" ⇒ ")
                    .append(c.weaker())
                    .append(" (")
                    .append(c.detail())
                    .append(")\n");
        }
        long decided = solverChecks();
        sb.append(String.format("%n%d checks by Z3 in %d ms%n", decided, totalMillis));
        return sb.toString();
    }

    /** For each refuted pair, why: the counter-example execution. */
    public String renderCounterexamples() {
        StringBuilder sb = new StringBuilder();
        for (Check c : checks()) {
            if (c.verdict() == Verdict.DOES_NOT_ENTAIL) {
                sb.append(c.stronger())
                        .append(" does not entail ")
                        .append(c.weaker())
                        .append(": ")
                        .append(c.detail())
                        .append('\n');
            }
        }
        return sb.toString();
    }

    private static String abbreviate(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "…";
    }
}
