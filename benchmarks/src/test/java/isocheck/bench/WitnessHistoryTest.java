package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.anomaly.CycleWitness;
import isocheck.bridge.WitnessHistory;
import isocheck.encoding.ProgramModel;
import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.format.HistoryWriter;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import isocheck.query.Analysis;
import isocheck.vocabulary.SpecLevels;
import isocheck.witness.Witness;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every witness of the acceptance rows that find anomalies, as a concrete history ({@link
 * WitnessHistory}), is confirmed by the dynamic checker: it violates SER, and it satisfies the
 * spec's dynamic counterpart ({@link SpecLevels}: ec↔RA, cc↔CC, pc↔PC, psi↔PSI, si↔SI) — for PSI
 * only where the witness's visibility is transitive, see below. A witness edge the history does not
 * reproduce fails the test ({@link WitnessHistory.EdgeNotReproduced}).
 *
 * <p>Rows: bank under EC ({@code --all}), TPC-C under EC at k = 2 ({@code --all}), Courseware under
 * EC ({@code --all}), and every litmus program under every shipped spec at bound 4 ({@code --all})
 * wherever a cycle is found.
 *
 * <p>And the two halves speak one vocabulary: the checker's SER witness of the history as {@code
 * --history-out} writes it (JSON Lines, read back) has the static witness's name, common and Adya's
 * ({@code vocabulary/CycleClassifier}).
 */
class WitnessHistoryTest {

    static final List<String> LITMUS =
            List.of(
                    "lost-update",
                    "write-skew",
                    "read-skew",
                    "long-fork",
                    "fractured-read",
                    "causality-violation",
                    "duplicate-insert");

    /** One analysis per row, shared by the tests of this class. */
    static final Map<Row, Analysis.Outcome> OUTCOMES = new ConcurrentHashMap<>();

    record Row(String program, String spec, int bound) {
        @Override
        public String toString() {
            return program.replace("benchmarks/programs/", "")
                    + " under "
                    + spec
                    + " (k <= "
                    + bound
                    + ", --all)";
        }
    }

