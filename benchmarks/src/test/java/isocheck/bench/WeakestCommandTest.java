package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import isocheck.cli.Main;
import isocheck.program.Program;
import isocheck.query.Proof;
import isocheck.query.ProofOptions;
import isocheck.spec.SpecLibrary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code isocheck weakest} end to end on the benchmark programs (issue 4's "Done when" rows),
 * through the command line in-process. Times are recorded in benchmarks/RESULTS.md, never asserted.
 */
class WeakestCommandTest {

    record Run(int exit, String out, String err) {
        JsonNode json() throws Exception {
            return new ObjectMapper().readTree(out);
        }
    }

    static Run cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    static String path(String relative) {
        return ShippedProgramsTest.ROOT.resolve(relative).toString();
    }

    static JsonNode row(JsonNode result, String spec) {
        for (JsonNode r : result.get("specs")) if (r.get("spec").asText().equals(spec)) return r;
        throw new AssertionError("no row for " + spec + " in " + result);
    }

    static List<String> answer(JsonNode result) {
        List<String> out = new ArrayList<>();
        result.get("answer").forEach(a -> out.add(a.asText()));
        return out;
    }

    /**
     * Whether verify-work's proof driver is implemented in this build (its API throws until it is).
     */
    static boolean proverImplemented() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/lost-update.sql");
        try {
            Proof.verify(
                    p,
                    SpecLibrary.builtin().get("ser"),
                    ProofOptions.defaults().withMaxLength(2).withTimeout(10));
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ TPC-C (paper §6)

    static JsonNode tpcc;

    @BeforeAll
    static void runTpcc() throws Exception {
        // the proof attempt on the answer is bounded: after precision-work's merge the answer (si)
        // goes to the
        // §5.2/§5.3 driver, whose TPC-C path queries take minutes (RESULTS.md); the proof is not
        // asserted here
        // the paper's reading: INSERT overwrites (--paper-keys), no invariant declared (tpcc.sql's
        // pragmas blanked)
        Run r =
                cli(
                        "weakest",
                        tpccWithoutPragmas().toString(),
                        "--paper-keys",
                        "--proof-timeout",
                        "10",
                        "--format",
                        "json");
        assertEquals(0, r.exit(), r.err());
        tpcc = r.json();
    }

    @Test
    void tpccRulesOutEcCcPcPsiEachWithAnAnomaly() {
        for (String weaker : List.of("ec", "cc", "pc", "psi")) {
            JsonNode row = row(tpcc, weaker);
            assertEquals("anomaly", row.get("result").asText(), weaker + ": " + row);
            JsonNode a = row.get("anomaly");
            assertFalse(a.get("anomaly").asText().isEmpty(), weaker);
            assertEquals(a.get("k").asInt(), a.get("edges").size(), weaker);
            assertTrue(a.get("k").asInt() <= 4, weaker);
        }
        // ec, cc and pc allow a cycle of two; psi forbids every cycle of two (paper §6)
        for (String s : List.of("ec", "cc", "pc"))
            assertEquals(2, row(tpcc, s).get("anomaly").get("k").asInt(), s);
        assertTrue(row(tpcc, "psi").get("anomaly").get("k").asInt() >= 3);
    }

    /**
     * Paper §6: with the initial database consistent (--assume-keys-below-counters, as TPC-C
     * populates it) the weakest spec is SI, and its bounded answer (no cycle up to 4) is the one
     * the proof then extends to every execution (VerifyAcceptanceTest proves it inductively).
     */
    @Test
    void tpccUnderConsistentKeysIsSiProvedInductively() throws Exception {
        Run r =
                cli(
                        "weakest",
                        tpccWithoutPragmas().toString(),
                        "--paper-keys",
                        "--assume-keys-below-counters",
                        "--format",
                        "json");
        assertSiProved(r);
    }

    /**
     * Issue 13's "defaults that follow SQL": no flags. SQL's key uniqueness is the default and
     * tpcc.sql declares its order-id invariants (-- @isocheck invariant), so the answer is the
     * paper's SI, proved.
     */
    @Test
    void tpccWithoutFlagsIsSiProved() throws Exception {
        assertSiProved(cli("weakest", path("benchmarks/programs/tpcc.sql"), "--format", "json"));
    }

    /**
     * tpcc.sql with its {@code -- @isocheck} pragma lines blanked (line numbers kept), in a
     * temporary directory.
     */
    static Path tpccWithoutPragmas() throws Exception {
        Path dir = Files.createTempDirectory("tpcc-no-pragmas");
        Path copy = dir.resolve("tpcc.sql");
        Files.writeString(
                copy,
                Files.readString(Path.of(path("benchmarks/programs/tpcc.sql")))
                        .replaceAll("(?m)^-- @isocheck.*$", "--"));
        copy.toFile().deleteOnExit();
        dir.toFile().deleteOnExit();
        return copy;
    }

    private static void assertSiProved(Run r) throws Exception {
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals(List.of("si"), answer(j));
        for (String weaker : List.of("ec", "cc", "pc", "psi")) {
            assertEquals("anomaly", row(j, weaker).get("result").asText(), weaker);
        }
        assertEquals("si", row(j, "ser").get("entailed_by").asText());
        JsonNode proof = row(j, "si").get("proof");
        assertTrue(proof.get("proved").asBoolean(), proof.toString());
        // weakest tries the dangerous-structure proof first (DangerousStructureProver): Fekete et
        // al.'s theorem proves TPC-C under SI in 2 queries, as their TODS 2005 paper does by hand;
        // the inductive proof (T' = {NewOrder, Payment}, then {Delivery}) is VerifyAcceptanceTest's
        assertTrue(
                proof.toString()
                        .contains("dangerous-structure: no 2-cycle, and no two consecutive"),
                proof.toString());
    }

    /**
     * With Delivery as one transaction for every district (tpcc-batch-delivery.sql) SI has a real
     * 4-cycle, a read-only anomaly through a Delivery that finds no undelivered order in a district
     * (replayed on H2 and PostgreSQL, RunContract), so the weakest spec is SER.
     */
    @Test
    void batchDeliveryUnderConsistentKeysIsSerBecauseSiHasAReadOnlyAnomalyOfFour()
            throws Exception {
        Run r =
                cli(
                        "weakest",
                        path("benchmarks/programs/tpcc-batch-delivery.sql"),
                        "--specs",
                        "si,ser",
                        "--paper-keys",
                        "--assume-keys-below-counters",
                        "--no-proof",
                        "--format",
                        "json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals(List.of("ser"), answer(j));
        JsonNode si = row(j, "si");
        assertEquals("anomaly", si.get("result").asText(), si.toString());
        assertEquals(4, si.get("anomaly").get("k").asInt(), si.toString());
        assertTrue(si.toString().contains("Delivery"), si.toString());
    }

    // ------------------------------------------------------------------ bank (paper §2)

    @Test
    void bankWeakestIsPsiAndStrongerSpecsAreNotQueried() throws Exception {
        Run r = cli("weakest", path("benchmarks/programs/bank.sql"), "--format", "json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals(List.of("psi"), answer(j));
        for (String s : List.of("ec", "cc", "pc")) {
            assertEquals("lost update", row(j, s).get("anomaly").get("anomaly").asText(), s);
        }
        for (String s : List.of("si", "ser")) {
            assertEquals("psi", row(j, s).get("entailed_by").asText(), s);
            assertEquals(0, row(j, s).get("queries").size(), s);
        }
        JsonNode proof = row(j, "psi").get("proof");
        if (proverImplemented()) {
            assertTrue(
                    proof.get("proved").asBoolean(),
                    "paper §2: bank under PSI is proved by shortest path: " + proof);
        } else {
            assertEquals("not_attempted", proof.get("status").asText(), proof.toString());
            assertFalse(proof.get("proved").asBoolean());
        }
    }

    @Test
    void textReportNamesTheAnswerAndTheAnomalies() {
        Run r =
                cli(
                        "weakest",
                        path("benchmarks/programs/bank.sql"),
                        "--specs",
                        "ec,psi,si",
                        "--bound",
                        "3",
                        "--progress");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Weakest anomaly-free spec: psi"), r.out());
        assertTrue(r.out().contains("ec: lost update:"), r.out());
        assertTrue(r.out().contains("anomaly-free (entailed by psi)"), r.out());
        assertTrue(r.err().contains("weakest: psi: no cycle up to 3"), r.err());
    }

    // ------------------------------------------------------------------ Courseware (paper §6)

    /**
     * With the paper's selective serializability kept fixed (--base), the search finds exactly the
     * paper's upgrade: Enroll at SI, the four other types at EC (since Courseware follows the
     * paper's programs: names are keys, removals refuse while enrolled). That is the paper's
     * courseware-hybrid-si and strictly weaker than the causal evidence spec; the generated spec
     * file is one analyze accepts, with the same answer.
     */
    @Test
    void coursewarePerTransactionFindsThePapersUpgrade(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("courseware-levels.spec");
        Run r =
                cli(
                        "weakest",
                        path("benchmarks/programs/courseware.sql"),
                        "--per-transaction",
                        "--spec-dir",
                        path("benchmarks/programs/courseware-specs"),
                        "--base",
                        "courseware-selective-ser",
                        "--assume-unique-keys",
                        "--compare",
                        "courseware-hybrid-si-cc,courseware-hybrid-si",
                        "--spec-out",
                        out.toString(),
                        "--no-proof",
                        "--format",
                        "json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals(1, j.get("solutions").size());
        JsonNode sol = j.get("solutions").get(0);
        Map<String, String> levels = new TreeMap<>();
        sol.get("assignment")
                .fields()
                .forEachRemaining(e -> levels.put(e.getKey(), e.getValue().asText()));
        assertEquals(
                Map.of(
                        "AddCourse",
                        "ec",
                        "AddStudent",
                        "ec",
                        "RemCourse",
                        "ec",
                        "RemStudent",
                        "ec",
                        "Enroll",
                        "si"),
                levels);
        assertTrue(
                j.get("comparisons")
                        .get(0)
                        .get("relation")
                        .asText()
                        .startsWith("strictly weaker than courseware-hybrid-si-cc"),
                j.get("comparisons").toString());
        assertEquals(
                "equivalent to courseware-hybrid-si",
                j.get("comparisons").get(1).get("relation").asText());
        // --no-proof: said so, nothing claimed (the proof attempt fails on this hybrid: RESULTS.md)
        assertEquals("not_attempted", sol.get("proof").get("status").asText());

        // the generated file is a spec analyze accepts (with the base spec it includes next to it)
        Files.copy(
                Path.of(path("benchmarks/programs/courseware-specs/courseware-selective-ser.spec")),
                dir.resolve("courseware-selective-ser.spec"));
        Run a =
                cli(
                        "analyze",
                        path("benchmarks/programs/courseware.sql"),
                        "--spec-dir",
                        dir.toString(),
                        "--spec",
                        "courseware-levels",
                        "--bound",
                        "4",
                        "--assume-unique-keys");
        assertEquals(0, a.exit(), a.out() + a.err());
        assertTrue(Files.readString(out).contains("include si for Enroll"));
    }

    // ------------------------------------------------------------------ errors

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        String bank = path("benchmarks/programs/bank.sql");
        Run unknown = cli("weakest", bank, "--specs", "ec,snapshot");
        assertEquals(2, unknown.exit());
        // the message analyze and verify give (Inputs.findSpec), for --specs and --compare alike
        assertTrue(
                unknown.err()
                        .startsWith(
                                "unknown spec 'snapshot'; known specs: cc, ec, h2-read-committed, h2-serializable, h2-snapshot, mysql-read-committed, mysql-repeatable-read, mysql-serializable, pc, pg-read-committed, pg-repeatable-read, pg-serializable, psi, rc, ser, si"),
                unknown.err());
        assertEquals(1, unknown.err().strip().lines().count());
        Run unknownCompare = cli("weakest", bank, "--per-transaction", "--compare", "snapshot");
        assertEquals(2, unknownCompare.exit());
        assertTrue(
                unknownCompare.err().startsWith("unknown spec 'snapshot'; known specs: "),
                unknownCompare.err());
        Run noDir = cli("weakest", bank, "--spec-dir", dir.resolve("absent").toString());
        assertEquals(2, noDir.exit());
        assertEquals(dir.resolve("absent") + ": no such directory", noDir.err().strip());

        Run noPer = cli("weakest", bank, "--spec-out", dir.resolve("x.spec").toString());
        assertEquals(2, noPer.exit());
        assertTrue(noPer.err().contains("--spec-out needs --per-transaction"), noPer.err());

        Run badName =
                cli(
                        "weakest",
                        bank,
                        "--per-transaction",
                        "--spec-out",
                        dir.resolve("x.txt").toString());
        assertEquals(2, badName.exit());
        assertTrue(badName.err().contains("must name a file NAME.spec"), badName.err());

        // a spec whose axioms declare no observer cannot be a per-type level: file:line:col of the
        // axiom
        Files.writeString(
                dir.resolve("nobs.spec"),
                "# no observer\naxiom all_see: forall a, b: ar(a, b) -> vis(a, b)\n");
        Run noObserver =
                cli(
                        "weakest",
                        bank,
                        "--per-transaction",
                        "--spec-dir",
                        dir.toString(),
                        "--specs",
                        "ec,nobs");
        assertEquals(2, noObserver.exit(), noObserver.out());
        assertTrue(
                noObserver
                        .err()
                        .matches(
                                "(?s).*nobs\\.spec:2:\\d+: spec 'nobs' cannot be a per-transaction level.*"),
                noObserver.err());
        assertFalse(noObserver.err().contains("Exception"), noObserver.err());
    }

    @Test
    void noAnomalyFreeSpecExitsOne() {
        Run r =
                cli(
                        "weakest",
                        path("benchmarks/programs/litmus/write-skew.sql"),
                        "--specs",
                        "ec,psi,si",
                        "--bound",
                        "3");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("No spec in the list is anomaly-free up to 3."), r.out());
    }
}
