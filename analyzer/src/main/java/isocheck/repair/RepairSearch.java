package isocheck.repair;

import isocheck.encoding.DepKind;
import isocheck.encoding.ProgramModel;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.program.RowLock;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.query.Analysis;
import isocheck.query.DangerousStructureQuery;
import isocheck.query.Proof;
import isocheck.query.ProofMethod;
import isocheck.query.ProofOptions;
import isocheck.query.ProofOutcome;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The smallest set of promotions that makes a program serializable at a level, by an implicit
 * hitting-set search over the witnesses of the static analysis.
 *
 * <p>Why the witnesses bound every repair: a promotion adds the locked_read conjunct only to the
 * necessary condition η of anti-dependency candidates <em>read by the promoted SELECT</em> ({@code
 * CycleQuery.lockedRead}). A witness's model therefore stays a model of the edited program unless
 * the edit promotes one of the SELECTs its rw edges read by, or (at statement snapshots) a SELECT
 * that draws a counter key, whose lock also ties every statement that sees the key to its inserter
 * ({@code DrawnKeyRules.inserterInSnapshot}; such draws join every reader set): every repair hits
 * the reader set of every witness (at statement snapshots, dropping a promotion could in principle
 * restore a per-statement conjunct, {@code Encoder.singleReadStatement}; the search only ever adds,
 * so each candidate is a minimum hitting set of readers of the witnesses found so far). Each round
 * takes a minimum hitting set (by increasing size, in statement order), edits the file, re-parses
 * it, runs the bounded analysis with {@code --all} (every anomaly shape, each a new set to hit),
 * and when that finds nothing, the unbounded proof ({@link Proof#verify}, the inductive method
 * first; at a snapshot-isolation level the dangerous-structure proof is tried before the bounded
 * analysis); an anomaly the proof finds is one more set. It ends with a proved repair, with a
 * witness that no promotion can break (its anti-dependencies are read by UPDATE, DELETE, aggregate,
 * join or LIMIT statements, or by SELECTs already locking), with more changes than allowed, or with
 * an unknown answer.
 */
public final class RepairSearch {

    /** How a search ended. */
    public enum Status {
        /** The program as written is proved serializable: nothing to repair. */
        ALREADY_SERIALIZABLE,
        /** The promotions make the program proved serializable. */
        REPAIRED,
        /** No proved repair: see the reason. */
        NOT_REPAIRED
    }

    /** One round: the promotions tried and what the analysis (or the proof) answered. */
    public record Round(
            List<CounterLock> locks, List<Promotion> promotions, String answer, long millis) {}

    /**
     * @param repaired the program text with the promotions applied (the original text when none)
     * @param proof the proof of the last program checked (null when the search stopped before one)
     */
    public record Result(
            Status status,
            List<Promotion> promotions,
            String repaired,
            ProofOutcome proof,
            List<Round> rounds,
            List<Witness> witnesses,
            String reason,
            List<CounterLock> locks) {

        /** Every change: the counter locks added and the promotions. */
        public int changes() {
            return locks.size() + promotions.size();
        }
    }

    private final String file;
    private final String text;
    private final Spec spec;
    private final Analysis.Options analysis;
    private final ProofOptions proof;
    private final int maxChanges;
    private final Consumer<String> progress;

    /** The counter locks added so far ({@link CounterLock}), in the order they were found. */
    private final List<CounterLock> locks = new ArrayList<>();

    /**
     * A counter lock found for a witness no promotion breaks: the next round starts over with it.
     */
    private CounterLock pendingLock;

    /**
     * At a snapshot-isolation level (PostgreSQL REPEATABLE READ) each candidate is first given the
     * dangerous-structure proof ({@link DangerousStructureQuery}). Promotions are what it is about:
     * a locking read's anti-dependency goes forward in the commit order, so its overwriter cannot
     * be the structure's first committer (Fekete et al., TODS 2005, §3 and Theorem 2.1). It is two
     * small queries, and the general methods can fail where it proves (SmallBank with WriteCheck's
     * savings read promoted: chordless paths at every length, RESULTS).
     */
    private final boolean dangerousStructure;

    /**
     * @param file the program's name in messages and positions (as given on the command line)
     * @param text the program file's text
     * @param analysis the bounded analysis (its {@code all} is set here)
     * @param maxChanges the largest repair tried
     */
    public RepairSearch(
            String file,
            String text,
            Spec spec,
            Analysis.Options analysis,
            ProofOptions proof,
            int maxChanges,
            Consumer<String> progress) {
        this.file = file;
        this.text = text;
        this.spec = spec;
        this.analysis = analysis.withAll(true);
        this.proof = proof;
        this.maxChanges = maxChanges;
        this.progress = progress;
        boolean ds;
        try {
            ds = proof.method() == ProofMethod.AUTO && DangerousStructureQuery.applies(spec);
        } catch (SpecException e) {
            throw new IllegalStateException("the built-in si spec does not load", e);
        }
        this.dangerousStructure = ds;
    }

    /**
     * The unbounded proof of a candidate the bounded analysis cleared. Under {@code --method auto}
     * the inductive method goes first here: its proof (Theorem 12) stands alone, and on the
     * programs repair is for it settles in a few small queries, where the shortest-path attempt
     * that {@code verify}'s auto tries first grows its chordless-path queries to every length up to
     * the maximum and, under time budgets, ended "failed" or "gave up" depending on the load
     * (benchmarks/RESULTS.md, stop 22: most of TPC-C's repair time). When it does not prove, the
     * auto proof runs as {@code verify} would.
     */
    private ProofOutcome prove(Program program) throws SpecException {
        if (proof.method() == ProofMethod.AUTO) {
            ProofOutcome inductive =
                    Proof.verify(program, spec, proof.withMethod(ProofMethod.INDUCTIVE));
            if (inductive.verdict() == ProofOutcome.Verdict.PROVED) return inductive;
        }
        return Proof.verify(program, spec, proof);
    }

    public Result run() throws SpecException {
        Program original = ProgramLoader.parse(file, text);
        String base = text; // the original with the counter locks added so far
        Map<String, Promotion> candidates =
                new LinkedHashMap<>(); // in statement order of the original
        for (Promotion p : promotable(original, text)) candidates.put(p.statement(), p);
        List<Set<String>> toHit = new ArrayList<>();
        List<Witness> witnesses = new ArrayList<>();
        List<Round> rounds = new ArrayList<>();
        while (true) {
            if (pendingLock != null) {
                // a counter lock moves the statement ids of its type: the search starts over on
                // the program with it (the witnesses so far stay listed)
                locks.add(pendingLock);
                progress.accept("adding " + pendingLock.describe() + ": " + pendingLock.reason());
                pendingLock = null;
                base = CounterLock.apply(text, locks);
                candidates.clear();
                for (Promotion p : promotable(ProgramLoader.parse(file, base), base))
                    candidates.put(p.statement(), p);
                toHit.clear();
            }
            List<String> keys = minimumHittingSet(toHit, new ArrayList<>(candidates.keySet()));
            if (keys == null) {
                return new Result(
                        Status.NOT_REPAIRED,
                        List.of(),
                        text,
                        null,
                        rounds,
                        witnesses,
                        "no set of at most "
                                + maxChanges
                                + " promotions hits the anti-dependency reads of every witness found ("
                                + toHit.size()
                                + " witnesses)",
                        List.copyOf(locks));
            }
            List<Promotion> promotions = keys.stream().map(candidates::get).toList();
            String edited = SourceEdits.apply(base, promotions);
            Program program = ProgramLoader.parse(file, edited);
            long start = System.currentTimeMillis();
            if (dangerousStructure) {
                // At snapshot isolation the two-query proof goes first: when it holds, no bound's
                // analysis can find anything, and that analysis is the search's costliest step
                ProofOutcome ds =
                        Proof.verify(
                                program, spec, proof.withMethod(ProofMethod.DANGEROUS_STRUCTURE));
                progress.accept(
                        describe(locks, promotions) + ": dangerous structure " + ds.verdict());
                if (ds.verdict() == ProofOutcome.Verdict.PROVED) {
                    rounds.add(
                            new Round(
                                    List.copyOf(locks),
                                    promotions,
                                    "proof: PROVED by dangerous-structure (no bounded search needed)",
                                    System.currentTimeMillis() - start));
                    return new Result(
                            promotions.isEmpty() && locks.isEmpty()
                                    ? Status.ALREADY_SERIALIZABLE
                                    : Status.REPAIRED,
                            promotions,
                            edited,
                            ds,
                            rounds,
                            witnesses,
                            ds.reason(),
                            List.copyOf(locks));
                }
            }
            Analysis.Outcome bounded = Analysis.run(program, spec, analysis);
            if (bounded.verdict() == Analysis.Verdict.UNKNOWN) {
                rounds.add(
                        new Round(
                                List.copyOf(locks),
                                promotions,
                                "unknown: " + bounded.unknownReason(),
                                System.currentTimeMillis() - start));
                return new Result(
                        Status.NOT_REPAIRED,
                        promotions,
                        edited,
                        null,
                        rounds,
                        witnesses,
                        "the bounded analysis of "
                                + describe(locks, promotions)
                                + " answered unknown: "
                                + bounded.unknownReason(),
                        List.copyOf(locks));
            }
            if (bounded.verdict() == Analysis.Verdict.FOUND) {
                rounds.add(
                        new Round(
                                List.copyOf(locks),
                                promotions,
                                bounded.anomalies().size()
                                        + " anomal"
                                        + (bounded.anomalies().size() == 1 ? "y" : "ies")
                                        + " up to k="
                                        + analysis.bound(),
                                System.currentTimeMillis() - start));
                progress.accept(
                        describe(locks, promotions)
                                + ": "
                                + rounds.get(rounds.size() - 1).answer());
                Result stuck =
                        addWitnesses(
                                bounded.anomalies(),
                                program,
                                toHit,
                                witnesses,
                                promotions,
                                edited,
                                rounds);
                if (stuck != null) return stuck;
                continue;
            }
            progress.accept(
                    describe(locks, promotions)
                            + ": no anomaly up to k="
                            + analysis.bound()
                            + "; proving");
            ProofOutcome proved = prove(program);
            rounds.add(
                    new Round(
                            List.copyOf(locks),
                            promotions,
                            "no anomaly up to k="
                                    + analysis.bound()
                                    + "; proof: "
                                    + proved.verdict(),
                            System.currentTimeMillis() - start));
            progress.accept(describe(locks, promotions) + ": proof " + proved.verdict());
            switch (proved.verdict()) {
                case PROVED -> {
                    return new Result(
                            promotions.isEmpty() && locks.isEmpty()
                                    ? Status.ALREADY_SERIALIZABLE
                                    : Status.REPAIRED,
                            promotions,
                            edited,
                            proved,
                            rounds,
                            witnesses,
                            proved.reason(),
                            List.copyOf(locks));
                }
                case ANOMALY -> {
                    Result stuck =
                            addWitnesses(
                                    List.of(proved.anomaly()),
                                    program,
                                    toHit,
                                    witnesses,
                                    promotions,
                                    edited,
                                    rounds);
                    if (stuck != null) return stuck;
                }
                default -> {
                    return new Result(
                            Status.NOT_REPAIRED,
                            promotions,
                            edited,
                            proved,
                            rounds,
                            witnesses,
                            "no anomaly up to k="
                                    + analysis.bound()
                                    + " with "
                                    + describe(locks, promotions)
                                    + ", but the proof is "
                                    + proved.verdict()
                                    + ": "
                                    + proved.reason(),
                            List.copyOf(locks));
                }
            }
        }
    }

    /**
     * Adds each witness's reader set; a witness no promotion can break ends the search (the
     * result), else null.
     */
    private Result addWitnesses(
            List<Witness> found,
            Program program,
            List<Set<String>> toHit,
            List<Witness> witnesses,
            List<Promotion> promotions,
            String edited,
            List<Round> rounds) {
        Set<String> promotable = new LinkedHashSet<>();
        for (Promotion p : promotable(program, edited)) promotable.add(p.statement());
        // at statement snapshots a FOR UPDATE on the SELECT that draws a counter key is a fact
        // about every statement that sees such a key (CounterKey#drawingSelects), not only about
        // the promoted SELECT's own anti-dependencies: it may remove any witness
        Set<String> draws = new LinkedHashSet<>();
        if (spec.hasStatementSnapshots()) {
            for (String d : isocheck.encoding.CounterKey.drawingSelects(program))
                if (promotable.contains(d)) draws.add(d);
        }
        for (Witness w : found) {
            witnesses.add(w);
            Set<String> readers = new LinkedHashSet<>(draws);
            for (Witness.Edge e : w.edges()) {
                if (e.kind() != DepKind.RW) continue;
                String key = e.fromStatement().txnType() + "." + e.fromStatement().id();
                if (promotable.contains(key)) readers.add(key);
            }
            if (readers.isEmpty()) {
                Set<String> lockedTypes = new LinkedHashSet<>();
                for (CounterLock l : locks) lockedTypes.add(l.type());
                Optional<CounterLock> lock =
                        locks.size() < maxChanges
                                ? CounterLock.forWitness(
                                        ProgramLoader.parse(file, text), text, w, lockedTypes)
                                : Optional.empty();
                if (lock.isPresent()) {
                    pendingLock = lock.get();
                    return null;
                }
                return new Result(
                        Status.NOT_REPAIRED,
                        promotions,
                        edited,
                        null,
                        rounds,
                        witnesses,
                        "the "
                                + w.anomaly()
                                + " ("
                                + signature(w)
                                + ")"
                                + (promotions.isEmpty()
                                        ? ""
                                        : " (with " + describe(locks, promotions) + ")")
                                + " has no anti-dependency read by a SELECT that can still be promoted (its rw edges are read by"
                                + " UPDATE, DELETE, aggregate, join, LIMIT or SKIP LOCKED statements, or by locking reads already)",
                        List.copyOf(locks));
            }
            toHit.add(readers);
        }
        return null;
    }

    /**
     * The SELECTs of a program a promotion can help: no locking clause yet, no aggregate
     * (PostgreSQL rejects FOR UPDATE with one), no join, no LIMIT or SKIP LOCKED (for those the
     * encoding does not know which rows are read as locked; docs/postgresql-levels.md §5). The
     * strength is FOR UPDATE where the transaction type also writes the table (a read-modify-write:
     * a share lock would have to be upgraded, and two upgraders deadlock), FOR SHARE otherwise. A
     * {@code MIN}/{@code MAX} of a key column gets the rewrite {@link #extremumRewrite} instead.
     */
    static List<Promotion> promotable(Program program, String text) {
        ProgramModel model = new ProgramModel(program);
        List<Promotion> out = new ArrayList<>();
        for (var tf : model.transactions()) {
            Set<String> written = new LinkedHashSet<>();
            for (StatementFacts sf : tf.statements()) if (sf.isWrite()) written.add(sf.table());
            for (StatementFacts sf : tf.statements()) {
                if (!(sf.statement() instanceof Stmt.Select sel)) continue;
                if (sel.lock().locks() || sel.isJoin() || sel.mayOmitRows()) continue;
                if (sel.aggregate().isPresent()) {
                    extremumRewrite(program, text, tf.transaction().name(), sf.id(), sel)
                            .ifPresent(out::add);
                    continue;
                }
                RowLock.Strength strength =
                        written.contains(sel.table())
                                ? RowLock.Strength.UPDATE
                                : RowLock.Strength.SHARE;
                out.add(
                        new Promotion(
                                tf.transaction().name(), sf.id(), strength, sel.sql(), sel.pos()));
            }
        }
        return out;
    }

    private static final java.util.regex.Pattern EXTREMUM =
            java.util.regex.Pattern.compile(
                    "(?is)^SELECT\\s+(MIN|MAX)\\s*\\(\\s*(\\w+)\\s*\\)(\\s+INTO\\s.*)$");

    /**
     * The rewrite of {@code SELECT MIN(k) INTO v FROM t WHERE w} (MAX: {@code DESC}), k a primary-
     * key column of t, to {@code SELECT k INTO v FROM t WHERE w ORDER BY k LIMIT 1 FOR UPDATE}: the
     * textbook way to claim the oldest (newest) row, and BenchBase's TPC-C Delivery ({@code … ORDER
     * BY NO_O_ID ASC LIMIT 1 FOR UPDATE}). PostgreSQL rejects FOR UPDATE with an aggregate (SELECT
     * reference page, "The Locking Clause"), so no promotion of the aggregate exists.
     *
     * <p>Why the program's meaning is kept: v becomes a one-column row set; the language reads a
     * row set's only column where a scalar is expected ({@code :v}, {@code v IS NULL}), so every
     * use of v means what it meant: MIN is NULL exactly when no row matches, and the row set is
     * empty exactly then; otherwise both give the least (greatest) k of the matching rows, in any
     * serial execution (k is a key, so the first row of the order is that extremum; one row, no
     * duplicates). Concurrently at READ COMMITTED the locking form returns the least key among the
     * rows of its snapshot that still match after the lock wait (manual §13.2.1; the SELECT page's
     * caveat that rows may then come "out of order"), which is the point: two transactions cannot
     * both claim one row. The analysis checks the rewritten statement with the encoding it already
     * has for locking reads with LIMIT (the rows it returns are locked, {@code
     * AccessRules#locksReturned}; which rows it returns is left open, an over-approximation). Not
     * offered when the rewritten file does not parse (e.g. v used in arithmetic) or the column is
     * not a key.
     */
    static Optional<Promotion> extremumRewrite(
            Program program, String text, String type, String id, Stmt.Select sel) {
        var agg = sel.aggregate().get();
        if (!agg.isExtremum() || agg.distinct() || agg.column().isEmpty()) return Optional.empty();
        String column = agg.column().get();
        boolean key = program.schema().table(sel.table()).map(t -> t.isKey(column)).orElse(false);
        if (!key) return Optional.empty();
        String original;
        try {
            original = SourceEdits.statementText(text, sel.pos());
        } catch (IllegalStateException e) {
            return Optional.empty();
        }
        var m = EXTREMUM.matcher(original);
        if (!m.matches() || !m.group(2).equalsIgnoreCase(column)) return Optional.empty();
        boolean max = m.group(1).equalsIgnoreCase("MAX");
        String rewritten =
                "SELECT "
                        + m.group(2)
                        + m.group(3)
                        + " ORDER BY "
                        + m.group(2)
                        + (max ? " DESC" : "")
                        + " LIMIT 1 FOR UPDATE";
        Promotion p =
                new Promotion(
                        type,
                        id,
                        RowLock.Strength.UPDATE,
                        sel.sql(),
                        sel.pos(),
                        Optional.of(rewritten));
        try {
            Program edited =
                    ProgramLoader.parse(program.file(), SourceEdits.apply(text, List.of(p)));
            // the statement ids must not move (witnesses name statements by them)
            if (new ProgramModel(edited)
                    .transactions().stream()
                            .filter(t -> t.transaction().name().equals(type))
                            .flatMap(t -> t.statements().stream())
                            .noneMatch(
                                    f ->
                                            f.id().equals(id)
                                                    && f.statement() instanceof Stmt.Select s2
                                                    && s2.limit().isPresent()))
                return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(p);
    }

    /**
     * The first set (by size, then in candidate order) that meets every set of {@code toHit}; null
     * past {@code maxChanges}.
     */
    List<String> minimumHittingSet(List<Set<String>> toHit, List<String> order) {
        int budget = maxChanges - locks.size();
        for (int size = 0; size <= Math.min(budget, order.size()); size++) {
            List<String> found = choose(toHit, order, size, 0, new ArrayList<>());
            if (found != null) return found;
        }
        return null;
    }

    private static List<String> choose(
            List<Set<String>> toHit, List<String> order, int size, int from, List<String> chosen) {
        if (chosen.size() == size) {
            for (Set<String> s : toHit) if (s.stream().noneMatch(chosen::contains)) return null;
            return List.copyOf(chosen);
        }
        for (int i = from; i < order.size(); i++) {
            chosen.add(order.get(i));
            List<String> found = choose(toHit, order, size, i + 1, chosen);
            chosen.remove(chosen.size() - 1);
            if (found != null) return found;
        }
        return null;
    }

    /** The witness's edges by statement, {@code A.S1 -rw(t.f)-> B.S2; …}. */
    public static String signature(Witness w) {
        return w.signature().strip().replaceAll(";$", "");
    }

    static String describe(List<CounterLock> locks, List<Promotion> promotions) {
        if (promotions.isEmpty() && locks.isEmpty()) return "the program as written";
        List<String> parts = new ArrayList<>();
        for (CounterLock l : locks) parts.add(l.describe());
        for (Promotion p : promotions) parts.add(p.statement() + p.change());
        return String.join(", ", parts);
    }
}