    static Stream<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("benchmarks/programs/bank.sql", "ec", 4));
        rows.add(new Row("benchmarks/programs/tpcc.sql", "ec", 2));
        rows.add(new Row("benchmarks/programs/courseware.sql", "ec", 2));
        for (String l : LITMUS) {
            for (String spec : List.of("ec", "cc", "pc", "psi", "si", "ser")) {
                rows.add(new Row("benchmarks/programs/litmus/" + l + ".sql", spec, 4));
            }
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyWitnessHistoryViolatesSerAndSatisfiesTheCounterpart(Row row) throws Exception {
        Analysis.Outcome o = outcome(row);
        assertFalse(o.verdict() == Analysis.Verdict.UNKNOWN, row + ": " + o.unknownReason());
        ProgramModel model = new ProgramModel(ShippedProgramsTest.load(row.program()));
        int causalityFree = 0;
        for (Witness w : o.anomalies()) {
            String what = row + ": " + w.anomaly() + " " + w.signature();
            History h = WitnessHistory.of(w, model); // throws when a witness edge is not reproduced
            assertInstanceOf(
                    Verdict.Violated.class,
                    LevelChecker.of(Level.SER).check(h),
                    what + " must violate SER");
            Level counterpart = SpecLevels.levelOf(row.spec()).map(Level::parse).orElse(null);
            if (counterpart == null || counterpart == Level.SER) continue;
            Verdict v = LevelChecker.of(counterpart).check(h);
            if (counterpart == Level.PSI && v instanceof Verdict.Violated && !transitive(w)) {
                // The paper's PSI (§3.2, specs/psi.spec) is WW ⇒ vis only; the dynamic PSI (Cerone,
                // Bernardi, Gotsman 2015) makes visibility transitive (it implies CC). A witness
                // that
                // the dynamic PSI rejects and whose vis is not transitive (causality-violation.sql:
                // ReadThread sees Answer, Answer saw Publish, ReadThread does not see Publish) is a
                // mismatch of definitions, not of the encoding: it is held to RA instead, the
                // counterpart of the causality-free EC that the paper's PSI entails.
                causalityFree++;
                counterpart = Level.RA;
                v = LevelChecker.of(counterpart).check(h);
            }
            assertInstanceOf(
                    Verdict.Consistent.class, v, what + " must satisfy " + counterpart + ": " + v);
        }
        if (row.spec().equals("ec") && !row.program().contains("litmus")) {
            assertEquals(
                    Analysis.Verdict.FOUND,
                    o.verdict(),
                    row + " is an acceptance row with anomalies");
        }
        if (causalityFree > 0)
            System.out.println(
                    row
                            + ": "
                            + causalityFree
                            + " of "
                            + o.anomalies().size()
                            + " witnesses violate the dynamic PSI and have non-transitive vis (the paper's PSI lacks causality);"
                            + " they satisfy RA");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void theCheckerNamesTheWitnessHistorysCycleAsTheStaticWitnessDoes(Row row) throws Exception {
        Analysis.Outcome o = outcome(row);
        assertFalse(o.verdict() == Analysis.Verdict.UNKNOWN, row + ": " + o.unknownReason());
        ProgramModel model = new ProgramModel(ShippedProgramsTest.load(row.program()));
        int same = 0;
        int other = 0;
        for (Witness w : o.anomalies()) {
            StringWriter out = new StringWriter();
            HistoryWriter.write(WitnessHistory.of(w, model), out, "witness", Format.JSON);
            // The final-state observer is a device of the bridge (it fixes version orders no read
            // of
            // the cycle observes), not a transaction of the witness: when the history without it
            // still violates SER, the checker is asked about that one, so that its cycle lies among
            // the witness's transactions. Otherwise the full history is checked.
            String full = out.toString();
            String bare =
                    full.lines()
                            .filter(
                                    l ->
                                            !l.contains(
                                                    "\"session\":\""
                                                            + WitnessHistory.FINAL_STATE
                                                            + "\""))
                            .map(l -> l.replace(",\"" + WitnessHistory.FINAL_STATE + "\"]", "]"))
                            .collect(Collectors.joining("\n", "", "\n"));
            Verdict v =
                    LevelChecker.of(Level.SER)
                            .check(
                                    HistoryReader.read(
                                            new StringReader(bare), "witness.jsonl", Format.JSON));
            if (!(v instanceof Verdict.Violated)) {
                v =
                        LevelChecker.of(Level.SER)
                                .check(
                                        HistoryReader.read(
                                                new StringReader(full),
                                                "witness.jsonl",
                                                Format.JSON));
            }
            String what = row + ": " + w.anomaly() + " (" + w.adya() + ") " + w.signature();
            Verdict.Violated violated =
                    assertInstanceOf(Verdict.Violated.class, v, what + " must violate SER");
            CycleWitness c =
                    assertInstanceOf(CycleWitness.class, violated.witnesses().get(0), what);
            if (sameCycle(w, c)) {
                assertEquals(
                        w.anomaly() + ", " + w.adya(),
                        c.name() + ", " + c.adya(),
                        what + "; checker's cycle " + c.cycle());
                same++;
            } else {
                // The history has several cycles and the search reports the one its last branch met
                // (through the final-state observer, or another among the same transactions): a
                // different cycle, which may have a different name. Counted, not hidden.
                System.out.println(
                        row
                                + ": "
                                + w.anomaly()
                                + " ("
                                + w.adya()
                                + ") "
                                + w.signature()
                                + " -- the checker reports "
                                + "another cycle of the history, "
                                + c.edges().stream()
                                        .map(
                                                e ->
                                                        e.from()
                                                                + " -"
                                                                + e.kind().label()
                                                                + "-> "
                                                                + e.to())
                                        .collect(Collectors.joining(", "))
                                + ": "
                                + c.name()
                                + ", "
                                + c.adya());
                other++;
            }
        }
        SAME.addAndGet(same);
        OTHER.addAndGet(other);
    }

    /**
     * Whether the checker's cycle is the witness's: the same edges (from, kind, key, to), as a set.
     */
    static boolean sameCycle(Witness w, CycleWitness c) {
        Set<String> s = new HashSet<>();
        for (Witness.Edge e : w.edges())
            s.add(
                    w.txns().get(e.from()).id()
                            + e.kind().edgeKind()
                            + WitnessHistory.key(e)
                            + w.txns().get(e.to()).id());
        Set<String> d = new HashSet<>();
        for (var e : c.edges()) d.add(e.from() + e.kind() + e.key() + e.to());
        return s.equals(d);
    }

    static final AtomicInteger SAME = new AtomicInteger();
    static final AtomicInteger OTHER = new AtomicInteger();

    /**
     * The comparison must have compared something. How many witnesses give the checker their own
     * cycle is not fixed (TPC-C's --all enumeration varies in size, and in a history where two
     * NewOrders share a district the checker meets the lost update on d_next_o_id first); the
     * counts are printed and recorded in RESULTS.
     */
    @AfterAll
    static void someCyclesWereCompared() {
        System.out.println(
                "witness histories whose checker cycle is the witness's (names compared): "
                        + SAME.get()
                        + "; another cycle of the history: "
                        + OTHER.get());
        if (SAME.get() + OTHER.get() > 0)
            assertTrue(SAME.get() > 0, SAME + " same cycle, " + OTHER + " other");
    }

    static Analysis.Outcome outcome(Row row) {
        return OUTCOMES.computeIfAbsent(
                row,
                r -> {
                    try {
                        return AcceptanceTest.run(
                                r.program(),
                                r.spec(),
                                Analysis.Options.defaults(r.bound()).withAll(true));
                    } catch (Exception e) {
                        throw new IllegalStateException(r + ": " + e, e);
                    }
                });
    }

    /** Whether the witness's vis among its transactions is transitive. */
    static boolean transitive(Witness w) {
        for (int a = 0; a < w.k(); a++) {
            for (int b = 0; b < w.k(); b++) {
                for (int c = 0; c < w.k(); c++) {
                    if (a != c && w.visible(a, b) && w.visible(b, c) && !w.visible(a, c))
                        return false;
                }
            }
        }
        return true;
    }
}
