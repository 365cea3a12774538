package isocheck.explore;

import isocheck.program.StatementFacts;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The dependency graph of an execution (paper Def. 3), per record and field, over instances 0..k-1
 * with {@code rank} their ar positions: WR from the instance a read read from; WW between writers
 * in ar order; RW from a read to a writer after the version it read (the initial state precedes
 * every instance), reads of one's own writes excepted. Like the encoder ({@code
 * AccessRules.valueChanges}), an Alive anti-dependency needs a write that changes what the reader
 * saw (a DELETE of a record in its result, an INSERT of a row its WHERE matches that it saw
 * absent).
 *
 * <p>Two DELETEs of one record are WW-ordered for the spec ({@link #ww}: they write the same field,
 * so SI's and PSI's "no concurrent writers" orders them, as PostgreSQL does by failing the second
 * of two concurrent DELETEs at REPEATABLE READ, manual §13.2.2, and as the encoder's
 * writer-visibility rules do), but that edge is no edge of the dependency graph ({@link #dep}):
 * both write the same value, so their order changes no state and no read ({@code
 * AccessRules.valueChanges}).
 *
 * <p>Each relation is a bit mask over pairs (bit {@code a * 8 + b} for the edge a → b), so at most
 * {@link #MAX} instances: the explorer copies and extends a graph per execution and prefix.
 */
final class Dependencies {
    /** The most instances a graph holds (8 × 8 pairs in a long). */
    static final int MAX = 8;

    long wr;

    /** WW as the spec's relation: every pair of writers of one field, in ar order. */
    long ww;

    /** The WW edges of the dependency graph: {@link #ww} less pairs that only delete one record. */
    long wwEdge;

    long rw;

    /** The edge a → b's bit in a relation's mask. */
    static long bit(int a, int b) {
        return 1L << (a * MAX + b);
    }

    /** An empty graph over k instances (the prefix of none). */
    Dependencies(int k) {
        if (k > MAX) throw new IllegalArgumentException("at most " + MAX + " instances: " + k);
    }

    /**
     * Makes this graph the prefix's, to which {@link #add} adds the edges of one more instance: an
     * edge between two prefix instances depends only on their events and ar, so it stays.
     */
    void setTo(Dependencies prefix) {
        wr = prefix.wr;
        ww = prefix.ww;
        wwEdge = prefix.wwEdge;
        rw = prefix.rw;
    }

    boolean wr(int a, int b) {
        return (wr & bit(a, b)) != 0;
    }

    boolean ww(int a, int b) {
        return (ww & bit(a, b)) != 0;
    }

    boolean wwEdge(int a, int b) {
        return (wwEdge & bit(a, b)) != 0;
    }

    boolean rw(int a, int b) {
        return (rw & bit(a, b)) != 0;
    }

    /**
     * The edges between instance u (events {@code us}) and instance p (events {@code ps}), u ≠ p,
     * both ways, as the bits {@link #add} takes (2i: relation i from u to p, 2i + 1: from p to u;
     * relations WR, WW, WW edges, RW): they depend only on the two instances' events and ar, so the
     * explorer computes them once per pair of runs. {@code uCells}, {@code pCells}: per event, a
     * number for its record and field ({@link SearchMemo#cells}), equal when those are.
     */
    static int pairEdges(
            List<Event> us,
            int[] uCells,
            int u,
            List<Event> ps,
            int[] pCells,
            int p,
            int k,
            int[] rank) {
        Dependencies d = new Dependencies(k);
        for (Event r : ps)
            if (!r.write() && r.readFrom() == u && u != r.txn()) d.wr |= bit(u, r.txn());
        for (Event r : us)
            if (!r.write() && r.readFrom() == p && p != r.txn()) d.wr |= bit(p, r.txn());
        d.writePairs(ps, pCells, us, uCells, rank);
        d.writePairs(us, uCells, ps, pCells, rank);
        d.antiPairs(ps, pCells, us, uCells, rank);
        d.antiPairs(us, uCells, ps, pCells, rank);
        long[] relations = {d.wr, d.ww, d.wwEdge, d.rw};
        int bits = 0;
        for (int i = 0; i < 4; i++) {
            if ((relations[i] & bit(u, p)) != 0) bits |= 1 << (2 * i);
            if ((relations[i] & bit(p, u)) != 0) bits |= 1 << (2 * i + 1);
        }
        return bits;
    }

    /** Adds the edges {@link #pairEdges} found between u and p. */
    void add(int u, int p, int bits) {
        long forward = bit(u, p), backward = bit(p, u);
        if ((bits & 1) != 0) wr |= forward;
        if ((bits & 2) != 0) wr |= backward;
        if ((bits & 4) != 0) ww |= forward;
        if ((bits & 8) != 0) ww |= backward;
        if ((bits & 16) != 0) wwEdge |= forward;
        if ((bits & 32) != 0) wwEdge |= backward;
        if ((bits & 64) != 0) rw |= forward;
        if ((bits & 128) != 0) rw |= backward;
    }

    /** WW for the writes a in {@code as} and b in {@code bs} (cells: see {@link #pairEdges}). */
    private void writePairs(
            List<Event> as, int[] aCells, List<Event> bs, int[] bCells, int[] rank) {
        for (int i = 0; i < as.size(); i++) {
            Event a = as.get(i);
            if (!a.write()) continue;
            for (int j = 0; j < bs.size(); j++) {
                if (aCells[i] != bCells[j]) continue; // not the same record and field
                Event b = bs.get(j);
                if (!b.write() || a.txn() == b.txn() || rank[a.txn()] >= rank[b.txn()]) continue;
                ww |= bit(a.txn(), b.txn());
                if (a.field().equals(StatementFacts.ALIVE)
                        && a.statementKind().equals("DELETE")
                        && b.statementKind().equals("DELETE")) continue;
                wwEdge |= bit(a.txn(), b.txn());
            }
        }
    }

    /**
     * RW for the reads r in {@code rs} and writes b in {@code bs}, all of one instance (the row an
     * INSERT writes is among them); cells: see {@link #pairEdges}.
     */
    private void antiPairs(List<Event> rs, int[] rCells, List<Event> bs, int[] bCells, int[] rank) {
        for (int i = 0; i < rs.size(); i++) {
            Event r = rs.get(i);
            if (r.write() || r.readFrom() == r.txn()) continue;
            for (int j = 0; j < bs.size(); j++) {
                if (rCells[i] != bCells[j]) continue; // not the same record and field
                Event b = bs.get(j);
                if (!b.write() || b.txn() == r.txn() || b.txn() == r.readFrom()) continue;
                if (r.readFrom() >= 0 && rank[r.readFrom()] >= rank[b.txn()]) continue;
                if (r.field().equals(StatementFacts.ALIVE) && !aliveChanges(r, b, bs)) continue;
                rw |= bit(r.txn(), b.txn());
            }
        }
    }

    /**
     * Whether {@code write} changes what {@code read} saw of {@code @alive}; {@code events} holds
     * (at least) every event of the writer's instance.
     */
    private static boolean aliveChanges(Event read, Event write, List<Event> events) {
        if (Objects.equals(read.value(), write.value())) return false;
        if (write.statementKind().equals("DELETE"))
            return !read.statementKind().equals("SELECT") || read.inResult();
        if (write.statementKind().equals("INSERT") && read.where() != null) {
            Map<String, Object> row = new java.util.HashMap<>();
            for (Event e : events) {
                if (e.write() && e.txn() == write.txn() && e.record().equals(write.record()))
                    row.put(e.field(), e.value());
            }
            return read.where().test(row);
        }
        return true;
    }

    boolean dep(int a, int b) {
        return a != b && ((wr | wwEdge | rw) & bit(a, b)) != 0;
    }

    /**
     * The length of a shortest dependency cycle among instances 0..k-1, 0 if there is none: the
     * shortest closed walk, which is always a simple cycle. Breadth-first from each instance a over
     * the edges as bit masks: the first round whose frontier has an edge back to a.
     */
    int shortestCycle(int k) {
        long edges = wr | wwEdge | rw;
        int[] out = new int[k];
        for (int a = 0; a < k; a++)
            out[a] = (int) ((edges >>> (a * MAX)) & ((1 << k) - 1)) & ~(1 << a);
        int best = 0;
        for (int a = 0; a < k; a++) {
            int seen = 0;
            int frontier = 1 << a;
            for (int len = 1; len <= k && (best == 0 || len < best); len++) {
                int next = 0;
                for (int f = frontier; f != 0; f &= f - 1)
                    next |= out[Integer.numberOfTrailingZeros(f)];
                if ((next & (1 << a)) != 0) {
                    best = len;
                    break;
                }
                next &= ~seen;
                if (next == 0) break;
                seen |= next;
                frontier = next;
            }
        }
        return best;
    }
}
