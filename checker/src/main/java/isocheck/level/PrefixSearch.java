package isocheck.level;

import isocheck.anomaly.Witness;
import isocheck.history.History;
import isocheck.primitive.IntList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Biswas–Enea's checkSER (Algorithm 2, OOPSLA 2019, §4.1) over session prefixes, iteratively, with
 * the set of prefixes known not to extend memoised as per-session counters (docs/DESIGN.md §5:
 * sets, not orders). Operational form: per key the last placed writer and the number of unplaced
 * readers of its version; t may be placed when its session predecessor and writers are placed, it
 * reads the latest versions, and for every key it writes no other unplaced transaction still has to
 * read the current version (valid extension with wr_x, not wr: docs/DESIGN.md §5).
 *
 * <p>PC and SI run on the read/write split h_{R|W} on the fly (§4.5–4.6): each session is the
 * sequence R_1 W_1 R_2 W_2 …; for SI an R half may be placed only when no transaction writing a
 * common key has its R half placed and its W half not (the "active" keys of the artifact;
 * equivalent to the auxiliary variables of h^c_{R|W}). Strict SER adds real time without edges: t
 * may be placed only if every unplaced transaction commits no earlier than t starts (per-session
 * suffix minima of commit stamps, O(k) per test). Not for PSI (not a prefix property).
 *
 * <p>Cost O(∏(n_s + 1) · n · k) for sessions of lengths n_s: polynomial for a bounded number of
 * sessions (Cor. 4.3), whatever the number of writers per key.
 */
final class PrefixSearch {
    private final TxnModel m;
    private final Level level;
    private final long deadline;
    private final Views views;
    private final boolean split;
    private final boolean si;
    private final boolean rt;
    private final int k;
    private final int[] len; // items per session
    private final int[] cnt;
    private final int[] last;
    private final int[] pending;
    private final int[] active;
    private final boolean[] wPlaced;
    private long[][] sufMinCommit;
    private long states;

    PrefixSearch(TxnModel m, Level level, long deadline, Views views) {
        this.m = m;
        this.level = level;
        this.deadline = deadline;
        this.views = views;
        this.split = level.traits().split();
        this.si = level.traits().conflict();
        this.rt = level.traits().realTime();
        if (!level.traits().prefixVisibility()) {
            throw new IllegalArgumentException("PSI is not a prefix property");
        }
        k = m.sessions;
        len = new int[k];
        for (int s = 0; s < k; s++) {
            len[s] = m.sess[s].length * (split ? 2 : 1);
        }
        cnt = new int[k];
        last = new int[m.keyCount];
        pending = new int[m.keyCount];
        active = new int[m.keyCount];
        wPlaced = new boolean[m.n];
        Arrays.fill(last, -1);
        if (m.init >= 0) {
            wPlaced[m.init] = true;
            for (int i = m.wStart[m.init]; i < m.wStart[m.init + 1]; i++) {
                last[m.slotKey[i]] = m.init;
                pending[m.slotKey[i]] = m.srStart[i + 1] - m.srStart[i];
            }
        }
        if (rt) {
            sufMinCommit = new long[k][];
            for (int s = 0; s < k; s++) {
                int[] ts = m.sess[s];
                long[] suf = new long[ts.length + 1];
                suf[ts.length] = Long.MAX_VALUE;
                for (int i = ts.length - 1; i >= 0; i--) {
                    long c = m.hasTimes(ts[i]) ? m.h.commitTime(ts[i]) : Long.MAX_VALUE;
                    suf[i] = Math.min(c, suf[i + 1]);
                }
                sufMinCommit[s] = suf;
            }
        }
    }

    private int item(int s) {
        return m.sess[s][split ? cnt[s] >> 1 : cnt[s]];
    }

    private boolean isReadHalf(int s) {
        return split && (cnt[s] & 1) == 0;
    }

