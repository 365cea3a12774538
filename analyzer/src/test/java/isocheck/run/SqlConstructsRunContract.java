package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.program.Program;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The SQL constructs of issue 13 §1 run over JDBC with exact recording, on every database: the
 * litmus program of each construct under a hand-written schedule, with every recorded operation
 * asserted (which rows a locking, skipping, ordered or aggregating SELECT read, in which version).
 */
class SqlConstructsRunContract extends Contract {

    static final Path LITMUS = Path.of("../benchmarks/programs/litmus");



    static Program litmus(String file) throws Exception {
        return ProgramLoader.load(LITMUS.resolve(file));
    }

    Runs.Outcome schedule(String program, Isolation iso, StringWriter trace, String... lines) throws Exception {
        Path file = dir.resolve("s.schedule");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return Runs.schedule(db(iso), litmus(program), GenSpec.empty(), null, file, 1, 500, new PrintWriter(trace, true));
    }

    /** The committed transactions' item operations, in commit order (predicate edges: RunContract). */
    static List<String> committedOps(History h) {
        return Oracle.committed(h).stream().map(t -> Oracle.itemOps(h, t)).toList();
    }

    static String sorted(String ops) {
        String[] parts = ops.split(" ");
        Arrays.sort(parts);
        return String.join(" ", parts);
    }

