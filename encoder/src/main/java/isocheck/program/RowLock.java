package isocheck.program;

/**
 * The locking clause of a SELECT: {@code FOR UPDATE | FOR SHARE [NOWAIT | SKIP LOCKED]} (PostgreSQL
 * manual, SELECT, "The Locking Clause"). {@link #NONE} for a plain SELECT.
 *
 * <p>What the static side does with it (see {@code AccessRules}): a locking read is a plain read
 * until the encoding gives locks their per-level meaning, which is sound (a lock only removes
 * executions); NOWAIT only adds aborts (an aborted instance is in no execution); SKIP LOCKED
 * changes which rows the SELECT returns: any subset of the matching rows alive in its view.
 */
public record RowLock(Strength strength, Wait policy) {

    public enum Strength {
        NONE,
        SHARE,
        UPDATE
    }

    public enum Wait {
        WAIT,
        NOWAIT,
        SKIP_LOCKED
    }

    public static final RowLock NONE = new RowLock(Strength.NONE, Wait.WAIT);

    public boolean locks() {
        return strength != Strength.NONE;
    }

    public boolean skipLocked() {
        return policy == Wait.SKIP_LOCKED;
    }

    /** The clause as SQL ({@code ""} for none), with a leading space. */
    public String sql() {
        if (!locks()) {
            return "";
        }
        return " FOR "
                + strength
                + switch (policy) {
                    case WAIT -> "";
                    case NOWAIT -> " NOWAIT";
                    case SKIP_LOCKED -> " SKIP LOCKED";
                };
    }
}
