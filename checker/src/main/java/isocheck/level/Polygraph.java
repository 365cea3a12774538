package isocheck.level;

import isocheck.anomaly.CycleWitness;
import isocheck.anomaly.TxnView;
import isocheck.anomaly.WitnessEdge;
import isocheck.vocabulary.CycleClassifier;
import isocheck.vocabulary.EdgeKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The polygraph of a history for one of PC, PSI, SI, SER, SSER (Cobra, PolySI): known edges, one
 * constraint per pair of transactions that write a common key (coalesced over keys), pruning by
 * reachability to a fixpoint, then a search with conflict-directed backjumping and learned nogoods
 * over what pruning leaves, component by component.
 *
 * <p><b>Levels as graph problems.</b> A history satisfies the level iff some version order ww (one
 * orientation per constraint) makes the graph below acyclic (for PSI: free of the cycles below):
 *
 * <ul>
 *   <li>SER: nodes = transactions; so, wr, ww, rw edges (Adya). SSER adds real time through a chain
 *       of 2n event nodes (t → commit(t) → … → start(u) → u, events sorted by time, starts before
 *       commits on ties), so u is reachable from t by real time iff commit(t) < start(u): O(n)
 *       edges, never the O(n²) rt relation.
 *   <li>PC: the read/write split of Biswas–Enea §4.2 (h_{R|W}, Thm 4.8): nodes R_t, W_t with R_t →
 *       W_t; so and wr as W → R, ww as W → W, rw as R → W. Equivalently ((so ∪ wr);rw? ∪ ww)
 *       acyclic.
 *   <li>SI: the split of §4.3 (h^c_{R|W}, Thm 4.10), where a conflict makes the later transaction
 *       observe the earlier one: ww as W → R. Equivalently (so ∪ wr ∪ ww);rw? acyclic
 *       (Cerone–Gotsman).
 *   <li>PSI: ((so ∪ wr ∪ ww)+ ; rw?) irreflexive (Cerone–Gotsman): no cycle of so/wr/ww edges and
 *       no rw edge r → b with b reaching r through so/wr/ww. (With vis = (so ∪ wr ∪ ww)+ this is
 *       the axiom of {@link Level#PSI}.)
 * </ul>
 *
 * Weaker levels' forced edges (the CC saturation t2 → t1) are version-order edges between writers
 * of a key, so they enter as ww edges — in the split graphs W_{t2} → W_{t1}/R_{t1} per
 * docs/DESIGN.md §5 (Biswas & Enea §4.2), never W_{t2} → R_{t1} for PC. Pruning derives all of them
 * (the other orientation closes a cycle with the rw edge of the read), so they are not added
 * separately.
 *
 * <p><b>Known edges.</b> so (immediate predecessors; the initial transaction before the first of
 * each session), wr, and ww from: the initial transaction to every writer; consecutive writers of a
 * key in one session; a writer that read the key from another transaction (read-modify-write, MTC
 * §IV-A). rw from the readers of a version to each known or chosen ww successor of its writer;
 * transitive ww/rw edges are implied by paths (MTC Theorems 1–2), so the immediate ones suffice.
 * For SER/SSER/SI/PSI, read-modify-writes chain each key's writers ({@link RmwChains}): constraints
 * order whole chains, and the chain from the initial transaction precedes the others (known edges).
 *
 * <p><b>Costs.</b> Each pruning pass answers its reachability queries from a {@link ReachSummary}
 * (O(1) each) when it fits in {@link #SUMMARY_LIMIT} ints, else by bounded graph searches; the
 * search keeps a topological order so that an edge agreeing with it needs no search.
 *
 * <p><b>Files by role</b> (layers, each extending the one before): {@link PolygraphGraph} (nodes,
 * edges, known edges), {@link PolygraphConstraints}, {@link PolygraphReachability} (paths, cycles,
 * topological order, SCCs), {@link PolygraphPruning}, {@link PolygraphSearch}; this class adds the
 * explanation data of a verdict (the witness's edges and notes, rendered by the witness writers).
 */
final class Polygraph extends PolygraphSearch {
    Polygraph(TxnModel m, Level level, long deadline) {
        super(m, level, deadline);
    }

    // ---------------------------------------------------------------- witnesses

    /** The witness of a cycle: transaction-level edges with kinds, keys and notes. */
    CycleWitness witness(Cycle c, Views views, String extraNote) {
        List<WitnessEdge> edges = new ArrayList<>();
        if (c.cand != null && c.candVar >= 0) {
            int p = src(c.candVar, c.candOrient);
            int q = dst(c.candVar, c.candOrient);
            String order =
                    m.h.txnLabel(p)
                            + " -ww("
                            + m.h.keys().name(c.cand[3])
                            + ")-> "
                            + m.h.txnLabel(q);
            String note =
                    c.cand[0] == WW
                            ? extraNote
                            : "supposing " + order + (extraNote == null ? "" : "; " + extraNote);
            if (c.cand[0] == WW && extraNote == null) {
                note = "supposing this order";
            }
            edges.add(
                    logicalEdge(
                            c.cand[0], c.cand[1], c.cand[2], c.cand[3], c.cand[4], note, views));
        }
        int rtFrom = -1;
        int auxRw = -1;
        int[] path = c.path;
        // a cycle closed by a candidate into an aux node continues with aux → writer
        for (int e : path) {
            int kind = eKind.get(e);
            int a = txnOfNode(eFrom.get(e));
            int b = txnOfNode(eTo.get(e));
            if (kind == RW && b < 0 && eTo.get(e) >= auxBase) {
                auxRw = e;
                continue;
            }
            if (kind == RW_AUX) {
                if (auxRw >= 0) {
                    int r = txnOfNode(eFrom.get(auxRw));
                    edges.add(
                            logicalEdge(
                                    RW,
                                    r,
                                    b,
                                    eKey.get(auxRw),
                                    eRef.get(auxRw),
                                    "init -ww("
                                            + m.h.keys().name(eKey.get(e))
                                            + ")-> "
                                            + views.label(b)
                                            + ": the initial state comes first",
                                    views));
                    auxRw = -1;
                }
                continue;
            }
            switch (kind) {
                case INTERNAL, CHAIN -> {}
                case RT_OUT -> rtFrom = a;
                case RT_IN -> {
                    edges.add(
                            new WitnessEdge(
                                    EdgeKind.RT,
                                    views.label(rtFrom),
                                    views.label(b),
                                    null,
                                    null,
                                    null,
                                    "commit "
                                            + m.h.commitTime(rtFrom)
                                            + " < start "
                                            + m.h.startTime(b)));
                    rtFrom = -1;
                }
                default -> {
                    String note = null;
                    int v = eVar.get(e);
                    if (kind == WW) {
                        note =
                                v >= 0
                                        ? varNote(v, assign[v] >= 0 ? assign[v] : 0, null)
                                        : knownNote(e, kind, views);
                    } else if (kind == RW) {
                        int ww = eAux.get(e);
                        if (ww < 0 && v < 0 && m.init >= 0 && eRef.get(e) >= 0) {
                            int read = eRef.get(e);
                            int wop = m.h.writeOf(m.h.key(read), m.h.value(read));
                            if (wop >= 0 && m.h.txnOf(wop) == m.init) {
                                note =
                                        "init -ww("
                                                + m.h.keys().name(eKey.get(e))
                                                + ")-> "
                                                + views.label(b)
                                                + ": the initial state comes first";
                            }
                        }
                        if (ww >= 0) {
                            int wa = txnOfNode(eFrom.get(ww));
                            String why =
                                    v >= 0
                                            ? varNote(v, assign[v] >= 0 ? assign[v] : 0, null)
                                            : knownNote(ww, WW, views);
                            note =
                                    m.h.txnLabel(wa)
                                            + " -ww("
                                            + m.h.keys().name(eKey.get(e))
                                            + ")-> "
                                            + views.label(b)
                                            + (why == null ? "" : ": " + why);
                        }
                    }
                    edges.add(logicalEdge(kind, a, b, eKey.get(e), eRef.get(e), note, views));
                }
            }
        }
        // merge consecutive so edges
        List<WitnessEdge> merged = new ArrayList<>();
        for (WitnessEdge e : edges) {
            WitnessEdge last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && last.kind() == EdgeKind.SO && e.kind() == EdgeKind.SO) {
                merged.set(
                        merged.size() - 1,
                        new WitnessEdge(EdgeKind.SO, last.from(), e.to(), null, null));
            } else {
                merged.add(e);
            }
        }
        if (merged.size() > 1
                && merged.get(0).kind() == EdgeKind.SO
                && merged.get(merged.size() - 1).kind() == EdgeKind.SO) {
            WitnessEdge last = merged.remove(merged.size() - 1);
            merged.set(
                    0, new WitnessEdge(EdgeKind.SO, last.from(), merged.get(0).to(), null, null));
        }
        // start at a ww edge if there is one (reads naturally: "T1 overwrites …"), else at the edge
        // leaving the transaction that comes first in the history: the text does not depend on the
        // order in which the search met the cycle
        int start = -1;
        for (int i = 0; i < merged.size(); i++) {
            if (merged.get(i).kind() == EdgeKind.WW) {
                start = i;
                break;
            }
        }
        if (start < 0) {
            start = 0;
            for (int i = 1; i < merged.size(); i++) {
                if (txnIndex(merged.get(i).from()) < txnIndex(merged.get(start).from())) {
                    start = i;
                }
            }
        }
        List<WitnessEdge> rot = new ArrayList<>();
        for (int i = 0; i < merged.size(); i++) {
            rot.add(merged.get((start + i) % merged.size()));
        }
        Set<TxnView> txns = new LinkedHashSet<>();
        for (WitnessEdge e : rot) {
            txns.add(byLabel(views, e.from()));
        }
        return new CycleWitness(
                CycleClassifier.commonName(rot),
                CycleClassifier.adya(rot),
                rot,
                new ArrayList<>(txns));
    }

    int txnIndex(String label) {
        for (int t = 0; t < n; t++) {
            if (m.h.txnLabel(t).equals(label)) {
                return t;
            }
        }
        return Integer.MAX_VALUE;
    }

    TxnView byLabel(Views views, String label) {
        for (int t = 0; t < n; t++) {
            if (m.h.txnLabel(t).equals(label)) {
                return views.txn(t);
            }
        }
        throw new IllegalStateException(label);
    }

    WitnessEdge logicalEdge(int kind, int a, int b, int key, int ref, String note, Views views) {
        String k = key >= 0 ? m.h.keys().name(key) : null;
        return switch (kind) {
            case SO -> new WitnessEdge(EdgeKind.SO, views.label(a), views.label(b), null, null);
            case WR ->
                    new WitnessEdge(
                            EdgeKind.WR,
                            views.label(a),
                            views.label(b),
                            views.op(ref),
                            null,
                            k,
                            null);
            case WW ->
                    new WitnessEdge(
                            EdgeKind.WW, views.label(a), views.label(b), null, null, k, note);
            case RW ->
                    new WitnessEdge(
                            EdgeKind.RW,
                            views.label(a),
                            views.label(b),
                            views.op(ref),
                            null,
                            k,
                            note);
            default -> throw new IllegalStateException("kind " + kind);
        };
    }

    String knownNote(int e, int kind, Views views) {
        if (kind == RW) {
            return null;
        }
        int ref = eRef.get(e);
        int a = txnOfNode(eFrom.get(e));
        int b = txnOfNode(eTo.get(e));
        if (ref == WW_INIT) {
            return "the initial state comes first";
        }
        if (ref == WW_FIRST) {
            return "read-modify-writes of "
                    + m.h.keys().name(eKey.get(e))
                    + " chain "
                    + views.label(a)
                    + " to the initial state, so it precedes every other writer of it";
        }
        if (ref == WW_REACH) {
            return views.label(a)
                    + " precedes "
                    + views.label(b)
                    + ": the other order closes a cycle with the known edges";
        }
        if (ref == WW_RECORDED) {
            return "recorded: "
                    + views.label(b)
                    + "'s write of "
                    + m.h.keys().name(eKey.get(e))
                    + " replaced "
                    + views.label(a)
                    + "'s version (the database's version order)";
        }
        if (ref == WW_SESSION) {
            return views.label(a) + " precedes " + views.label(b) + " in their session";
        }
        if (ref >= 0) {
            return views.label(b)
                    + " reads "
                    + views.op(ref)
                    + " from "
                    + views.label(a)
                    + " before overwriting it";
        }
        return null;
    }

    /**
     * Why variable v has orientation o: forced by pruning (the other order closes a cycle), or
     * chosen.
     */
    String varNote(int v, int o, String extra) {
        int p = src(v, 1 - o);
        int q = dst(v, 1 - o);
        if (rootForced[v] && whyPath(v) != null) {
            return "forced: "
                    + m.h.txnLabel(p)
                    + " before "
                    + m.h.txnLabel(q)
                    + " would close the cycle "
                    + brief(v, whyOrient[v], whyCand[v], whyPath[v]);
        }
        return extra != null ? extra : "chosen by the search";
    }

    /** "T1 -ww-> T2 -rw-> T1" for a cycle: candidate edge of (v, o) then a path. */
    String brief(int v, int o, int candIdx, int[] path) {
        StringBuilder sb = new StringBuilder();
        int[][] ind = induced(v, o);
        int[] cand = ind[Math.min(candIdx, ind.length - 1)];
        sb.append(m.h.txnLabel(cand[1]))
                .append(" -")
                .append(name(cand[0]))
                .append("-> ")
                .append(m.h.txnLabel(cand[2]));
        steps(path, sb);
        return sb.toString();
    }

    String brief(Cycle c) {
        if (c.cand != null) {
            int idx = candIndex(c.candVar, c.candOrient, c.cand);
            return brief(c.candVar, c.candOrient, idx, c.path);
        }
        StringBuilder body = new StringBuilder();
        steps(c.path, body);
        String text = body.toString();
        int last = text.lastIndexOf("-> ");
        return (last < 0 ? "" : text.substring(last + 3)) + text;
    }
}
