package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression tests for issue 16: each input that crashed (exit 70 or an uncaught error), took
 * exponential time, or got a verdict although malformed, now gets one line naming the place and
 * exit 2.
 */
class MalformedInputExitCodesTest {

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final String BANK = ROOT.resolve("benchmarks/programs/bank.sql").toString();
    static final String HEADER =
            "CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL);\n"
                    + "TRANSACTION w(id INT)\nBEGIN\n";

    @TempDir Path dir;

    /**
     * Asserts exit 2 with exactly one line on stderr that starts with {@code prefix} and mentions
     * {@code words}.
     */
    static void assertOneLineError(CliRun run, String prefix, String words) {
        assertEquals(ExitCode.BAD_INPUT, run.exitCode(), run.out() + run.err());
        String err = run.err().strip();
        assertFalse(err.contains("\n"), "more than one line: " + err);
        assertTrue(err.startsWith(prefix), err);
        assertTrue(err.contains(words), err);
        assertFalse(err.contains("Exception"), err);
    }

    private String program(String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, body);
        return p.toString();
    }

    @Test
    void integerLiteralBeyond64BitsIsBadInput() throws Exception {
        String f =
                program(
                        "big.sql",
                        HEADER
                                + "  UPDATE account SET balance = 9223372036854775808 WHERE acc_id = :id;\nEND;\n");
        assertOneLineError(CliRun.of("parse", f), f + ":4:32: ", "out of range");
    }

    @Test
    void varcharLengthBeyondIntIsBadInput() throws Exception {
        String f =
                program(
                        "vc.sql",
                        "CREATE TABLE a (k INT PRIMARY KEY, n VARCHAR(2147483648));\n"
                                + "TRANSACTION w(id INT)\nBEGIN\n  UPDATE a SET n = 'x' WHERE k = :id;\nEND;\n");
        assertOneLineError(CliRun.of("parse", f), f + ":1:46: ", "out of range");
    }

    @Test
    void smtOutThatCannotBeCreatedIsBadInput() throws Exception {
        Path file = dir.resolve("plain-file");
        Files.writeString(file, "x");
        String below = file.resolve("sub").toString();
        assertOneLineError(
                CliRun.of("analyze", BANK, "--spec", "ec", "--bound", "2", "--smt-out", below),
                below + ": --smt-out",
                "cannot create");
        assertOneLineError(
                CliRun.of("verify", BANK, "--spec", "psi", "--smt-out", file.toString()),
                file + ": --smt-out",
                "not a directory");
    }

    @Test
    void deeplyNestedIfsHitTheNestingLimit() throws Exception {
        String f =
                program(
                        "ifs.sql",
                        HEADER
                                + "  SELECT balance INTO bal FROM account WHERE acc_id = :id;\n"
                                + "IF bal > 1 THEN\n".repeat(2000)
                                + "UPDATE account SET balance = 1 WHERE acc_id = :id;\n"
                                + "END IF;\n".repeat(2000)
                                + "END;\n");
        assertOneLineError(CliRun.of("parse", f), f + ":105:1: ", "limit is 100");
    }

    @Test
    void aThousandParenthesesHitTheDepthLimit() throws Exception {
        String f =
                program(
                        "parens.sql",
                        HEADER
                                + "  UPDATE account SET balance = "
                                + "(".repeat(1000)
                                + "1"
                                + ")".repeat(1000)
                                + " WHERE acc_id = :id;\nEND;\n");
        assertOneLineError(CliRun.of("parse", f), f + ":4:", "limit is 32");
    }

    @Test
    void nestedParenthesesParseFastOrAreRefused() throws Exception {
        // Depth 12 took over a minute in JSqlParser's complex mode (issue 16); the simple mode
        // parses it at once.
        String f =
                program(
                        "p12.sql",
                        HEADER
                                + "  UPDATE account SET balance = 1 WHERE "
                                + "(".repeat(12)
                                + "acc_id = :id"
                                + ")".repeat(12)
                                + ";\nEND;\n");
        long start = System.nanoTime();
        CliRun run = CliRun.of("parse", f);
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(
                System.nanoTime() - start < 10_000_000_000L,
                "depth 12 should not take the complex parser's time");
        // A depth the simple mode cannot parse is refused rather than handed to the exponential
        // one.
        String g =
                program(
                        "p20.sql",
                        HEADER
                                + "  UPDATE account SET balance = "
                                + "(".repeat(20)
                                + "1"
                                + ")".repeat(20)
                                + " WHERE acc_id = :id;\nEND;\n");
        assertOneLineError(CliRun.of("parse", g), g + ":4:", "nested 20 levels deep");
    }

    @Test
    void deeplyNestedSpecFormulaHitsTheLimit() throws Exception {
        Path specs = Files.createDirectory(dir.resolve("specs"));
        Files.writeString(
                specs.resolve("deep.spec"),
                "# deep\naxiom d observer c:\n  forall a, b, c: "
                        + "not (".repeat(1000)
                        + "vis(a, b)"
                        + ")".repeat(1000)
                        + " -> vis(a, c)\n");
        assertOneLineError(
                CliRun.of("specs", "--spec-dir", specs.toString()),
                specs.resolve("deep.spec") + ":3:",
                "limit is 200");
    }

    @Test
    void syntaxErrorAtALineBreakIsOneLine() throws Exception {
        // Fuzzing finding (seed 8132641609845864510): JSqlParser reads blank lines as one token,
        // which the
        // message quoted verbatim, spreading it over four lines.
        String f =
                program(
                        "blank.sql",
                        HEADER
                                + "  SELECT balance INTO bal FROM account WHERE acc"
                                + "\n".repeat(306)
                                + "_id = :id;\nEND;\n");
        CliRun run = CliRun.of("parse", f);
        assertOneLineError(run, f + ":", "syntax error");
    }

    @Test
    void doubleColumnTypeIsBadInput() throws Exception {
        String f =
                program(
                        "intint.sql",
                        "CREATE TABLE a (k INT INT PRIMARY KEY, v INT);\n"
                                + "TRANSACTION w(id INT)\nBEGIN\n  UPDATE a SET v = 1 WHERE k = :id;\nEND;\n");
        assertOneLineError(CliRun.of("parse", f), f + ":1:", "'INT INT' is not a type");
    }

    @Test
    void secondPrimaryKeyWithoutCommaIsBadInput() throws Exception {
        String f =
                program(
                        "pk2.sql",
                        "CREATE TABLE a (k INT, v INT, PRIMARY KEY (k) PRIMARY KEY (v));\n"
                                + "TRANSACTION w(id INT)\nBEGIN\n  UPDATE a SET v = 1 WHERE k = :id;\nEND;\n");
        assertOneLineError(CliRun.of("parse", f), f + ":1:47: ", "missing comma");
    }

    @Test
    void scheduleIntegerBeyond64BitsIsBadInput() throws Exception {
        Path s = dir.resolve("big.schedule");
        Files.writeString(s, "T1: withdraw(id = 1, amount = 9223372036854775808)\nT1\n");
        assertOneLineError(
                CliRun.of("run", BANK, "--schedule", s.toString(), "--no-record"),
                s + ":1:22: ",
                "out of range");
    }

    @Test
    void scheduleTableRangeOfTwoToTheSixtyThreeIsBadInputNotAHang() throws Exception {
        // Fuzzing finding: the key range was enumerated before its size was checked, for ever.
        Path s = dir.resolve("huge.schedule");
        Files.writeString(
                s,
                "table oncall: doctor_id = -9223372036854775807..2, on_call = 1\n"
                        + "T1: GoOffCall(me = 1, other = 2)\nT1 T1 T1\n");
        String program = ROOT.resolve("benchmarks/programs/litmus/write-skew.sql").toString();
        assertOneLineError(
                CliRun.of("run", program, "--schedule", s.toString(), "--no-record"),
                s + ":1:15: key column oncall.doctor_id",
                "more than 10000000 values");
    }

    @Test
    void scheduleErrorsNameLineAndColumn() throws Exception {
        String program = ROOT.resolve("benchmarks/programs/litmus/write-skew.sql").toString();
        Path s = dir.resolve("bad.schedule");
        Files.writeString(
                s, "T1: GoOffCall(me = 1, other = 2)\n  T2: GoOffCall(me = 2, zz = 1)\nT1 T3\n");
        assertOneLineError(
                CliRun.of("run", program, "--schedule", s.toString(), "--no-record"),
                s + ":3:4: ",
                "step 'T3'");
        Files.writeString(
                s, "T1: GoOffCall(me = 1, other = 2)\n  T2: GoOffCall(me = 2, zz = 1)\nT1 T2\n");
        assertOneLineError(
                CliRun.of("run", program, "--schedule", s.toString(), "--no-record"),
                s + ":2:3: ",
                "no parameter 'zz'");
        Files.writeString(s, "T1: GoOffCall(me = 1, other = x)\nT1\n");
        assertOneLineError(
                CliRun.of("run", program, "--schedule", s.toString(), "--no-record"),
                s + ":1:23: ",
                "found 'other = x'");
        // a generator line inside a schedule keeps the schedule's line numbers
        Files.writeString(
                s,
                "T1: GoOffCall(me = 1, other = 2)\n\ntable oncall: doctor_id = 1..2, bogus = 1\nT1\n");
        assertOneLineError(
                CliRun.of("run", program, "--schedule", s.toString(), "--no-record"),
                s + ":3:33: ",
                "no column 'bogus'");
    }

    @Test
    void generatorFileErrorsNameLineAndColumn() throws Exception {
        // Issue 16: the checks against the program named no place ("generator: ..."); now
        // file:line:col.
        String program = ROOT.resolve("benchmarks/programs/litmus/write-skew.sql").toString();
        Path g = dir.resolve("bad.gen");
        String[][] cases = {
            {"table oncall: doctor_id = 1..2, on_call = x\n", ":1:33: ", "found 'x'"},
            {"# two\n  table nosuch: a = 1\n", ":2:9: ", "no table 'nosuch'"},
            {"param *.me = 1..2\nparam  GoOffCall.zz = 1\n", ":2:8: ", "no parameter 'zz'"},
            {"mix GoOffCall 1, Foo 1\n", ":1:18: ", "no transaction 'Foo'"},
            {"table oncall: doctor_id = 1..2,  bogus = 1\n", ":1:34: ", "no column 'bogus'"},
            {"table oncall: doctor_id = 1..2, on_call = 'a'\n", ":1:33: ", "is INT but got 'a'"},
            {"mix GoOffCall 0\n", ":1:1: ", "weight 0"},
        };
        for (String[] c : cases) {
            Files.writeString(g, c[0]);
            assertOneLineError(
                    CliRun.of(
                            "run",
                            program,
                            "--gen",
                            g.toString(),
                            "--transactions",
                            "2",
                            "--no-record"),
                    g + c[1],
                    c[2]);
        }
    }

    @Test
    void nestedBracketsAreRefusedNotParsedForMinutes() throws Exception {
        // Fuzzing finding (seed 2027): 192 '[' in a select list; JSqlParser's time is exponential
        // in them in both modes.
        String f =
                program(
                        "brackets.sql",
                        HEADER
                                + "  SELECT ba"
                                + "[".repeat(192)
                                + "lance INTO bal FROM account WHERE acc_id = :id;\nEND;\n");
        long start = System.nanoTime();
        assertOneLineError(CliRun.of("parse", f), f + ":4:", "brackets nest 192 levels deep");
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "refused before the parser runs");
        String g =
                program(
                        "b3.sql",
                        HEADER
                                + "  SELECT ba[[[lance INTO bal FROM account WHERE acc_id = :id;\nEND;\n");
        assertOneLineError(CliRun.of("parse", g), g + ":4:14: ", "limit is 2");
    }

    @Test
    void chainsOfColonJoinedNamesAreRefusedNotParsedForMinutes() throws Exception {
        // Fuzzing finding (seed 2027): 'acc_id:invoke:invoke…' (108 joins) hung 'parse' in
        // JSqlParser's lookahead.
        String f =
                program(
                        "colons.sql",
                        HEADER
                                + "  SELECT balance INTO bal FROM account WHERE acc_id"
                                + ":invoke".repeat(108)
                                + " = :id;\nEND;\n");
        long start = System.nanoTime();
        assertOneLineError(CliRun.of("parse", f), f + ":4:", "names joined by ':' 108 times");
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "refused before the parser runs");
        // a bind variable after an operator, a parenthesis or a space is not a join
        String ok =
                program(
                        "binds.sql",
                        HEADER
                                + "  SELECT balance INTO bal FROM account WHERE acc_id=:id AND (:id>0) AND 1 = :id;\n"
                                + "END;\n");
        assertEquals(ExitCode.OK, CliRun.of("parse", ok).exitCode());
    }

    @Test
    void semicolonInJsonHistoryIsBadInput() throws Exception {
        // Fuzzing finding (seed 2026): ';' (EDN's comment character) in a JSON history was an empty
        // token, exit 70.
        Path h = dir.resolve("h.json");
        Files.writeString(
                h,
                "[{\"index\":0,\"process\":1,\"type\":\"invoke\",\"value\":[[\"append\",1,1],;;]}]\n");
        assertOneLineError(
                CliRun.of("check", h.toString(), "--level", "all"), h + ":1:", "unexpected ';'");
    }

    @Test
    void duplicateTransactionIdsAreRejectedNotMerged() throws Exception {
        Path h = dir.resolve("dup.jsonl");
        Files.writeString(
                h,
                """
                {"format":"isocheck-history","version":1,"sessions":["0","1"]}
                {"initial":true,"ops":[["w","x",0],["w","y",0]]}
                {"session":"0","id":1,"ops":[["r","x",0],["w","y",1]]}
                {"session":"1","id":1,"ops":[["r","y",0],["w","x",1]]}
                """);
        assertOneLineError(
                CliRun.of("check", h.toString(), "--level", "ser"),
                h + ":4: ",
                "transaction id 1 is used twice (first at line 3)");
    }

    @Test
    void commitBeforeStartIsRejectedNotAViolation() throws Exception {
        Path h = dir.resolve("time.jsonl");
        Files.writeString(
                h,
                """
                {"format":"isocheck-history","version":1,"sessions":["0","1"]}
                {"initial":true,"ops":[["w","x",0]]}
                {"session":"0","id":1,"start":10,"commit":5,"ops":[["r","x",0],["w","x",1]]}
                {"session":"1","id":2,"start":20,"commit":30,"ops":[["r","x",1]]}
                """);
        assertOneLineError(
                CliRun.of("check", h.toString(), "--level", "sser"),
                h + ":3: ",
                "commits at 5, before it starts at 10");
    }

    @Test
    void viperCommitBeforeStartIsRejected() throws Exception {
        Path d = Files.createDirectory(dir.resolve("viper"));
        Files.writeString(
                d.resolve("J1.log"),
                "{\"value\": [[\"w\", 1, 1]], \"preBeginTS\": 10, \"postCommitTS\": 5}\n");
        CliRun run = CliRun.of("check", d.toString(), "--level", "sser", "--format", "viper");
        assertOneLineError(run, d.resolve("J1.log") + ":1: ", "earlier than preBeginTS");
    }

    @Test
    void levelAcceptsACommaList() throws Exception {
        String h = ROOT.resolve("corpus/awdit-tests/causal/lost-update.plume.txt").toString();
        CliRun run = CliRun.of("check", h, "--level", "si,ser");
        assertEquals(ExitCode.FINDING, run.exitCode(), run.err());
        assertTrue(
                run.out().contains("SI: VIOLATED") && run.out().contains("SER: VIOLATED"),
                run.out());
        assertFalse(run.out().contains("RC:"), run.out());
        assertOneLineError(CliRun.of("check", h, "--level", "si,,ser"), "--level:", "empty item");
        assertOneLineError(
                CliRun.of("check", h, "--level", "si,rr"), "--level:", "unknown level 'rr'");
    }

    @Test
    void usageErrorsAreOneLine() {
        assertOneLineError(
                CliRun.of("analyze", BANK, "--spec", "ec", "--bound", "x"),
                "Invalid value for option '--bound'",
                "isocheck analyze --help");
    }

    @Test
    void resourceExhaustionIsExitFourWithAdvice() {
        java.io.StringWriter err = new java.io.StringWriter();
        int code =
                Main.failure(
                        new RuntimeException(new StackOverflowError()),
                        new java.io.PrintWriter(err, true));
        assertEquals(ExitCode.RESOURCES, code);
        assertTrue(err.toString().contains("ISOCHECK_JAVA_OPTS=-Xss"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(
                ExitCode.RESOURCES,
                Main.failure(
                        new OutOfMemoryError("Java heap space"),
                        new java.io.PrintWriter(err, true)));
        assertTrue(err.toString().contains("ISOCHECK_JAVA_OPTS=-Xmx"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(
                ExitCode.INTERNAL_ERROR,
                Main.failure(new IllegalStateException("bug"), new java.io.PrintWriter(err, true)));
        assertTrue(err.toString().contains("at isocheck."), "a bug prints its trace: " + err);
    }
}
