package isocheck.catalogue;

import isocheck.anomaly.Witness;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides a cell from a run: the recorded history is checked at every level (as {@code check
 * --level all}); the anomaly was admitted exactly when the history violates the anomaly's level.
 * Otherwise the run says how it was kept out: an abort by the database (its SQLSTATE: PostgreSQL
 * manual, Appendix A; H2's error codes), a lock wait, or nothing at all (the reads did not see it).
 */
final class CellJudge {
    private CellJudge() {}

    static Cell judge(
            String database, String level, Anomaly anomaly, CatalogueDatabase.Execution run) {
        List<String> violated = new ArrayList<>();
        Verdict target = null;
        for (Level l : Level.values()) {
            Verdict v = LevelChecker.of(l).check(run.history());
            if (v instanceof Verdict.Violated) {
                violated.add(l.id());
            }
            if (l == anomaly.forbiddenBy()) {
                target = v;
            }
        }
        String id = anomaly.forbiddenBy().id().toUpperCase(Locale.ROOT);
        if (target instanceof Verdict.Violated v) {
            Witness w = v.witnesses().get(0);
            String name =
                    w.name()
                            + (w.adya() == null || w.adya().equals(w.name())
                                    ? ""
                                    : ", " + w.adya());
            return new Cell(
                    database,
                    level,
                    anomaly,
                    Cell.Outcome.ADMITTED,
                    name,
                    id + " violated: " + firstLine(w.toText()),
                    violated);
        }
        if (target instanceof Verdict.Unknown u) {
            return new Cell(
                    database,
                    level,
                    anomaly,
                    Cell.Outcome.UNDECIDED,
                    "checker unknown",
                    id + ": " + u.reason(),
                    violated);
        }
        for (CatalogueDatabase.Txn t : run.transactions()) {
            if (!t.committed() && !isScheduledRollback(t)) {
                String kind = abortKind(t);
                Cell.Outcome o =
                        kind.equals("lock timeout") ? Cell.Outcome.BLOCKED : Cell.Outcome.ABORTED;
                return new Cell(
                        database,
                        level,
                        anomaly,
                        o,
                        kind,
                        t.name() + " aborted: " + t.message(),
                        violated);
            }
        }
        String wait = blockedStep(run.trace());
        if (wait != null) {
            return new Cell(
                    database, level, anomaly, Cell.Outcome.BLOCKED, "lock wait", wait, violated);
        }
        return new Cell(
                database,
                level,
                anomaly,
                Cell.Outcome.NOT_SEEN,
                "not seen",
                "all committed as scheduled; the history satisfies " + id,
                violated);
    }

    /**
     * A cell for a schedule that could not run at all (the runner gave up: a step waited 30 s, or a
     * statement failed).
     */
    static Cell failed(String database, String level, Anomaly anomaly, String message) {
        boolean deadlock = message.contains("the schedule deadlocks");
        return new Cell(
                database,
                level,
                anomaly,
                deadlock ? Cell.Outcome.BLOCKED : Cell.Outcome.UNDECIDED,
                deadlock ? "schedule deadlocks" : "run failed",
                message,
                null);
    }

    /**
     * The schedule's own ROLLBACK (SQLSTATE P0001, the program's abort) is part of the anomaly, not
     * the database's doing.
     */
    private static boolean isScheduledRollback(CatalogueDatabase.Txn t) {
        return "P0001".equals(t.sqlState());
    }

    /**
     * The kind of a database abort: 40001 serialization failure (H2 uses it for deadlocks too, with
     * "Deadlock" in the message), 40P01 deadlock, 55P03 (PostgreSQL lock_timeout) and HYT00 (H2's
     * lock timeout) a lock timeout, 90131 H2's concurrent update, class 23 a constraint violation.
     */
    static String abortKind(CatalogueDatabase.Txn t) {
        String s = t.sqlState() == null ? "" : t.sqlState();
        String m = t.message() == null ? "" : t.message().toLowerCase(Locale.ROOT);
        if (s.equals("40P01") || (s.equals("40001") && m.contains("deadlock"))) {
            return "deadlock";
        }
        if (s.equals("40001")) {
            return "serialization failure";
        }
        if (s.equals("90131")) {
            return "concurrent update";
        }
        if (s.equals("55P03")
                || s.equals("HYT00")
                || m.contains("timeout trying to lock")
                || m.contains("lock wait timeout")
                || m.contains("database is locked")) { // MariaDB's 1205, SQLite's SQLITE_BUSY
            return "lock timeout";
        }
        if (s.startsWith("23")) {
            return "constraint violation";
        }
        return "abort " + s;
    }

    /**
     * The first step the trace shows as blocked (it waited for a lock at least the block time), or
     * null.
     */
    private static String blockedStep(String trace) {
        for (String line : trace.split("\n")) {
            if (line.endsWith("… blocked")) {
                return "step"
                        + line.stripTrailing()
                                .replaceAll("\\s+", " ")
                                .replace(" … blocked", " waited for a lock");
            }
        }
        return null;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
