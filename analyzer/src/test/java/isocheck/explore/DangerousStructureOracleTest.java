package isocheck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.DangerousStructureQuery;
import isocheck.query.Proof;
import isocheck.query.ProofMethod;
import isocheck.query.ProofOptions;
import isocheck.query.ProofOutcome;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dangerous-structure proof (Fekete et al., TODS 2005, Theorem 2.1; {@link
 * DangerousStructureQuery}) against the brute-force explorer at PostgreSQL REPEATABLE READ: every
 * program it proves has no cycle among the explored executions (soundness), it proves the promoted
 * programs the literature says are repaired, and it never proves one the explorer finds a cycle in.
 */
class DangerousStructureOracleTest {

    @Test
    void everyProgramItProvesHasNoCycleInTheExplorer() throws Exception {
        Spec rr = SoundnessOracleTest.spec("pg-repeatable-read");
        assertTrue(DangerousStructureQuery.applies(rr), "pg-repeatable-read is SI");
        List<String> proved = new ArrayList<>();
        for (String file : PostgresLevelsOracleTest.programs().toList()) {
            Program program = SoundnessOracleTest.load(file);
            ProofOutcome o =
                    Proof.verify(
                            program,
                            rr,
                            ProofOptions.defaults().withMethod(ProofMethod.DANGEROUS_STRUCTURE));
            assertTrue(
                    o.verdict() != ProofOutcome.Verdict.UNKNOWN, file + ": unknown: " + o.reason());
            if (o.verdict() != ProofOutcome.Verdict.PROVED) continue;
            proved.add(file.replaceAll(".*/", ""));
            for (int k = 2; k <= PostgresLevelsOracleTest.MAX_K; k++) {
                ExecutionExplorer.Result r =
                        new ExecutionExplorer(
                                        program,
                                        PostgresLevelsOracleTest.domain(file),
                                        java.util.Set.of(),
                                        true)
                                .explore(List.of(rr), k)
                                .get(0);
                assertTrue(r.valid() > 0, file + ": no valid execution of " + k);
                assertEquals(
                        0,
                        r.shortestCycle(),
                        file
                                + ": proved by the dangerous structure, but the explorer finds "
                                + r.example());
            }
        }
        System.out.println("proved by the dangerous structure at pg-repeatable-read: " + proved);
        // the promotions of the litmus programs are the textbook repairs; bank has no RR anomaly
        assertTrue(proved.contains("write-skew-for-share.sql"), proved.toString());
        assertTrue(proved.contains("select-for-update.sql"), proved.toString());
        assertTrue(proved.contains("bank.sql"), proved.toString());
        assertTrue(!proved.contains("write-skew.sql"), proved.toString());
    }

    /**
     * Issue 14's SmallBank repair at REPEATABLE READ: WriteCheck's read of savings promoted to FOR
     * SHARE (Fekete et al. 2005; Alomari et al. ICDE 2008) is proved; as written, the structure
     * Balance -rw-> WriteCheck -rw-> TransactSavings (Alomari's read-only anomaly) exists.
     */
    @Test
    void smallBankIsProvedWithWriteChecksSavingsReadPromotedAndNotWithout() throws Exception {
        Spec rr = SoundnessOracleTest.spec("pg-repeatable-read");
        java.nio.file.Path file =
                SoundnessOracleTest.ROOT.resolve("benchmarks/programs/smallbank.sql");
        String text = java.nio.file.Files.readString(file);
        String read =
                "    SELECT bal INTO sav FROM savings WHERE custid = :cust;\n    SELECT bal INTO chk";
        int writeCheck = text.indexOf("TRANSACTION WriteCheck");
        int at = text.indexOf(read, writeCheck);
        assertTrue(writeCheck > 0 && at > writeCheck, "WriteCheck's savings read moved");
        String promoted =
                text.substring(0, at)
                        + read.replace(":cust;", ":cust FOR SHARE;")
                        + text.substring(at + read.length());
        ProofOptions ds = ProofOptions.defaults().withMethod(ProofMethod.DANGEROUS_STRUCTURE);
        ProofOutcome repaired =
                Proof.verify(
                        isocheck.frontend.ProgramLoader.parse("smallbank.sql", promoted), rr, ds);
        assertEquals(ProofOutcome.Verdict.PROVED, repaired.verdict(), repaired.reason());
        ProofOutcome asWritten =
                Proof.verify(isocheck.frontend.ProgramLoader.parse("smallbank.sql", text), rr, ds);
        assertEquals(ProofOutcome.Verdict.NOT_PROVED, asWritten.verdict(), asWritten.reason());
        assertTrue(asWritten.reason().contains("a dangerous structure exists"), asWritten.reason());
    }

    /**
     * Below SI the method asks the commit-first structure ({@link
     * DangerousStructureQuery#build(isocheck.encoding.Vocabulary, isocheck.encoding.Encoder,
     * java.util.Set)}): at PostgreSQL READ COMMITTED no type reads from one snapshot, so the first
     * edge may be any dependency. Every program it proves there has no cycle in the statement-
     * snapshot explorer, and it proves the counter whose only read is its UPDATE (locked_read).
     */
    @Test
    void atReadCommittedEveryProgramItProvesHasNoCycleInTheStatementExplorer() throws Exception {
        Spec rc = SoundnessOracleTest.spec("pg-read-committed");
        List<String> proved = new ArrayList<>();
        for (String file : PostgresLevelsOracleTest.programs().toList()) {
            Program program = SoundnessOracleTest.load(file);
            ProofOutcome o =
                    Proof.verify(
                            program,
                            rc,
                            ProofOptions.defaults().withMethod(ProofMethod.DANGEROUS_STRUCTURE));
            assertTrue(
                    o.verdict() != ProofOutcome.Verdict.UNKNOWN, file + ": unknown: " + o.reason());
            if (o.verdict() != ProofOutcome.Verdict.PROVED) continue;
            proved.add(file.replaceAll(".*/", ""));
            for (int k = 2; k <= PostgresLevelsOracleTest.MAX_K; k++) {
                ReadCommittedExplorer.Result r =
                        new ReadCommittedExplorer(program, PostgresLevelsOracleTest.domain(file))
                                .explore(k);
                assertEquals(
                        0,
                        r.shortestCycle(),
                        file
                                + ": proved by the commit-first structure at pg-read-committed, but"
                                + " the explorer finds "
                                + r.example());
            }
        }
        System.out.println("proved by the commit-first structure at pg-read-committed: " + proved);
        // the locking reads' anti-dependencies go forward (locked_read): the promoted programs
        assertTrue(proved.contains("select-for-update.sql"), proved.toString());
        assertTrue(proved.contains("write-skew-for-share.sql"), proved.toString());
        assertTrue(!proved.contains("write-skew.sql"), proved.toString());
        assertTrue(!proved.contains("read-skew.sql"), proved.toString());
    }

    @Test
    void itDoesNotApplyBelowSnapshotIsolation() throws Exception {
        for (String name : List.of("ec", "psi", "pc", "pg-read-committed")) {
            assertTrue(
                    !DangerousStructureQuery.applies(SoundnessOracleTest.spec(name)),
                    name + " is not SI");
        }
        assertTrue(DangerousStructureQuery.applies(SoundnessOracleTest.spec("si")));
    }
}
