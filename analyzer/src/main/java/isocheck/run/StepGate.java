package isocheck.run;

/**
 * Lets a driver pause a transaction before each SQL statement and before its commit: the stepped
 * mode ({@code --schedule}) uses it to force an interleaving. Normal runs use {@link #NONE}.
 */
interface StepGate {
    StepGate NONE =
            new StepGate() {
                @Override
                public void beforeStatement(String description) {}

                @Override
                public void afterStatement(String outcome) {}
            };

    /**
     * Called before a statement runs; may block until the schedule says it is this transaction's
     * turn.
     */
    void beforeStatement(String description) throws InterruptedException;

    /**
     * {@link #beforeStatement(String)} for a statement of the program at source line {@code line}
     * (a step {@code NAME@LINE} of a schedule runs up to the statement at that line).
     */
    default void beforeStatement(String description, int line) throws InterruptedException {
        beforeStatement(description);
    }

    /**
     * {@link #beforeStatement(String, int)} for the program statement {@code statement} (its
     * identity tells one source statement's parts, such as the SELECTs a PERFORM of a join runs as,
     * from a loop's next execution of the same statement).
     */
    default void beforeStatement(String description, int line, Object statement)
            throws InterruptedException {
        beforeStatement(description, line);
    }

    /** Called when the statement has run (with a short description of what it read or wrote). */
    void afterStatement(String outcome);
}
