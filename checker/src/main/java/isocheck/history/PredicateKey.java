package isocheck.history;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The item key that stands for one predicate edge once a history is built ({@link HistoryBuilder}
 * reduces predicate reads to item reads, DESIGN "Predicate reads"). Its name says what it stands
 * for, so that witnesses can explain the edge without the history: {@code pred#3.1 doctors/1 left
 * {doctors: shift_id = 5 AND on_call = 1}}: the first change (index 1) of row {@code doctors/1} for
 * the fourth predicate read (number 3).
 */
public record PredicateKey(
        int read,
        int change,
        String row,
        PredicateRead.Effect effect,
        String table,
        String predicate) {
    private static final Pattern NAME =
            Pattern.compile(
                    "pred#(\\d+)\\.(\\d+) (.+?) (inserted|deleted|entered|left) \\{([^:]+): (.*)\\}");

    public String name() {
        return "pred#"
                + read
                + "."
                + change
                + " "
                + row
                + " "
                + effect.word()
                + " {"
                + table
                + ": "
                + predicate
                + "}";
    }

    /** The predicate edge a key name stands for, or empty for an ordinary key. */
    public static Optional<PredicateKey> parse(String name) {
        if (name == null || !name.startsWith("pred#")) {
            return Optional.empty();
        }
        Matcher m = NAME.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(
                new PredicateKey(
                        Integer.parseInt(m.group(1)),
                        Integer.parseInt(m.group(2)),
                        m.group(3),
                        PredicateRead.Effect.of(m.group(4)),
                        m.group(5),
                        m.group(6)));
    }

    /** Whether a key name is reserved for predicate edges. */
    public static boolean isReserved(String name) {
        return name != null && name.startsWith("pred#");
    }
}
