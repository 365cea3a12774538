package isocheck.history;

import isocheck.primitive.IntList;
import isocheck.primitive.LongList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Replaces the predicate reads of a {@link HistoryBuilder} by item operations on keys of their own
 * ({@link PredicateKey}; see {@link HistoryBuilder#predicateRead}): reads go where the predicate
 * read was, the changers' writes (and the initial transaction's version of every anti-dependency
 * key) at the end of their transactions. Every level's checker then runs unchanged on the item
 * operations.
 */
final class PredicateExpansion {
    private PredicateExpansion() {}

    /**
     * The builder's operation columns (transaction, key << 1 | write, value, source line or null),
     * rewritten in place.
     */
    record Ops(IntList txn, IntList keyKind, LongList value, IntList line) {}

    /** No predicate reads: only checks that no key uses the reserved names. */
    static boolean[] none(Ops ops, KeyTable keys) {
        for (int k = 0; k < keys.size(); k++) {
            checkNotReserved(ops, keys, k);
        }
        return new boolean[keys.size()];
    }

    static boolean[] expand(
            Ops ops,
            KeyTable keys,
            List<PredicateRead> predicateReads,
            IntList predicateAt,
            IntList predicateLine,
            int init,
            IntFunction<String> txnLabelOf) {
        IntList opTxn = ops.txn();
        IntList opKeyKind = ops.keyKind();
        LongList opValue = ops.value();
        IntList opLine = ops.line();
        int userKeys = keys.size();
        for (int k = 0; k < userKeys; k++) {
            checkNotReserved(ops, keys, k);
        }
        Map<Long, Map<Long, Integer>> writerByKey = new HashMap<>();
        for (int i = 0; i < opTxn.size(); i++) {
            int kk = opKeyKind.get(i);
            if ((kk & 1) != 0) {
                writerByKey
                        .computeIfAbsent((long) (kk >>> 1), k -> new HashMap<>())
                        .put(opValue.get(i), opTxn.get(i));
            }
        }
        // Synthetic reads, by the global index they go before; synthetic writes go last.
        List<long[]> inserts =
                new ArrayList<>(); // {at, txn, key, value, write, read number, 0 anti / 1
        // dependency}
        for (int n = 0; n < predicateReads.size(); n++) {
            PredicateRead pr = predicateReads.get(n);
            int at = predicateAt.get(n);
            for (PredicateRead.Row row : pr.rows()) {
                for (int j = 0; j < row.changes().size(); j++) {
                    PredicateRead.Change c = row.changes().get(j);
                    int wkey = keys.find(c.key());
                    Integer changer =
                            wkey < 0
                                    ? null
                                    : writerByKey
                                            .getOrDefault((long) wkey, Map.of())
                                            .get(c.value());
                    if (changer == null) {
                        throw new InvalidHistoryException(
                                "a predicate read of T"
                                        + txnLabelOf.apply(pr.txn())
                                        + " names the change w("
                                        + c.key()
                                        + ","
                                        + History.valueText(c.value())
                                        + "), which no transaction writes",
                                -1,
                                predicateLine.get(n));
                    }
                    if (j >= row.observed() && j < row.observedMax()) {
                        continue; // seen or missed, the recorder could not tell: no edge either way
                    }
                    if (changer == pr.txn() || changer == init) {
                        continue; // its own write, or the initial state: no edge (Adya's DSG has no
                        // self-loops)
                    }
                    int k =
                            keys.intern(
                                    new PredicateKey(
                                                    n,
                                                    j + 1,
                                                    row.row(),
                                                    c.effect(),
                                                    pr.table(),
                                                    pr.predicate())
                                            .name());
                    boolean seen = j < row.observed();
                    // The reads of one predicate read are one operation: anti-dependency reads (of
                    // the
                    // initial version) first, then dependency reads, so that none of them is "an
                    // earlier read" for another under RC's axiom (its instances among them are
                    // vacuous).
                    inserts.add(
                            new long[] {at, pr.txn(), k, seen ? c.value() : 0, 0, n, seen ? 1 : 0});
                    inserts.add(new long[] {Long.MAX_VALUE, changer, k, c.value(), 1, 0, 0});
                    if (!seen) {
                        inserts.add(new long[] {Long.MAX_VALUE, init, k, 0, 1, 0, 0});
                    }
                }
            }
        }
        // by position, then predicate read, then kind; stable otherwise
        inserts.sort(
                (a, b) ->
                        a[0] != b[0]
                                ? Long.compare(a[0], b[0])
                                : a[5] != b[5]
                                        ? Long.compare(a[5], b[5])
                                        : Long.compare(a[6], b[6]));
        IntList nTxn = new IntList(opTxn.size() + inserts.size());
        IntList nKeyKind = new IntList(opTxn.size() + inserts.size());
        LongList nValue = new LongList(opTxn.size() + inserts.size());
        IntList nLine = opLine == null ? null : new IntList(opTxn.size() + inserts.size());
        int next = 0;
        for (int i = 0; i <= opTxn.size(); i++) {
            for (;
                    next < inserts.size() && (inserts.get(next)[0] == i || (i == opTxn.size()));
                    next++) {
                long[] ins = inserts.get(next);
                nTxn.add((int) ins[1]);
                nKeyKind.add((int) ins[2] << 1 | (int) ins[4]);
                nValue.add(ins[3]);
                if (nLine != null) {
                    nLine.add(-1);
                }
            }
            if (i == opTxn.size()) {
                break;
            }
            nTxn.add(opTxn.get(i));
            nKeyKind.add(opKeyKind.get(i));
            nValue.add(opValue.get(i));
            if (nLine != null) {
                nLine.add(opLine.get(i));
            }
        }
        opTxn.clear();
        opKeyKind.clear();
        opValue.clear();
        for (int i = 0; i < nTxn.size(); i++) {
            opTxn.add(nTxn.get(i));
            opKeyKind.add(nKeyKind.get(i));
            opValue.add(nValue.get(i));
        }
        if (opLine != null) {
            opLine.clear();
            for (int i = 0; i < nLine.size(); i++) {
                opLine.add(nLine.get(i));
            }
        }
        boolean[] synthetic = new boolean[keys.size()];
        for (int k = userKeys; k < synthetic.length; k++) {
            synthetic[k] = true;
        }
        return synthetic;
    }

    private static void checkNotReserved(Ops ops, KeyTable keys, int k) {
        if (!keys.isNumeric(k) && PredicateKey.isReserved(keys.name(k))) {
            int line = -1;
            for (int i = 0; i < ops.keyKind().size() && ops.line() != null; i++) {
                if (ops.keyKind().get(i) >>> 1 == k) {
                    line = ops.line().get(i);
                    break;
                }
            }
            throw new InvalidHistoryException(
                    "key \""
                            + keys.name(k)
                            + "\" is reserved for predicate edges (names starting with pred#)",
                    -1,
                    line);
        }
    }
}
