package isocheck.catalogue;

import java.util.List;

/**
 * One cell of the catalogue: what {@code database} at {@code level} did with {@code anomaly}'s
 * schedule. {@code how} is the short reason (the checker's name of the anomaly, the kind of abort,
 * the lock wait), {@code evidence} the line of the run or of the checker's witness that shows it,
 * {@code violated} every checker level the recorded history violates (empty when it is
 * serializable, null when the schedule could not run at all).
 */
public record Cell(
        String database,
        String level,
        Anomaly anomaly,
        Outcome outcome,
        String how,
        String evidence,
        List<String> violated) {

    /** What happened to the anomaly. */
    public enum Outcome {
        /**
         * The history shows it: it violates the anomaly's level ({@link Anomaly#forbiddenBy()}).
         */
        ADMITTED("admits"),
        /**
         * The database aborted a transaction (serialization failure, deadlock, …) and the history
         * does not show it.
         */
        ABORTED("aborts"),
        /**
         * A step waited for a row lock: the schedule could not run as written (the waiter resumed
         * once the holder ended, or the lock timeout aborted it).
         */
        BLOCKED("blocks"),
        /**
         * Everything ran and committed as scheduled, and the reads did not see the anomaly (a
         * snapshot or committed read).
         */
        NOT_SEEN("prevents"),
        /**
         * No verdict (the checker gave up, or the run failed for a reason other than the database's
         * concurrency control).
         */
        UNDECIDED("?");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** The table's word for it. */
        public String label() {
            return label;
        }

        /** Whether the level kept the anomaly out (Hermitage's ✓). */
        public boolean prevents() {
            return this == ABORTED || this == BLOCKED || this == NOT_SEEN;
        }
    }

    /** The table's text of the cell: the outcome, with the abort kind for an abort. */
    public String shortText() {
        return outcome == Outcome.ABORTED ? "aborts (" + how + ")" : outcome.label();
    }
}
