package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.witness.Witness;
import isocheck.witness.WitnessExtractor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Bounded anomaly detection (paper §5.1): for k = 2 … K, is φ_{T,Ψ} ∧ φ_D ∧ φ_Cycle,k satisfiable?
 * Stops at the first k with a cycle; with {@code all}, enumerates every distinct anomaly at that k
 * (distinct by transaction types, edge kinds and tables, up to rotation; see {@link #block}) by
 * blocking clauses over the edge selectors. One Z3 context per analysis, closed at the end; a time limit per
 * query; an unknown answer stops the analysis and names the query.
 */
public final class Analysis {

    public enum Verdict { FOUND, NONE, UNKNOWN }

    /**
     * @param from the shortest cycle length asked (2 unless a caller wants one length only)
     * @param uniqueKeys the program assumption of {@link Encoder#assumeUniqueInserts}
     */
    public record Options(int from, int bound, boolean all, int timeoutSeconds, Path smtOut, Encoder.Mode mode,
            boolean uniqueKeys, Set<String> disabledRules, boolean keysBelowCounters, List<String> types) {
        public Options(int from, int bound, boolean all, int timeoutSeconds, Path smtOut, Encoder.Mode mode,
                boolean uniqueKeys, Set<String> disabledRules) {
            this(from, bound, all, timeoutSeconds, smtOut, mode, uniqueKeys, disabledRules, false, List.of());
        }

        public Options(int from, int bound, boolean all, int timeoutSeconds, Path smtOut, Encoder.Mode mode,
                boolean uniqueKeys, Set<String> disabledRules, boolean keysBelowCounters) {
            this(from, bound, all, timeoutSeconds, smtOut, mode, uniqueKeys, disabledRules, keysBelowCounters, List.of());
        }

        /**
         * Only cycles whose transactions have exactly these types (a multiset, any order): asks
         * for one anomaly shape, e.g. the paper's long fork (NewOrder, Payment, 2× OrderStatus).
         */
        public Options withTypes(List<String> t) {
            return new Options(from, bound, all, timeoutSeconds, smtOut, mode, uniqueKeys, disabledRules, keysBelowCounters,
                    List.copyOf(t));
        }

        public static Options defaults(int bound) {
            return new Options(2, bound, false, 60, null, Encoder.Mode.EXPANDED, false, Set.of());
        }

        /** The initial-state assumption of {@link Encoder#assumeKeysBelowCounters}. */
        public Options withKeysBelowCounters(boolean on) {
            return new Options(from, bound, all, timeoutSeconds, smtOut, mode, uniqueKeys, disabledRules, on, types);
        }

        public Options withAll(boolean a) { return new Options(from, bound, a, timeoutSeconds, smtOut, mode, uniqueKeys, disabledRules, keysBelowCounters, types); }
        public Options withMode(Encoder.Mode m) { return new Options(from, bound, all, timeoutSeconds, smtOut, m, uniqueKeys, disabledRules, keysBelowCounters, types); }
        public Options withSmtOut(Path p) { return new Options(from, bound, all, timeoutSeconds, p, mode, uniqueKeys, disabledRules, keysBelowCounters, types); }
        public Options withTimeout(int s) { return new Options(from, bound, all, s, smtOut, mode, uniqueKeys, disabledRules, keysBelowCounters, types); }
        public Options withFrom(int k) { return new Options(k, bound, all, timeoutSeconds, smtOut, mode, uniqueKeys, disabledRules, keysBelowCounters, types); }
        public Options withUniqueKeys(boolean u) { return new Options(from, bound, all, timeoutSeconds, smtOut, mode, u, disabledRules, keysBelowCounters, types); }

        /** Leave out the rules whose part names start with one of these (ablation: shows what a rule is needed for). */
        public Options without(String... rules) {
            return new Options(from, bound, all, timeoutSeconds, smtOut, mode, uniqueKeys, Set.of(rules), keysBelowCounters, types);
        }
    }

    /** One solver call: its name, the cycle length, the answer, the time, and the SMT-LIB file if written. */
    public record Query(String name, int k, String result, long millis, Path smtFile) {}

    public record Outcome(Verdict verdict, List<Witness> anomalies, List<Query> queries, String unknownQuery,
            String unknownReason, long millis) {
        public long solverMillis() {
            return queries.stream().mapToLong(Query::millis).sum();
        }
    }

    private Analysis() {}

    public static Outcome run(Program program, Spec spec, Options opts) throws SpecException {
        Encoder.Mode mode = opts.mode();
        if (mode == Encoder.Mode.EXPANDED && !spec.isUniversal()) {
            // expansion over the cycle's transactions is only sound for universal specs (DESIGN §3)
            mode = Encoder.Mode.QUANTIFIED;
        }
        long start = System.nanoTime();
        List<Query> queries = new ArrayList<>();
        List<Witness> found = new ArrayList<>();
        if (opts.smtOut() != null) {
            try {
                Files.createDirectories(opts.smtOut());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try (Context ctx = new Context()) {
            Vocabulary v = new Vocabulary(ctx, program);
            ProgramModel model = new ProgramModel(program);
            Encoder encoder = new Encoder(v, model, mode).assumeUniqueInserts(opts.uniqueKeys())
                    .assumeKeysBelowCounters(opts.keysBelowCounters());
            for (int k = Math.max(2, opts.from()); k <= opts.bound(); k++) {
                if (!opts.types().isEmpty() && opts.types().size() != k) continue;
                CycleQuery.Built q = CycleQuery.build(v, encoder, k);
                Solver solver = ctx.mkSolver();
                Params p = ctx.mkParams();
                p.add("timeout", opts.timeoutSeconds() * 1000);
                solver.setParameters(p);
                for (Part part : encoder.encode(spec, q.txns(), q.records(), q.ground())) {
                    boolean off = false;
                    for (String d : opts.disabledRules()) if (part.name().startsWith(d)) off = true;
                    if (!off) solver.add(part.formula());
                }
                for (Part part : q.parts()) solver.add(part.formula());
                if (!opts.types().isEmpty()) solver.add(typeMultiset(ctx, v, q.txns(), opts.types()));
                Set<String> signatures = new LinkedHashSet<>();
                int n = 0;
                while (true) {
                    n++;
                    String name = "cycle k=" + k + (n > 1 ? " #" + n : "") + " under " + spec.name();
                    Path file = null;
                    if (opts.smtOut() != null) {
                        file = opts.smtOut().resolve("cycle-k" + k + "-" + n + ".smt2");
                        writeSmt(file, name, program, spec, solver, ctx);
                    }
                    long t0 = System.nanoTime();
                    ReproducibleCheck.Result r = ReproducibleCheck.check(ctx, solver, opts.timeoutSeconds());
                    Status st = r.status();
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    queries.add(new Query(name, k, st.toString().toLowerCase(), ms, file));
                    if (Boolean.getBoolean("isocheck.progress")) System.err.println(name + ": " + st + " " + ms + " ms");
                    if (st == Status.UNKNOWN) {
                        return new Outcome(Verdict.UNKNOWN, found, queries, name, r.reasonUnknown(),
                                (System.nanoTime() - start) / 1_000_000);
                    }
                    if (st == Status.UNSATISFIABLE) break;
                    Model m = r.model();
                    List<CycleQuery.Selector> chosen = WitnessExtractor.chosen(m, q);
                    Witness w = WitnessExtractor.extract(m, v, q, encoder.rules(), model);
                    if (signatures.add(w.signature())) found.add(w);
                    if (!opts.all()) break;
                    block(ctx, solver, q, chosen);
                }
                if (!found.isEmpty()) break;
            }
        }
        return new Outcome(found.isEmpty() ? Verdict.NONE : Verdict.FOUND, found, queries, null, null,
                (System.nanoTime() - start) / 1_000_000);
    }

    /** The cycle's transactions have exactly the given types, counted with multiplicity. */
    static BoolExpr typeMultiset(Context ctx, Vocabulary v, List<com.microsoft.z3.Expr<?>> txns, List<String> types) {
        List<BoolExpr> out = new ArrayList<>();
        for (String type : new LinkedHashSet<>(types)) {
            long n = types.stream().filter(type::equals).count();
            List<BoolExpr> is = new ArrayList<>();
            for (com.microsoft.z3.Expr<?> t : txns) is.add(v.isType(t, type));
            BoolExpr[] arr = is.toArray(new BoolExpr[0]);
            out.add(ctx.mkAnd(ctx.mkAtLeast(arr, (int) n), ctx.mkAtMost(arr, (int) n)));
        }
        return ctx.mkAnd(out.toArray(new BoolExpr[0]));
    }

    /**
     * Blocks this anomaly's shape on every rotation of the cycle: on each edge, every selector with
     * the same transaction types, edge kind and table. The enumeration is therefore of distinct
     * shapes; each comes with the statement pairs of one witness (blocking single statement pairs
     * instead makes TPC-C's k = 4 enumeration run into the hundreds of near-identical cycles).
     */
    static void block(Context ctx, Solver solver, CycleQuery.Built q, List<CycleQuery.Selector> chosen) {
        int k = chosen.size();
        for (int s = 0; s < k; s++) {
            List<BoolExpr> edges = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                String shape = shape(chosen.get((i + s) % k));
                List<BoolExpr> group = new ArrayList<>();
                for (CycleQuery.Selector sel : q.edges().get(i)) if (shape(sel).equals(shape)) group.add(sel.flag());
                edges.add(group.size() == 1 ? group.get(0) : ctx.mkOr(group.toArray(new BoolExpr[0])));
            }
            solver.add(ctx.mkNot(ctx.mkAnd(edges.toArray(new BoolExpr[0]))));
        }
    }

    static String shape(CycleQuery.Selector s) {
        return s.conflict().t1().name() + " " + s.conflict().kind() + " " + s.conflict().table() + " " + s.conflict().t2().name();
    }

    /**
     * The solver's assertions as SMT-LIB, printed by {@link SmtLibText} (a function of the input):
     * Z3's own printing of a solver rewrites them in an order of term ids, and after a check() adds
     * {@code (model-add …)} commands no other solver can read back.
     */
    static void writeSmt(Path file, String name, Program program, Spec spec, Solver solver, Context ctx) {
        String text = "; isocheck query: " + name + "\n; program: " + program.file() + "\n; spec: " + spec.name()
                + "\n(set-option :produce-models true)\n" + SmtLibText.of(solver.getAssertions()) + "(check-sat)\n";
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
