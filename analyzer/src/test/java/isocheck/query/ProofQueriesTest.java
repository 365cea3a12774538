package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.spec.SpecLibrary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shape of the §5.2 and §5.3 queries, and the driver's never-claim-on-unknown rule, on tiny
 * programs.
 */
class ProofQueriesTest {

    static final String BANK =
            """
            CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL);
            TRANSACTION withdraw(id INT, amount INT)
            BEGIN
              SELECT balance INTO bal FROM account WHERE acc_id = :id;
              IF bal > amount THEN
                UPDATE account SET balance = :bal - :amount WHERE acc_id = :id;
              END IF;
            END;
            TRANSACTION audit(id INT)
            BEGIN
              SELECT balance INTO bal FROM account WHERE acc_id = :id;
            END;
            """;

    @Test
    void shortestPathExcludesForwardChordsOnly() throws Exception {
        Program p = ProgramLoader.parse("bank.sql", BANK);
        try (Context ctx = new Context()) {
            Vocabulary v = new Vocabulary(ctx, p);
            Encoder e = new Encoder(v, new ProgramModel(p), Encoder.Mode.EXPANDED);
            for (int k = 1; k <= 5; k++) {
                ShortestPathQuery.Built q = ShortestPathQuery.build(v, e, k);
                assertEquals(k + 1, q.txns().size());
                assertEquals(k, q.edges().size());
                List<String> chords = new ArrayList<>();
                for (Part part : q.parts())
                    if (part.name().startsWith("phi_shortest_path no chord "))
                        chords.add(part.name().substring(27));
                List<String> expected = new ArrayList<>();
                for (int i = 1; i <= k - 1; i++)
                    for (int j = i + 2; j <= k + 1; j++) expected.add(i + "->" + j);
                assertEquals(
                        expected,
                        chords,
                        "paper §5.2: ¬D(t_i, t_j) for 1 <= i <= k-1, i+2 <= j <= k+1");
            }
        }
    }

    @Test
    void inductiveQueriesRestrictTheProgramInLaterRounds() throws Exception {
        Program p = ProgramLoader.parse("bank.sql", BANK);
        try (Context ctx = new Context()) {
            Vocabulary v = new Vocabulary(ctx, p);
            Encoder e = new Encoder(v, new ProgramModel(p), Encoder.Mode.EXPANDED);
            InductiveQuery.Built all =
                    InductiveQuery.edgeOutOf(
                            v, e, List.of("withdraw"), List.of("withdraw", "audit"));
            assertTrue(
                    all.parts().stream().noneMatch(x -> x.name().startsWith("program restricted")));
            InductiveQuery.Built rest =
                    InductiveQuery.edgeOutOf(v, e, List.of("audit"), List.of("audit"));
            assertEquals(
                    2,
                    rest.parts().stream()
                            .filter(x -> x.name().startsWith("program restricted"))
                            .count());
            InductiveQuery.Built two = InductiveQuery.twoStep(v, e, List.of("audit"));
            assertEquals(3, two.txns().size());
            assertEquals(
                    3,
                    two.parts().stream()
                            .filter(x -> x.name().startsWith("program restricted"))
                            .count());
        }
    }

    @Test
    void bankWithAnAuditIsProvedInductivelyUnderSerAndTheAuditIsLeftAsReadOnly() throws Exception {
        Program p = ProgramLoader.parse("bank.sql", BANK);
        ProofOutcome o =
                Proof.verify(
                        p,
                        SpecLibrary.builtin().get("ser"),
                        ProofOptions.defaults().withMethod(ProofMethod.INDUCTIVE));
        assertEquals(ProofOutcome.Verdict.PROVED, o.verdict(), o.reason());
        assertEquals(List.of(List.of("withdraw")), o.rounds());
        assertEquals(List.of("audit"), o.remainder());
        ProofOutcome.Step last = o.steps().get(o.steps().size() - 1);
        assertEquals(ProofOutcome.Role.NO_DEPENDENCY, last.role());
        assertEquals("holds", last.result());
    }

    /**
     * The quantified encoding (used for specs not universal in transactions) gives the same
     * certificate: the same deciding steps (its slower whole queries may leave portfolio attempts
     * in between, paper §5.2), and the unsat length decided by the query over all types.
     */
    @Test
    void quantifiedModeProvesTheBankUnderPsiWithTheSameSteps() throws Exception {
        Program p = ProgramLoader.parse("bank.sql", BANK);
        ProofOutcome expanded =
                Proof.verify(p, SpecLibrary.builtin().get("psi"), ProofOptions.defaults());
        ProofOutcome quantified =
                Proof.verify(
                        p,
                        SpecLibrary.builtin().get("psi"),
                        ProofOptions.defaults().withMode(Encoder.Mode.QUANTIFIED));
        assertEquals(ProofOutcome.Verdict.PROVED, quantified.verdict(), quantified.reason());
        assertEquals(
                expanded.steps().stream()
                        .filter(s -> !s.attempt())
                        .map(s -> s.role() + " " + s.k() + " " + s.result())
                        .toList(),
                quantified.steps().stream()
                        .filter(s -> !s.attempt())
                        .map(s -> s.role() + " " + s.k() + " " + s.result())
                        .toList());
        assertTrue(
                quantified.steps().stream()
                        .filter(s -> s.unsat() && s.role() == ProofOutcome.Role.SHORTEST_PATH)
                        .allMatch(s -> s.types().isEmpty() == !s.attempt()),
                quantified.steps().toString());
        ProofOutcome ind =
                Proof.verify(
                        p,
                        SpecLibrary.builtin().get("ser"),
                        ProofOptions.defaults()
                                .withMethod(ProofMethod.INDUCTIVE)
                                .withMode(Encoder.Mode.QUANTIFIED));
        assertEquals(ProofOutcome.Verdict.PROVED, ind.verdict(), ind.reason());
        assertEquals(List.of(List.of("withdraw")), ind.rounds());
    }

    @Test
    void bankUnderEcIsNeverProved() throws Exception {
        Program p = ProgramLoader.parse("bank.sql", BANK);
        for (ProofMethod m : ProofMethod.values()) {
            ProofOutcome o =
                    Proof.verify(
                            p,
                            SpecLibrary.builtin().get("ec"),
                            ProofOptions.defaults().withMethod(m).withMaxLength(3));
            assertTrue(o.verdict() != ProofOutcome.Verdict.PROVED, m + ": " + o.reason());
            // shortest path may fail without a cycle; the dangerous structure does not apply to ec
            if (m != ProofMethod.SHORTEST_PATH && m != ProofMethod.DANGEROUS_STRUCTURE)
                assertEquals(ProofOutcome.Verdict.ANOMALY, o.verdict(), m + ": " + o.reason());
        }
    }
}