    /**
     * FOR UPDATE: the second Increment's locking read waits for the first one's lock and, at READ
     * COMMITTED, then reads the version the first one committed: no update is lost (lost-update.sql,
     * the same schedule without FOR UPDATE, loses one: RunContract).
     */
    @Case({Isolation.READ_COMMITTED})
    void selectForUpdateWaitsAndThenReadsTheCommittedIncrement() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("select-for-update.sql", Isolation.READ_COMMITTED, trace,
                "table counter: counter_id = 1..2, cnt = 0",
                "T1: Increment(id = 1)", "T2: Increment(id = 1)",
                "T1 T2", "T1 T1", "T2 T2").history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(trace.toString().contains("blocked"), "T2's SELECT … FOR UPDATE waited for T1's lock:\n" + trace);
        String v1 = ops.get(0).replaceFirst("^r\\(counter/1/cnt,0\\) w\\(counter/1/cnt,(\\d+)\\)$", "$1");
        assertTrue(v1.matches("\\d+"), ops.get(0));
        assertTrue(ops.get(1).matches("r\\(counter/1/cnt," + v1 + "\\) w\\(counter/1/cnt,\\d+\\)"), ops + "\n" + trace);
        assertTrue(Oracle.serializable(h), "the locking read serialised the increments");
    }

    /** FOR SHARE NOWAIT on a row another transaction holds FOR UPDATE: the statement fails at once, the transaction aborts. */
    @Case({Isolation.READ_COMMITTED})
    void forShareNowaitOnALockedRowAborts() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("select-for-update.sql", Isolation.READ_COMMITTED, trace,
                "table counter: counter_id = 1..2, cnt = 0",
                "T1: Increment(id = 1)", "T2: Peek(id = 1)",
                "T1 T2", "T1 T1").history();
        assertEquals(List.of("r(counter/1/cnt,0) w(counter/1/cnt,1)").size(), committedOps(h).size(), trace.toString());
        assertTrue(trace.toString().contains("ABORTED"), trace.toString());
        assertTrue(committedOps(h).get(0).startsWith("r(counter/1/cnt,0) w(counter/1/cnt,"), trace.toString());
    }

    /**
     * SKIP LOCKED: with T1 holding job 1, T2's queue read skips it and takes job 2 without waiting;
     * each records the read of the one job it returned (a skipped row is not recorded as read).
     */
    @Case({Isolation.READ_COMMITTED})
    void skipLockedTakesTheNextUnlockedJob() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("skip-locked-queue.sql", Isolation.READ_COMMITTED, trace,
                "table job: job_id = 1..2, status = 1, worker = 0",
                "T1: Take(w = 1)", "T2: Take(w = 2)",
                "T1 T2", "T1 T1", "T2 T2").history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(!trace.toString().contains("blocked"), "SKIP LOCKED does not wait:\n" + trace);
        assertTrue(ops.get(0).matches("r\\(job/1/@alive,0\\) w\\(job/1/status,(\\d+)\\) w\\(job/1/worker,\\1\\)"), ops.toString());
        assertTrue(ops.get(1).matches("r\\(job/2/@alive,0\\) w\\(job/2/status,(\\d+)\\) w\\(job/2/worker,\\1\\)"), ops.toString());
        assertTrue(Oracle.serializable(h));
    }

    /** ORDER BY … LIMIT 1 returns the least matching row; the next Deliver, after it, the next one. */
    @Case({Isolation.READ_COMMITTED})
    void orderByLimitReadsTheFirstRowInOrder() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("order-by-limit.sql", Isolation.READ_COMMITTED, trace,
                "table pending: order_id = 1..3, amount = 5",
                "T1: Deliver()", "T2: Deliver()",
                "T1 T1 T1", "T2 T2 T2").history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(ops.get(0).matches("r\\(pending/1/@alive,0\\) r\\(pending/1/amount,0\\) w\\(pending/1/@alive,\\d+\\)"), ops.toString());
        assertTrue(ops.get(1).matches("r\\(pending/2/@alive,0\\) r\\(pending/2/amount,0\\) w\\(pending/2/@alive,\\d+\\)"), ops.toString());
        assertTrue(trace.toString().contains("oldest = (order_id=1, amount=5)"), trace.toString());
    }

    /** SUM, AVG (truncated) and COUNT(DISTINCT c) over both accounts, every balance read recorded. */
    @Case({Isolation.READ_COMMITTED})
    void aggregatesReadEveryRowAndComputeTheirValues() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("aggregates.sql", Isolation.READ_COMMITTED, trace,
                "table acct: acc_id = 1..2, bal = 5",
                "T1: Set(id = 2, amount = 8)", "T2: Audit()",
                "T1 T1", "T2 T2 T2 T2").history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst("^w\\(acct/2/bal,(\\d+)\\)$", "$1");
        assertTrue(v.matches("\\d+"), ops.get(0));
        String once = "r(acct/1/bal,0) r(acct/2/bal," + v + ")";
        assertEquals(sorted(once + " " + once + " " + once), sorted(ops.get(1)), trace.toString());
        assertTrue(trace.toString().contains("total = 13"), trace.toString());
        assertTrue(trace.toString().contains("mean = 6"), trace.toString());
        assertTrue(trace.toString().contains("kinds = 2"), trace.toString());
    }

    /** IN lists (with the AND JSqlParser mis-parses) select and update exactly the listed rows. */
    @Case({Isolation.READ_COMMITTED})
    void inListsSelectAndUpdateTheListedRows() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("in-list.sql", Isolation.READ_COMMITTED, trace,
                "table oncall: doctor_id = 1..3, on_call = 1",
                "T1: Relieve(a = 1, b = 2)",
                "T1 T1 T1").history();
        List<String> ops = committedOps(h);
        assertEquals(1, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst(".*w\\(oncall/1/on_call,(\\d+)\\).*", "$1");
        assertEquals(sorted("r(oncall/3/@alive,0) w(oncall/1/on_call," + v + ") w(oncall/2/on_call," + v + ")"), sorted(ops.get(0)),
                trace.toString());
        assertTrue(trace.toString().contains("others = 1"), trace.toString());
    }

    /**
     * Without recording the database computes the aggregates: SUM comes back as BIGINT and AVG as
     * the truncated integer average (balances 5 and 8: SUM 13, AVG 6, two distinct).
     */
    @Case({Isolation.SERIALIZABLE})
    void unrecordedAggregatesAreComputedByTheDatabase() throws Exception {
        Program p = litmus("aggregates.sql");
        Db db = db(Isolation.SERIALIZABLE);
        SqlGen gen = new SqlGen(p, db.engine(), false);
        List<Long> values = new java.util.ArrayList<>();
        try (java.sql.Connection c = db.rawConnection(); java.sql.Statement st = c.createStatement()) {
            c.setAutoCommit(true);
            db.createSchema(c); // the run's private schema, as a run makes it
            db.enterSchema(c);
            st.execute(gen.createTable(p.schema().table("acct").orElseThrow()));
            st.execute("INSERT INTO acct VALUES (1, 5), (2, 8)");
            for (var stmt : p.transaction("Audit").orElseThrow().body()) {
                Compiled compiled = gen.compile((isocheck.program.Stmt.Sql) stmt);
                try (java.sql.ResultSet rs = st.executeQuery(compiled.sql())) {
                    rs.next();
                    values.add(rs.getLong(1));
                }
            }
            db.dropSchema(c);
        }
        assertEquals(List.of(13L, 6L, 2L), values);
    }

    /**
     * The join runs as one statement and records, once per joined row, the read of each side's
     * selected column: the order lines' item (the join column) and the stock row's s_id (the
     * aggregated key: its row version), though both lines join with the same stock row; stock 2,
     * which T1 restocked and no line points at, is not in the result and not recorded. As for a
     * single-table SELECT, columns only the WHERE tests (qty) are not recorded.
     */
    @Case({Isolation.READ_COMMITTED})
    void joinRecordsTheReadsOfBothSides() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("join.sql", Isolation.READ_COMMITTED, trace,
                "table line: l_id = 1..2, item = 1",
                "table stock: s_id = 1..2, qty = 1",
                "T1: Restock(id = 2)", "T2: LowStock()",
                "T1 T1", "T2 T2").history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst("^w\\(stock/2/qty,(\\d+)\\)$", "$1");
        assertTrue(v.matches("\\d+"), ops.get(0));
        assertEquals(sorted("r(line/1/item,0) r(line/2/item,0) r(stock/1/@alive,0)"), sorted(ops.get(1)), trace.toString());
        assertTrue(trace.toString().contains("low = 1"), trace.toString());
        assertTrue(Oracle.serializable(h));
    }

    /** UPDATE/DELETE by non-key fields change exactly the matching rows; the UPDATE records the balance it read. */
    @Case({Isolation.READ_COMMITTED})
    void nonKeyPredicatesUpdateAndDeleteTheMatchingRows() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("nonkey-predicates.sql", Isolation.READ_COMMITTED, trace,
                "table account: acc_id = 1..3, owner = 1, balance = 2",
                "T1: Charge(o = 1)", "T2: Close(o = 1)",
                "T1 T1", "T2 T2").history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst(".*w\\(account/1/balance,(\\d+)\\).*", "$1");
        StringBuilder charged = new StringBuilder();
        StringBuilder closed = new StringBuilder();
        for (int id = 1; id <= 3; id++) {
            charged.append(" r(account/").append(id).append("/balance,0) w(account/").append(id).append("/balance,").append(v).append(")");
            closed.append(" w(account/").append(id).append("/@alive,").append(ops.get(1).replaceFirst("^w\\(account/\\d/@alive,(\\d+)\\).*", "$1")).append(")");
        }
        assertEquals(sorted(charged.toString().trim()), sorted(ops.get(0)), trace.toString());
        assertEquals(sorted(closed.toString().trim()), sorted(ops.get(1)), trace.toString());
    }

    /** CASE in SET (a read-modify-write) and COALESCE over an empty aggregate, computed by the database. */
    @Case({Isolation.READ_COMMITTED})
    void caseAndCoalesceRunInTheDatabase() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("case-coalesce.sql", Isolation.READ_COMMITTED, trace,
                "table acct: acc_id = 1..2, bal = 5",
                "T1: Withdraw(id = 1, amt = 3)", "T2: Withdraw(id = 1, amt = 3)", "T3: Mirror(src = 1, dst = 2)",
                "T4: Mirror(src = 7, dst = 1)", "T5: Mirror(src = 1, dst = 2)",
                "T1 T1", "T2 T2", "T3 T3 T3", "T4 T4 T4", "T5 T5 T5").history();
        List<String> ops = committedOps(h);
        assertEquals(5, ops.size(), trace.toString());
        String v1 = ops.get(0).replaceFirst("^r\\(acct/1/bal,0\\) w\\(acct/1/bal,(\\d+)\\)$", "$1");
        assertTrue(v1.matches("\\d+"), ops.get(0));
        String v2 = ops.get(1).replaceFirst("^r\\(acct/1/bal," + v1 + "\\) w\\(acct/1/bal,(\\d+)\\)$", "$1");
        assertTrue(v2.matches("\\d+"), ops.get(1));
        // T1 took 3 of 5; T2 found 2 < 3 and wrote the balance back (the ELSE branch); T3 read it
        assertTrue(trace.toString().contains("b = 2"), trace.toString());
        assertTrue(ops.get(2).matches("r\\(acct/1/bal," + v2 + "\\) w\\(acct/2/bal,\\d+\\)"), ops.get(2));
        // T4's MAX over no rows is NULL, so COALESCE gives 0
        assertTrue(trace.toString().contains("b = NULL"), trace.toString());
        // and wrote it into account 1, where T5 reads it
        assertTrue(trace.toString().contains("b = 0"), trace.toString());
        assertTrue(Oracle.serializable(h), ops.toString());
    }

    /** IF NOT EXISTS: the second Register of a name reads the first one's row (its Alive) and inserts nothing. */
    @Case({Isolation.READ_COMMITTED})
    void notExistsReadsTheRowThatMakesItFalse() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("exists.sql", Isolation.READ_COMMITTED, trace,
                "table users: user_id = 1..1, name = 9",
                "T1: Register(uid = 2, name = 5)", "T2: Register(uid = 3, name = 5)",
                "T1 T1 T1", "T2 T2").history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst("^w\\(users/2/@alive,(\\d+)\\) w\\(users/2/name,\\1\\)$", "$1");
        assertTrue(v.matches("\\d+"), ops.get(0));
        assertEquals("r(users/2/@alive," + v + ")", ops.get(1), trace.toString());
        assertTrue(Oracle.serializable(h));
    }

    /** A column an INSERT leaves out is NULL; the second Claim's WHERE owner IS NULL then matches nothing. */
    @Case({Isolation.READ_COMMITTED})
    void isNullOnAFieldSelectsTheUnsetRows() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule("field-is-null.sql", Isolation.READ_COMMITTED, trace,
                "table task: task_id = 5..5, owner = 1",
                "T1: Add(id = 1)", "T2: Claim(id = 1, w = 7)", "T3: Claim(id = 1, w = 8)", "T4: Check(id = 1)",
                "T1 T1", "T2 T2", "T3 T3", "T4 T4 T4").history();
        List<String> ops = committedOps(h);
        assertEquals(4, ops.size(), trace.toString());
        String v = ops.get(1).replaceFirst("^w\\(task/1/owner,(\\d+)\\)$", "$1");
        assertTrue(v.matches("\\d+"), "T2 claimed the unowned task: " + ops);
        assertEquals("", ops.get(2), "T3 found it owned and changed nothing: " + trace);
        assertEquals("r(task/1/owner," + v + ")", ops.get(3), trace.toString());
        assertTrue(trace.toString().contains("t = (owner=7)"), trace.toString());
    }
}
