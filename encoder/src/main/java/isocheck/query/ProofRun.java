package isocheck.query;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.witness.Valuation;
import isocheck.witness.Witness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The state of one proof attempt (the certificate so far) and what every proof method shares:
 * asking one query, recording its step, and the outcomes. One Z3 context per attempt, in which each
 * query is built; each is solved in a fresh context of its own ({@link ReproducibleCheck}), so its
 * answer, model and effort depend on the query alone, not on the queries before it.
 */
final class ProofRun {
    final Program program;
    final Spec spec;
    final ProofOptions opts;
    final Vocabulary v;
    final ProgramModel model;
    final Encoder encoder;
    final long start = System.nanoTime();
    final List<ProofOutcome.Step> steps = new ArrayList<>();
    final Map<Integer, ProofOutcome.Step> cycles = new LinkedHashMap<>();
    final List<String> allTypes;
    Witness longestPath;
    int files;

    ProofRun(
            Program program,
            Spec spec,
            ProofOptions opts,
            Vocabulary v,
            ProgramModel model,
            Encoder encoder) {
        this.program = program;
        this.spec = spec;
        this.opts = opts;
        this.v = v;
        this.model = model;
        this.encoder = encoder;
        this.allTypes = List.copyOf(v.typeNames());
    }

    /**
     * One solver answer: its status, the model's witness when sat, Z3's reason when unknown, the
     * time and file.
     */
    record Answer(Status status, Witness witness, String reason, long millis, Path smtFile) {}

    /** φ_Cycle,k over all types, solved once per run. */
    ProofOutcome.Step cycle(ProofMethod method, int k) throws SpecException {
        ProofOutcome.Step done = cycles.get(k);
        if (done != null) return done;
        CycleQuery.Built q = CycleQuery.build(v, encoder, k);
        Answer a =
                solve(
                        q.txns(),
                        q.parts(),
                        q.records(),
                        q.ground(),
                        "cycle-k" + k,
                        m -> WitnessExtractor.extract(m, v, q));
        ProofOutcome.Step step =
                record(
                        method,
                        ProofOutcome.Role.CYCLE,
                        k,
                        List.of(),
                        allTypes,
                        List.of(),
                        a,
                        "φ_Cycle," + k + ": a dependency cycle of " + k + " distinct transactions");
        cycles.put(k, step);
        return step;
    }

    static String describe(Witness w) {
        StringBuilder sb = new StringBuilder();
        for (Witness.Edge e : w.edges()) {
            if (sb.length() == 0) sb.append(w.txns().get(e.from()).type());
            sb.append(" -")
                    .append(e.kind().lower())
                    .append("(")
                    .append(e.table())
                    .append(".")
                    .append(e.field())
                    .append(")-> ")
                    .append(w.txns().get(e.to()).type());
        }
        return sb.toString();
    }

    Answer solve(
            List<Expr<?>> txns,
            List<Part> queryParts,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground,
            String fileStem,
            Function<Valuation, Witness> onSat)
            throws SpecException {
        return solve(txns, queryParts, records, ground, Map.of(), fullMillis(), fileStem, onSat);
    }

    /**
     * A query whose model is a path, not a cycle: a sat answer's witness is the path its edge
     * selectors pick ({@link WitnessExtractor#path}), described as {@code pathLabel}.
     */
    Answer solvePath(
            List<Expr<?>> txns,
            List<Part> queryParts,
            List<List<CycleQuery.Selector>> edges,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground,
            Map<Expr<?>, String> fixedTypes,
            long timeoutMillis,
            String fileStem,
            String pathLabel)
            throws SpecException {
        return solve(
                txns,
                queryParts,
                records,
                ground,
                fixedTypes,
                timeoutMillis,
                fileStem,
                m -> WitnessExtractor.path(m, v, txns, edges, pathLabel));
    }

    /** The time limit of a query that has all of --timeout. */
    long fullMillis() {
        return opts.timeoutSeconds() * 1000L;
    }

