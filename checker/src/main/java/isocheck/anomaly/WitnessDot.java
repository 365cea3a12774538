package isocheck.anomaly;

/** Graphviz rendering: one box per transaction, edges labelled so / wr / co with their reason. */
final class WitnessDot {
    private WitnessDot() {}

    static String render(Witness w) {
        StringBuilder sb = new StringBuilder("digraph witness {\n");
        sb.append("  label=")
                .append(quote(w.name() + ": " + WitnessText.headline(w)))
                .append(";\n");
        sb.append("  node [shape=box, fontname=\"monospace\"];\n");
        for (TxnView t : w.transactions()) {
            sb.append("  ")
                    .append(quote(t.label()))
                    .append(" [label=")
                    .append(quote(t.describe() + "\n" + t.opsText()))
                    .append("];\n");
        }
        if (w instanceof CycleWitness c) {
            for (WitnessEdge e : c.edges()) {
                String style =
                        switch (e.kind()) {
                            case SO -> "color=black";
                            case WR -> "color=blue";
                            case CO -> "color=red, style=dashed";
                            case WW -> "color=darkgreen";
                            case RW -> "color=orange, style=dashed";
                            case RT -> "color=gray, style=dotted";
                        };
                sb.append("  ")
                        .append(quote(e.from()))
                        .append(" -> ")
                        .append(quote(e.to()))
                        .append(" [")
                        .append(style)
                        .append(", label=")
                        .append(quote(e.kind().label() + ": " + WitnessText.explain(e)))
                        .append("];\n");
            }
        } else {
            ReadWitness r = (ReadWitness) w;
            if (r.write() != null && r.write().txn() != r.read().txn()) {
                sb.append("  ")
                        .append(quote(r.write().txn().label()))
                        .append(" -> ")
                        .append(quote(r.read().txn().label()))
                        .append(" [color=red, label=")
                        .append(quote("wr: " + r.read()))
                        .append("];\n");
            }
        }
        return sb.append("}\n").toString();
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
