package isocheck.level;

import isocheck.history.History;
import isocheck.primitive.IntList;

/**
 * The version order a history records ({@link History#replaced}): per write recorded as installed
 * directly over another transaction's version, the ww edge from that transaction to the writer.
 * Adya's definitions take the version order as part of the history; a checker otherwise searches
 * for one, which is only right when nothing else in the history fixes it. The predicate reads'
 * {@code changes} follow the database's real version order of each row, so a blind UPDATE whose
 * order is left to the search can be placed the other way round, where the predicate edges no
 * longer are Adya's (doctors on call at PostgreSQL READ COMMITTED, checker/FORMAT.md "Recorded
 * version order"). Every level takes these edges as known: RC, RA and CC in the commit graph (the
 * axioms' premises do not mention co, so a commit order exists iff so ∪ wr ∪ the inferred edges ∪
 * these is acyclic), the polygraph levels as known ww edges with rw from the readers of the
 * replaced version.
 *
 * <p>Edges between two committed transactions only: a write recorded over an aborted transaction's
 * version, or over its own transaction's earlier write, gives none (aborted versions are in no
 * version order; a transaction's own writes are ordered by program order).
 */
final class RecordedOrder {
    /** Edge e: from[e] → to[e] on key[e], the later write being op[e]. */
    final int[] from;

    final int[] to;
    final int[] key;
    final int[] op;

    private RecordedOrder(IntList from, IntList to, IntList key, IntList op) {
        this.from = from.toArray();
        this.to = to.toArray();
        this.key = key.toArray();
        this.op = op.toArray();
    }

    /** Why a recorded ww edge holds, for witnesses: the write and the version it replaced. */
    static String note(History h, int op, String replacedWriter) {
        return "recorded: "
                + h.opText(op)
                + " replaced "
                + replacedWriter
                + "'s version "
                + History.valueText(h.value(h.replaced(op)))
                + " (the database's version order)";
    }

    int size() {
        return from.length;
    }

    static final RecordedOrder NONE =
            new RecordedOrder(new IntList(), new IntList(), new IntList(), new IntList());

    static RecordedOrder of(History h) {
        if (!h.hasRecordedOrder()) {
            return NONE;
        }
        IntList from = new IntList();
        IntList to = new IntList();
        IntList key = new IntList();
        IntList op = new IntList();
        for (int t = 0; t < h.txnCount(); t++) {
            if (!h.isCommitted(t)) {
                continue;
            }
            for (int o = h.opStart(t); o < h.opEnd(t); o++) {
                int r = h.isWrite(o) ? h.replaced(o) : -1;
                if (r < 0 || (r >= h.opStart(t) && r < h.opEnd(t))) {
                    continue;
                }
                int a = h.txnOf(r);
                if (h.isCommitted(a) && !h.isInitial(a)) { // the initial state precedes all anyway
                    from.add(a);
                    to.add(t);
                    key.add(h.key(o));
                    op.add(o);
                }
            }
        }
        return new RecordedOrder(from, to, key, op);
    }
}
