package isocheck.level;

import isocheck.anomaly.Witness;
import isocheck.history.History;
import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline shared by RC, RA and CC (AWDIT §3): read consistency (Algorithm 4), repeatable reads
 * for RA and CC (Algorithm 2), acyclicity of so ∪ wr (causality cycles violate every level), then
 * the level's saturation of co' and a cycle check (Lemma 3.2).
 */
final class CheckPipeline {
    /** A level's inference of forced commit-order edges (AWDIT Algorithms 1–3). */
    interface Saturation {
        void saturate(HistoryIndex idx, CommitGraph graph);
    }

    private CheckPipeline() {}

    static Verdict run(Level level, History history, CheckOptions options, Saturation saturation) {
        return run(level, history, options, saturation, true);
    }

    /**
     * {@code causalFirst}: whether the saturation needs so ∪ wr acyclic (CC walks its topological
     * order). RC's and RA's saturations only read each reader's (session's) own reads, so they run
     * first and so ∪ wr is searched for a cycle only when the saturated graph has one: a consistent
     * history then costs one depth-first search instead of two, and an inconsistent one gets the
     * same witnesses as before (so ∪ wr ⊆ co', so a cycle of so ∪ wr is a cycle of co'; and when so
     * ∪ wr has one, its cycles are reported, as when it was searched first).
     */
    static Verdict run(
            Level level,
            History history,
            CheckOptions options,
            Saturation saturation,
            boolean causalFirst) {
        int max = options.maxWitnesses();
        HistoryIndex idx = new HistoryIndex(history);
        Views views = new Views(idx);
        List<Witness> witnesses = new ArrayList<>(ReadConsistency.anomalies(idx, views, max));
        if (witnesses.isEmpty() && level.traits().repeatableReads()) {
            witnesses.addAll(ReadConsistency.repeatableReads(idx, views, max));
        }
        if (!witnesses.isEmpty()) {
            return new Verdict.Violated(level, witnesses);
        }
        CommitGraph graph = new CommitGraph(idx);
        if (causalFirst && graph.order(false) == null) { // a cycle: build the graph to explain it
            witnesses.addAll(graph.cycles(false, max, views));
            return new Verdict.Violated(level, witnesses);
        }
        saturation.saturate(idx, graph);
        if (graph.order(true) == null) {
            // (without causalFirst: a causality cycle, if so ∪ wr has one, is the one to report)
            boolean causal = !causalFirst && graph.order(false) == null;
            witnesses.addAll(graph.cycles(!causal, max, views));
        }
        return witnesses.isEmpty()
                ? new Verdict.Consistent(level)
                : new Verdict.Violated(level, witnesses);
    }
}
