package isocheck.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every MANIFEST.tsv row labelled for a level (RC, RA, CC, PC, PSI, SI, SER, SSER columns, by
 * header name) gets its expected verdict. A missing file fails, and so does a row in a format we
 * cannot read.
 */
class CorpusVerdictTest {

    @Test
    void corpusIsPresent() {
        assertTrue(
                Files.isRegularFile(Corpus.dir().resolve("MANIFEST.tsv")), "MANIFEST.tsv missing");
    }

    @TestFactory
    List<DynamicTest> everyLabelledRow() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Corpus.Row row : Corpus.rows()) {
            for (Level level : Level.values()) {
                Optional<Boolean> label = row.label(level);
                if (label.isEmpty()) {
                    continue;
                }
                String name = row.path() + " " + level.id() + " = " + label.get();
                tests.add(
                        DynamicTest.dynamicTest(
                                name,
                                () -> {
                                    Path p = Corpus.dir().resolve(row.path());
                                    assertTrue(
                                            Files.exists(p),
                                            "MANIFEST.tsv line "
                                                    + row.line()
                                                    + ": "
                                                    + p
                                                    + " is missing");
                                    Format format =
                                            row.ourFormat()
                                                    .orElseThrow(
                                                            () ->
                                                                    new AssertionError(
                                                                            "MANIFEST.tsv line "
                                                                                    + row.line()
                                                                                    + ": no reader for format '"
                                                                                    + row.format()
                                                                                    + "'"));
                                    History h = HistoryReader.read(p, format);
                                    Verdict v = LevelChecker.of(level).check(h);
                                    assertEquals(
                                            label.get(),
                                            v instanceof Verdict.Consistent,
                                            () ->
                                                    row.path()
                                                            + " at "
                                                            + level
                                                            + ": expected "
                                                            + label.get()
                                                            + ", got "
                                                            + describe(v));
                                }));
            }
        }
        return tests;
    }

    static String describe(Verdict v) {
        if (v instanceof Verdict.Violated vio) {
            return "violated:\n" + vio.witnesses().get(0).toText();
        }
        return v.toString();
    }
}
