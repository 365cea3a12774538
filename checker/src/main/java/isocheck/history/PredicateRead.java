package isocheck.history;

import java.util.List;

/**
 * A predicate read (Adya, Liskov &amp; O'Neil, "Generalized Isolation Level Definitions", ICDE
 * 2000: predicate-based reads and their version sets): transaction {@code txn} evaluated {@code
 * predicate} over the rows of {@code table} and observed one version of every row (its version set,
 * Vset(P)).
 *
 * <p>Adya's edges depend only on the versions that <em>change the matches</em> of the predicate (a
 * version that matches while its predecessor in the version order does not, or the reverse; an
 * insert of a matching row, a delete of a matching row, an update moving a row into or out of the
 * match), and on where in each row's version order the observed version lies. So each row is given
 * as the ordered list of its match-changing versions ({@code changes}, in version order) and {@code
 * observed}, how many of them are at or before the version the predicate saw:
 *
 * <ul>
 *   <li>{@code changes[0 .. observed-1]}: the reader <em>predicate-read-depends</em> on their
 *       writers (their effect is part of what it saw);
 *   <li>{@code changes[observed ..]}: the reader is <em>predicate-anti-depended</em> on by their
 *       writers (each overwrites a version the predicate observed with one that changes its
 *       result).
 * </ul>
 *
 * Rows no version of which changes the matches contribute no edges and are left out, as are updates
 * that keep a row's match (not a predicate anti-dependency in Adya's definition). The recorder
 * knows each row's real version order and the database's own evaluation of the predicate, so the
 * history carries the outcome instead of the predicate's fields: {@code predicate} is the evaluable
 * text, kept for witnesses.
 *
 * @param txn the reading transaction (the builder's number before {@link HistoryBuilder#build}, the
 *     history's after)
 * @param position how many of the transaction's operations precede the predicate read
 * @param table the table the predicate ranges over
 * @param predicate the WHERE clause as evaluated, with parameters bound (e.g. {@code shift_id = 5
 *     AND on_call = 1})
 */
public record PredicateRead(int txn, int position, String table, String predicate, List<Row> rows) {
    public PredicateRead {
        rows = List.copyOf(rows);
    }

    PredicateRead withTxn(int t) {
        return new PredicateRead(t, position, table, predicate, rows);
    }

    /**
     * One row: its match-changing versions in version order and how many of them the read observed:
     * {@code observed}, or, when the recorder could not tell which version the statement saw (a row
     * another transaction changed while the statement ran, where the database does not say which
     * version it evaluated), some number in {@code observed .. observedMax}. Only the edges every
     * such number gives are taken: the reader depends on {@code changes[0 .. observed-1]} and is
     * anti-depended on by {@code changes[observedMax ..]}; the changes in between give no edge, and
     * a history with such a row is never found consistent, only violated or unknown ({@link
     * History#uncertainPredicateRows}).
     */
    public record Row(String row, int observed, int observedMax, List<Change> changes) {
        public Row {
            changes = List.copyOf(changes);
            if (observed < 0 || observedMax < observed || observedMax > changes.size()) {
                throw new IllegalArgumentException(
                        "observed "
                                + observed
                                + (observedMax == observed ? "" : ".." + observedMax)
                                + " is not in 0.."
                                + changes.size());
            }
        }

        /** A row whose observed version is known. */
        public Row(String row, int observed, List<Change> changes) {
            this(row, observed, observed, changes);
        }

        /** Whether the observed version is known only within a range. */
        public boolean uncertain() {
            return observedMax != observed;
        }
    }

    /**
     * A version that changes the predicate's matches: installed by the transaction that wrote
     * {@code (key, value)} (any write of the statement that installed it, e.g. the row's
     * {@code @alive} for an insert or delete, an assigned field for an update).
     */
    public record Change(String key, long value, Effect effect) {}

    /** How a version changes the matches. */
    public enum Effect {
        /** An insert of a row that matches. */
        INSERTED("inserted"),
        /** A delete of a row that matched. */
        DELETED("deleted"),
        /** An update after which the row matches, and before which it did not. */
        ENTERED("entered"),
        /** An update after which the row no longer matches. */
        LEFT("left");

        private final String word;

        Effect(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        public static Effect of(String word) {
            for (Effect e : values()) {
                if (e.word.equals(word)) {
                    return e;
                }
            }
            return null;
        }
    }
}
