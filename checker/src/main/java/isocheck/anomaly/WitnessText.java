package isocheck.anomaly;

import java.util.List;

/** Plain-text rendering of witnesses: a headline, the transactions, then one line per edge. */
final class WitnessText {
    private WitnessText() {}

    static String render(Witness w) {
        StringBuilder sb = new StringBuilder();
        sb.append(w.name());
        String tags = tags(w);
        if (!tags.isEmpty()) {
            sb.append(" (").append(tags).append(')');
        }
        sb.append(": ").append(headline(w)).append('\n');
        for (TxnView t : w.transactions()) {
            sb.append("  ").append(t.describe()).append(": ").append(t.opsText()).append('\n');
        }
        if (w instanceof CycleWitness c) {
            for (WitnessEdge e : c.edges()) {
                sb.append("  ")
                        .append(e.from())
                        .append(" -")
                        .append(e.kind().label())
                        .append("-> ")
                        .append(e.to())
                        .append(": ")
                        .append(explain(e))
                        .append('\n');
            }
        }
        return sb.toString();
    }

    private static String tags(Witness w) {
        StringBuilder sb = new StringBuilder();
        if (w.adya() != null) {
            sb.append("Adya ").append(w.adya());
        }
        if (w instanceof CycleWitness c) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append("Coo ").append(c.coo());
        }
        if (w instanceof ReadWitness r) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append("Plume ").append(r.kind().tap());
        }
        return sb.toString();
    }

    static String headline(Witness w) {
        if (w instanceof CycleWitness c) {
            StringBuilder sb = new StringBuilder("cycle ");
            List<WitnessEdge> edges = c.edges();
            for (WitnessEdge e : edges) {
                sb.append(e.from()).append(" -> ");
            }
            sb.append(edges.get(0).from());
            return sb.toString();
        }
        ReadWitness r = (ReadWitness) w;
        String reader = r.read().txn().label();
        String read = r.read().toString();
        return switch (r.kind()) {
            case THIN_AIR_READ -> reader + " reads " + read + ", a value no transaction writes";
            case ABORTED_READ ->
                    reader
                            + " reads "
                            + read
                            + " written by "
                            + r.write().txn().label()
                            + ", which aborted";
            case FUTURE_READ ->
                    reader + " reads " + read + " before it writes " + r.write() + " itself";
            case NOT_MY_OWN_WRITE ->
                    reader
                            + " reads "
                            + read
                            + " from "
                            + r.write().txn().label()
                            + " after writing "
                            + r.other()
                            + " itself";
            case NOT_MY_LAST_WRITE ->
                    reader
                            + " reads "
                            + read
                            + ", its own write, after overwriting it with "
                            + r.other();
            case INTERMEDIATE_READ ->
                    reader
                            + " reads "
                            + read
                            + " from "
                            + r.write().txn().label()
                            + ", which overwrites it with "
                            + r.other();
            case NON_REPEATABLE_READ ->
                    reader
                            + " reads "
                            + r.read().op().key()
                            + " from "
                            + r.otherWrite().txn().label()
                            + " ("
                            + r.other()
                            + ") and then from "
                            + r.write().txn().label()
                            + " ("
                            + read
                            + ")";
        };
    }

    static String explain(WitnessEdge e) {
        java.util.Optional<String> predicate = PredicateEdgeText.explain(e);
        if (predicate.isPresent()) {
            return predicate.get();
        }
        switch (e.kind()) {
            case SO:
                if ("init".equals(e.from())) {
                    return "the initial state precedes every transaction";
                }
                return e.from() + " precedes " + e.to() + " in their session";
            case WR:
                return e.to() + " reads " + e.read() + " from " + e.from();
            case WW:
                return e.from()
                        + "'s write of "
                        + e.key()
                        + " precedes "
                        + e.to()
                        + "'s"
                        + (e.note() == null ? "" : " [" + e.note() + "]");
            case RW:
                return e.from()
                        + " reads "
                        + e.read()
                        + ", a version of "
                        + e.key()
                        + " that "
                        + e.to()
                        + " overwrites"
                        + (e.note() == null ? "" : " [" + e.note() + "]");
            case RT:
                return e.from()
                        + " commits before "
                        + e.to()
                        + " starts"
                        + (e.note() == null ? "" : " (" + e.note() + ")");
            default:
                Justification j = e.justification();
                String head =
                        j.reader()
                                + " reads "
                                + j.key()
                                + " from "
                                + e.to()
                                + " ("
                                + j.readX()
                                + ")";
                String body =
                        switch (j.pattern()) {
                            case NON_MONOTONIC ->
                                    " after reading from "
                                            + e.from()
                                            + " ("
                                            + j.readY()
                                            + "), which also writes "
                                            + j.key();
                            case FRACTURED_WR ->
                                    " and also reads from "
                                            + e.from()
                                            + " ("
                                            + j.readY()
                                            + "), which writes "
                                            + j.key()
                                            + " too";
                            case FRACTURED_SO ->
                                    ", but "
                                            + e.from()
                                            + ", which also writes "
                                            + j.key()
                                            + ", precedes "
                                            + j.reader()
                                            + " in its session";
                            case CAUSAL ->
                                    ", but "
                                            + e.from()
                                            + ", which also writes "
                                            + j.key()
                                            + ", happens before "
                                            + j.reader()
                                            + path(j.hbPath());
                        };
                return head + body + " [" + j.pattern().id() + "]";
        }
    }

    private static String path(List<String> hb) {
        return hb.isEmpty() ? "" : " (" + String.join(" -> ", hb) + ")";
    }
}
