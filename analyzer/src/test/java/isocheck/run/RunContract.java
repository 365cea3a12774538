package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.anomaly.CycleWitness;
import isocheck.anomaly.WitnessEdge;
import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import isocheck.program.Program;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What every database must show, with the checker's verdicts asserted. Subclasses give the database
 * (embedded H2, or the PostgreSQL server of ISOCHECK_TEST_PG).
 *
 * <p>What is asserted where the checker cannot decide yet: PC/PSI/SI/SER are added on another
 * branch with the same API; until they are on this branch, serializability of the litmus histories
 * is decided by {@link Oracle#serializable} (replaying every order) and the strong-level assertions
 * run only for the levels {@code Level.parse} knows.
 */
class RunContract extends Contract {

    static final Path PROGRAMS = Path.of("../benchmarks/programs");
    static final Path SCHEDULES = Path.of("../benchmarks/schedules");
    static final Path TPCC_SCHEDULES = PROGRAMS.resolve("tpcc-schedules");

    static Program program(String relative) throws Exception {
        return ProgramLoader.load(PROGRAMS.resolve(relative));
    }

    static GenSpec gen(String relative) {
        Path p = PROGRAMS.resolve(relative);
        return GenSpec.load(p);
    }

    History schedule(String program, String schedule, Isolation iso, StringWriter trace)
            throws Exception {
        return schedule(program(program), SCHEDULES.resolve(schedule), iso, trace);
    }

    /** Runs {@code schedule} (no generator) on the database at {@code iso}, tracing into trace. */
    History schedule(Program program, Path schedule, Isolation iso, StringWriter trace)
            throws Exception {
        return Runs.schedule(
                        db(iso),
                        program,
                        GenSpec.empty(),
                        null,
                        schedule,
                        1,
                        500,
                        new PrintWriter(trace, true))
                .history();
    }

    static Runner.Options opts(int clients, int txns) {
        return new Runner.Options(clients, txns, 7, false, 0, false, true);
    }

    @Case({Isolation.SERIALIZABLE})
    void serialRunSatisfiesEveryLevelAndReplaysInSessionOrder() throws Exception {
        Runs.Outcome o =
                Runs.program(
                        db(Isolation.SERIALIZABLE),
                        program("tpcc.sql"),
                        gen("tpcc.gen"),
                        "tpcc.gen",
                        opts(1, 150));
        History h = o.history();
        assertEquals(150, o.result().committed(), o.summary());
        for (Level l : Level.values()) {
            assertTrue(Oracle.consistent(h, l), l + " on a serial run: " + Oracle.check(h, l));
        }
        // One client: the session order is a serial order that explains every read (SER, decided
        // directly).
        assertTrue(
                Oracle.replays(h, Oracle.committed(h)), "the serial run replays in session order");
    }

    /**
     * ROLLBACK, RAISE EXCEPTION and RETURN (litmus/user-abort.sql): a user abort rolls back and is
     * recorded as an aborted attempt (not retried), an early return commits what ran; every
     * recorded committed transaction's reads are explained (the run at SERIALIZABLE is
     * serializable).
     */
    @Case({Isolation.SERIALIZABLE})
    void userAbortsRollBackAndAreRecordedAsAborted() throws Exception {
        GenSpec g =
                GenSpec.parse(
                        "user-abort.gen",
                        List.of(
                                "table account: id = 1..2, balance = 3",
                                "param *.a = 1..3",
                                "param Withdraw.amount = 1..2",
                                "mix Withdraw 3, Discard 1"));
        Runner.Options o = new Runner.Options(2, 80, 7, true, 3, false, true);
        Runs.Outcome out =
                Runs.program(
                        db(Isolation.SERIALIZABLE),
                        program("litmus/user-abort.sql"),
                        g,
                        "user-abort.gen",
                        o);
        History h = out.history();
        Integer userAborts = out.result().abortKinds().get("user abort");
        assertTrue(userAborts != null && userAborts > 0, out.summary());
        assertTrue(out.result().committed() > 0, out.summary());
        assertEquals(
                out.result().attempts(),
                h.txnCount() - 1,
                "every attempt recorded: " + out.summary());
        assertEquals(out.result().committed(), Oracle.committed(h).size(), out.summary());
        assertTrue(Oracle.consistent(h, Level.RC), () -> "RC: " + Oracle.check(h, Level.RC));
        assertTrue(
                Oracle.consistent(h, Level.SER),
                () -> "SERIALIZABLE run: " + Oracle.check(h, Level.SER));
    }

    @Case({Isolation.READ_COMMITTED})
    void miniTransactionsAtReadCommittedNeverViolateRc() {
        Runs.Outcome o = Runs.keyValue(db(Isolation.READ_COMMITTED), true, 8, 0, opts(4, 800));
        History h = o.history();
        assertEquals(800, o.result().attempts());
        assertTrue(Oracle.consistent(h, Level.RC), () -> "RC: " + Oracle.check(h, Level.RC));
    }

    @Case({Isolation.READ_COMMITTED})
    void lostUpdateScheduleAtReadCommittedLosesAnUpdate() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                        "litmus/lost-update.sql",
                        "lost-update.schedule",
                        Isolation.READ_COMMITTED,
                        trace);
        List<Integer> committed = Oracle.committed(h);
        assertEquals(2, committed.size(), trace.toString());
        // Both read the initial version of the counter and both wrote it: the lost update, as
        // recorded.
        for (int t : committed) {
            String ops = Oracle.ops(h, t);
            assertTrue(ops.startsWith("r(counter/1/cnt,0) w(counter/1/cnt,"), ops);
        }
        assertFalse(Oracle.serializable(h), "no serial order explains a lost update");
        for (Level l : List.of(Level.RC, Level.RA, Level.CC)) {
            assertTrue(Oracle.consistent(h, l), l + " allows the lost update");
        }
        for (String strong : List.of("psi", "si", "ser")) {
            Oracle.level(strong)
                    .ifPresent(
                            l ->
                                    assertTrue(
                                            Oracle.check(h, l) instanceof Verdict.Violated,
                                            strong + " forbids it"));
        }
        // The checker names it from the recorded reads: both increments read version 0 and wrote
        // the counter.
        Verdict ser = Oracle.check(h, Level.parse("ser"));
        assertEquals(
                "lost update", ((Verdict.Violated) ser).witnesses().get(0).name(), ser.toString());
    }

    @Case({Isolation.SNAPSHOT})
    void writeSkewScheduleUnderSnapshotCommitsBoth() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule("litmus/write-skew.sql", "write-skew.schedule", snapshotLevel(), trace);
        List<Integer> committed = Oracle.committed(h);
        assertEquals(2, committed.size(), trace.toString());
        assertEquals(
                "r(oncall/2/on_call,0) w(oncall/1/on_call,1)", Oracle.ops(h, committed.get(0)));
        assertEquals(
                "r(oncall/1/on_call,0) w(oncall/2/on_call,2)", Oracle.ops(h, committed.get(1)));
        assertFalse(Oracle.serializable(h), "write skew has no serial order");
        for (Level l : Level.values()) {
            if (!l.id().equals("ser") && !l.id().equals("sser")) {
                assertTrue(Oracle.consistent(h, l), l + " allows write skew");
            }
        }
        Oracle.level("ser")
                .ifPresent(
                        l ->
                                assertTrue(
                                        Oracle.check(h, l) instanceof Verdict.Violated,
                                        "SER forbids it"));
    }

    /**
     * The three predicate litmus programs (issue 15) under snapshot isolation: both transactions
     * commit, every level up to SI holds, and SER is violated by Adya's G2 with a predicate
     * anti-dependency named in the witness (the doctors' count reads no on_call value, so without
     * predicate reads the history was SER-consistent).
     */
    @Case({Isolation.SNAPSHOT})
    void predicateAnomaliesUnderSnapshotAreSerViolationsWithPredicateEdges() throws Exception {
        for (String[] c : PREDICATE_LITMUS) {
            StringWriter trace = new StringWriter();
            History h = schedule(litmusProgram(c), c[0] + ".schedule", snapshotLevel(), trace);
            assertEquals(2, Oracle.committed(h).size(), c[0] + "\n" + trace);
            for (Level l : List.of(Level.RC, Level.RA, Level.CC, Level.PC, Level.PSI, Level.SI)) {
                assertTrue(
                        Oracle.check(h, l) instanceof Verdict.Consistent,
                        c[0] + " " + l + ": " + Oracle.check(h, l));
            }
            Verdict ser = Oracle.check(h, Level.SER);
            assertTrue(ser instanceof Verdict.Violated, c[0] + ": " + ser);
            CycleWitness w = (CycleWitness) ((Verdict.Violated) ser).witnesses().get(0);
            assertEquals("G2", w.adya(), w.toText());
            assertTrue(
                    w.toText().contains(c[1]), c[0] + " names the predicate edge:\n" + w.toText());
        }
    }

    /**
     * A three-table join's predicate reads (JoinReads): the middle table's is its own conjunct and
     * the keys the first table's matching rows point at, the last table's the keys the middle
     * table's matching rows point at. T2 letting b/2 match joins a/2 to c/2 (MAX 5 -> 9): a
     * predicate anti-dependency on b, G2 with T2's read of the mark T1 overwrites. T2 changing c/2,
     * which no matching b row points at, changes no predicate's matches: serializable (T2, T1).
     * Before JoinReads no join recorded a predicate read and both checked consistent.
     */
    @Case({Isolation.SNAPSHOT})
    void aThreeTableJoinReadsEachTableByWhatTheEarlierOnesMatched() throws Exception {
        Path dir = Path.of("src/test/resources/predicates");
        Program program = isocheck.frontend.ProgramLoader.load(dir.resolve("join3.sql"));
        String[][] cases = {
            {
                "join3-connect",
                "T2 updated b/2 so that T1's predicate `b_g = 1 AND b_id IN (1, 2)` on b would"
                        + " match it"
            },
            {"join3-unjoined", null},
        };
        for (String[] c : cases) {
            StringWriter trace = new StringWriter();
            History h = schedule(program, dir.resolve(c[0] + ".schedule"), snapshotLevel(), trace);
            assertEquals(2, Oracle.committed(h).size(), c[0] + "\n" + trace);
            assertTrue(trace.toString().contains("→ n = 5"), c[0] + "\n" + trace);
            Verdict ser = Oracle.check(h, Level.SER);
            if (c[1] == null) {
                assertTrue(ser instanceof Verdict.Consistent, c[0] + ": " + ser);
            } else {
                assertTrue(ser instanceof Verdict.Violated, c[0] + ": " + ser);
                String text = ((Verdict.Violated) ser).witnesses().get(0).toText();
                assertTrue(text.contains(c[1]), c[0] + ":\n" + text);
            }
        }
    }

    /**
     * A join into a record (frontend.JoinRecord, SEATS' GetFlight) records its per-table predicate
     * reads as an aggregate join does (JoinReads): T1's join finds no airline below fee 10; T2
     * lowers airline 1 into the predicate and read the mark T1 overwrites. G2 with the predicate
     * edge on airline named.
     */
    @Case({Isolation.SNAPSHOT})
    void aJoinIntoARecordRecordsEachTablesPredicate() throws Exception {
        Path dir = Path.of("src/test/resources/predicates");
        Program program = isocheck.frontend.ProgramLoader.load(dir.resolve("join-record.sql"));
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                        program,
                        dir.resolve("join-record-discount.schedule"),
                        snapshotLevel(),
                        trace);
        assertEquals(2, Oracle.committed(h).size(), trace.toString());
        Verdict ser = Oracle.check(h, Level.SER);
        assertTrue(ser instanceof Verdict.Violated, ser + "\n" + trace);
        String text = ((Verdict.Violated) ser).witnesses().get(0).toText();
        assertTrue(
                text.contains("T2 updated airline/1 so that T1's predicate")
                        && text.contains("on airline would match it"),
                text);
    }

    /**
     * Adya's "changes the matches", on the database: while T1 counts shift 5's doctors on call, T2
     * (which read the shift's mark T1 then overwrites: T2 -rw-> T1) renames a counted doctor (no
     * change to the count's matches: serializable as T2, T1), relieves every doctor on call with an
     * UPDATE whose WHERE reads on_call, or deletes one (both a predicate anti-dependency T1 -rw->
     * T2: G2).
     */
    @Case({Isolation.SNAPSHOT})
    void onlyWritesThatChangeTheMatchesArePredicateAntiDependencies() throws Exception {
        Path dir = Path.of("src/test/resources/predicates");
        Program program = isocheck.frontend.ProgramLoader.load(dir.resolve("oncall-roster.sql"));
        String[][] cases = {
            {"rename", null},
            {
                "relieve",
                "so that T1's predicate `shift_id = 5 AND on_call = 1` on doctors no longer matches it"
            },
            {"fire", "deleted"},
        };
        for (String[] c : cases) {
            StringWriter trace = new StringWriter();
            History h = schedule(program, dir.resolve(c[0] + ".schedule"), snapshotLevel(), trace);
            assertEquals(2, Oracle.committed(h).size(), c[0] + "\n" + trace);
            assertTrue(Oracle.check(h, Level.SI) instanceof Verdict.Consistent, c[0]);
            Verdict ser = Oracle.check(h, Level.SER);
            if (c[1] == null) {
                assertTrue(ser instanceof Verdict.Consistent, c[0] + ": " + ser);
            } else {
                assertTrue(ser instanceof Verdict.Violated, c[0] + ": " + ser);
                String text = ((Verdict.Violated) ser).witnesses().get(0).toText();
                if (c[0].equals("fire")) {
                    // the count also read the deleted row's @alive: the witness may use that item
                    // edge;
                    // the predicate read records the delete as a change all the same
                    assertTrue(
                            h.predicateReads().stream()
                                    .flatMap(p -> p.rows().stream())
                                    .flatMap(r -> r.changes().stream())
                                    .anyMatch(
                                            ch ->
                                                    ch.effect()
                                                            == isocheck.history.PredicateRead.Effect
                                                                    .DELETED),
                            c[0]);
                } else {
                    assertTrue(text.contains(c[1]), c[0] + ":\n" + text);
                    assertEquals("G2", ((Verdict.Violated) ser).witnesses().get(0).adya(), text);
                }
            }
        }
    }

    /**
     * Issue 15's key probe: T1 reads account 1, T2 deletes it and commits, and T1's DELETE (or
     * UPDATE) by key then finds the row gone. No serial order does that. The recorder logs what the
     * probe saw, the row absent after T2's delete (a predicate read that read-depends on T2), so
     * SER is violated; before, the probe logged nothing and the history checked SER-consistent.
     */
    @Case({Isolation.READ_COMMITTED})
    void keyProbesThatFindTheirRowGoneReadTheDelete() throws Exception {
        Path dir = Path.of("src/test/resources/predicates");
        String[][] cases = {
            {
                PROGRAMS.resolve("litmus/double-delete.sql").toString(),
                SCHEDULES.resolve("double-delete.schedule").toString()
            },
            {
                dir.resolve("key-probes.sql").toString(),
                dir.resolve("update-gone.schedule").toString()
            },
        };
        for (String[] c : cases) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(
                            isocheck.frontend.ProgramLoader.load(Path.of(c[0])),
                            Path.of(c[1]),
                            Isolation.READ_COMMITTED,
                            trace);
            assertEquals(2, Oracle.committed(h).size(), c[1] + "\n" + trace);
            assertTrue(trace.toString().contains("→ 0 rows"), c[1] + "\n" + trace);
            // the probe's predicate read saw the delete: one change, observed
            assertTrue(
                    h.predicateReads().stream()
                            .flatMap(p -> p.rows().stream())
                            .anyMatch(
                                    r ->
                                            r.row().equals("account/1")
                                                    && !r.uncertain()
                                                    && r.observed() == 1
                                                    && r.changes().get(0).effect()
                                                            == isocheck.history.PredicateRead.Effect
                                                                    .DELETED),
                    c[1] + ": " + h.predicateReads());
            Verdict ser = Oracle.check(h, Level.SER);
            assertTrue(ser instanceof Verdict.Violated, c[1] + ": " + ser + "\n" + trace);
        }
    }

    /**
     * Issue 15's locking and LIMIT reads: a WHERE clause over a column an UPDATE assigns cannot be
     * broadened under FOR SHARE or LIMIT (it would lock or return more rows), so such a read used
     * to record no predicate read and the phantom below checked SER-consistent. It now records that
     * the rows it did not return were absent or not matching: T2's insert of a matching item is a
     * predicate anti-dependency, and SER is violated by G2.
     */
    @Case({Isolation.SNAPSHOT})
    void lockingAndLimitReadsRecordTheRowsTheyDidNotMatch() throws Exception {
        Path dir = Path.of("src/test/resources/predicates");
        Program program = isocheck.frontend.ProgramLoader.load(dir.resolve("locked-phantom.sql"));
        for (String s : List.of("locked-phantom", "limited-phantom")) {
            StringWriter trace = new StringWriter();
            History h = schedule(program, dir.resolve(s + ".schedule"), snapshotLevel(), trace);
            assertEquals(2, Oracle.committed(h).size(), s + "\n" + trace);
            Verdict ser = Oracle.check(h, Level.SER);
            assertTrue(ser instanceof Verdict.Violated, s + ": " + ser);
            String text = ((Verdict.Violated) ser).witnesses().get(0).toText();
            assertTrue(
                    text.contains(
                            "T2 inserted items/7, a row T1's predicate `batch = 1` on items would"
                                    + " have matched"),
                    s + ":\n" + text);
        }
    }

    /**
     * Schedule, the predicate edge its witness names (the first transaction's predicate), and the
     * program when its name is not the schedule's.
     */
    static final List<String[]> PREDICATE_LITMUS =
            List.of(
                    new String[] {
                        "doctors-on-call",
                        "so that T1's predicate `shift_id = 5 AND on_call = 1` on doctors no longer matches it; "
                                + "T1 saw it matching [predicate anti-dependency]"
                    },
                    new String[] {
                        "seat-reservation",
                        "T2 inserted seats/2, a row T1's predicate `flight_id = 1` on seats would have matched"
                    },
                    new String[] {
                        "phantom",
                        "T2 inserted items/7, a row T1's predicate `batch = 1` on items would have matched"
                    },
                    // through a join (JoinReads): the stock side's predicate, then the order lines'
                    new String[] {
                        "join-phantom",
                        "T2 updated stock/5 so that T1's predicate `s_quantity < 10 AND s_i_id IN (5)`"
                                + " on stock would match it; T1 saw it not matching [predicate"
                                + " anti-dependency]"
                    },
                    new String[] {
                        "join-phantom-insert",
                        "T2 inserted order_line/1,6, a row T1's predicate `ol_o_id = 1` on order_line"
                                + " would have matched",
                        "join-phantom"
                    });

    /** The program of a {@link #PREDICATE_LITMUS} entry: its third element, else its schedule's. */
    static String litmusProgram(String[] c) {
        return "litmus/" + (c.length > 2 ? c[2] : c[0]) + ".sql";
    }

    /**
     * Replays the hand-written TPC-C read-only anomaly schedule (RESULTS.md, cycle G) at {@code
     * iso}.
     */
    History tpccReadOnlyAnomaly(Isolation iso, StringWriter trace) throws Exception {
        Runs.Outcome o =
                Runs.schedule(
                        db(iso),
                        program("tpcc-batch-delivery.sql"),
                        gen("tpcc.gen"),
                        "tpcc.gen",
                        TPCC_SCHEDULES.resolve("si-read-only-anomaly.schedule"),
                        1,
                        500,
                        new PrintWriter(trace, true));
        return o.history();
    }

    /**
     * The static witness of TPC-C under SI at k = 4 (RESULTS.md "G"), replayed: under snapshot
     * isolation all four commit, the history is SI, and SER is violated by exactly the analyzer's
     * cycle Delivery T3 -rw-> NewOrder T4 -> NewOrder T1 -wr-> OrderStatus T2 -rw-> T3, the first
     * edge a predicate read (T3's empty MIN over district 2) that misses T4's insert.
     */
    @Case({Isolation.SNAPSHOT})
    void tpccReadOnlyAnomalyUnderSnapshotIsSiButNotSerializable() throws Exception {
        StringWriter trace = new StringWriter();
        History h = tpccReadOnlyAnomaly(snapshotLevel(), trace);
        assertEquals(4, Oracle.committed(h).size(), trace.toString());
        assertTrue(
                trace.toString()
                        .contains(
                                "T3   SELECT MIN(no_o_id) INTO oldest FROM new_order WHERE no_w_id = :w_id AND no_d_id = :dist.d_id  → oldest = NULL"),
                "T3 finds no undelivered order in district 2:\n" + trace);
        assertTrue(trace.toString().contains("→ last_o_id = 2"), "T2 sees T1's order 2:\n" + trace);
        assertTrue(
                Oracle.check(h, Level.parse("si")) instanceof Verdict.Consistent,
                () -> "SI: " + Oracle.check(h, Level.parse("si")));
        Verdict ser = Oracle.check(h, Level.parse("ser"));
        assertTrue(ser instanceof Verdict.Violated, "SER: " + ser);
        CycleWitness w = (CycleWitness) ((Verdict.Violated) ser).witnesses().get(0);
        Map<String, String> session = new HashMap<>();
        w.transactions().forEach(t -> session.put(t.label(), t.session()));
        List<String> cycle = new ArrayList<>();
        List<String> edges = new ArrayList<>();
        for (WitnessEdge e : w.edges()) {
            cycle.add(session.get(e.from()));
            edges.add(
                    session.get(e.from())
                            + " -"
                            + e.kind().label()
                            + "("
                            + e.key()
                            + ")-> "
                            + session.get(e.to()));
        }
        int start = cycle.indexOf("T3");
        Collections.rotate(cycle, -start);
        Collections.rotate(edges, -start);
        assertEquals(List.of("T3", "T4", "T1", "T2"), cycle, w.toText());
        // A predicate anti-dependency: T4 inserted a row T3's MIN over district 2 would have
        // matched.
        assertTrue(
                edges.get(0)
                        .matches(
                                "T3 -rw\\(pred#\\d+\\.1 new_order/1,2,2 inserted \\{new_order: no_w_id = 1 AND no_d_id = 2\\}\\)-> T4"),
                w.toText());
        assertTrue(
                edges.get(1).equals("T4 -wr(stock/1,1/s_quantity)-> T1")
                        || edges.get(1).startsWith("T4 -ww(stock/1,1/"),
                w.toText());
        // an item read of T1's order, or OrderStatus's predicate seeing T1's insert of it
        assertTrue(
                edges.get(2)
                        .matches(
                                "T1 -wr\\((pred#\\d+\\.\\d+ )?(orders/1,1,2|order_line/1,1,2,1)[/ ].*\\)-> T2"),
                w.toText());
        assertEquals("T2 -rw(customer/1,1,1/c_balance)-> T3", edges.get(3), w.toText());
    }

    /**
     * The same interleaving on tpcc.sql, whose Delivery is one transaction per district: the batch
     * Delivery T3 becomes T3a (district 1) and T3b (district 2). T3b still misses T4's order and T2
     * still reads the balance T3a changes, yet the history is serializable (T3b, T4, T1, T2, T3a):
     * the pivot that read one district and wrote another is gone.
     */
    @Case({Isolation.SNAPSHOT})
    void tpccDistrictDeliveryScheduleUnderSnapshotIsSerializable() throws Exception {
        StringWriter trace = new StringWriter();
        Runs.Outcome o =
                Runs.schedule(
                        db(snapshotLevel()),
                        program("tpcc.sql"),
                        gen("tpcc.gen"),
                        "tpcc.gen",
                        TPCC_SCHEDULES.resolve("si-district-delivery.schedule"),
                        1,
                        500,
                        new PrintWriter(trace, true));
        History h = o.history();
        assertEquals(5, Oracle.committed(h).size(), trace.toString());
        assertTrue(
                trace.toString()
                        .contains(
                                "T3b  SELECT MIN(no_o_id) INTO oldest FROM new_order WHERE no_w_id = :w_id AND no_d_id = :d_id  → oldest = NULL"),
                "T3b finds no undelivered order in district 2:\n" + trace);
        assertTrue(trace.toString().contains("→ last_o_id = 2"), "T2 sees T1's order 2:\n" + trace);
        assertTrue(Oracle.serializable(h), () -> "SER: " + Oracle.check(h, Level.parse("ser")));
    }

    @Case({Isolation.SNAPSHOT})
    void lostUpdateScheduleUnderSnapshotAbortsTheSecondWriter() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule("litmus/lost-update.sql", "lost-update.schedule", snapshotLevel(), trace);
        assertEquals(1, Oracle.committed(h).size(), trace.toString());
        assertTrue(Oracle.serializable(h));
        assertTrue(trace.toString().contains("ABORTED"), trace.toString());
    }

    @Case({Isolation.SERIALIZABLE})
    void concurrentKeyValueRunsAtSerializableSatisfyEveryLevelAndRecordAborts() {
        Runs.Outcome o = Runs.keyValue(db(Isolation.SERIALIZABLE), false, 6, 0, opts(4, 600));
        History h = o.history();
        int aborted = 0;
        for (int t = 0; t < h.txnCount(); t++) {
            if (!h.isCommitted(t)) {
                aborted++;
            }
        }
        assertEquals(
                o.result().aborted(), aborted, "every abort is in the history, marked aborted");
        for (Level l : Level.values()) {
            assertTrue(Oracle.consistent(h, l), l + ": " + Oracle.check(h, l));
        }
    }

    @Case({Isolation.READ_COMMITTED})
    void tpccAtReadCommittedIsReadCommitted() throws Exception {
        Runs.Outcome o =
                Runs.program(
                        db(Isolation.READ_COMMITTED),
                        program("tpcc.sql"),
                        gen("tpcc.gen"),
                        "tpcc.gen",
                        opts(4, 300));
        History h = o.history();
        assertTrue(o.result().committed() > 200, o.summary());
        assertTrue(Oracle.consistent(h, Level.RC), () -> "RC: " + Oracle.check(h, Level.RC));
    }
}
