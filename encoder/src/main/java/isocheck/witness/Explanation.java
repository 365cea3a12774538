package isocheck.witness;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An explanation in the style of Elle's: "Let … Then … a contradiction". Each dependency edge says
 * which transaction must come first in any serial order; following the cycle, the first transaction
 * must come before itself.
 */
public final class Explanation {
    private Explanation() {}

    public static List<String> of(Witness w) {
        List<String> out = new ArrayList<>();
        out.add(
                "Let "
                        + w.txns().stream()
                                .map(t -> t.id() + " = " + call(t))
                                .collect(Collectors.joining(", "))
                        + ".");
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < w.txns().size(); i++) {
            for (int j = 0; j < w.txns().size(); j++) {
                if (i == j) continue;
                if (w.visible(i, j))
                    seen.add(w.txns().get(j).id() + " sees " + w.txns().get(i).id());
            }
        }
        String order =
                w.arOrder().stream()
                        .map(i -> w.txns().get(i).id())
                        .collect(Collectors.joining(" < "));
        out.add(
                "Arbitration order "
                        + order
                        + "; "
                        + (seen.isEmpty()
                                ? "no transaction sees another"
                                : String.join(", ", seen)
                                        + ", and no other transaction sees another")
                        + ".");
        for (Witness.Edge e : w.edges()) {
            String a = w.txns().get(e.from()).id();
            String b = w.txns().get(e.to()).id();
            String item = e.item();
            String s1 = e.fromStatement().id() + " at " + e.fromStatement().pos().fileLine();
            String s2 = e.toStatement().id() + " at " + e.toStatement().pos().fileLine();
            String why =
                    switch (e.kind()) {
                        case WR ->
                                a
                                        + " writes "
                                        + item
                                        + " ("
                                        + s1
                                        + ") and "
                                        + b
                                        + " reads that version ("
                                        + s2
                                        + ")";
                        case WW ->
                                a
                                        + " writes "
                                        + item
                                        + " ("
                                        + s1
                                        + ") and "
                                        + b
                                        + " overwrites it later ("
                                        + s2
                                        + ")";
                        case RW ->
                                a
                                        + " reads "
                                        + item
                                        + " ("
                                        + s1
                                        + ") without seeing "
                                        + b
                                        + "'s write of it ("
                                        + s2
                                        + ")";
                    };
            out.add(
                    "Then "
                            + why
                            + ": "
                            + a
                            + " -"
                            + e.kind().lower()
                            + "-> "
                            + b
                            + ", so "
                            + a
                            + " must precede "
                            + b
                            + " in any serial order.");
        }
        String first = w.txns().get(0).id();
        out.add(
                "So "
                        + first
                        + " must precede itself, a contradiction: no serial order explains this execution ("
                        + w.anomaly()
                        + ").");
        return out;
    }

    static String call(Witness.Txn t) {
        return t.type()
                + "("
                + t.parameters().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", "))
                + ")";
    }
}
