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
        if (graph.order(false) == null) { // a cycle: build the full graph only now, to explain it
            witnesses.addAll(graph.cycles(false, max, views));
            return new Verdict.Violated(level, witnesses);
        }
        saturation.saturate(idx, graph);
        if (graph.order(true) == null) {
            witnesses.addAll(graph.cycles(true, max, views));
        }
        return witnesses.isEmpty()
                ? new Verdict.Consistent(level)
                : new Verdict.Violated(level, witnesses);
    }
}
