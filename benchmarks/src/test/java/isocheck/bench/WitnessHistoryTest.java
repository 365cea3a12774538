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
import isocheck.history.PredicateKey;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import isocheck.query.Analysis;
import isocheck.vocabulary.CycleClassifier;
import isocheck.vocabulary.CycleEdge;
import isocheck.vocabulary.EdgeKind;
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
 * EC ({@code --all}), and every litmus program under every paper spec and PostgreSQL's READ
 * COMMITTED (its history read statement by statement, counterpart RC) and REPEATABLE READ
 * (counterpart SI) at bound 4 ({@code --all}) wherever a cycle is found.
 *
 * <p>And the two halves speak one vocabulary: for every witness, its cycle found among the edges of
 * the history's dependency graph (the history as {@code --history-out} writes it, JSON Lines, read
 * back) has the static witness's name, common and Adya's ({@code vocabulary/CycleClassifier}); and
 * where the checker's SER witness of that history is the same cycle, the checker gives that name
 * too.
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
            // every spec with a dynamic counterpart, the paper's and PostgreSQL's
            for (String spec : SpecLevels.all().keySet()) {
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
            // throws when a witness edge is not reproduced
            History h = WitnessHistory.of(w, model, statementSnapshots(row));
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
        for (Witness w : o.anomalies()) {
            StringWriter out = new StringWriter();
            HistoryWriter.write(
                    WitnessHistory.of(w, model, statementSnapshots(row)),
                    out,
                    "witness",
                    Format.JSON);
            // The history as --history-out writes it, read back.
            String full = out.toString();
            History h = HistoryReader.read(new StringReader(full), "witness.jsonl", Format.JSON);
            String what = row + ": " + w.anomaly() + " (" + w.adya() + ") " + w.signature();
            // 1. The witness's own cycle, as edges of the history's dependency graph (its version
            // order is the order of the values, WitnessHistory's construction), named by the
            // shared classifier: the name the static witness carries, in every case.
            List<CycleEdge> own = cycleInHistory(w, h, what);
            assertEquals(
                    w.anomaly() + ", " + w.adya(),
                    CycleClassifier.commonName(own) + ", " + CycleClassifier.adya(own),
                    what + ": the witness's cycle in the history " + own);
            // 2. The checker's witness of the history. The final-state observer is a device of
            // the bridge (it fixes version orders no read of the cycle observes), not a
            // transaction of the witness: when the history without it still violates SER, the
            // checker is asked about that one, so that its cycle lies among the witness's
            // transactions. Otherwise the full history is checked.
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
                v = LevelChecker.of(Level.SER).check(h);
            }
            Verdict.Violated violated =
                    assertInstanceOf(Verdict.Violated.class, v, what + " must violate SER");
            if (violated.witnesses().get(0) instanceof isocheck.anomaly.ReadWitness r
                    && r.kind() == isocheck.anomaly.ReadAnomalyKind.NON_REPEATABLE_READ
                    && w.edges().stream().map(WitnessHistory::key).distinct().count() == 1) {
                // READ COMMITTED: one transaction reads one key in two statements, before and
                // after the other's commit (long-fork.sql's ReadPair). The checker names the two
                // reads first (a non-repeatable read, TAP-j) before any cycle; the witness's own
                // cycle was named through (1). Counted and printed, not hidden.
                OTHER_OTHER_NAME.incrementAndGet();
                System.out.println(
                        row
                                + ": "
                                + w.anomaly()
                                + " "
                                + w.signature()
                                + " -- the checker reports the two reads of its one key: "
                                + r.name());
                continue;
            }
            CycleWitness c =
                    assertInstanceOf(CycleWitness.class, violated.witnesses().get(0), what);
            if (sameCycle(w, c)) {
                assertEquals(
                        w.anomaly() + ", " + w.adya(),
                        c.name() + ", " + c.adya(),
                        what + "; checker's cycle " + c.cycle());
                SAME.incrementAndGet();
            } else {
                // The history has several cycles and the checker reports the first its search
                // meets; its name was compared through (1). Counted and printed, not hidden.
                String checkers = c.name() + ", " + c.adya();
                boolean sameName = checkers.equals(w.anomaly() + ", " + w.adya());
                (sameName ? OTHER_SAME_NAME : OTHER_OTHER_NAME).incrementAndGet();
                System.out.println(
                        row
                                + ": "
                                + w.anomaly()
                                + " ("
                                + w.adya()
                                + ") "
                                + w.signature()
                                + " -- the checker reports another cycle of the history, "
                                + c.edges().stream()
                                        .map(
                                                e ->
                                                        e.from()
                                                                + " -"
                                                                + e.kind().label()
                                                                + "("
                                                                + e.key()
                                                                + ")-> "
                                                                + e.to())
                                        .collect(Collectors.joining(", "))
                                + ": "
                                + checkers);
            }
        }
    }

    /** An edge of the history's dependency graph, in the shared vocabulary. */
    record HistoryEdge(EdgeKind kind, String from, String to, String key) implements CycleEdge {
        @Override
        public boolean predicate() {
            return PredicateKey.parse(key).isPresent();
        }
    }

    /**
     * The witness's cycle as edges of the history's dependency graph (Adya's, with the version
     * order of the values: WitnessHistory writes 1, 2, … per key in ar order after the initial 0):
     * for each witness edge, the history's edge between the same transactions (sessions named by
     * the witness's ids) on the same key — wr: a read in {@code to} of a value {@code from} wrote;
     * ww: both write the key, {@code from}'s last value lower; rw: a read in {@code from} of
     * another transaction's value that {@code to} overwrites with a higher one. An edge the history
     * lacks fails the test.
     */
    static List<CycleEdge> cycleInHistory(Witness w, History h, String what) {
        List<CycleEdge> edges = new ArrayList<>();
        for (Witness.Edge e : w.edges()) {
            String from = w.txns().get(e.from()).id();
            String to = w.txns().get(e.to()).id();
            String name = WitnessHistory.key(e);
            int key = h.keys().find(name);
            assertTrue(key >= 0, what + ": the history has no key " + name);
            int tf = txnOf(h, from, what);
            int tt = txnOf(h, to, what);
            EdgeKind kind = e.kind().edgeKind();
            boolean present =
                    switch (kind) {
                        case WR -> reads(h, tt, key).anyMatch(v -> writes(h, tf, key, v));
                        case WW -> lastWrite(h, tf, key) < lastWrite(h, tt, key);
                        case RW ->
                                reads(h, tf, key)
                                        .anyMatch(
                                                v ->
                                                        !writes(h, tf, key, v)
                                                                && lastWrite(h, tt, key) > v);
                        default -> false;
                    };
            assertTrue(
                    present,
                    what
                            + ": the history has no edge "
                            + from
                            + " -"
                            + kind.label()
                            + "("
                            + name
                            + ")-> "
                            + to);
            edges.add(new HistoryEdge(kind, from, to, h.keys().name(key)));
        }
        return edges;
    }

    private static int txnOf(History h, String session, String what) {
        for (int t = 0; t < h.txnCount(); t++) {
            if (!h.isInitial(t) && h.sessionName(h.session(t)).equals(session)) return t;
        }
        throw new AssertionError(what + ": the history has no transaction " + session);
    }

    /** The values transaction t reads of key. */
    private static java.util.stream.LongStream reads(History h, int t, int key) {
        return java.util.stream.IntStream.range(h.opStart(t), h.opEnd(t))
                .filter(op -> !h.isWrite(op) && h.key(op) == key)
                .mapToLong(h::value);
    }

    /** Whether transaction t writes value v of key. */
    private static boolean writes(History h, int t, int key, long v) {
        int op = h.writeOf(key, v);
        return op >= 0 && h.txnOf(op) == t;
    }

    /** The last value transaction t writes to key, or -1 if it writes none. */
    private static long lastWrite(History h, int t, int key) {
        long last = -1;
        for (int op = h.opStart(t); op < h.opEnd(t); op++) {
            if (h.isWrite(op) && h.key(op) == key) last = h.value(op);
        }
        return last;
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
    static final AtomicInteger OTHER_SAME_NAME = new AtomicInteger();
    static final AtomicInteger OTHER_OTHER_NAME = new AtomicInteger();

    /**
     * Every witness's name was compared (through its cycle in the history's graph); the counts of
     * how often the checker reports that very cycle are printed and recorded in RESULTS.
     */
    @AfterAll
    static void countsOfTheCheckersCycles() {
        System.out.println(
                "witness histories: checker reports the witness's cycle "
                        + SAME.get()
                        + "; another cycle with the same name "
                        + OTHER_SAME_NAME.get()
                        + "; another cycle with another name "
                        + OTHER_OTHER_NAME.get()
                        + " (every witness's own cycle named identically in the history's graph)");
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

    /**
     * The transaction types that read each statement from its own snapshot: all of them under a
     * statement-snapshot spec (READ COMMITTED), as {@code analyze --history-out} builds them.
     */
    static java.util.function.Predicate<String> statementSnapshots(Row row)
            throws isocheck.spec.SpecException {
        boolean statements =
                row.spec().startsWith("pg-")
                        && isocheck.spec.SpecLibrary.builtin()
                                .get(row.spec())
                                .hasStatementSnapshots();
        return type -> statements;
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
