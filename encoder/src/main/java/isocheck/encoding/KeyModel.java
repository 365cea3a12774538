package isocheck.encoding;

/**
 * What a second INSERT of a primary key does.
 *
 * <ul>
 *   <li>{@link #SQL}: it fails, as in every SQL database at every isolation level (PostgreSQL
 *       manual, §5.5.4 "Unique Constraints", §13.2: a unique index sees uncommitted and committed
 *       versions, so of two concurrent inserts of one key at most one commits; an insert of a key
 *       alive in the inserter's snapshot fails). The failure aborts the transaction, so among
 *       committed transactions a key is inserted at most once while it is alive. The encoder states
 *       this exactly for the tables no program deletes from (there a key, once inserted, stays
 *       alive, so it is inserted at most once: {@link Encoder#uniqueInsertTables}); on tables with
 *       DELETE the key may be inserted again after a delete, and only the paper's facts are used
 *       there (fewer constraints: sound).
 *   <li>{@link #OVERWRITE}: the paper's replicated-store reading (Nagar &amp; Jagannathan, CONCUR
 *       2018, §3.2): concurrent inserts of one key both commit and the later one in ar overwrites.
 *       Kept behind {@code --paper-keys} for replicated stores and the paper's case-study rows.
 * </ul>
 */
public enum KeyModel {
    SQL,
    OVERWRITE
}