    /**
     * One query within {@code timeoutMillis}; {@code fixedTypes} specialises φ_{T,Ψ} to a type
     * sequence's constants.
     */
    Answer solve(
            List<Expr<?>> txns,
            List<Part> queryParts,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground,
            Map<Expr<?>, String> fixedTypes,
            long timeoutMillis,
            String fileStem,
            Function<Valuation, Witness> onSat)
            throws SpecException {
        Context ctx = v.context();
        Solver solver = ctx.mkSolver();
        for (Part part : encoder.encode(spec, txns, records, ground, fixedTypes))
            solver.add(part.formula());
        for (Part part : queryParts) solver.add(part.formula());
        Path file = null;
        if (opts.smtOut() != null) {
            file = opts.smtOut().resolve(String.format("%02d-%s.smt2", ++files, fileStem));
            SmtFiles.writeSmt(file, fileStem + " under " + spec.name(), program, spec, solver, ctx);
        }
        long t0 = System.nanoTime();
        // canonically, as analyze's cycle queries: in this shared context the same query's effort
        // depended on what the proof had asked before it (a round-2 inductive query that answers
        // sat in 0.15 s on its own ran out of 5 s after the shortest-path queries, on CI)
        try (ReproducibleCheck.Answer r =
                ReproducibleCheck.checkWithin(
                        solver.getAssertions(), timeoutMillis, new Cancellation())) {
            Status st = r.status();
            long millis = (System.nanoTime() - t0) / 1_000_000;
            Witness w = st == Status.SATISFIABLE ? onSat.apply(r.valuation(ctx)) : null;
            return new Answer(st, w, st == Status.UNKNOWN ? r.reasonUnknown() : null, millis, file);
        }
    }

    ProofOutcome.Step record(
            ProofMethod method,
            ProofOutcome.Role role,
            int k,
            List<String> subset,
            List<String> among,
            List<String> types,
            Answer a,
            String description) {
        String result =
                switch (a.status()) {
                    case SATISFIABLE -> "sat";
                    case UNSATISFIABLE -> "unsat";
                    case UNKNOWN -> "unknown";
                };
        String desc = a.reason() == null ? description : description + " [" + a.reason() + "]";
        return record(
                method,
                role,
                k,
                subset,
                among,
                types,
                result,
                a.millis(),
                a.smtFile(),
                a.witness(),
                desc);
    }

    ProofOutcome.Step record(
            ProofMethod method,
            ProofOutcome.Role role,
            int k,
            List<String> subset,
            List<String> among,
            List<String> types,
            String result,
            long millis,
            Path file,
            Witness w,
            String description) {
        ProofOutcome.Step s =
                new ProofOutcome.Step(
                        method,
                        role,
                        k,
                        List.copyOf(subset),
                        List.copyOf(among),
                        result,
                        millis,
                        file,
                        w,
                        description,
                        types,
                        false);
        steps.add(s);
        opts.progress()
                .accept(
                        role.label()
                                + (k > 0 ? " k=" + k : "")
                                + (subset.isEmpty() ? "" : " T'=" + subset)
                                + (types.isEmpty() ? "" : " [" + String.join(" ", types) + "]")
                                + ": "
                                + result
                                + " "
                                + millis
                                + " ms");
        return s;
    }

    ProofOutcome unknown(ProofOutcome.Step step) {
        return outcome(
                ProofOutcome.Verdict.UNKNOWN,
                null,
                null,
                List.of(),
                List.of(),
                "query '"
                        + step.role().label()
                        + (step.k() > 0 ? " k=" + step.k() : "")
                        + (step.subset().isEmpty() ? "" : " T'=" + step.subset())
                        + "' answered unknown ("
                        + step.description()
                        + "); no proof is claimed (raise --timeout)");
    }

    ProofOutcome anomaly(ProofOutcome.Step cycle) {
        return outcome(
                ProofOutcome.Verdict.ANOMALY,
                null,
                cycle.witness(),
                List.of(),
                List.of(),
                "φ_Cycle," + cycle.k() + " is satisfiable: " + cycle.witness().anomaly());
    }

    ProofOutcome outcome(
            ProofOutcome.Verdict verdict,
            ProofMethod by,
            Witness anomaly,
            List<List<String>> rounds,
            List<String> remainder,
            String reason) {
        return new ProofOutcome(
                verdict,
                by,
                List.copyOf(steps),
                anomaly,
                longestPath,
                List.copyOf(rounds),
                List.copyOf(remainder),
                reason,
                (System.nanoTime() - start) / 1_000_000);
    }
}
