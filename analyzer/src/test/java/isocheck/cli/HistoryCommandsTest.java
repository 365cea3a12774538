package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check} and {@code convert} end to end on the vendored corpus (corpus/ at the repository
 * root).
 */
class HistoryCommandsTest {

    private static final Path CORPUS = Path.of("../corpus");
    private static final String NL = System.lineSeparator();

    @Test
    void checkAllLevelsReportsEachVerdictAndExitsOneOnAViolation() {
        Path history = CORPUS.resolve("awdit-tests/read-atomic/test-ra.txt");
        CliRun run = CliRun.of("check", history.toString(), "--level", "all");
        assertEquals(ExitCode.FINDING, run.exitCode(), run.err());
        assertTrue(
                run.out()
                        .startsWith(
                                history
                                        + ": 8 transactions, 5 sessions, 15 operations (awdit-test)"
                                        + NL),
                run.out());
        assertTrue(
                run.out()
                        .contains(
                                "RC: consistent"
                                        + NL
                                        + "RA: consistent"
                                        + NL
                                        + "CC: VIOLATED (causality violation)"),
                run.out());
        assertTrue(
                run.out().contains("-co-> "),
                "the witness shows the inferred commit-order edge: " + run.out());
    }

    @Test
    void consistentHistoryExitsZero() {
        CliRun run =
                CliRun.of(
                        "check",
                        CORPUS.resolve("awdit-tests/causal/lost-update.plume.txt").toString(),
                        "--level",
                        "cc");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(run.out().endsWith("CC: consistent" + NL), run.out());
    }

    @Test
    void jsonWitnessIsOneDocument() throws Exception {
        CliRun run =
                CliRun.of(
                        "check",
                        CORPUS.resolve("awdit-tests/read-committed/biswas-enea.plume.txt")
                                .toString(),
                        "--level",
                        "ra",
                        "--witness",
                        "json");
        assertEquals(ExitCode.FINDING, run.exitCode(), run.err());
        JsonNode root = new ObjectMapper().readTree(run.out());
        JsonNode result = root.get("results").get(0);
        assertEquals("ra", result.get("level").asText());
        assertEquals("violated", result.get("verdict").asText());
        assertEquals(
                "fractured read",
                result.get("witnesses").get(0).get("anomaly").asText(),
                run.out());
    }

    @Test
    void dotWitnessIsADigraph() {
        CliRun run =
                CliRun.of(
                        "check",
                        CORPUS.resolve("awdit-tests/read-committed/biswas-enea.plume.txt")
                                .toString(),
                        "--level",
                        "ra",
                        "--witness",
                        "dot");
        assertEquals(ExitCode.FINDING, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("digraph"), run.out());
    }

    @Test
    void snapshotIsolationIsCheckedForReal() {
        Path lostUpdate = CORPUS.resolve("awdit-tests/causal/lost-update.plume.txt");
        CliRun si = CliRun.of("check", lostUpdate.toString(), "--level", "si");
        assertEquals(ExitCode.FINDING, si.exitCode(), si.err());
        assertTrue(si.out().contains("SI: VIOLATED (lost update, G-single)" + NL), si.out());
        assertTrue(si.out().contains(" -ww-> ") && si.out().contains(" -rw-> "), si.out());
        assertTrue(si.out().contains("[either order: the other one closes "), si.out());
        CliRun pc = CliRun.of("check", lostUpdate.toString(), "--level", "pc");
        assertEquals(ExitCode.OK, pc.exitCode(), pc.err());
        assertTrue(pc.out().endsWith("PC: consistent" + NL), pc.out());
        CliRun skew =
                CliRun.of(
                        "check",
                        CORPUS.resolve("samples/write-skew.plume.txt").toString(),
                        "--level",
                        "all");
        assertEquals(ExitCode.FINDING, skew.exitCode(), skew.err());
        assertTrue(
                skew.out()
                        .contains(
                                "PC: consistent"
                                        + NL
                                        + "PSI: consistent"
                                        + NL
                                        + "SI: consistent"
                                        + NL
                                        + "SER: VIOLATED (write skew, G2-item)"
                                        + NL),
                skew.out());
        assertTrue(skew.out().contains("SSER: VIOLATED (write skew, G2-item)" + NL), skew.out());
    }

