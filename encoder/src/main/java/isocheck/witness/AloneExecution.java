package isocheck.witness;

/**
 * Whether the witness's values come from an execution of the cycle's transactions alone, on one
 * initial state ({@code query.ClosedWorldViews}, asked for {@code --schedule-out} at a database's
 * own level). The encoding is open-world (paper §3): a transaction outside the cycle may commit
 * between two of its statements, so a cycle may need values only such a commit gives. Two
 * AuctionMark NewBids whose {@code MAX(ib_id)} reads each miss the other's bid drew one key when
 * they ran alone, and the second INSERT failed on the primary key; a third NewBid committing
 * between the two reads gives them two keys (benchmarks/RESULTS.md stop 37). A schedule replays the
 * witness's transactions alone, so only a {@link #FOUND} or {@link #WITH_ONE_MORE} witness is
 * expected to violate SER on the server.
 */
public enum AloneExecution {
    /** Not asked: a paper spec, or no schedule wanted. */
    NOT_ASKED,
    /** The witness is such an execution: its schedule replays it. */
    FOUND,
    /**
     * The closed-world constraints, with the edge statements' guards on integer values, are
     * unsatisfiable with this cycle: no execution of its transactions alone, from a state of the
     * rows the model names with integer (not NULL) values, has it. Either a transaction outside the
     * cycle must commit between its statements, or the cycle is one the encoding admits and no
     * database run has (a sound over-approximation: two AuctionMark NewComments that lose an update
     * of i_num_comments draw one comment key unless another NewComment commits between them, and
     * that one draws it too). The witness is the best model found without them.
     */
    NONE,
    /**
     * As {@link #NONE} for the cycle's k transactions, but an execution of them and one more
     * transaction T(k+1), on no edge of the cycle, has it: T(k+1) commits between two of their
     * statements (SEATS: a DeleteReservation deletes the reservation another one's join found and a
     * NewReservation inserts it again before that one's DELETE looks). The witness is that
     * execution; its schedule replays all k + 1 (docs/postgresql-levels.md §5).
     */
    WITH_ONE_MORE,
    /**
     * The deciding solve ran out of its time limit; the witness is the best model found (without
     * the guards on integer values, or the query's own).
     */
    UNDECIDED;

    /**
     * What a reader of the witness, or of its schedule, must know when its values do not come from
     * an execution of its k transactions alone; null otherwise.
     */
    public String note(int k) {
        return switch (this) {
            case NONE ->
                    "Not shown by these "
                            + k
                            + " transactions alone: no execution of them alone, from integer values, has this"
                            + " cycle (the closed-world solve is unsatisfiable), so it needs a transaction"
                            + " outside it, or it is an over-approximation of the model; a schedule that"
                            + " replays them alone is not expected to violate SER.";
            case WITH_ONE_MORE ->
                    "Shown with one transaction outside the cycle: T"
                            + (k + 1)
                            + " is on no edge of it and commits between the statements of the "
                            + k
                            + " (no execution of them alone has this cycle; one with T"
                            + (k + 1)
                            + " does); the schedule replays all "
                            + (k + 1)
                            + ".";
            case UNDECIDED ->
                    "Whether these "
                            + k
                            + " transactions alone can show this cycle was not decided in time; a schedule"
                            + " that replays them alone may not violate SER.";
            default -> null;
        };
    }
}
