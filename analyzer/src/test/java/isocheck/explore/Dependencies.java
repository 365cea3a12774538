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
 */
final class Dependencies {
    final boolean[][] wr;

    /** WW as the spec's relation: every pair of writers of one field, in ar order. */
    final boolean[][] ww;

    /** The WW edges of the dependency graph: {@link #ww} less pairs that only delete one record. */
    final boolean[][] wwEdge;

    final boolean[][] rw;

    Dependencies(int k, List<Event> events, int[] rank) {
        wr = new boolean[k][k];
        ww = new boolean[k][k];
        wwEdge = new boolean[k][k];
        rw = new boolean[k][k];
        for (Event r : events) {
            if (r.write()) continue;
            if (r.readFrom() >= 0 && r.readFrom() != r.txn()) wr[r.readFrom()][r.txn()] = true;
        }
        for (Event a : events) {
            if (!a.write()) continue;
            for (Event b : events) {
                if (!b.write() || a.txn() == b.txn() || rank[a.txn()] >= rank[b.txn()]) continue;
                if (!a.record().equals(b.record()) || !a.field().equals(b.field())) continue;
                ww[a.txn()][b.txn()] = true;
                if (a.field().equals(StatementFacts.ALIVE)
                        && a.statementKind().equals("DELETE")
                        && b.statementKind().equals("DELETE")) continue;
                wwEdge[a.txn()][b.txn()] = true;
            }
        }
        for (Event r : events) {
            if (r.write() || r.readFrom() == r.txn()) continue;
            for (Event b : events) {
                if (!b.write() || b.txn() == r.txn() || b.txn() == r.readFrom()) continue;
                if (!r.record().equals(b.record()) || !r.field().equals(b.field())) continue;
                if (r.readFrom() >= 0 && rank[r.readFrom()] >= rank[b.txn()]) continue;
                if (r.field().equals(StatementFacts.ALIVE) && !aliveChanges(r, b, events)) continue;
                rw[r.txn()][b.txn()] = true;
            }
        }
    }

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
        return a != b && (wr[a][b] || wwEdge[a][b] || rw[a][b]);
    }

    /**
     * The length of a shortest dependency cycle among instances 0..k-1, 0 if there is none: the
     * shortest closed walk (Floyd–Warshall from the edges), which is always a simple cycle.
     */
    int shortestCycle(int k) {
        final int none = Integer.MAX_VALUE / 2;
        int[][] d = new int[k][k];
        for (int a = 0; a < k; a++) for (int b = 0; b < k; b++) d[a][b] = dep(a, b) ? 1 : none;
        for (int m = 0; m < k; m++) {
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++)
                    if (d[a][m] + d[m][b] < d[a][b]) d[a][b] = d[a][m] + d[m][b];
            }
        }
        int best = none;
        for (int a = 0; a < k; a++) best = Math.min(best, d[a][a]);
        return best == none ? 0 : best;
    }
}
