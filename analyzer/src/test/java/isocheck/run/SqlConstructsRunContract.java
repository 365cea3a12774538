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

    /** FOR over a join, kept out of litmus/ (the READ COMMITTED explorer has no loops). */
    static final String JOIN_LOOP = "../../../analyzer/src/test/resources/join-loop/join-loop.sql";

    static Program litmus(String file) throws Exception {
        return ProgramLoader.load(LITMUS.resolve(file));
    }

    Runs.Outcome schedule(String program, Isolation iso, StringWriter trace, String... lines)
            throws Exception {
        Path file = dir.resolve("s.schedule");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return Runs.schedule(
                db(iso),
                litmus(program),
                GenSpec.empty(),
                null,
                file,
                1,
                500,
                new PrintWriter(trace, true));
    }

    /**
     * The committed transactions' item operations, in commit order (predicate edges: RunContract).
     */
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
     * COMMITTED, then reads the version the first one committed: no update is lost
     * (lost-update.sql, the same schedule without FOR UPDATE, loses one: RunContract).
     */
    @Case({Isolation.READ_COMMITTED})
    void selectForUpdateWaitsAndThenReadsTheCommittedIncrement() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "select-for-update.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table counter: counter_id = 1..2, cnt = 0",
                                "T1: Increment(id = 1)",
                                "T2: Increment(id = 1)",
                                "T1 T2",
                                "T1 T1",
                                "T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(
                trace.toString().contains("blocked"),
                "T2's SELECT … FOR UPDATE waited for T1's lock:\n" + trace);
        String v1 =
                ops.get(0)
                        .replaceFirst("^r\\(counter/1/cnt,0\\) w\\(counter/1/cnt,(\\d+)\\)$", "$1");
        assertTrue(v1.matches("\\d+"), ops.get(0));
        assertTrue(
                ops.get(1).matches("r\\(counter/1/cnt," + v1 + "\\) w\\(counter/1/cnt,\\d+\\)"),
                ops + "\n" + trace);
        assertTrue(Oracle.serializable(h), "the locking read serialised the increments");
    }

    /**
     * FOR SHARE NOWAIT on a row another transaction holds FOR UPDATE: the statement fails at once,
     * the transaction aborts.
     */
    @Case({Isolation.READ_COMMITTED})
    void forShareNowaitOnALockedRowAborts() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "select-for-update.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table counter: counter_id = 1..2, cnt = 0",
                                "T1: Increment(id = 1)",
                                "T2: Peek(id = 1)",
                                "T1 T2",
                                "T1 T1")
                        .history();
        assertEquals(
                List.of("r(counter/1/cnt,0) w(counter/1/cnt,1)").size(),
                committedOps(h).size(),
                trace.toString());
        assertTrue(trace.toString().contains("ABORTED"), trace.toString());
        assertTrue(
                committedOps(h).get(0).startsWith("r(counter/1/cnt,0) w(counter/1/cnt,"),
                trace.toString());
    }

    /**
     * SKIP LOCKED: with T1 holding job 1, T2's queue read skips it and takes job 2 without waiting;
     * each records the read of the one job it returned (a skipped row is not recorded as read).
     */
    @Case({Isolation.READ_COMMITTED})
    void skipLockedTakesTheNextUnlockedJob() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "skip-locked-queue.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table job: job_id = 1..2, status = 1, worker = 0",
                                "T1: Take(w = 1)",
                                "T2: Take(w = 2)",
                                "T1 T2",
                                "T1 T1",
                                "T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(!trace.toString().contains("blocked"), "SKIP LOCKED does not wait:\n" + trace);
        assertTrue(
                ops.get(0)
                        .matches(
                                "r\\(job/1/@alive,0\\) w\\(job/1/status,(\\d+)\\) w\\(job/1/worker,\\1\\)"),
                ops.toString());
        assertTrue(
                ops.get(1)
                        .matches(
                                "r\\(job/2/@alive,0\\) w\\(job/2/status,(\\d+)\\) w\\(job/2/worker,\\1\\)"),
                ops.toString());
        assertTrue(Oracle.serializable(h));
    }

    /**
     * ORDER BY … LIMIT 1 returns the least matching row; the next Deliver, after it, the next one.
     */
    @Case({Isolation.READ_COMMITTED})
    void orderByLimitReadsTheFirstRowInOrder() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "order-by-limit.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table pending: order_id = 1..3, amount = 5",
                                "T1: Deliver()",
                                "T2: Deliver()",
                                "T1 T1 T1",
                                "T2 T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(
                ops.get(0)
                        .matches(
                                "r\\(pending/1/@alive,0\\) r\\(pending/1/amount,0\\) w\\(pending/1/@alive,\\d+\\)"),
                ops.toString());
        assertTrue(
                ops.get(1)
                        .matches(
                                "r\\(pending/2/@alive,0\\) r\\(pending/2/amount,0\\) w\\(pending/2/@alive,\\d+\\)"),
                ops.toString());
        assertTrue(trace.toString().contains("oldest = (order_id=1, amount=5)"), trace.toString());
    }

    /**
     * SUM, AVG (truncated) and COUNT(DISTINCT c) over both accounts, every balance read recorded.
     */
    @Case({Isolation.READ_COMMITTED})
    void aggregatesReadEveryRowAndComputeTheirValues() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "aggregates.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table acct: acc_id = 1..2, bal = 5",
                                "T1: Set(id = 2, amount = 8)",
                                "T2: Audit()",
                                "T1 T1",
                                "T2 T2 T2 T2")
                        .history();
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

    /**
     * MAX over a VARCHAR column is the greatest string (AuctionMark's getMaxItemAttributeId): the
     * first Claim takes 'b' of {'a', 'b'}, the second, run after it, finds 'b' taken and takes 'a';
     * each reads the owner of every row (the aggregate's predicate read) and writes one.
     */
    @Case({Isolation.READ_COMMITTED})
    void maxOverAVarcharColumnIsTheGreatestString() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "max-varchar.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "row tag: name = 'a', owner = 1",
                                "row tag: name = 'b', owner = 1",
                                "T1: Claim(p = 2)",
                                "T2: Claim(p = 3)",
                                "T1 T1 T1",
                                "T2 T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(trace.toString().contains("top = 'b'"), trace.toString());
        assertTrue(trace.toString().contains("top = 'a'"), trace.toString());
        assertTrue(ops.get(0).contains("w(tag/b/owner,"), ops.toString());
        assertTrue(ops.get(1).contains("w(tag/a/owner,"), ops.toString());
    }

    /**
     * Expressions in a SELECT list (select-expressions.sql): book reads 3 seats and the price 5,
     * computes r.after = 2 and v = 10 from the row it read, and writes them back (the second book
     * reads them); the reads and writes are the row's fields.
     */
    @Case({Isolation.READ_COMMITTED})
    void selectListExpressionsComputeFromTheRowRead() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "select-expressions.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "row flight: f_id = 1, f_seats_left = 3, f_price = 5",
                                "T1: book(p_f = 1)",
                                "T2: book(p_f = 1)",
                                "T1 T1 T1 T1",
                                "T2 T2 T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        // T2 reads what T1 wrote: r.after = 3 - 1 and v = 5 * 2
        assertTrue(trace.toString().contains("r = (f_seats_left=2)"), trace.toString());
        assertTrue(trace.toString().contains("(f_price=10)"), trace.toString());
        assertEquals(
                sorted(
                        "r(flight/1/f_seats_left,0) r(flight/1/f_price,0)"
                                + " w(flight/1/f_seats_left,1) w(flight/1/f_price,1)"),
                sorted(ops.get(0)),
                trace.toString());
    }

    /** IN lists (with the AND JSqlParser mis-parses) select and update exactly the listed rows. */
    @Case({Isolation.READ_COMMITTED})
    void inListsSelectAndUpdateTheListedRows() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "in-list.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table oncall: doctor_id = 1..3, on_call = 1",
                                "T1: Relieve(a = 1, b = 2)",
                                "T1 T1 T1")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(1, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst(".*w\\(oncall/1/on_call,(\\d+)\\).*", "$1");
        assertEquals(
                sorted(
                        "r(oncall/3/@alive,0) w(oncall/1/on_call,"
                                + v
                                + ") w(oncall/2/on_call,"
                                + v
                                + ")"),
                sorted(ops.get(0)),
                trace.toString());
        assertTrue(trace.toString().contains("others = 1"), trace.toString());
    }

    /**
     * BETWEEN counts the rows whose value lies in the closed window (both ends included), and the
     * run reads their fields as the two comparisons do.
     */
    @Case({Isolation.READ_COMMITTED})
    void betweenSelectsTheRowsInTheClosedWindow() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "between.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table shift: id = 1..3, start_at = 5, on_call = 1",
                                "T1: Leave(me = 1, lo = 5, hi = 5)",
                                "T1 T1 T1")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(1, ops.size(), trace.toString());
        assertTrue(trace.toString().contains("others = 2"), trace.toString());
        assertTrue(ops.get(0).contains("w(shift/1/on_call,"), ops.get(0));
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
        try (java.sql.Connection c = db.rawConnection();
                java.sql.Statement st = c.createStatement()) {
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
        History h =
                schedule(
                                "join.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table line: l_id = 1..2, item = 1",
                                "table stock: s_id = 1..2, qty = 1",
                                "T1: Restock(id = 2)",
                                "T2: LowStock()",
                                "T1 T1",
                                "T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst("^w\\(stock/2/qty,(\\d+)\\)$", "$1");
        assertTrue(v.matches("\\d+"), ops.get(0));
        assertEquals(
                sorted("r(line/1/item,0) r(line/2/item,0) r(stock/1/@alive,0)"),
                sorted(ops.get(1)),
                trace.toString());
        assertTrue(trace.toString().contains("low = 1"), trace.toString());
        assertTrue(Oracle.serializable(h));
    }

    /**
     * UPDATE/DELETE by non-key fields change exactly the matching rows; the UPDATE records the
     * balance it read.
     */
    @Case({Isolation.READ_COMMITTED})
    void nonKeyPredicatesUpdateAndDeleteTheMatchingRows() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "nonkey-predicates.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table account: acc_id = 1..3, owner = 1, balance = 2",
                                "T1: Charge(o = 1)",
                                "T2: Close(o = 1)",
                                "T1 T1",
                                "T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String v = ops.get(0).replaceFirst(".*w\\(account/1/balance,(\\d+)\\).*", "$1");
        StringBuilder charged = new StringBuilder();
        StringBuilder closed = new StringBuilder();
        for (int id = 1; id <= 3; id++) {
            charged.append(" r(account/")
                    .append(id)
                    .append("/balance,0) w(account/")
                    .append(id)
                    .append("/balance,")
                    .append(v)
                    .append(")");
            closed.append(" w(account/")
                    .append(id)
                    .append("/@alive,")
                    .append(ops.get(1).replaceFirst("^w\\(account/\\d/@alive,(\\d+)\\).*", "$1"))
                    .append(")");
        }
        assertEquals(sorted(charged.toString().trim()), sorted(ops.get(0)), trace.toString());
        assertEquals(sorted(closed.toString().trim()), sorted(ops.get(1)), trace.toString());
    }

    /**
     * CASE in SET (a read-modify-write) and COALESCE over an empty aggregate, computed by the
     * database.
     */
    @Case({Isolation.READ_COMMITTED})
    void caseAndCoalesceRunInTheDatabase() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "case-coalesce.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table acct: acc_id = 1..2, bal = 5",
                                "T1: Withdraw(id = 1, amt = 3)",
                                "T2: Withdraw(id = 1, amt = 3)",
                                "T3: Mirror(src = 1, dst = 2)",
                                "T4: Mirror(src = 7, dst = 1)",
                                "T5: Mirror(src = 1, dst = 2)",
                                "T1 T1",
                                "T2 T2",
                                "T3 T3 T3",
                                "T4 T4 T4",
                                "T5 T5 T5")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(5, ops.size(), trace.toString());
        String v1 = ops.get(0).replaceFirst("^r\\(acct/1/bal,0\\) w\\(acct/1/bal,(\\d+)\\)$", "$1");
        assertTrue(v1.matches("\\d+"), ops.get(0));
        String v2 =
                ops.get(1)
                        .replaceFirst(
                                "^r\\(acct/1/bal," + v1 + "\\) w\\(acct/1/bal,(\\d+)\\)$", "$1");
        assertTrue(v2.matches("\\d+"), ops.get(1));
        // T1 took 3 of 5; T2 found 2 < 3 and wrote the balance back (the ELSE branch); T3 read it
        assertTrue(trace.toString().contains("b = 2"), trace.toString());
        assertTrue(
                ops.get(2).matches("r\\(acct/1/bal," + v2 + "\\) w\\(acct/2/bal,\\d+\\)"),
                ops.get(2));
        // T4's MAX over no rows is NULL, so COALESCE gives 0
        assertTrue(trace.toString().contains("b = NULL"), trace.toString());
        // and wrote it into account 1, where T5 reads it
        assertTrue(trace.toString().contains("b = 0"), trace.toString());
        assertTrue(Oracle.serializable(h), ops.toString());
    }

    /**
     * IF NOT EXISTS: the second Register of a name reads the first one's row (its Alive) and
     * inserts nothing.
     */
    @Case({Isolation.READ_COMMITTED})
    void notExistsReadsTheRowThatMakesItFalse() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "exists.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table users: user_id = 1..1, name = 9",
                                "T1: Register(uid = 2, name = 5)",
                                "T2: Register(uid = 3, name = 5)",
                                "T1 T1 T1",
                                "T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String v =
                ops.get(0)
                        .replaceFirst(
                                "^w\\(users/2/@alive,(\\d+)\\) w\\(users/2/name,\\1\\)$", "$1");
        assertTrue(v.matches("\\d+"), ops.get(0));
        assertEquals("r(users/2/@alive," + v + ")", ops.get(1), trace.toString());
        assertTrue(Oracle.serializable(h));
    }

    /**
     * A column an INSERT leaves out is NULL; the second Claim's WHERE owner IS NULL then matches
     * nothing.
     */
    @Case({Isolation.READ_COMMITTED})
    void isNullOnAFieldSelectsTheUnsetRows() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "field-is-null.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table task: task_id = 5..5, owner = 1",
                                "T1: Add(id = 1)",
                                "T2: Claim(id = 1, w = 7)",
                                "T3: Claim(id = 1, w = 8)",
                                "T4: Check(id = 1)",
                                "T1 T1",
                                "T2 T2",
                                "T3 T3",
                                "T4 T4 T4")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(4, ops.size(), trace.toString());
        String v = ops.get(1).replaceFirst("^w\\(task/1/owner,(\\d+)\\)$", "$1");
        assertTrue(v.matches("\\d+"), "T2 claimed the unowned task: " + ops);
        assertEquals("", ops.get(2), "T3 found it owned and changed nothing: " + trace);
        assertEquals("r(task/1/owner," + v + ")", ops.get(3), trace.toString());
        assertTrue(trace.toString().contains("t = (owner=7)"), trace.toString());
    }

    /**
     * CASE in a SELECT list (select-case.sql): Take's CASE takes one from a stock of 3, then of 2,
     * and restocks a stock of 1 by 10 (each Take's read shows the quantity the previous one wrote);
     * Mark's CASE sees no note on the stock and writes one, and a second Mark sees it and writes
     * nothing.
     */
    @Case({Isolation.READ_COMMITTED})
    void caseInASelectListComputesFromTheRowRead() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "select-case.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "row stock: s_id = 1, qty = 3, note = 0",
                                "T1: take(p_s = 1)",
                                "T2: take(p_s = 1)",
                                "T3: take(p_s = 1)",
                                "T4: take(p_s = 1)",
                                "T5: mark(p_s = 1, p_note = 7)",
                                "T6: mark(p_s = 1, p_note = 8)",
                                "T1*",
                                "T2*",
                                "T3*",
                                "T4*",
                                "T5*",
                                "T6*")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(6, ops.size(), trace.toString());
        String t = trace.toString();
        int at3 = t.indexOf("(qty=3)");
        int at2 = t.indexOf("(qty=2)", at3);
        int at1 = t.indexOf("(qty=1)", at2);
        int at11 = t.indexOf("(qty=11)", at1);
        assertTrue(at3 >= 0 && at2 > at3 && at1 > at2 && at11 > at1, "3, 2, 1, then 11: " + t);
        assertEquals("r(stock/1/qty,0) w(stock/1/qty,1)", ops.get(0), t);
        // the first Mark reads the initial note (version 0) and writes version 5 of the row
        assertEquals(
                "r(stock/1/@alive,0) r(stock/1/note,0) w(stock/1/note,5)", sorted(ops.get(4)), t);
        assertTrue(t.contains("note=7"), "the second Mark sees the first one's note: " + t);
        assertEquals(-1, ops.get(5).indexOf("w("), "it writes nothing: " + t);
    }

    /**
     * IS [NOT] NULL on a parameter (param-is-null.sql): a NULL amount skips the Deposit's read and
     * write; Audit with a NULL id reads every account ({@code :id IS NULL OR acct = :id}); Skim's
     * {@code NOT (acct = :id)} is UNKNOWN for a NULL id, so it reads no account. The schedule file
     * passes NULL arguments as {@code param = NULL}.
     */
    @Case({Isolation.READ_COMMITTED})
    void isNullOnAParameterTestsANullArgument() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "param-is-null.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table account: acct = 1..2, bal = 10",
                                "T1: Deposit(id = 1, amt = NULL)",
                                "T2: Deposit(id = 1, amt = 5)",
                                "T3: Audit(id = NULL)",
                                "T4: Skim(id = NULL)",
                                "T5: Audit(id = 2)",
                                "T1*",
                                "T2*",
                                "T3*",
                                "T4*",
                                "T5*")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(5, ops.size(), trace.toString());
        assertEquals("", ops.get(0), "a NULL amount deposits nothing: " + trace);
        // values are versions: 0 the initial one, 1 T2's
        assertEquals("r(account/1/bal,0) w(account/1/bal,1)", ops.get(1), trace.toString());
        assertEquals("r(account/1/bal,1) r(account/2/bal,0)", sorted(ops.get(2)), trace.toString());
        assertEquals("", ops.get(3), "NOT (acct = NULL) is never true: " + trace);
        assertEquals("r(account/2/bal,0)", ops.get(4), trace.toString());
        assertTrue(
                trace.toString().contains("seen = (bal=15), (bal=10)")
                        || trace.toString().contains("seen = (bal=10), (bal=15)"),
                trace.toString());
    }

    /**
     * A table without a primary key (keyless-insert.sql, BenchBase Voter's shape): each INSERT adds
     * a row under a fresh hidden key, CURRENT_TIMESTAMP is a bound parameter; two votes of one
     * phone that both count before either inserts both commit at READ COMMITTED, and the history
     * shows the predicate write skew.
     */
    @Case({Isolation.READ_COMMITTED})
    void keylessInsertsAddNewRowsUnderFreshHiddenKeys() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "keyless-insert.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table votes: empty",
                                "T1: vote(p_phone = 5)",
                                "T2: vote(p_phone = 5)",
                                "T1 T2",
                                "T1*",
                                "T2*")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String row =
                "w\\(votes/(\\d+)/@alive,\\d+\\) w\\(votes/\\1/phone,\\d+\\) w\\(votes/\\1/created,\\d+\\)";
        assertTrue(ops.get(0).matches(row) && ops.get(1).matches(row), ops + "\n" + trace);
        assertTrue(
                !ops.get(0).replaceAll(row, "$1").equals(ops.get(1).replaceAll(row, "$1")),
                "two new rows: " + ops);
        assertTrue(
                !Oracle.serializable(h), "both votes under the limit of one committed: " + trace);
    }

    /**
     * Sequences (sequences.sql): a SERIAL key, a DEFAULT nextval and a nextval in a variable each
     * get a fresh value per call, above every key of the initial rows (orders 1..3); two places of
     * one customer that both count before either inserts both commit at READ COMMITTED under two
     * new ids, and the history shows the predicate write skew; ticket's two draws insert two rows.
     */
    @Case({Isolation.READ_COMMITTED})
    void sequenceDrawsInsertFreshKeys() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "sequences.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table orders: id = 1..3, customer = 1",
                                "table tickets: empty",
                                "table events: empty",
                                "T1: place(p_customer = 5)",
                                "T2: place(p_customer = 5)",
                                "T3: ticket(p_order = 1)",
                                "T1 T2",
                                "T1*",
                                "T2*",
                                "T3*")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(3, ops.size(), trace.toString());
        List<Long> ids = new java.util.ArrayList<>();
        for (String o : ops.subList(0, 2)) {
            var m = java.util.regex.Pattern.compile("w\\(orders/(\\d+)/@alive,\\d+\\)").matcher(o);
            assertTrue(m.find(), o + "\n" + trace);
            ids.add(Long.parseLong(m.group(1)));
        }
        assertTrue(
                ids.get(0) > 3 && ids.get(1) > 3 && !ids.get(0).equals(ids.get(1)), ops.toString());
        var tickets =
                java.util.regex.Pattern.compile("w\\(tickets/(\\d+)/@alive,\\d+\\)")
                        .matcher(ops.get(2))
                        .results()
                        .map(r -> r.group(1))
                        .distinct()
                        .count();
        assertEquals(2, tickets, ops.get(2));
        assertTrue(
                !Oracle.serializable(h),
                "both places under the limit of one order committed: " + trace);
    }

    /**
     * FOUND after an UPDATE (update-found.sql): the probe finds no account 2, Debit aborts;
     * Credit's ROW_COUNT is 1.
     */
    @Case({Isolation.READ_COMMITTED})
    void foundAndRowCountAfterUpdateFollowTheChangedRows() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "update-found.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table account: id = 1..1, bal = 5",
                                "table credits: id = 1..1, changed = 0",
                                "T1: debit(p_id = 2)",
                                "T2: credit(p_id = 1)",
                                "T1*",
                                "T2*")
                        .history();
        assertTrue(
                trace.toString().contains("user abort"),
                "Debit of a missing account aborts: " + trace);
        List<String> ops = committedOps(h);
        assertEquals(1, ops.size(), trace.toString());
        assertTrue(
                ops.get(0).contains("w(account/1/bal,")
                        && ops.get(0).contains("w(credits/1/changed,"),
                ops + "\n" + trace);
        assertTrue(
                trace.toString().contains("k = 1") || trace.toString().contains("→ 1 row"),
                trace.toString());
    }

    /**
     * PERFORM of a join (perform-join.sql): both tables' rows are read; a facility without a
     * forwarding records a miss.
     */
    @Case({Isolation.READ_COMMITTED})
    void performOfAJoinReadsBothTablesAndSetsFound() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "perform-join.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table facility: s_id = 1..2, active = 1",
                                "table forwarding: s_id = 1..1, num = 3",
                                "table misses: s_id = 1..2, n = 0",
                                "T1: route(p_s = 1)",
                                "T2: route(p_s = 2)",
                                "T1*",
                                "T2*")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(
                ops.get(0).contains("r(facility/1/@alive,")
                        && ops.get(0).contains("r(forwarding/1/num,"),
                ops.get(0));
        assertTrue(!ops.get(0).contains("w(misses"), "T1 found a forwarding: " + ops.get(0));
        assertTrue(ops.get(1).contains("w(misses/2/n,"), "T2's facility has none: " + ops.get(1));
    }

    /**
     * SELECT … INTO a record from a join (join-record.sql): the database runs the join once; the
     * reads of both sides are recorded in the versions it returned (the airline's fee as Reprice
     * wrote it), the record's last-table field (fee = 7) and its earlier-table field (seats_left,
     * whose guard takes a seat when 1 and none when 0) come from the one joined row.
     */
    @Case({Isolation.READ_COMMITTED})
    void joinIntoARecordReadsBothSidesFromOneJoinedRow() throws Exception {
        for (int seats = 0; seats <= 1; seats++) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(
                                    "join-record.sql",
                                    Isolation.READ_COMMITTED,
                                    trace,
                                    "table airline: al_id = 1..2, fee = 5",
                                    "table flight: f_id = 1..1, f_al_id = 2, seats_left = " + seats,
                                    "table booking: empty",
                                    "T1: reprice(p_a = 2, p_fee = 7)",
                                    "T2: book(p_f = 1, p_b = 1)",
                                    "T1*",
                                    "T2*")
                            .history();
            List<String> ops = committedOps(h);
            assertEquals(2, ops.size(), trace.toString());
            String fee = ops.get(0).replaceFirst("^.*w\\(airline/2/fee,(\\d+)\\).*$", "$1");
            assertTrue(
                    ops.get(1)
                            .startsWith(
                                    "r(flight/1/seats_left,0) r(flight/1/f_al_id,0) r(airline/2/fee,"
                                            + fee
                                            + ")"),
                    ops + "\n" + trace);
            assertTrue(trace.toString().contains("r = [{fee=7}]"), trace.toString());
            assertEquals(
                    seats == 1,
                    ops.get(1).contains("w(flight/1/seats_left,")
                            && ops.get(1).contains("w(booking/1/price,"),
                    seats + " seats: " + ops + "\n" + trace);
            assertTrue(Oracle.serializable(h));
        }
    }

    /**
     * A join on two column pairs with ORDER BY … LIMIT 1 into a record (join-pairs-limit.sql, the
     * shape of Wikipedia's selectPageRevision): Publish takes the longest revision of the page in
     * its namespace (5; revision 3 is in another namespace, revision 4 of another page), and after
     * a Trim cut revision 2 to the page's length 0, the longest is revision 1 (3). Every revision
     * that joins is read (both lengths, in the version the statement saw), none that does not.
     */
    @Case({Isolation.READ_COMMITTED})
    void aJoinOnTwoColumnPairsWithOrderByLimitHoldsTheFirstJoinedRow() throws Exception {
        for (boolean trimFirst : new boolean[] {false, true}) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(
                                    "join-pairs-limit.sql",
                                    Isolation.READ_COMMITTED,
                                    trace,
                                    "row page: page_id = 1, page_ns = 0, page_len = 0",
                                    "row page: page_id = 2, page_ns = 0, page_len = 0",
                                    "row revision: rev_id = 1, rev_page = 1, rev_ns = 0, rev_len = 3",
                                    "row revision: rev_id = 2, rev_page = 1, rev_ns = 0, rev_len = 5",
                                    "row revision: rev_id = 3, rev_page = 1, rev_ns = 1, rev_len = 9",
                                    "row revision: rev_id = 4, rev_page = 2, rev_ns = 0, rev_len = 7",
                                    "T1: trim_revision(p_rev = 2, p_page = 1)",
                                    "T2: publish(p_page = 1)",
                                    trimFirst ? "T1*" : "T2*",
                                    trimFirst ? "T2*" : "T1*")
                            .history();
            List<String> ops = committedOps(h);
            assertEquals(2, ops.size(), trace.toString());
            String publish =
                    ops.stream().filter(o -> o.contains("w(page/")).findFirst().orElseThrow();
            String trim = ops.stream().filter(o -> o != publish).findFirst().orElseThrow();
            // the record holds the first row in ORDER BY rev_len DESC: revision 2 (5), or after
            // the Trim revision 1 (3); a Trim after the Publish reads the length it wrote
            assertTrue(
                    trace.toString()
                            .contains(
                                    trimFirst
                                            ? "r = [{rev_id=1, rev_page=1, rev_ns=0, rev_len=3}"
                                            : "r = [{rev_id=2, rev_page=1, rev_ns=0, rev_len=5}"),
                    trace.toString());
            if (!trimFirst) {
                assertTrue(trace.toString().contains("(page_len=5)"), trace.toString());
            }
            String trimmed = trim.replaceFirst("^.*w\\(revision/2/rev_len,(\\d+)\\).*$", "$1");
            assertTrue(publish.contains("r(revision/1/rev_len,0)"), publish);
            assertTrue(
                    publish.contains("r(revision/2/rev_len," + (trimFirst ? trimmed : "0") + ")"),
                    publish + "\n" + trace);
            assertTrue(!publish.contains("r(revision/3/rev_len"), publish);
            assertTrue(!publish.contains("r(revision/4/rev_len"), publish);
            assertTrue(Oracle.serializable(h));
        }
    }

    /**
     * Joins read out of FROM order (join-order.sql, SEATS' DeleteReservation shapes): Cancel's FROM
     * customer, flight, reservation reads the reservation of customer 1 on flight 2 only (not
     * customer 1's reservation on flight 1, nor customer 2's on flight 2), deletes it, frees a seat
     * and refunds its price 4; Charge of flight 1, whose first table customer has no condition of
     * its own, then reads reservation 1 first and customer 1 in the version Cancel wrote.
     */
    @Case({Isolation.READ_COMMITTED})
    void joinsAreReadInTheOrderTheirEqualitiesChain() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "join-order.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "row customer: c_id = 1, c_balance = 10",
                                "row customer: c_id = 2, c_balance = 20",
                                "row flight: f_id = 1, f_seats_left = 5",
                                "row flight: f_id = 2, f_seats_left = 6",
                                "row reservation: r_id = 1, r_c_id = 1, r_f_id = 1, r_price = 3",
                                "row reservation: r_id = 2, r_c_id = 1, r_f_id = 2, r_price = 4",
                                "T1: cancel(p_c = 1, p_f = 2)",
                                "T2: charge(p_f = 1)",
                                "T1*",
                                "T2*")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        String cancel =
                ops.stream().filter(o -> o.contains("w(reservation/")).findFirst().orElseThrow();
        assertTrue(cancel.contains("r(reservation/2/r_price,0)"), cancel);
        assertTrue(!cancel.contains("r(reservation/1/r_price"), cancel);
        assertTrue(cancel.contains("r(customer/1/c_balance,0)"), cancel);
        assertTrue(cancel.contains("r(flight/2/f_seats_left,0)"), cancel);
        assertTrue(!cancel.contains("r(flight/1/"), cancel);
        assertTrue(cancel.contains("w(reservation/2/@alive,"), cancel);
        assertTrue(cancel.contains("w(flight/2/f_seats_left,"), cancel);
        // Charge's record: customer 1 with the refund (10 + 4), from reservation 1's row
        assertTrue(trace.toString().contains("r = [{c_id=1, c_balance=14}]"), trace.toString());
        // Charge of flight 1: reservation 1 (customer 1), read first; customer 1 in Cancel's
        // version
        String charge = ops.stream().filter(o -> o != cancel).findFirst().orElseThrow();
        assertTrue(charge.contains("r(reservation/1/r_price,0)"), charge);
        String refunded = cancel.replaceFirst("^.*w\\(customer/1/c_balance,(\\d+)\\).*$", "$1");
        assertTrue(charge.contains("r(customer/1/c_balance," + refunded + ")"), ops.toString());
        assertTrue(!charge.contains("customer/2/c_balance"), charge);
        assertTrue(charge.contains("w(customer/1/c_balance,"), charge);
        assertTrue(Oracle.serializable(h));
    }

    /**
     * FOR r IN SELECT over a join (join-loop.sql's compensate): the loop body runs once per joined
     * row (each of airline 2's three flights) with the airline's fee; with fee 0 it writes nothing.
     * Both tables' rows are read and recorded.
     */
    @Case({Isolation.READ_COMMITTED})
    void forOverAJoinRunsTheBodyOncePerJoinedRow() throws Exception {
        for (int fee = 0; fee <= 5; fee += 5) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(
                                    JOIN_LOOP,
                                    Isolation.READ_COMMITTED,
                                    trace,
                                    "table airline: al_id = 1..2, fee = " + fee,
                                    "table flight: f_id = 1..3, f_al_id = 2, seats_left = 1",
                                    "T1: compensate(p_a = 2)",
                                    "T1*")
                            .history();
            List<String> ops = committedOps(h);
            assertEquals(1, ops.size(), trace.toString());
            assertTrue(ops.get(0).startsWith("r(airline/2/fee,0)"), ops + "\n" + trace);
            for (int f = 1; f <= 3; f++) {
                assertTrue(ops.get(0).contains("r(flight/" + f + "/@alive,0)"), ops.toString());
                assertEquals(
                        fee > 0,
                        ops.get(0).contains("w(flight/" + f + "/seats_left,"),
                        "fee " + fee + ": " + ops + "\n" + trace);
            }
            assertTrue(Oracle.serializable(h));
        }
    }

    /**
     * smallint.sql: a SMALLINT key and column run as the integers they are modelled as: two Takes
     * of one item in turn each read the stock the previous one left (2, then 1) and decrement it,
     * recorded exactly; the stock ends at 0.
     */
    @Case({Isolation.READ_COMMITTED})
    void smallintColumnsRunAsIntegers() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "smallint.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table stock: item = 1..2, qty = 2",
                                "T1: Take(id = 1)",
                                "T2: Take(id = 1)",
                                "T1 T1 T1",
                                "T2 T2 T2")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(2, ops.size(), trace.toString());
        assertTrue(ops.get(0).matches("r\\(stock/1/qty,0\\) w\\(stock/1/qty,\\d+\\)"), ops.get(0));
        String v1 = ops.get(0).replaceFirst(".* w\\(stock/1/qty,(\\d+)\\)$", "$1");
        assertTrue(
                ops.get(1).matches("r\\(stock/1/qty," + v1 + "\\) w\\(stock/1/qty,\\d+\\)"),
                ops.get(1));
        assertTrue(trace.toString().contains("q = (qty=2)"), trace.toString());
        assertTrue(trace.toString().contains("q = (qty=1)"), trace.toString());
        assertTrue(Oracle.serializable(h));
    }

    /**
     * column-types.sql: Add's INSERT writes the DEFAULTs (active TRUE = 1, budget 0, label 'new'),
     * TurnOff's bare boolean condition selects the switch that is on, and the second TurnOff finds
     * the first one's switch off (active = FALSE = 0) and changes nothing.
     */
    @Case({Isolation.READ_COMMITTED})
    void booleanColumnsAndDefaultsRunAsModelled() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "column-types.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table switch: s_id = 9..9, active = 1, budget = 0",
                                "T1: Add(id = 1)",
                                "T2: Add(id = 2)",
                                "T3: TurnOff(id = 1, other = 2)",
                                "T4: TurnOff(id = 2, other = 1)",
                                "T1 T1",
                                "T2 T2",
                                "T3 T3 T3",
                                "T4 T4")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(4, ops.size(), trace.toString());
        String v1 = ops.get(0).replaceFirst("^w\\(switch/1/@alive,(\\d+)\\).*", "$1");
        assertTrue(v1.matches("\\d+"), ops.get(0));
        // the row's creation writes every field (changed, which has no DEFAULT, is NULL)
        assertEquals(
                sorted(
                        "w(switch/1/@alive,V) w(switch/1/active,V) w(switch/1/budget,V) w(switch/1/label,V) w(switch/1/changed,V)"
                                .replace("V", v1)),
                sorted(ops.get(0)),
                trace.toString());
        String v2 = ops.get(1).replaceFirst("^w\\(switch/2/@alive,(\\d+)\\).*", "$1");
        // T3 found switch 2 on (a row of the SELECT: its existence, as T2 wrote it) and turned
        // switch 1 off
        assertTrue(
                ops.get(2).matches("r\\(switch/2/@alive," + v2 + "\\) w\\(switch/1/active,\\d+\\)"),
                ops.get(2));
        assertTrue(trace.toString().contains("on_other = (s_id=2)"), trace.toString());
        // T4 found switch 1 off (active = FALSE matches no row): no row read, the UPDATE did not
        // run
        assertTrue(trace.toString().contains("on_other = no rows"), trace.toString());
        assertEquals("", ops.get(3), trace.toString());
        assertTrue(Oracle.serializable(h));
    }

    /**
     * null-values.sql: INSERT … VALUES (…, NULL) and SET holder = NULL write NULL; `holder = NULL`
     * deletes nothing and NOT (holder = :who) does not match a free seat (three-valued logic), both
     * as the database evaluates them.
     */
    @Case({Isolation.READ_COMMITTED})
    void nullLiteralsAndThreeValuedLogicRunAsModelled() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                                "null-values.sql",
                                Isolation.READ_COMMITTED,
                                trace,
                                "table seat: seat_id = 9..9, holder = 1",
                                "T1: Add(id = 1)",
                                "T2: Mine(id = 1)",
                                "T3: Book(id = 1, who = 8)",
                                "T4: Purge(id = 1)",
                                "T5: Mine(id = 1)",
                                "T6: Release(id = 1)",
                                "T7: Mine(id = 1)",
                                "T1 T1",
                                "T2 T2",
                                "T3 T3",
                                "T4 T4",
                                "T5 T5",
                                "T6 T6",
                                "T7 T7")
                        .history();
        List<String> ops = committedOps(h);
        assertEquals(7, ops.size(), trace.toString());
        String v1 =
                ops.get(0)
                        .replaceFirst(
                                "^w\\(seat/1/@alive,(\\d+)\\) w\\(seat/1/holder,\\1\\)$", "$1");
        assertTrue(v1.matches("\\d+"), ops.get(0));
        String text = trace.toString();
        String[] lines =
                text.lines()
                        .filter(l -> l.contains("SELECT seat_id INTO s"))
                        .toArray(String[]::new);
        assertEquals(3, lines.length, text);
        assertTrue(lines[0].endsWith("s = no rows"), "NOT (NULL = 7) is not true: " + text);
        assertTrue(lines[1].endsWith("s = (seat_id=1)"), "8 is not 7: " + text);
        assertTrue(
                lines[2].endsWith("s = no rows"), "released: NOT (NULL = 7) is not true: " + text);
        String booked = ops.get(2).replaceFirst("^w\\(seat/1/holder,(\\d+)\\)$", "$1");
        assertTrue(booked.matches("\\d+"), "T3 booked the free seat: " + ops);
        assertTrue(
                text.contains("DELETE FROM seat WHERE seat_id = :id AND holder = NULL  → 0 rows"),
                "holder = NULL never holds: " + text);
        assertEquals("", ops.get(3), text);
        assertTrue(ops.get(5).matches("w\\(seat/1/holder,\\d+\\)"), "Release wrote NULL: " + ops);
    }

    /**
     * constraints.sql: the database enforces CHECK, UNIQUE and REFERENCES, and each violation
     * aborts its transaction, which the history records as aborted (no operation of it is
     * committed).
     */
    @Case({Isolation.READ_COMMITTED})
    void constraintViolationsAbortTheirTransaction() throws Exception {
        StringWriter trace = new StringWriter();
        Runs.Outcome out =
                schedule(
                        "constraints.sql",
                        Isolation.READ_COMMITTED,
                        trace,
                        "table account: acc_id = 1..1, owner = 2, balance = 1",
                        "table transfer: empty",
                        "T1: Withdraw(id = 1)",
                        "T2: Withdraw(id = 1)",
                        "T3: Open(id = 2)",
                        "T4: Open(id = 3)",
                        "T5: Log(id = 9)",
                        "T6: Log(id = 3)",
                        "T1 T1 T1",
                        "T2 T2 T2",
                        "T3 T3",
                        "T4 T4",
                        "T5 T5",
                        "T6 T6");
        History h = out.history();
        String text = trace.toString();
        List<String> ops = committedOps(h);
        // T1 takes the balance to 0; T2 would take it to -1 (CHECK), T3 repeats owner 2 (UNIQUE),
        // T5 logs a transfer of account 9, which does not exist (REFERENCES): each aborts
        assertEquals(3, ops.size(), text);
        assertTrue(
                ops.get(0).matches("r\\(account/1/balance,0\\) w\\(account/1/balance,\\d+\\)"),
                ops + "\n" + text);
        assertTrue(ops.get(1).startsWith("w(account/3/@alive,"), ops + "\n" + text);
        assertTrue(ops.get(2).startsWith("w(transfer/3/@alive,"), ops + "\n" + text);
        assertEquals(3, text.lines().filter(l -> l.contains("→ ABORTED")).count(), text);
        assertTrue(Oracle.serializable(h));
    }
}
