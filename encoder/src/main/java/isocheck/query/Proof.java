package isocheck.query;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import isocheck.encoding.Conflict;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.program.Program;
import isocheck.program.StatementFacts;
import isocheck.program.TransactionFacts;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.witness.Witness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * Proofs that every execution of a program under a spec is serializable.
 *
 * <ul>
 *   <li><b>Shortest path</b> (paper §5.2, Theorem 10): the least k ≤ maxLength with
 *       φ_ShortestPath,k unsat ({@link ShortestPathQuery}), then φ_Cycle,k' unsat for k' = 2 … k
 *       ({@link CycleQuery}). When every length up to the limit has a chordless path, the longest
 *       one found is reported: why the method fails. Each length k ≥ 3 is a portfolio ({@link
 *       PathBudget}, {@link PathExtensions}): a sat type-sequence query decides a sat length; only
 *       the query over all types decides unsat (or unknown); the other queries of the length are
 *       certificate steps marked {@link ProofOutcome.Step#attempt()}.
 *   <li><b>Inductive</b> (§5.3, Lemma 11, Theorem 12), automating the paper's hand search: the
 *       second disjunct of eq. (7) (T'-independent) once over all types, then rounds: every type τ
 *       of the remaining ones whose first disjunct A_{τ} is unsat joins T' (the largest T', since
 *       A_T' is the union of its types'; see {@link InductiveQuery}), their union is confirmed by
 *       one query, T' is removed and the next round restricts the program to the rest. It finishes
 *       when no statement of a remaining type can conflict with one of another remaining type (e.g.
 *       all read-only): an execution of those types has no dependency edge at all. φ_Cycle,2 is
 *       part of the certificate, for the case eq. (7)'s distinctness leaves out.
 *   <li><b>Auto</b>: shortest path, then inductive if it fails or gives up (a chordless-path query
 *       answered unknown); each step records the scheme it belongs to.
 * </ul>
 *
 * Never claims a proof when a query the proof rests on answered unknown (an abandoned shortest-path
 * attempt is not part of an inductive proof, and the certificate says so). A sat cycle query is an
 * anomaly (exit 1 in the CLI) with its witness. One Z3 context per call; each query gets a fresh
 * solver and the time limit.
 */
public final class Proof {
    private Proof() {}

    public static ProofOutcome verify(Program program, Spec spec, ProofOptions opts)
            throws SpecException {
        Encoder.Mode mode = opts.mode();
        if (mode == Encoder.Mode.EXPANDED && !spec.isUniversal())
            mode = Encoder.Mode.QUANTIFIED; // DESIGN §3
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
            Encoder encoder =
                    new Encoder(v, model, mode)
                            .assumeUniqueInserts(opts.uniqueKeys())
                            .keyModel(opts.keys())
                            .assumeKeysBelowCounters(opts.keysBelowCounters())
                            .forSpec(spec);
            return new Run(program, spec, opts, v, model, encoder).run();
        }
    }

    /**
     * One solver answer: its status, the model's witness when sat, Z3's reason when unknown, the
     * time and file.
     */
    private record Answer(
            Status status, Witness witness, String reason, long millis, Path smtFile) {}

    /** The state of one proof attempt: the certificate so far. */
    private static final class Run {
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

        Run(
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

        ProofOutcome run() throws SpecException {
            return switch (opts.method()) {
                case SHORTEST_PATH -> shortestPath(ProofMethod.SHORTEST_PATH);
                case INDUCTIVE -> inductive(ProofMethod.INDUCTIVE);
                case DANGEROUS_STRUCTURE -> dangerousStructure();
                case AUTO -> {
                    // Steps carry the scheme they belong to, so the certificate shows which ones a
                    // proof rests on.
                    ProofOutcome sp = shortestPath(ProofMethod.SHORTEST_PATH);
                    if (sp.verdict() == ProofOutcome.Verdict.PROVED
                            || sp.verdict() == ProofOutcome.Verdict.ANOMALY) yield sp;
                    // An unknown chordless-path query leaves the inductive method as valid as a
                    // failed search
                    // does: its proof (Theorem 12) uses none of the shortest-path steps.
                    ProofOutcome ind = inductive(ProofMethod.INDUCTIVE);
                    boolean spUnknown = sp.verdict() == ProofOutcome.Verdict.UNKNOWN;
                    String spWhy =
                            (spUnknown ? "shortest path gave up (" : "shortest path failed (")
                                    + sp.reason()
                                    + ")";
                    String why =
                            ind.verdict() == ProofOutcome.Verdict.PROVED
                                    ? spWhy
                                            + "; proved by the inductive method, whose steps alone are the proof: "
                                            + ind.reason()
                                    : spWhy + "; inductive: " + ind.reason();
                    ProofOutcome.Verdict verdict =
                            spUnknown && ind.verdict() == ProofOutcome.Verdict.NOT_PROVED
                                    ? ProofOutcome.Verdict.UNKNOWN
                                    : ind.verdict();
                    yield outcome(
                            verdict,
                            ind.provedBy(),
                            ind.anomaly(),
                            ind.rounds(),
                            ind.remainder(),
                            why);
                }
            };
        }

        // ------------------------------------------------------------ shortest path (§5.2)

        ProofOutcome shortestPath(ProofMethod method) throws SpecException {
            BiPredicate<String, String> pairs = CycleQuery.candidatePairs(encoder);
            Set<List<String>> seenPairs = new HashSet<>();
            Set<TypeSequence> unsatSequences =
                    new HashSet<>(); // sequences with no chordless path: so has any sequence
            // containing one
            long full = opts.timeoutSeconds() * 1000L;
            PathBudget budget = opts.pathBudget();
            long lastWhole = 0; // time of the last whole query that answered
            boolean wholeGaveUp =
                    false; // the last length's brief whole query ran out: skip it at longer ones
            for (int k = 2; k <= opts.maxLength(); k++) {
                int first = steps.size();
                ProofOutcome.Step decided = null;
                if (longestPath == null || !budget.enabled()) {
                    decided = pathWhole(method, k, full, full);
                } else {
                    // a portfolio; §5.2 asks the whole query, and a sat sequence query is a sat
                    // whole query
                    // (it only adds type facts): the whole query briefly (PathBudget: 3x the last
                    // one's time), then
                    // the previous path's types extended by one and one-type chains, then the whole
                    // query
                    // with the full time, which alone may answer unsat
                    long brief = budget.brief(lastWhole, full);
                    ProofOutcome.Step quick = null;
                    if (!wholeGaveUp && brief > 0) {
                        quick = pathWhole(method, k, brief, full);
                        if (!quick.result().equals("unknown")) decided = quick;
                        else wholeGaveUp = true;
                    }
                    if (decided == null) {
                        List<String> prev =
                                longestPath.txns().stream().map(Witness.Txn::type).toList();
                        long left = Math.min(full, budget.sequencesMillis());
                        for (TypeSequence seq :
                                PathExtensions.of(prev, allTypes, pairs, seenPairs, weights())) {
                            if (left <= 0) break;
                            if (PathExtensions.containsAny(seq, unsatSequences)) continue;
                            ProofOutcome.Step s =
                                    pathSequence(
                                            method,
                                            seq,
                                            Math.min(left, budget.sequenceMillis()),
                                            full);
                            left -= s.millis();
                            if (s.unsat()) unsatSequences.add(seq);
                            if (s.sat()) {
                                decided = s;
                                break;
                            }
                        }
                    }
                    if (decided == null && quick != null && brief >= full)
                        decided = quick; // the same time again cannot help
                    if (decided == null) {
                        decided = pathWhole(method, k, full, full);
                        wholeGaveUp = false;
                    }
                }
                if (decided.types().isEmpty() && !decided.result().equals("unknown"))
                    lastWhole = decided.millis();
                for (int i = first; i < steps.size(); i++)
                    if (steps.get(i) != decided) steps.set(i, steps.get(i).asAttempt());
                if (decided.result().equals("unknown")) return unknown(decided);
                if (decided.sat()) {
                    longestPath = decided.witness();
                    seenPairs.addAll(
                            PathExtensions.pairs(
                                    longestPath.txns().stream().map(Witness.Txn::type).toList()));
                    continue;
                }
                for (int c = 2; c <= k; c++) {
                    ProofOutcome.Step cy = cycle(method, c);
                    if (cy.result().equals("unknown")) return unknown(cy);
                    if (cy.sat()) return anomaly(cy);
                }
                longestPath = null;
                return outcome(
                        ProofOutcome.Verdict.PROVED,
                        ProofMethod.SHORTEST_PATH,
                        null,
                        List.of(),
                        List.of(),
                        "no chordless path of length "
                                + k
                                + " and no cycle of length <= "
                                + k
                                + " (Theorem 10)");
            }
            return outcome(
                    ProofOutcome.Verdict.NOT_PROVED,
                    null,
                    null,
                    List.of(),
                    List.of(),
                    "a chordless path exists at every length 2.."
                            + opts.maxLength()
                            + " (raise --max-length, or try --method inductive)");
        }

        /**
         * Per type, its statements plus their enclosing loops: how much the type-specialised
         * encoding grows with it.
         */
        Map<String, Integer> weights() {
            Map<String, Integer> w = new LinkedHashMap<>();
            for (TransactionFacts tf : model.transactions()) {
                int n = 0;
                for (StatementFacts sf : tf.statements()) n += 1 + sf.loops().size();
                w.put(tf.transaction().name(), n);
            }
            return w;
        }

        /**
         * φ_ShortestPath,k over all types, within {@code budget} ms ({@code full} is --timeout's).
         */
        ProofOutcome.Step pathWhole(ProofMethod method, int k, long budget, long full)
                throws SpecException {
            ShortestPathQuery.Built q = ShortestPathQuery.build(v, encoder, k);
            Answer a =
                    solve(
                            q.txns(),
                            q.parts(),
                            q.records(),
                            q.ground(),
                            q.fixedTypes(),
                            budget,
                            "path-k" + k,
                            m ->
                                    WitnessExtractor.path(
                                            m,
                                            v,
                                            q.txns(),
                                            q.edges(),
                                            "chordless path of length " + k));
            return record(
                    method,
                    ProofOutcome.Role.SHORTEST_PATH,
                    k,
                    List.of(),
                    allTypes,
                    List.of(),
                    a,
                    "φ_ShortestPath,"
                            + k
                            + ": "
                            + (k + 1)
                            + " distinct transactions, "
                            + k
                            + " edges, no forward chord"
                            + within(a, budget, full));
        }

        /**
         * φ_ShortestPath,k for one type sequence (k = seq.size() − 1): sat is a chordless path of k
         * edges.
         */
        ProofOutcome.Step pathSequence(ProofMethod method, TypeSequence seq, long budget, long full)
                throws SpecException {
            int k = seq.size() - 1;
            ShortestPathQuery.Built q = ShortestPathQuery.build(v, encoder, seq);
            Answer a =
                    solve(
                            q.txns(),
                            q.parts(),
                            q.records(),
                            q.ground(),
                            q.fixedTypes(),
                            budget,
                            "path-k" + k + "-" + seq.fileStem(),
                            m ->
                                    WitnessExtractor.path(
                                            m,
                                            v,
                                            q.txns(),
                                            q.edges(),
                                            "chordless path of length " + k));
            return record(
                    method,
                    ProofOutcome.Role.SHORTEST_PATH,
                    k,
                    List.of(),
                    allTypes,
                    seq.types(),
                    a,
                    "φ_ShortestPath,"
                            + k
                            + " with t1 … t"
                            + (k + 1)
                            + " of types ["
                            + seq.label()
                            + "]"
                            + within(a, budget, full));
        }

        /** A query that ran out of a budget shorter than --timeout says so (it is an attempt). */
        static String within(Answer a, long budget, long full) {
            return a.status() == Status.UNKNOWN && budget < full
                    ? " (budget " + budget + " ms of --timeout's " + full + ")"
                    : "";
        }

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
                            "φ_Cycle,"
                                    + k
                                    + ": a dependency cycle of "
                                    + k
                                    + " distinct transactions");
            cycles.put(k, step);
            return step;
        }

        // ------------------------------------------------------------ dangerous structure (SI)

        /**
         * Fekete et al.'s theorem as two queries ({@link DangerousStructureQuery}); not proved (no
         * anomaly claimed) when a structure exists or the spec is not SI.
         */
        ProofOutcome dangerousStructure() throws SpecException {
            if (!DangerousStructureQuery.applies(spec)) {
                return outcome(
                        ProofOutcome.Verdict.NOT_PROVED,
                        null,
                        null,
                        List.of(),
                        List.of(),
                        "the dangerous-structure method needs snapshot isolation (every axiom of si,"
                                + " unrestricted, one snapshot per transaction); "
                                + spec.name()
                                + " is not");
            }
            // the case t3 = t1 is a 2-cycle: φ_Cycle,2 decides it (and a sat one is an anomaly)
            ProofOutcome.Step two = cycle(ProofMethod.DANGEROUS_STRUCTURE, 2);
            if (two.result().equals("unknown")) return unknown(two);
            if (two.sat()) return anomaly(two);
            DangerousStructureQuery.Built q = DangerousStructureQuery.build(v, encoder);
            Answer a =
                    solve(
                            q.txns(),
                            q.parts(),
                            q.records(),
                            q.ground(),
                            "dangerous-k3",
                            m ->
                                    WitnessExtractor.path(
                                            m,
                                            v,
                                            q.txns(),
                                            q.edges(),
                                            "dangerous structure t1 -rw-> t2 -rw-> t3, t3 committing first"));
            ProofOutcome.Step s =
                    record(
                            ProofMethod.DANGEROUS_STRUCTURE,
                            ProofOutcome.Role.DANGEROUS_STRUCTURE,
                            3,
                            List.of(),
                            allTypes,
                            List.of(),
                            a,
                            "anti-dependencies t1 -rw-> t2 -rw-> t3 of distinct transactions, t3 committing first");
            if (s.result().equals("unknown")) return unknown(s);
            if (s.sat()) {
                return outcome(
                        ProofOutcome.Verdict.NOT_PROVED,
                        null,
                        null,
                        List.of(),
                        List.of(),
                        "a dangerous structure exists ("
                                + describe(a.witness())
                                + "); it is necessary for a cycle under SI, not sufficient");
            }
            return outcome(
                    ProofOutcome.Verdict.PROVED,
                    ProofMethod.DANGEROUS_STRUCTURE,
                    null,
                    List.of(),
                    List.of(),
                    "no 2-cycle, and no two consecutive anti-dependencies whose last transaction"
                            + " commits first (Fekete et al., TODS 2005, Theorem 2.1)");
        }

        // ------------------------------------------------------------ inductive (§5.3)

        ProofOutcome inductive(ProofMethod method) throws SpecException {
            ProofOutcome.Step two = cycle(method, 2);
            if (two.result().equals("unknown")) return unknown(two);
            if (two.sat()) return anomaly(two);
            InductiveQuery.Built b = InductiveQuery.twoStep(v, encoder, allTypes);
            Answer ab =
                    solve(
                            b.txns(),
                            b.parts(),
                            b.records(),
                            b.ground(),
                            "inductive-two-step",
                            m ->
                                    WitnessExtractor.path(
                                            m,
                                            v,
                                            b.txns(),
                                            b.edges(),
                                            "two-step path t1 -> t2 -> t3 with neither ar(t1,t3) nor ar(t2,t3)"));
            ProofOutcome.Step bs =
                    record(
                            method,
                            ProofOutcome.Role.INDUCTIVE_TWO_STEP,
                            0,
                            List.of(),
                            allTypes,
                            List.of(),
                            ab,
                            "eq. (7) second disjunct over every type (condition 2 of Lemma 11; implies it for every later round's subset)");
            if (ab.status() == Status.UNKNOWN) return unknown(bs);
            // when condition 2 fails no T' works; the rounds still run, to show where condition 1
            // holds
            String failed =
                    ab.status() == Status.SATISFIABLE
                            ? "condition 2 of Lemma 11 fails (eq. (7) second disjunct sat: "
                                    + describe(ab.witness())
                                    + "), and it does not depend on T', so no T' works"
                            : null;
            List<String> among = new ArrayList<>(allTypes);
            List<List<String>> rounds = new ArrayList<>();
            while (true) {
                if (failed != null
                        && (noDependencyAmong(among) || rounds.size() > 0 && among.isEmpty())) {
                    String r =
                            rounds.isEmpty()
                                    ? "condition 1 holds for no type"
                                    : "condition 1 alone holds for T' = "
                                            + String.join(
                                                    ", then ",
                                                    rounds.stream()
                                                            .map(
                                                                    x ->
                                                                            "{"
                                                                                    + String.join(
                                                                                            ", ", x)
                                                                                    + "}")
                                                            .toList());
                    return outcome(
                            ProofOutcome.Verdict.NOT_PROVED,
                            null,
                            null,
                            rounds,
                            among,
                            failed
                                    + "; "
                                    + r
                                    + (among.isEmpty()
                                            ? ""
                                            : ", leaving "
                                                    + String.join(", ", among)
                                                    + (readOnly(among) ? ", read-only" : "")));
                }
                if (noDependencyAmong(among)) {
                    record(
                            method,
                            ProofOutcome.Role.NO_DEPENDENCY,
                            0,
                            List.of(),
                            among,
                            List.of(),
                            "holds",
                            0,
                            null,
                            null,
                            among.isEmpty()
                                    ? "no type remains"
                                    : "no statement of "
                                            + among
                                            + " can conflict with one of them"
                                            + (readOnly(among) ? " (all read-only)" : ""));
                    String r =
                            rounds.isEmpty()
                                    ? ""
                                    : "T' = "
                                            + String.join(
                                                    ", then ",
                                                    rounds.stream()
                                                            .map(
                                                                    x ->
                                                                            "{"
                                                                                    + String.join(
                                                                                            ", ", x)
                                                                                    + "}")
                                                            .toList());
                    return outcome(
                            ProofOutcome.Verdict.PROVED,
                            ProofMethod.INDUCTIVE,
                            null,
                            rounds,
                            among,
                            (r.isEmpty() ? "" : r + "; ")
                                    + (among.isEmpty()
                                            ? "no type remains"
                                            : String.join(", ", among)
                                                    + (readOnly(among)
                                                            ? " remain, read-only"
                                                            : " remain, with no dependency among them"))
                                    + " (Theorem 12)");
                }
                List<String> found = new ArrayList<>();
                for (String tau : among) {
                    ProofOutcome.Step s = edgeOutOf(method, List.of(tau), among, rounds.size() + 1);
                    if (s.result().equals("unknown")) return unknown(s);
                    if (s.unsat()) found.add(tau);
                }
                if (found.isEmpty()) {
                    return outcome(
                            ProofOutcome.Verdict.NOT_PROVED,
                            null,
                            null,
                            rounds,
                            List.of(),
                            (failed == null ? "" : failed + "; ")
                                    + "round "
                                    + (rounds.size() + 1)
                                    + ": every type among "
                                    + among
                                    + " has an edge out of it not in ar (condition 1 of Lemma 11 fails for each)");
                }
                // read-only types are left to the remainder (no dependency among read-only types),
                // unless
                // only read-only types qualify: then removing them may free the writers in the next
                // round
                List<String> writers = found.stream().filter(t -> !readOnly(List.of(t))).toList();
                if (!writers.isEmpty()) found = new ArrayList<>(writers);
                if (found.size() > 1) {
                    ProofOutcome.Step s = edgeOutOf(method, found, among, rounds.size() + 1);
                    if (s.result().equals("unknown")) return unknown(s);
                    if (!s.unsat()) {
                        // A_T' is the union of the A_τ: a sat union of unsat parts is a solver
                        // inconsistency
                        return outcome(
                                ProofOutcome.Verdict.NOT_PROVED,
                                null,
                                null,
                                rounds,
                                List.of(),
                                "the union T' = "
                                        + found
                                        + " answered "
                                        + s.result()
                                        + " although each type answered unsat");
                    }
                }
                rounds.add(List.copyOf(found));
                among.removeAll(found);
            }
        }

        ProofOutcome.Step edgeOutOf(
                ProofMethod method, List<String> subset, List<String> among, int round)
                throws SpecException {
            InductiveQuery.Built q = InductiveQuery.edgeOutOf(v, encoder, subset, among);
            Answer a =
                    solve(
                            q.txns(),
                            q.parts(),
                            q.records(),
                            q.ground(),
                            "inductive-r" + round + "-" + String.join("+", subset),
                            m ->
                                    WitnessExtractor.path(
                                            m, v, q.txns(), q.edges(), "edge out of T' not in ar"));
            return record(
                    method,
                    ProofOutcome.Role.INDUCTIVE_EDGE,
                    0,
                    subset,
                    among,
                    List.of(),
                    a,
                    "round "
                            + round
                            + ": eq. (7) first disjunct for T' = {"
                            + String.join(", ", subset)
                            + "}"
                            + (among.size() < allTypes.size() ? " over " + among : ""));
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

        /**
         * No candidate dependency (paper §4.3) between statements of these types: no D edge among
         * them.
         */
        boolean noDependencyAmong(List<String> types) {
            for (Conflict c : encoder.conflicts()) {
                if (types.contains(c.t1().name()) && types.contains(c.t2().name())) return false;
            }
            return true;
        }

        boolean readOnly(List<String> types) {
            for (TransactionFacts tf : model.transactions()) {
                if (!types.contains(tf.transaction().name())) continue;
                for (StatementFacts sf : tf.statements()) if (sf.isWrite()) return false;
            }
            return true;
        }

        // ------------------------------------------------------------ solving and the certificate

        Answer solve(
                List<Expr<?>> txns,
                List<Part> queryParts,
                Map<String, List<Expr<?>>> records,
                Map<String, List<Expr<?>>> ground,
                String fileStem,
                Function<Model, Witness> onSat)
                throws SpecException {
            return solve(
                    txns,
                    queryParts,
                    records,
                    ground,
                    Map.of(),
                    opts.timeoutSeconds() * 1000L,
                    fileStem,
                    onSat);
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
                Function<Model, Witness> onSat)
                throws SpecException {
            Context ctx = v.context();
            Solver solver = ctx.mkSolver();
            Params p = ctx.mkParams();
            p.add("timeout", (int) Math.min(Integer.MAX_VALUE, timeoutMillis));
            solver.setParameters(p);
            for (Part part : encoder.encode(spec, txns, records, ground, fixedTypes))
                solver.add(part.formula());
            for (Part part : queryParts) solver.add(part.formula());
            Path file = null;
            if (opts.smtOut() != null) {
                file = opts.smtOut().resolve(String.format("%02d-%s.smt2", ++files, fileStem));
                Analysis.writeSmt(
                        file, fileStem + " under " + spec.name(), program, spec, solver, ctx);
            }
            long t0 = System.nanoTime();
            Status st = solver.check();
            long millis = (System.nanoTime() - t0) / 1_000_000;
            Witness w = st == Status.SATISFIABLE ? onSat.apply(solver.getModel()) : null;
            return new Answer(
                    st, w, st == Status.UNKNOWN ? solver.getReasonUnknown() : null, millis, file);
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
}
