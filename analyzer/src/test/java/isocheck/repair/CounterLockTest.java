package isocheck.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.encoding.DepKind;
import isocheck.encoding.ProgramModel;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.program.RowLock;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.witness.Witness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The counter lock {@code repair} adds when a phantom on counter-drawn keys is read by a statement
 * no promotion changes (TPC-C's Delivery at READ COMMITTED, benchmarks/RESULTS.md issue 14 branch
 * tpcrc): which witness calls for it, the statement it adds, and that no other statement moves.
 */
class CounterLockTest {
    static final Path TPCC =
            Path.of("").toAbsolutePath().getParent().resolve("benchmarks/programs/tpcc.sql");

    /** The long fork repair stopped on: Delivery's claim misses NewOrder's new_order row. */
    static Witness longFork(String claim) {
        Witness.Statement delivery =
                new Witness.Statement("Delivery", claim, "SELECT", "SELECT …", null);
        Witness.Statement newOrder =
                new Witness.Statement("NewOrder", "S7", "INSERT", "INSERT …", null);
        Witness.Edge phantom =
                new Witness.Edge(
                        0,
                        1,
                        DepKind.RW,
                        "new_order",
                        Map.of(),
                        StatementFacts.ALIVE,
                        delivery,
                        newOrder);
        return new Witness(
                4, List.of(), List.of(phantom), List.of(), List.of(), "long fork", List.of());
    }

    @Test
    void aPhantomOnDrawnKeysLocksTheCounterRowRightAfterBegin() throws Exception {
        String text = Files.readString(TPCC);
        Program program = ProgramLoader.parse(TPCC.toString(), text);
        Optional<CounterLock> lock =
                CounterLock.forWitness(program, text, longFork("S1"), Set.of());
        assertTrue(lock.isPresent(), "no counter lock for Delivery's phantom on new_order");
        assertEquals("Delivery", lock.get().type());
        assertEquals(
                "SELECT d_next_o_id INTO district_lock FROM district WHERE d_w_id = :w_id AND d_id"
                        + " = :d_id FOR SHARE",
                lock.get().sql());

        String edited = CounterLock.apply(text, List.of(lock.get()));
        Program after = ProgramLoader.parse(TPCC.toString(), edited);
        var delivery =
                new ProgramModel(after)
                        .transactions().stream()
                                .filter(t -> t.transaction().name().equals("Delivery"))
                                .findFirst()
                                .orElseThrow();
        // the lock is Delivery's first statement, a FOR SHARE read of the district row
        Stmt first = delivery.statements().get(0).statement();
        assertTrue(
                first instanceof Stmt.Select s
                        && s.table().equals("district")
                        && s.lock().strength() == RowLock.Strength.SHARE,
                first.toString());
        // every other statement keeps its line and column (the positions repair prints)
        var before =
                new ProgramModel(program)
                        .transactions().stream()
                                .filter(t -> t.transaction().name().equals("Delivery"))
                                .findFirst()
                                .orElseThrow();
        assertEquals(before.statements().size() + 1, delivery.statements().size());
        for (int i = 0; i < before.statements().size(); i++) {
            assertEquals(
                    ((Stmt.Sql) before.statements().get(i).statement()).pos(),
                    ((Stmt.Sql) delivery.statements().get(i + 1).statement()).pos());
        }
        // once locked, Delivery is not offered a second lock; NewOrder (the drawer) is never
        assertTrue(
                CounterLock.forWitness(program, text, longFork("S1"), Set.of("Delivery"))
                        .isEmpty());
    }
}
