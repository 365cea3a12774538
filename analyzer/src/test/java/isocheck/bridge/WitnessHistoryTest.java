package isocheck.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.encoding.DepKind;
import isocheck.encoding.ProgramModel;
import isocheck.format.Format;
import isocheck.format.HistoryWriter;
import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.program.SourcePos;
import isocheck.witness.Witness;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The witness → history construction on hand-made witnesses of bank.sql's deposit (S1 SELECT
 * balance, S2 UPDATE balance).
 */
class WitnessHistoryTest {
    static final Path BANK =
            Path.of("").toAbsolutePath().getParent().resolve("benchmarks/programs/bank.sql");
    static final SourcePos POS = new SourcePos("bank.sql", 1, 1);

    static ProgramModel bank() throws Exception {
        return new ProgramModel(ProgramLoader.parse("bank.sql", Files.readString(BANK)));
    }

    static Witness.Statement deposit(String id) {
        return new Witness.Statement("deposit", id, id.equals("S1") ? "SELECT" : "UPDATE", "", POS);
    }

    static Witness.Edge edge(int from, int to, DepKind kind, String fromStmt, String toStmt) {
        return new Witness.Edge(
                from,
                to,
                kind,
                "account",
                Map.of("acc_id", "(- 1)"),
                "balance",
                deposit(fromStmt),
                deposit(toStmt));
    }

    static Witness witness(
            List<Witness.Edge> edges,
            List<int[]> vis,
            List<Integer> ar,
            List<Witness.Access> accesses) {
        List<Witness.Txn> txns =
                List.of(
                        new Witness.Txn("T1", "deposit", Map.of("id", "-1"), POS),
                        new Witness.Txn("T2", "deposit", Map.of("id", "-1"), POS));
        return new Witness(2, txns, edges, vis, ar, "lost update", List.of(), accesses);
    }

    static String json(History h) throws Exception {
        StringWriter out = new StringWriter();
        HistoryWriter.write(h, out, "witness", Format.JSON);
        return out.toString();
    }

    @Test
    void aLostUpdateBecomesReadsOfTheInitialValueAndAnObserverOfTheFinalOne() throws Exception {
        // T1 -rw-> T2 (T1.S1 reads what T2.S2 overwrites), T2 -ww-> T1; ar T2 < T1, nobody sees
        // anybody;
        // the model says T2's S1 reads the balance too
        Witness w =
                witness(
                        List.of(
                                edge(0, 1, DepKind.RW, "S1", "S2"),
                                edge(1, 0, DepKind.WW, "S2", "S2")),
                        List.of(),
                        List.of(1, 0),
                        List.of(
                                new Witness.Access(
                                        1,
                                        "S1",
                                        "account",
                                        Map.of("acc_id", "(- 1)"),
                                        "balance",
                                        false)));
        assertEquals(
                """
                {"format":"isocheck-history","version":1,"sessions":["T2","T1","final-state"]}
                {"initial":true,"ops":[["w","account/-1/balance",0]]}
                {"session":"T2","id":2,"status":"committed","ops":[["r","account/-1/balance",0],["w","account/-1/balance",1],["w","@committed/T2",1]]}
                {"session":"T1","id":1,"status":"committed","ops":[["r","account/-1/balance",0],["w","account/-1/balance",2],["w","@committed/T1",1]]}
                {"session":"final-state","id":3,"status":"committed","ops":[["r","@committed/T1",1],["r","@committed/T2",1],["r","account/-1/balance",2]]}
                """,
                json(WitnessHistory.of(w, bank())));
    }

    @Test
    void aReadSeesTheLastVisibleWriter() throws Exception {
        // one edge (the construction does not need a cycle): T1 -wr-> T2, T2's S1 reads T1's S2
        // write, which it sees
        Witness w =
                witness(
                        List.of(edge(0, 1, DepKind.WR, "S2", "S1")),
                        List.<int[]>of(new int[] {0, 1}),
                        List.of(0, 1),
                        List.of());
        String h = json(WitnessHistory.of(w, bank()));
        assertTrue(
                h.contains(
                        "{\"session\":\"T2\",\"id\":2,\"status\":\"committed\",\"ops\":[[\"r\",\"account/-1/balance\",1]"),
                h);
    }

    @Test
    void aReadEdgeFromAnInvisibleWriterIsNotReproduced() throws Exception {
        // T1 -wr-> T2 but T1 is not visible to T2: T2 reads the initial value, so the edge is
        // absent
        Witness w =
                witness(
                        List.of(
                                edge(0, 1, DepKind.WR, "S2", "S1"),
                                edge(1, 0, DepKind.RW, "S1", "S2")),
                        List.of(),
                        List.of(0, 1),
                        List.of());
        WitnessHistory.EdgeNotReproduced e =
                assertThrows(
                        WitnessHistory.EdgeNotReproduced.class, () -> WitnessHistory.of(w, bank()));
        assertEquals(
                "T1 -wr-> T2 on account/-1/balance: T2 reads 0 (written by the initial state), not T1's write"
                        + " (the ar-last writer T2 sees, or its own write, wins)",
                e.getMessage());
    }

    @Test
    void aWriteEdgeAgainstArIsNotReproduced() throws Exception {
        Witness w =
                witness(
                        List.of(
                                edge(0, 1, DepKind.WW, "S2", "S2"),
                                edge(1, 0, DepKind.RW, "S1", "S2")),
                        List.of(),
                        List.of(1, 0),
                        List.of());
        WitnessHistory.EdgeNotReproduced e =
                assertThrows(
                        WitnessHistory.EdgeNotReproduced.class, () -> WitnessHistory.of(w, bank()));
        assertTrue(
                e.getMessage()
                        .startsWith("T1 -ww-> T2 on account/-1/balance: T1 is not before T2 in ar"),
                e.getMessage());
    }
}
