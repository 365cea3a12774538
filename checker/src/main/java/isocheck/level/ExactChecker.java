package isocheck.level;

import isocheck.anomaly.Witness;
import isocheck.history.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Exact checker for PC, PSI, SI, SER and strict SER.
 *
 * <ol>
 *   <li>CC first (every one of these levels implies CC): read consistency, repeatable reads, so ∪
 *       wr acyclic, the CC saturation — a violation there is reported with its witness.
 *   <li>Mini-transaction fast path (MTC, Wei et al., §IV): if every transaction has 1–2 reads, at
 *       most 2 writes, each write preceded by a read of its key, and no two transactions read the
 *       same version and both overwrite it (divergence), the version order is determined by the
 *       reads and the known graph decides the level in linear time (strict SER: O(n log n), sorting
 *       the real-time events, instead of MTC's Θ(n²)).
 *   <li>Otherwise the {@link Polygraph}: known edges, one constraint per pair of writers of a key,
 *       pruning to a fixpoint, then a search with learned nogoods per communication-graph
 *       component; or, for few sessions, the Biswas–Enea search over session prefixes ({@link
 *       PrefixSearch}). The choice is in {@link #choose}. For PC and PSI, SI (which implies both)
 *       is tried first and its commit order kept if the level's validator accepts it (not for PSI
 *       when its known graph already closes an SI cycle: {@link SnapshotCycleOnKnown}).
 * </ol>
 *
 * A consistent verdict carries a commit order, checked by {@link CommitOrderValidator} before it is
 * returned; a violation carries a cycle witness; unknown only when the timeout expires.
 */
public final class ExactChecker implements LevelChecker {
    private final Level level;
    private final CheckOptions options;

    ExactChecker(Level level, CheckOptions options) {
        if (!level.exact()) {
            throw new IllegalArgumentException(level + " is decided by saturation");
        }
        this.level = level;
        this.options = options;
    }

    @Override
    public Level level() {
        return level;
    }

    @Override
    public Verdict check(History history) {
        long start = System.nanoTime();
        long deadline =
                options.timeout() == null ? Long.MAX_VALUE : start + options.timeout().toNanos();
        List<String> notes = new ArrayList<>();
        Verdict cc =
                level.traits().transitiveVisibility()
                        ? LevelChecker.of(Level.CC, new CheckOptions(options.maxWitnesses()))
                                .check(history)
                        : null;
        if (cc instanceof Verdict.Violated v) {
            notes.add("violates CC, which " + level + " implies: " + v.witnesses().get(0).name());
            return new Verdict.Violated(level, v.witnesses(), notes);
        }
        long ccDone = System.nanoTime();
        if (cc != null) {
            notes.add(
                    String.format(
                            "CC check (read consistency, causality): %.1f ms",
                            (ccDone - start) / 1e6));
        }
        TxnModel m = new TxnModel(history);
        return decide(history, m, start, ccDone, deadline, notes);
    }

    /**
     * SI implies PC (Biswas–Enea: SI = Prefix ∧ Conflict, so an SI commit order satisfies Prefix)
     * and PSI (README: SI ⇒ PSI). SI may use read-modify-write chains, PC never (it allows lost
     * updates), and PSI's cycles are costlier to search. So for PC and PSI, when the history is not
     * a mini-transaction history, SI (the level's {@code tryFirst} trait) is tried first with half
     * the remaining time; its commit order is kept only if the validator accepts it for the level
     * asked. Otherwise (SI violated, unknown, or the order refused) the level's own decision runs:
     * this is a shortcut to "consistent", never to "violated".
     */
    private Verdict viaSnapshotIsolation(
            History history, TxnModel m, long deadline, List<String> notes) {
        Level first = level.traits().tryFirst();
        long now = System.nanoTime();
        long siDeadline = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : now + (deadline - now) / 2;
        List<String> siNotes = new ArrayList<>();
        Verdict si =
                new ExactChecker(first, options).decide(history, m, now, now, siDeadline, siNotes);
        String took = String.format("%.1f ms", (System.nanoTime() - now) / 1e6);
        if (si instanceof Verdict.Consistent c) {
            Optional<String> bad = CommitOrderValidator.check(history, level, c.commitOrder());
            if (bad.isEmpty()) {
                notes.add(
                        "strategy: via "
                                + first
                                + ", which implies "
                                + level
                                + ": "
                                + first
                                + " holds ("
                                + took
                                + ") and its commit order is a "
                                + level
                                + " certificate");
                for (String n : siNotes) {
                    notes.add(first + ": " + n);
                }
                return new Verdict.Consistent(level, c.commitOrder(), notes);
            }
            notes.add(
                    first
                            + " holds but its commit order is no "
                            + level
                            + " certificate ("
                            + bad.get()
                            + "), "
                            + took);
        } else {
            notes.add(
                    "tried "
                            + first
                            + " first (it implies "
                            + level
                            + "): "
                            + (si instanceof Verdict.Violated ? "violated" : "unknown")
                            + ", "
                            + took
                            + "; deciding "
                            + level
                            + " itself");
        }
        return null;
    }

    /**
     * PSI: whether the known graph, read as SI's ({@link SnapshotCycleOnKnown}), already closes an
     * SI cycle; then SI's attempt, which would build its own known graph only to find that cycle,
     * is not made (the verdict is the same: SI's attempt is a shortcut to "consistent" only). The
     * graph must hold the known edges alone (no guessed version order).
     */
    private boolean firstFailsOnKnown(Polygraph known, List<String> notes) {
        if (known == null
                || level.traits().tryFirst() != Level.SI
                || !known.psi
                || known.split
                || known.rt
                || !known.chaining
                || known.guessMark >= 0) {
            return false;
        }
        long t0 = System.nanoTime();
        if (!SnapshotCycleOnKnown.closes(known)) {
            return false;
        }
        notes.add(
                String.format(
                        "SI (it implies %s) not tried first: the known edges, read as SI's graph,"
                                + " already close a cycle of (so ∪ wr ∪ ww);rw? (%.1f ms); deciding"
                                + " %s itself",
                        level, (System.nanoTime() - t0) / 1e6, level));
        return true;
    }

    private Verdict decide(
            History history,
            TxnModel m,
            long start,
            long ccDone,
            long deadline,
            List<String> notes) {
        notes.add(
                m.liveCount
                        + " committed transactions, "
                        + m.sessions
                        + " sessions, "
                        + m.keyCount
                        + " keys");
        if (level.traits().realTime() && !anyTimes(m)) {
            notes.add("no real-time stamps: strict SER reduces to SER");
        }
        String mtc = miniTransactions(m);
        CheckOptions.Strategy strategy = options.strategy();
        Verdict v;
        if (mtc == null && strategy == CheckOptions.Strategy.AUTO) {
            notes.add(
                    "strategy: mini-transaction fast path (MTC): the reads determine the version order");
            v = polygraph(m, deadline, false, notes);
        } else {
            if (mtc != null && !mtc.isEmpty()) {
                notes.add("not a mini-transaction history: " + mtc);
            }
            boolean prefix =
                    strategy == CheckOptions.Strategy.PREFIX_SEARCH
                            || (strategy == CheckOptions.Strategy.AUTO
                                    && choose(m) == CheckOptions.Strategy.PREFIX_SEARCH);
            if (prefix && !level.traits().prefixVisibility()) {
                prefix = false;
                notes.add(level + " is not a prefix property: the prefix search does not apply");
            }
            if (prefix && history.hasRecordedOrder()) {
                // the prefix search places writers by the reads only; the polygraph takes the
                // recorded version order as known edges (RecordedOrder)
                prefix = false;
                notes.add("a recorded version order: the prefix search does not apply");
            }
            v = null;
            Polygraph[] built = new Polygraph[1];
            if (strategy == CheckOptions.Strategy.AUTO) {
                v = knownOrGuessed(m, deadline, notes, built);
            }
            if (v == null
                    && strategy == CheckOptions.Strategy.AUTO
                    && level.traits().tryFirst() != null
                    && !firstFailsOnKnown(built[0], notes)) {
                v = viaSnapshotIsolation(history, m, deadline, notes);
            }
            if (v != null) {
                // decided by the known graph or the guessed version order
            } else if (prefix) {
                notes.add(
                        "strategy: Biswas–Enea search over session prefixes with memoised failures ("
                                + m.sessions
                                + " sessions)");
                PrefixSearch ps = new PrefixSearch(m, level, deadline, new Views(history));
                if (strategy == CheckOptions.Strategy.AUTO) {
                    ps.budget = PREFIX_BUDGET_BASE + PREFIX_BUDGET_PER_TXN * m.liveCount;
                }
                v = ps.run(notes);
                if (v == null) {
                    notes.add(
                            "strategy: polygraph, pruning, search with learned nogoods (after the prefix search)");
                    v = polygraph(m, deadline, true, notes, built[0]);
                }
            } else {
                notes.add("strategy: polygraph, pruning, search with learned nogoods");
                v = polygraph(m, deadline, true, notes, built[0]);
            }
        }
        return finish(history, v, start, ccDone, notes);
    }

    private Verdict finish(
            History history, Verdict v, long start, long ccDone, List<String> notes) {
        notes.add(
                String.format(
                        "time: %.1f ms (level-specific part %.1f ms)",
                        (System.nanoTime() - start) / 1e6, (System.nanoTime() - ccDone) / 1e6));
        if (v instanceof Verdict.Consistent c) {
            Optional<String> bad = CommitOrderValidator.check(history, level, c.commitOrder());
            if (bad.isPresent()) {
                throw new IllegalStateException(
                        "internal error: the " + level + " certificate is invalid: " + bad.get());
            }
            notes.add(
                    "certificate: a commit order of "
                            + c.commitOrder().length
                            + " transactions, checked by the linear-time validator");
            return new Verdict.Consistent(level, c.commitOrder(), notes);
        }
        if (v instanceof Verdict.Violated vio) {
            return new Verdict.Violated(level, vio.witnesses(), notes);
        }
        return new Verdict.Unknown(level, ((Verdict.Unknown) v).reason(), notes);
    }

    /**
     * Prefix search or polygraph, by measurement (serializable generated histories of 10^4
     * transactions without stamps, 5,000 uniform keys, 2–8 operations; {@code LevelsBench unstamped
     * 10000 S uniform 30 ser si} with {@code -Dstrategy=…}; 2 vCPU; benchmarks/RESULTS.md):
     *
     * <pre>
     *   sessions   SER prefix   SER polygraph   SI prefix   SI polygraph
     *   2          0.30 s       1.25 s          0.17 s      2.05 s
     *   3          0.33 s       1.83 s          0.33 s      3.19 s
     *   5          12.4 s       2.43 s          > 30 s      4.24 s
     *   20         > 30 s       3.52 s          > 30 s      5.69 s
     * </pre>
     *
     * The prefix search wins by 4–10× with up to 3 sessions (its state space is the product of the
     * session lengths, Cor. 4.3, and it builds no quadratic constraint set); from 5 sessions on,
     * blind writes lead it into dead ends whose number grows with the width, while the polygraph's
     * pruning decides almost every pair. So: the prefix search for at most 3 sessions, with a
     * budget of states after which the polygraph takes over (the search is exact either way). Both
     * run only when the known edges and the guessed version order (commit stamps) do not decide.
     */
    static CheckOptions.Strategy choose(TxnModel m) {
        return m.sessions <= PREFIX_SESSIONS
                ? CheckOptions.Strategy.PREFIX_SEARCH
                : CheckOptions.Strategy.POLYGRAPH;
    }

    static final int PREFIX_SESSIONS = 3;
    static final long PREFIX_BUDGET_BASE = 100_000;
    static final long PREFIX_BUDGET_PER_TXN = 300;

    /**
     * Before any search: the known edges alone may close a cycle (violated), or ordering every
     * key's writers by commit stamps (or by a topological order of the known graph) may leave the
     * graph acyclic (consistent; typical of histories from a correct database, and linear-time).
     * Null if neither decides.
     */
    /** {@code built[0]} receives the polygraph of known edges, for the search to reuse. */
    private Verdict knownOrGuessed(
            TxnModel m, long deadline, List<String> notes, Polygraph[] built) {
        Polygraph g = new Polygraph(m, level, deadline);
        g.buildKnown();
        built[0] = g;
        try {
            Polygraph.Cycle c = g.findCycle();
            if (c != null) {
                notes.add(
                        "strategy: known edges: so, wr and the version orders the reads force already close a cycle");
                return new Verdict.Violated(
                        level, List.of(g.witness(c, new Views(m.h), null)), notes);
            }
            boolean stamps = true;
            long[] rank = new long[m.n];
            for (int t = 0; t < m.n; t++) {
                if (m.live[t] && t != m.init) {
                    if (m.hasTimes(t)) {
                        rank[t] = m.h.commitTime(t);
                    } else {
                        stamps = false;
                    }
                }
            }
            if (!stamps) {
                int[] all =
                        g.topoAll(); // with rw edges: readers before the next writer, also for PSI
                int[] pos = all != null ? all : g.topo();
                for (int t = 0; t < m.n; t++) {
                    rank[t] = pos[g.w(t)];
                }
            }
            long g0 = System.nanoTime();
            // PSI: the guessed order's commit order without adding its edges (the validator
            // decides; on a cycle of H the edges are added after all, for the cycle's pairs)
            int[] guessed = g.psi && !g.split ? g.guessedPositions(rank) : null;
            boolean ok = guessed != null || g.guess(rank);
            int[] order = guessed != null ? g.commitOrder(guessed) : null;
            long g1 = System.nanoTime();
            if (ok && order == null) {
                order = g.commitOrder();
            }
            if (ok
                    && !level.traits().prefixVisibility()
                    && CommitOrderValidator.check(m.h, level, order).isPresent()) {
                g.undoGuess();
                ok = false;
            }
            if (ok) {
                notes.add(
                        "strategy: guessed version order (writers of each key ordered by "
                                + (stamps
                                        ? "commit stamps"
                                        : "a topological order of the known graph")
                                + "): the graph is acyclic, no constraint needed");
                return new Verdict.Consistent(level, order, notes);
            }
            notes.add(
                    "guessed version order ("
                            + (stamps ? "commit stamps" : "topological order")
                            + ") closes a cycle: searching"
                            + String.format(" (guess and its cycle: %.1f ms)", (g1 - g0) / 1e6));
            return null;
        } catch (Polygraph.TimeUp t) {
            String progress =
                    t.where.startsWith("guessing")
                            ? g.guessedKeys + " of " + m.keyCount + " keys ordered"
                            : "known graph of "
                                    + g.nodeCount
                                    + " nodes and "
                                    + g.edgeCount()
                                    + " edges";
            return new Verdict.Unknown(
                    level,
                    "time limit reached during "
                            + t.where
                            + " ("
                            + progress
                            + "; no search started; "
                            + m.liveCount
                            + " transactions undecided)",
                    notes);
        }
    }

    private Verdict polygraph(TxnModel m, long deadline, boolean useVars, List<String> notes) {
        return polygraph(m, deadline, useVars, notes, null);
    }

    private Verdict polygraph(
            TxnModel m, long deadline, boolean useVars, List<String> notes, Polygraph built) {
        Polygraph g = built;
        if (g == null) {
            g = new Polygraph(m, level, deadline);
            g.chaining &= options.strategy() != CheckOptions.Strategy.SEARCH_ONLY;
            g.buildKnown();
        }
        g.prune = options.strategy() != CheckOptions.Strategy.SEARCH_ONLY;
        notes.add(
                "known graph: "
                        + g.nodeCount
                        + " nodes, "
                        + g.edgeCount()
                        + " edges"
                        + (level.traits().split() ? " (read/write split)" : "")
                        + (level.traits().realTime() ? " (real time as an event chain)" : ""));
        Polygraph.Outcome o = g.solve(useVars);
        notes.addAll(g.notes);
        Views views = new Views(m.h);
        switch (o) {
            case CONSISTENT:
                return new Verdict.Consistent(level, g.commitOrder(), notes);
            case UNKNOWN:
                return new Verdict.Unknown(
                        level,
                        g.overBudget != null
                                ? g.overBudget
                                : "time limit reached during " + g.remained,
                        notes);
            default:
                Polygraph.Cycle c = g.violation != null ? g.violation : g.lastConflict();
                String other = null;
                if (g.violation != null && g.otherOrder != null) {
                    other = "either order: the other one closes " + g.brief(g.otherOrder);
                } else if (g.violation == null && g.prevConflict() != null) {
                    other =
                            "no order of the "
                                    + g.searchedVars
                                    + " open writer pairs avoids a cycle (search: "
                                    + g.decisions
                                    + " decisions); the other order here closes "
                                    + g.brief(g.prevConflict());
                    notes.add("violation found by the search: every branch closed a cycle");
                }
                List<Witness> ws = List.of(g.witness(c, views, other));
                return new Verdict.Violated(level, ws, notes);
        }
    }

    private static boolean anyTimes(TxnModel m) {
        for (int t = 0; t < m.n; t++) {
            if (m.live[t] && m.hasTimes(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Null if the history is a mini-transaction history without divergence (MTC, Wei et al., Defs.
     * 8–10), else why not ("" if nothing to say).
     */
    static String miniTransactions(TxnModel m) {
        History h = m.h;
        int[] readAt = new int[m.keyCount];
        java.util.Arrays.fill(readAt, -1);
        for (int t = 0; t < m.n; t++) {
            if (!m.live[t] || t == m.init) {
                continue;
            }
            int reads = 0;
            int writes = 0;
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                if (h.isWrite(op)) {
                    writes++;
                    if (readAt[h.key(op)] != t) {
                        return h.txnLabel(t)
                                + " writes "
                                + h.keys().name(h.key(op))
                                + " without reading it first";
                    }
                } else {
                    reads++;
                    readAt[h.key(op)] = t;
                }
            }
            if (reads < 1 || reads > 2 || writes > 2) {
                return h.txnLabel(t) + " has " + reads + " reads and " + writes + " writes";
            }
        }
        // divergence: a version read by two transactions that both overwrite it
        for (int slot = 0; slot < m.slotKey.length; slot++) {
            int x = m.slotKey[slot];
            int over = -1;
            for (int i = m.srStart[slot]; i < m.srStart[slot + 1]; i++) {
                int r = m.slotReaders[i];
                if (m.slotOf(r, x) >= 0) {
                    if (over >= 0) {
                        return "divergence: "
                                + h.txnLabel(over)
                                + " and "
                                + h.txnLabel(r)
                                + " both read "
                                + h.keys().name(x)
                                + " from "
                                + h.txnLabel(m.slotTxn[slot])
                                + " and overwrite it";
                    }
                    over = r;
                }
            }
        }
        return null;
    }
}
