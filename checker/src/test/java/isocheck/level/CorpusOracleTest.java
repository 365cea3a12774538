package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.history.History;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The brute-force oracle confirms the corpus labels of the small AWDIT and Plume histories: this
 * checks our reading of each format's conventions (initial state, sessions) independently of the
 * fast checkers.
 */
class CorpusOracleTest {
    private static final int MAX_TXNS = 14;

    @TestFactory
    List<DynamicTest> oracleAgreesWithSmallCorpusHistories() throws Exception {
        Path dir = isocheck.corpus.Corpus.dir();
        List<String> lines = Files.readAllLines(dir.resolve("MANIFEST.tsv"));
        List<DynamicTest> tests = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split("\t", -1);
            Format format =
                    switch (f[1]) {
                        case "awdit-test" -> Format.AWDIT_TEST;
                        case "plume-text" -> Format.PLUME;
                        default -> null;
                    };
            if (format == null) {
                continue;
            }
            History h = HistoryReader.read(dir.resolve(f[0]), format);
            if (h.txnCount() > MAX_TXNS) {
                continue;
            }
            for (Level level : Level.values()) {
                int col =
                        java.util.Arrays.asList(lines.get(0).split("\t", -1)).indexOf(level.name());
                String label = col < 0 || col >= f.length ? "" : f[col];
                if (label.isEmpty()) {
                    continue;
                }
                tests.add(
                        DynamicTest.dynamicTest(
                                f[0] + " " + level.id() + " = " + label,
                                () ->
                                        assertEquals(
                                                Boolean.parseBoolean(label),
                                                BruteForceOracle.holds(h, level))));
            }
        }
        assertTrue(
                tests.size() >= 30,
                "expected at least 30 small labelled histories, found " + tests.size());
        return tests;
    }
}
