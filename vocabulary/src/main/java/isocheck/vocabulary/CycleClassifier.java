package isocheck.vocabulary;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one classifier of dependency cycles, shared by the static witnesses (encoder) and every
 * checker: Adya's phenomenon, the common anomaly name, and Coo's class, all from the edge kinds and
 * keys of a cycle, so that a cycle has one name everywhere (a static witness and the checker's
 * witness of its {@code --history-out} history say the same; {@code WitnessHistoryTest} in
 * benchmarks checks it over the litmus programs and the acceptance rows).
 *
 * <ul>
 *   <li>Adya: only ww (and so) edges: G0; wr/ww/so/co edges and no rw: G1c; exactly one rw:
 *       G-single; two or more: G2-item (G2 when one of them is a predicate anti-dependency, {@link
 *       CycleEdge#predicate()}), except two rw edges between two transactions on one key (a lost
 *       update): both transactions write the key, so a ww edge joins them in one direction and,
 *       with the other rw edge, closes a cycle with one anti-dependency, G-single (Adya 1999,
 *       §4.4.2: a history shows G-single if its graph has such a cycle). A static lost update (rw +
 *       ww) and the checker's (which may report rw + rw) so get one Adya name. Real-time edges add
 *       the suffix "-realtime" (Adya's G-SIb-style extension used by Elle).
 *   <li>Common names: two transactions, ww + rw or rw + rw on one key: lost update; two
 *       transactions, two rw edges on different keys: write skew ("write skew (phantom)" when one
 *       is on a record's existence, {@link CycleEdge#EXISTENCE}: "insert if absent" run twice); ww
 *       + rw on different keys: read-write skew (Coo); one rw edge closed by session order: session
 *       guarantee violation (MTC); two transactions, wr + rw on different keys: read skew; two rw
 *       edges that are not adjacent, each after a wr: long fork; one rw edge after a path of two or
 *       more wr/so edges: causality violation; a cycle needing real time: real-time violation.
 * </ul>
 */
public final class CycleClassifier {
    private CycleClassifier() {}

    /** Adya's name for a cycle of these edges. */
    public static String adya(List<? extends CycleEdge> edges) {
        int rw = count(edges, EdgeKind.RW);
        boolean rt = count(edges, EdgeKind.RT) > 0;
        String base;
        if (rw == 0) {
            boolean onlyWw =
                    edges.stream()
                            .allMatch(
                                    e ->
                                            e.kind() == EdgeKind.WW
                                                    || e.kind() == EdgeKind.SO
                                                    || e.kind() == EdgeKind.CO
                                                    || e.kind() == EdgeKind.RT);
            boolean anyWw =
                    edges.stream()
                            .anyMatch(e -> e.kind() == EdgeKind.WW || e.kind() == EdgeKind.CO);
            base = onlyWw && anyWw ? "G0" : "G1c";
        } else if (rw == 1 || lostUpdateOfTwo(edges)) {
            base = "G-single";
        } else {
            // Adya's G2 when an anti-dependency is a predicate one (a phantom can close the cycle),
            // else G2-item.
            base =
                    edges.stream().anyMatch(e -> e.kind() == EdgeKind.RW && e.predicate())
                            ? "G2"
                            : "G2-item";
        }
        return rt ? base + "-realtime" : base;
    }

    /** The common name of a cycle of dependency edges (ww, wr, rw, so, rt). */
    public static String commonName(List<? extends CycleEdge> edges) {
        int n = edges.size();
        int rw = count(edges, EdgeKind.RW);
        int wr = count(edges, EdgeKind.WR);
        int ww = count(edges, EdgeKind.WW);
        Set<String> txns = new HashSet<>();
        for (CycleEdge e : edges) {
            txns.add(e.from());
        }
        if (count(edges, EdgeKind.RT) > 0) {
            return "real-time violation";
        }
        if (txns.size() == 2 && n == 2) {
            CycleEdge a = edges.get(0);
            CycleEdge b = edges.get(1);
            boolean sameKey = a.key() != null && a.key().equals(b.key());
            if (rw == 1 && ww == 1 && sameKey) {
                return "lost update";
            }
            if (rw == 2) {
                return sameKey
                        ? "lost update"
                        : phantom(edges) ? "write skew (phantom)" : "write skew";
            }
            if (rw == 1 && wr == 1 && !sameKey) {
                return "read skew";
            }
            if (rw == 1 && ww == 1 && !sameKey) {
                return "read-write skew";
            }
        }
        if (rw >= 2 && noAdjacentRw(edges) && everyRwAfterWr(edges)) {
            return rw == 2 ? "long fork" : "long fork (" + rw + " readers)";
        }
        if (rw == 1 && count(edges, EdgeKind.SO) == n - 1) {
            return "session guarantee violation";
        }
        if (rw == 1) {
            int i = indexOf(edges, EdgeKind.RW);
            int chain = 0;
            for (int j = 1; j < n; j++) {
                EdgeKind k = edges.get((i - j + n) % n).kind();
                if (k == EdgeKind.WR || k == EdgeKind.SO) {
                    chain++;
                } else {
                    break;
                }
            }
            if (chain >= 2 && chain == n - 1) {
                return "causality violation";
            }
            return ww > 0 ? "lost update (via " + n + " transactions)" : "read skew";
        }
        if (rw == 0) {
            return ww > 0 && wr == 0 ? "write cycle" : "causality cycle";
        }
        return "write skew (" + txns.size() + " transactions)";
    }

    /** Coo's class (RAT/WAT/IAT; SDA/DDA/MDA) of a cycle. */
    public static CooClass coo(List<? extends CycleEdge> edges) {
        boolean wr = edges.stream().anyMatch(e -> e.kind() == EdgeKind.WR);
        boolean ww =
                edges.stream().anyMatch(e -> e.kind() == EdgeKind.WW || e.kind() == EdgeKind.CO);
        String type = wr ? "RAT" : ww ? "WAT" : "IAT";
        Set<String> txns = new HashSet<>();
        Set<String> keys = new HashSet<>();
        for (CycleEdge e : edges) {
            txns.add(e.from());
            txns.add(e.to());
            if (e.key() != null && e.kind() != EdgeKind.SO && e.kind() != EdgeKind.RT) {
                keys.add(e.key());
            }
        }
        String size =
                txns.size() == 2 && keys.size() == 1
                        ? "SDA"
                        : txns.size() == 2 && keys.size() == 2 ? "DDA" : "MDA";
        return new CooClass(type, size);
    }

    /**
     * Two transactions, two rw edges, one key: both write it (each is the target of an rw edge on
     * it).
     */
    private static boolean lostUpdateOfTwo(List<? extends CycleEdge> edges) {
        return edges.size() == 2
                && count(edges, EdgeKind.RW) == 2
                && edges.get(0).key() != null
                && edges.get(0).key().equals(edges.get(1).key());
    }

    /**
     * Whether an anti-dependency of the cycle is on a record's existence (a predicate read
     * overwritten).
     */
    private static boolean phantom(List<? extends CycleEdge> edges) {
        for (CycleEdge e : edges) {
            if (e.kind() == EdgeKind.RW
                    && e.key() != null
                    && e.key().endsWith(CycleEdge.EXISTENCE)) {
                return true;
            }
        }
        return false;
    }

    private static int count(List<? extends CycleEdge> edges, EdgeKind k) {
        int c = 0;
        for (CycleEdge e : edges) {
            if (e.kind() == k) {
                c++;
            }
        }
        return c;
    }

    private static int indexOf(List<? extends CycleEdge> edges, EdgeKind k) {
        for (int i = 0; i < edges.size(); i++) {
            if (edges.get(i).kind() == k) {
                return i;
            }
        }
        return -1;
    }

    private static boolean noAdjacentRw(List<? extends CycleEdge> edges) {
        int n = edges.size();
        for (int i = 0; i < n; i++) {
            if (edges.get(i).kind() == EdgeKind.RW
                    && edges.get((i + 1) % n).kind() == EdgeKind.RW) {
                return false;
            }
        }
        return true;
    }

    private static boolean everyRwAfterWr(List<? extends CycleEdge> edges) {
        int n = edges.size();
        for (int i = 0; i < n; i++) {
            if (edges.get(i).kind() == EdgeKind.RW
                    && edges.get((i - 1 + n) % n).kind() != EdgeKind.WR) {
                return false;
            }
        }
        return true;
    }
}
