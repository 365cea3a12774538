package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code isocheck catalogue}: its exit codes, its three formats on embedded H2, and its one-line
 * errors (exit 2).
 */
class CatalogueCommandTest {

    private static final String NL = System.lineSeparator();

    @Test
    void twoAnomaliesOnH2AreDecidedAtEveryLevel() {
        CliRun run = CliRun.of("catalogue", "--anomaly", "G1a,P4");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        String[] lines = run.out().split("\\R");
        assertEquals("H2                G1a       P4", lines[0]);
        // H2's READ UNCOMMITTED reads T1's write before T1 rolls back: the history has an aborted
        // read.
        assertTrue(lines[1].matches("read-uncommitted\\s+admits\\s+admits"), lines[1]);
        // READ COMMITTED reads the committed 10 (no G1a) and lets the second increment overwrite
        // the first.
        assertTrue(lines[2].matches("read-committed\\s+prevents\\s+admits"), lines[2]);
        // Above it the second writer of x is aborted; H2 calls it a deadlock (40001).
        for (int i = 3; i <= 5; i++) {
            assertTrue(
                    lines[i].matches(
                            "(repeatable-read|snapshot|serializable)\\s+prevents\\s+aborts DL"),
                    lines[i]);
        }
        assertTrue(run.out().contains("admits: the recorded history shows the anomaly"), run.out());
    }

    @Test
    void aShippedScheduleRunsWithRunScheduleAndItsRollbackIsAStep() {
        String dir = "src/main/resources/isocheck/catalogue/";
        CliRun run =
                CliRun.of(
                        "run",
                        dir + "catalogue.sql",
                        "--schedule",
                        dir + "G1a.schedule",
                        "--isolation",
                        "read-uncommitted",
                        "--check",
                        "rc");
        assertEquals(ExitCode.FINDING, run.exitCode(), run.out() + run.err());
        assertTrue(
                run.out()
                        .contains(
                                "  2  T2   SELECT val INTO x FROM test WHERE id = 1  → x = (val=101)"
                                        + NL
                                        + "  3  T1   ROLLBACK  → ABORTED: user abort at "),
                run.out());
        assertTrue(run.out().contains("RC: VIOLATED (aborted read, G1a)"), run.out());
    }

    @Test
    void aGivenInMemoryH2UrlOutlivesItsSetUpConnection() {
        CliRun run =
                CliRun.of("catalogue", "--db", "jdbc:h2:mem:catalogue_test", "--anomaly", "G1a");
        assertEquals(ExitCode.OK, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("read-uncommitted  admits"), run.out());
    }

    @Test
    void jsonCarriesTheEvidenceOfEveryCell() {
        CliRun run = CliRun.of("catalogue", "--anomaly", "g1a", "--format", "json");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(
                run.out().startsWith("{" + NL.replace("\r", "") + "  \"anomalies\": [")
                        || run.out().startsWith("{\n  \"anomalies\": ["),
                run.out());
        assertTrue(
                run.out()
                        .contains(
                                "{\"database\": \"H2\", \"level\": \"read-uncommitted\", \"anomaly\": \"G1a\", \"outcome\": \"admitted\", "
                                        + "\"how\": \"aborted read, G1a\", \"evidence\": \"RC violated: aborted read (Adya G1a, Plume TAP-b): T2 reads"),
                run.out());
        assertEquals(5, run.out().split("\"database\"").length - 1, "one cell per H2 level");
        try (com.fasterxml.jackson.core.JsonParser p =
                new com.fasterxml.jackson.core.JsonFactory().createParser(run.out())) {
            int tokens = 0;
            while (p.nextToken() != null) {
                tokens++;
            }
            assertTrue(tokens > 50, "well-formed JSON, " + tokens + " tokens");
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + e.getMessage() + "\n" + run.out(), e);
        }
    }

    @Test
    void markdownIsOneTableRowPerLevel() {
        CliRun run = CliRun.of("catalogue", "--anomaly", "G1b", "--format", "markdown");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(
                run.out()
                        .startsWith(
                                "| database | level | G1b |\n|:--|:--|:--:|\n| H2 | read-uncommitted | admits |\n"),
                run.out());
    }

    @Test
    void badDatabaseFormatAndAnomalyAreOneLineErrors() {
        CliRun notUrl = CliRun.of("catalogue", "--db", "localhost:5432");
        assertEquals(ExitCode.BAD_INPUT, notUrl.exitCode());
        assertTrue(
                notUrl.err().startsWith("--db: 'localhost:5432' is not a JDBC URL (expected "),
                notUrl.err());
        assertEquals(1, notUrl.err().lines().count(), notUrl.err());

        CliRun noDriver = CliRun.of("catalogue", "--db", "jdbc:nosuchdb://localhost/db");
        assertEquals(ExitCode.BAD_INPUT, noDriver.exitCode());
        assertTrue(
                noDriver.err().startsWith("--db: no JDBC driver for 'nosuchdb'"), noDriver.err());
        assertEquals(1, noDriver.err().lines().count(), noDriver.err());

        CliRun refused =
                CliRun.of(
                        "catalogue",
                        "--db",
                        "jdbc:postgresql://127.0.0.1:1/nodb?user=someone",
                        "--password",
                        "s3cret-pw");
        assertEquals(ExitCode.BAD_INPUT, refused.exitCode());
        assertTrue(
                refused.err().startsWith("cannot connect to jdbc:postgresql://127.0.0.1:1/nodb: "),
                refused.err());
        assertEquals(1, refused.err().lines().count(), refused.err());
        assertFalse(refused.err().contains("s3cret-pw"), "the password is never printed");
        assertEquals("", refused.out(), "nothing runs before every database is reachable");

        CliRun format = CliRun.of("catalogue", "--format", "xml");
        assertEquals(ExitCode.BAD_INPUT, format.exitCode());
        assertEquals(
                "Invalid value for option '--format': expected one of [text, json, markdown]"
                        + " (case-insensitive) but was 'xml' (see 'isocheck catalogue --help')"
                        + NL,
                format.err());

        CliRun anomaly = CliRun.of("catalogue", "--anomaly", "G1a,G9");
        assertEquals(ExitCode.BAD_INPUT, anomaly.exitCode());
        assertTrue(
                anomaly.err().startsWith("--anomaly: unknown anomaly 'G9' (known: G0, G1a, "),
                anomaly.err());
        assertEquals(1, anomaly.err().lines().count(), anomaly.err());

        CliRun option = CliRun.of("catalogue", "--no-such-option");
        assertEquals(ExitCode.BAD_INPUT, option.exitCode());
        assertEquals(1, option.err().lines().count(), option.err());
    }
}