    private boolean canPlace(int s) {
        if (cnt[s] == len[s]) {
            return false;
        }
        int t = item(s);
        boolean readPart = !split || isReadHalf(s);
        boolean writePart = !split || !isReadHalf(s);
        if (readPart) {
            for (int i = m.rdStart[t]; i < m.rdStart[t + 1]; i++) {
                int w = m.rdWriter[i];
                if (!wPlaced[w] || last[m.rdKey[i]] != w) {
                    return false;
                }
            }
            if (si) {
                for (int i = m.wStart[t]; i < m.wStart[t + 1]; i++) {
                    if (active[m.slotKey[i]] > 0) {
                        return false;
                    }
                }
            }
        }
        if (writePart) {
            for (int i = m.wStart[t]; i < m.wStart[t + 1]; i++) {
                int x = m.slotKey[i];
                int p = pending[x];
                if (p == 0) {
                    continue;
                }
                if (!split && p == 1 && readsFromLast(t, x)) {
                    continue;
                }
                return false;
            }
        }
        if (rt && m.hasTimes(t)) {
            long start = m.h.startTime(t);
            for (int s2 = 0; s2 < k; s2++) {
                int from = s2 == s ? cnt[s2] + 1 : cnt[s2];
                if (sufMinCommit[s2][Math.min(from, m.sess[s2].length)] < start) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean readsFromLast(int t, int x) {
        for (int i = m.rdStart[t]; i < m.rdStart[t + 1]; i++) {
            if (m.rdKey[i] == x) {
                return m.rdWriter[i] == last[x];
            }
        }
        return false;
    }

    /** Places the next item of session s, logging (key, last, pending) triples for undo. */
    private void place(int s, IntList undo) {
        int t = item(s);
        boolean readPart = !split || isReadHalf(s);
        boolean writePart = !split || !isReadHalf(s);
        if (readPart) {
            for (int i = m.rdStart[t]; i < m.rdStart[t + 1]; i++) {
                int x = m.rdKey[i];
                log(undo, x);
                pending[x]--;
            }
            if (si) {
                for (int i = m.wStart[t]; i < m.wStart[t + 1]; i++) {
                    log(undo, m.slotKey[i]);
                    active[m.slotKey[i]]++;
                }
            }
        }
        if (writePart) {
            for (int i = m.wStart[t]; i < m.wStart[t + 1]; i++) {
                int x = m.slotKey[i];
                log(undo, x);
                last[x] = t;
                pending[x] = m.srStart[i + 1] - m.srStart[i];
                if (si) {
                    active[x]--;
                }
            }
            wPlaced[t] = true;
        }
        cnt[s]++;
    }

    private void log(IntList undo, int x) {
        undo.add(x);
        undo.add(last[x]);
        undo.add(pending[x]);
        undo.add(active[x]);
    }

    private void unplace(int s, IntList undo, int mark) {
        cnt[s]--;
        int t = item(s);
        if (!split || !isReadHalf(s)) {
            wPlaced[t] = false;
        }
        while (undo.size() > mark) {
            int a = undo.removeLast();
            int p = undo.removeLast();
            int l = undo.removeLast();
            int x = undo.removeLast();
            last[x] = l;
            pending[x] = p;
            active[x] = a;
        }
    }

    private record Prefix(int[] c) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Prefix p && Arrays.equals(c, p.c);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(c);
        }
    }

    /** Gives up (returns null) after this many states; Long.MAX_VALUE for never. */
    long budget = Long.MAX_VALUE;

    Verdict run(List<String> notes) {
        int total = 0;
        for (int s = 0; s < k; s++) {
            total += len[s];
        }
        Set<Prefix> failed = new HashSet<>();
        int[] tryFrom = new int[total + 1];
        int[] chosen = new int[total + 1];
        int[] mark = new int[total + 1];
        IntList undo = new IntList();
        int depth = 0;
        boolean entering = true;
        long maxDepth = 0;
        while (true) {
            if (depth == total) {
                notes.add(
                        "prefix search: "
                                + states
                                + " states, "
                                + failed.size()
                                + " memoised failures");
                return new Verdict.Consistent(level, order(chosen, total), notes);
            }
            if (entering) {
                entering = false;
                tryFrom[depth] = 0;
                states++;
                if (states > budget) {
                    notes.add(
                            "prefix search: gave up after "
                                    + budget
                                    + " states (deepest prefix "
                                    + maxDepth
                                    + " of "
                                    + total
                                    + " steps)");
                    return null;
                }
                if ((states & 1023) == 0
                        && deadline != Long.MAX_VALUE
                        && System.nanoTime() > deadline) {
                    return new Verdict.Unknown(
                            level,
                            "time limit reached during the prefix search: "
                                    + states
                                    + " prefixes explored, "
                                    + failed.size()
                                    + " memoised failures, deepest prefix "
                                    + maxDepth
                                    + " of "
                                    + total
                                    + " steps",
                            notes);
                }
                if (depth > 0 && failed.contains(new Prefix(cnt))) {
                    depth--;
                    unplace(chosen[depth], undo, mark[depth]);
                    continue;
                }
                maxDepth = Math.max(maxDepth, depth);
            }
            int s = tryFrom[depth];
            while (s < k && !canPlace(s)) {
                s++;
            }
            if (s < k) {
                tryFrom[depth] = s + 1;
                chosen[depth] = s;
                mark[depth] = undo.size();
                place(s, undo);
                depth++;
                entering = true;
                continue;
            }
            failed.add(new Prefix(cnt.clone()));
            if (depth == 0) {
                notes.add(
                        "prefix search: "
                                + states
                                + " states, "
                                + failed.size()
                                + " memoised failures; no prefix extends to the whole history");
                return violation(notes);
            }
            depth--;
            unplace(chosen[depth], undo, mark[depth]);
        }
    }

    private int[] order(int[] chosen, int total) {
        Arrays.fill(cnt, 0);
        IntList co = new IntList(m.liveCount);
        if (m.init >= 0) {
            co.add(m.init);
        }
        for (int d = 0; d < total; d++) {
            int s = chosen[d];
            int t = item(s);
            if (!split || !isReadHalf(s)) {
                co.add(t);
            }
            cnt[s]++;
        }
        return co.toArray();
    }

    /** The search proves there is no order; the polygraph explains it with a cycle. */
    private Verdict violation(List<String> notes) {
        Polygraph g = new Polygraph(m, level, deadline);
        g.buildKnown();
        Polygraph.Outcome o = g.solve(true);
        History h = m.h;
        if (o == Polygraph.Outcome.VIOLATED) {
            Polygraph.Cycle c = g.violation != null ? g.violation : g.lastConflict();
            String other =
                    g.violation != null && g.otherOrder != null
                            ? "either order: the other one closes " + g.brief(g.otherOrder)
                            : g.prevConflict() != null
                                    ? "every order closes a cycle; the other order here closes "
                                            + g.brief(g.prevConflict())
                                    : null;
            notes.add("witness from the polygraph");
            List<Witness> ws = List.of(g.witness(c, views, other));
            return new Verdict.Violated(level, ws, notes);
        }
        if (o == Polygraph.Outcome.CONSISTENT) {
            throw new IllegalStateException(
                    "internal error: the prefix search and the polygraph disagree on "
                            + level
                            + " ("
                            + h.txnCount()
                            + " transactions)");
        }
        Polygraph.Cycle c = g.lastConflict();
        if (c == null) {
            return new Verdict.Unknown(
                    level,
                    "the prefix search found no commit order, and the time limit was reached"
                            + " while looking for a witness cycle ("
                            + g.remained
                            + ")",
                    notes);
        }
        List<Witness> ws = new ArrayList<>();
        ws.add(
                g.witness(
                        c,
                        views,
                        "the exhaustive prefix search found no commit order; this cycle is one of the"
                                + " conflicts met"));
        return new Verdict.Violated(level, ws, notes);
    }
}