    @Test
    void explainSaysTheStrategyAndTheCertificate() throws Exception {
        Path h = CORPUS.resolve("samples/write-skew.plume.txt");
        CliRun run = CliRun.of("check", h.toString(), "--level", "si", "--explain");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("SI: consistent" + NL + "  - "), run.out());
        assertTrue(run.out().contains("  - strategy: mini-transaction fast path (MTC)"), run.out());
        assertTrue(
                run.out()
                        .contains(
                                "  - certificate: a commit order of 3 transactions, checked by the linear-time validator"),
                run.out());
        assertTrue(run.out().contains("  - commit order: init "), run.out());
        CliRun json =
                CliRun.of(
                        "check", h.toString(), "--level", "ser", "--witness", "json", "--explain");
        JsonNode r = new ObjectMapper().readTree(json.out()).get("results").get(0);
        assertEquals("violated", r.get("verdict").asText());
        assertEquals("write skew", r.get("witnesses").get(0).get("anomaly").asText());
        assertEquals("IAT/DDA", r.get("witnesses").get(0).get("coo").asText());
        assertTrue(r.get("explain").size() > 0, json.out());
    }

    @Test
    void timeoutGivesUnknownAndExitThree(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.jsonl");
        isocheck.format.HistoryWriter.write(
                isocheck.level.SyntheticHistories.serializableUnstamped(
                        20_000, 20, 10_000, isocheck.level.SyntheticHistories.Keys.UNIFORM, 5),
                big,
                isocheck.format.Format.JSON);
        CliRun run = CliRun.of("check", big.toString(), "--level", "ser", "--timeout", "0.001");
        assertEquals(ExitCode.UNKNOWN, run.exitCode(), run.out() + run.err());
        // The checker's own deadline answers with what remained; when reading alone outlasts the
        // deadline
        // (a loaded machine), the command's watchdog answers for it (--timeout covers reading too).
        assertTrue(
                run.out().contains("SER: unknown (time limit reached")
                        || run.err().startsWith("unknown: the time limit (--timeout 0.001)"),
                run.out() + run.err());
        CliRun bad = CliRun.of("check", big.toString(), "--level", "ser", "--timeout", "-1");
        assertEquals(ExitCode.BAD_INPUT, bad.exitCode());
    }

    @Test
    void unsupportedLevelAndMissingFileAreUsageErrors() {
        CliRun level =
                CliRun.of(
                        "check",
                        CORPUS.resolve("awdit-tests/causal/lost-update.plume.txt").toString(),
                        "--level",
                        "rr");
        assertEquals(ExitCode.BAD_INPUT, level.exitCode());
        assertEquals(
                "--level: unknown level 'rr' (expected rc, ra, cc, pc, psi, si, ser or sser)" + NL,
                level.err());
        CliRun missing = CliRun.of("check", "nowhere.txt", "--level", "rc");
        assertEquals(ExitCode.BAD_INPUT, missing.exitCode());
        assertEquals("nowhere.txt: no such file or directory" + NL, missing.err());
    }

    @Test
    void malformedHistoryNamesTheLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "r(1,0,0,0)\nw(1,oops,0,1)\n");
        CliRun run = CliRun.of("check", bad.toString(), "--level", "rc", "--format", "plume");
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertTrue(run.err().startsWith(bad + ":2"), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    @Test
    void convertRoundTripsAndKeepsVerdicts(@TempDir Path dir) {
        Path in = CORPUS.resolve("awdit-tests/read-atomic/test-ra.plume.txt");
        Path json = dir.resolve("h.jsonl");
        Path plume = dir.resolve("back.txt");
        assertEquals(ExitCode.OK, CliRun.of("convert", in.toString(), json.toString()).exitCode());
        assertEquals(
                ExitCode.OK, CliRun.of("convert", json.toString(), plume.toString()).exitCode());
        for (Path p : new Path[] {in, json, plume}) {
            CliRun run = CliRun.of("check", p.toString(), "--level", "all");
            assertEquals(ExitCode.FINDING, run.exitCode(), p + ": " + run.err());
            assertTrue(
                    run.out().contains("RA: consistent" + NL + "CC: VIOLATED"),
                    p + ": " + run.out());
        }
    }

    @Test
    void convertNeedsAKnownOutputFormat(@TempDir Path dir) {
        Path out = dir.resolve("h.edn");
        CliRun run =
                CliRun.of(
                        "convert",
                        CORPUS.resolve("awdit-tests/causal/lost-update.plume.txt").toString(),
                        out.toString());
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertEquals(
                out
                        + ": cannot tell the output format from the extension; give --to json or --to plume"
                        + NL,
                run.err());
        assertTrue(Files.notExists(out));
    }
}
