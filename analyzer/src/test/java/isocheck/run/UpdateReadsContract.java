package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import isocheck.program.Program;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Read-modify-write UPDATEs ({@code SET cnt = cnt + 1}) are recorded as a read of the version the
 * statement overwrote, then the write ({@link UpdateReads}). Asserted on every database: the read
 * is taken by the UPDATE itself, so it names the version the database actually incremented, also
 * when the UPDATE waited for another transaction's row lock (a separate SELECT would name an older
 * one).
 */
class UpdateReadsContract extends Contract {

    static final String PROGRAM =
            """
            CREATE TABLE counter (counter_id INT PRIMARY KEY, cnt INT NOT NULL, prev INT NOT NULL);

            TRANSACTION Bump(lo INT)
            BEGIN
              UPDATE counter SET cnt = cnt + 1, prev = cnt WHERE counter_id >= :lo;
            END;

            TRANSACTION ReadThenBump(id INT)
            BEGIN
              SELECT cnt INTO cur FROM counter WHERE counter_id = :id;
              UPDATE counter SET cnt = cnt + 1 WHERE counter_id = :id;
            END;
            """;

    static Program program() {
        return ProgramLoader.parse("counter.sql", PROGRAM);
    }

    History blockedIncrement(Isolation iso, StringWriter trace) throws Exception {
        // T2's UPDATE waits for T1's row lock (T1 has updated but not committed), then runs after
        // T1's commit.
        Path schedule = dir.resolve("blocked-increment.schedule");
        Files.writeString(
                schedule,
                """
                table counter: counter_id = 1..2, cnt = 0, prev = 0
                T1: ReadThenBump(id = 1)
                T2: ReadThenBump(id = 1)
                T1 T2
                T1 T2
                T1 T2
                """);
        return Runs.schedule(
                        db(iso),
                        program(),
                        GenSpec.empty(),
                        null,
                        schedule,
                        1,
                        500,
                        new PrintWriter(trace, true))
                .history();
    }

    @Case({Isolation.READ_COMMITTED})
    void anUpdateThatWaitedForALockReadsTheVersionCommittedMeanwhileAtReadCommitted()
            throws Exception {
        StringWriter trace = new StringWriter();
        History h = blockedIncrement(Isolation.READ_COMMITTED, trace);
        List<Integer> committed = Oracle.committed(h);
        assertEquals(2, committed.size(), trace.toString());
        assertTrue(
                trace.toString().contains("blocked"),
                "T2's UPDATE waited for T1's lock:\n" + trace);
        String t1 = Oracle.ops(h, committed.get(0));
        String t2 = Oracle.ops(h, committed.get(1));
        // T1: r(cnt,0) [SELECT]  r(cnt,0) w(cnt,v1) [UPDATE];  T2: r(cnt,0) [SELECT]  r(cnt,v1)
        // w(cnt,v2) [UPDATE]
        String v1 =
                t1.replaceFirst(
                        "^r\\(counter/1/cnt,0\\) r\\(counter/1/cnt,0\\) w\\(counter/1/cnt,(\\d+)\\)$",
                        "$1");
        assertTrue(v1.matches("\\d+"), "T1 " + t1);
        assertTrue(
                t2.matches(
                        "r\\(counter/1/cnt,0\\) r\\(counter/1/cnt,"
                                + v1
                                + "\\) w\\(counter/1/cnt,\\d+\\)"),
                "T2's UPDATE read T1's committed version " + v1 + ": " + t2 + "\n" + trace);
        assertTrue(
                trace.toString().contains("; read counter/1/cnt version " + v1 + ")"),
                "the trace shows the read:\n" + trace);
        // No update is lost (T2 incremented T1's value), but T2's two reads of one key differ.
        assertTrue(Oracle.consistent(h, Level.RC), () -> "RC: " + Oracle.check(h, Level.RC));
        assertFalse(Oracle.serializable(h), "T2 read cnt before and after T1: no serial order");
        assertInstanceOf(Verdict.Violated.class, Oracle.check(h, Level.parse("ser")));
    }

    @Case({Isolation.SNAPSHOT})
    void theSameInterleavingUnderSnapshotIsolationAbortsTheSecondIncrement() throws Exception {
        StringWriter trace = new StringWriter();
        History h = blockedIncrement(snapshotLevel(), trace);
        List<Integer> committed = Oracle.committed(h);
        assertEquals(1, committed.size(), trace.toString());
        assertTrue(Oracle.serializable(h));
        assertTrue(trace.toString().contains("ABORTED"), trace.toString());
    }

    /**
     * Concurrent increments of two rows by one multi-row UPDATE: each row gets one read and one
     * write per transaction, read first, and per row the committed increments form one chain from
     * the initial version (no two read the same version: nothing lost, and no read of its own new
     * version).
     */
    @Case({Isolation.READ_COMMITTED})
    void concurrentInPlaceIncrementsFormOneReadModifyWriteChainPerRow() throws Exception {
        GenSpec gen =
                GenSpec.parse(
                        "counter.gen",
                        List.of(
                                "table counter: counter_id = 1..2, cnt = 0, prev = 0",
                                "param Bump.lo = 1",
                                "mix Bump 1"));
        Runs.Outcome o =
                Runs.program(
                        db(Isolation.READ_COMMITTED),
                        program(),
                        gen,
                        "counter.gen",
                        new Runner.Options(4, 400, 7, false, 0, false, true));
        History h = o.history();
        List<Integer> committed = Oracle.committed(h);
        assertTrue(committed.size() > 300, o.summary());
        for (String row : List.of("counter/1/cnt", "counter/2/cnt")) {
            Map<Long, Long> next = new HashMap<>(); // version read -> version written
            for (int t : committed) {
                String ops = Oracle.ops(h, t);
                // Per row, in the order the database visited them (PostgreSQL: physical order,
                // which updates change).
                String perRow =
                        "r\\(counter/(\\d)/cnt,\\d+\\) w\\(counter/\\1/cnt,(\\d+)\\) w\\(counter/\\1/prev,\\2\\)";
                assertTrue(
                        ops.matches(
                                        perRow
                                                + " "
                                                + perRow.replace("\\1", "\\3")
                                                        .replace("\\2", "\\4"))
                                && ops.contains("counter/1/cnt")
                                && ops.contains("counter/2/cnt"),
                        ops);
                long read = -1;
                for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                    if (h.opText(op).startsWith((h.isWrite(op) ? "w(" : "r(") + row + ",")) {
                        if (h.isWrite(op)) {
                            assertFalse(read == h.value(op), "read its own new version: " + ops);
                            Long before = next.put(read, h.value(op));
                            assertEquals(
                                    null, before, row + ": two increments read version " + read);
                        } else {
                            read = h.value(op);
                        }
                    }
                }
            }
            int length = 0;
            for (Long v = 0L; next.containsKey(v); v = next.get(v)) {
                length++;
            }
            assertEquals(
                    committed.size(),
                    length,
                    row + ": the increments chain from the initial version");
        }
        for (String level : List.of("rc", "ra", "cc", "si", "ser")) {
            Verdict v = Oracle.check(h, Level.parse(level));
            assertInstanceOf(Verdict.Consistent.class, v, level + ": " + v);
        }
    }
}
