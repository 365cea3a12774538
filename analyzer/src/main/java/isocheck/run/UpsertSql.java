package isocheck.run;

import isocheck.program.Cond;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code INSERT … ON CONFLICT (key) DO NOTHING | DO UPDATE SET …} executed natively, where the
 * database has it (PostgreSQL, SQLite: {@link SqlDialect#nativeOnConflict}).
 *
 * <p>The front-end rewrites an upsert into a key probe ({@code SELECT key INTO conflict$n … WHERE
 * key = values}) and {@code IF conflict$n IS NULL THEN INSERT [ELSE UPDATE]} (frontend.PlpgsqlDml),
 * which is what the analysis encodes. Run as written, that rewrite is not what the database does:
 * PostgreSQL decides the conflict against the newest version of the key, and an INSERT that meets a
 * concurrent in-progress insert of its key waits for it and then does nothing or updates the row it
 * inserted (PostgreSQL manual, INSERT, "ON CONFLICT Clause"; §13.2.1), where the rewrite's probe
 * misses the uncommitted row and its INSERT then fails with a duplicate key. At REPEATABLE READ a
 * conflicting row the snapshot does not see is a serialization failure (§13.2.2). So {@code run}
 * executes the database's own statement:
 *
 * <ol>
 *   <li>{@code INSERT … ON CONFLICT (key) DO NOTHING RETURNING …}: the conflict is decided by the
 *       database. Inserted: recorded as the INSERT (its writes), and the probe as a predicate read
 *       that found the key absent (the database found no live row of it).
 *   <li>Conflict: the probe, recorded as the rewrite's probe is (its read of the row's version),
 *       then for DO UPDATE the UPDATE, recorded as an UPDATE is (the versions its SET read, its
 *       writes). The conflicting row is committed (or this transaction's) by now, so at READ
 *       COMMITTED the probe reads the version the INSERT conflicted with, and at REPEATABLE READ
 *       the INSERT would have failed had the snapshot not held that version. Should the row be gone
 *       by the probe (deleted in between: the probe finds nothing, or the UPDATE changes no row),
 *       the INSERT is tried again, as PostgreSQL's own ON CONFLICT DO UPDATE retries when the row
 *       it locks has changed (nodeModifyTable.c, ExecOnConflictUpdate).
 * </ol>
 *
 * DO UPDATE is this pair of statements rather than one {@code … DO UPDATE SET … RETURNING} because
 * PostgreSQL's RETURNING returns only the new row (before version 18's {@code OLD}), so the
 * versions the SET read would be lost; the UPDATE's recording (hidden previous-version columns,
 * {@link UpdateReads}) keeps them exact. What the pair adds over the one statement is the window
 * between the statements, in which another transaction may change the row: at READ COMMITTED the
 * UPDATE then updates the newest version (EvalPlanQual, §13.2.1), as the native statement would
 * after waiting for that transaction's lock; at REPEATABLE READ both fail. Every statement run is
 * recorded as it ran, so the history is exact for the execution.
 *
 * <p>MariaDB keeps the rewrite: {@code INSERT IGNORE} / {@code ON DUPLICATE KEY UPDATE} act on any
 * unique key and report only an affected-row count, not the version the duplicate check met, so the
 * path would be known but its read not recorded. H2 keeps it too: its {@code MERGE INTO … KEY} is a
 * lookup and a write under H2's own locking, not PostgreSQL's wait-then-decide, so running it would
 * show H2's behaviour under another statement's name.
 */
final class UpsertSql {
    private UpsertSql() {}

    /** One upsert as the front-end wrote it: the probe, the IF, its INSERT and UPDATE (or null). */
    record Upsert(Stmt.Select probe, Stmt.If branch, Stmt.Insert insert, Stmt.Update update) {}

    /** The probe name prefix of frontend.PlpgsqlDml#onConflict (hidden: it holds a '$'). */
    static final String PROBE = "conflict$";

    /** The upserts of {@code body} and of the blocks in it, by probe. */
    static Map<Stmt.Select, Upsert> find(List<Stmt> body) {
        Map<Stmt.Select, Upsert> out = new IdentityHashMap<>();
        collect(body, out);
        return out;
    }

    private static void collect(List<Stmt> body, Map<Stmt.Select, Upsert> out) {
        for (int k = 0; k < body.size(); k++) {
            Stmt s = body.get(k);
            if (s instanceof Stmt.If i) {
                collect(i.thenBranch(), out);
                collect(i.elseBranch(), out);
            } else if (s instanceof Stmt.Foreach f) {
                collect(f.body(), out);
            }
            if (k + 1 < body.size()) {
                Upsert u = match(s, body.get(k + 1));
                if (u != null) {
                    out.put(u.probe(), u);
                }
            }
        }
    }

    /** The front-end's shape of an upsert, or null. */
    static Upsert match(Stmt s, Stmt next) {
        if (!(s instanceof Stmt.Select probe)
                || !probe.target().startsWith(PROBE)
                || !(next instanceof Stmt.If i)
                || !(i.condition() instanceof Cond.IsNull n)
                || n.negated()
                || !n.variable().equals(probe.target())
                || i.thenBranch().size() != 1
                || !(i.thenBranch().get(0) instanceof Stmt.Insert ins)
                || !ins.table().equals(probe.table())) {
            return null;
        }
        if (i.elseBranch().isEmpty()) {
            return new Upsert(probe, i, ins, null);
        }
        if (i.elseBranch().size() == 1
                && i.elseBranch().get(0) instanceof Stmt.Update u
                && u.table().equals(probe.table())) {
            return new Upsert(probe, i, ins, u);
        }
        return null;
    }

    /**
     * The compiled INSERT {@code insert} as {@code INSERT … ON CONFLICT (key) DO NOTHING}, its
     * RETURNING clause (when recording) kept: it returns the row only when it inserted it.
     */
    static Compiled doNothing(Compiled insert) {
        Table t = insert.table();
        String clause = " ON CONFLICT (" + String.join(", ", t.primaryKey()) + ") DO NOTHING";
        String sql = insert.sql();
        int returning = sql.lastIndexOf(" RETURNING ");
        if (!sql.startsWith("INSERT INTO ")) {
            throw new IllegalStateException("not a plain INSERT: " + sql);
        }
        sql =
                returning < 0
                        ? sql + clause
                        : sql.substring(0, returning) + clause + sql.substring(returning);
        return new Compiled(
                insert.stmt(),
                insert.kind(),
                t,
                sql,
                insert.params(),
                insert.columns(),
                insert.columnTypes(),
                insert.reads(),
                insert.recorded(),
                insert.predicate(),
                insert.fetchSql(),
                insert.fetchParams());
    }
}
