package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/**
 * --drop-leftovers on each database ({@link LeftoverSchemasTest}): it removes every marked
 * isocheck_* schema on the server, so it runs alone, never beside another test's run.
 */
class LeftoverSchemasContract extends Contract {

    /**
     * The private schema's life: a kept run's schema is a marked leftover that --drop-leftovers
     * removes; a run that is not kept leaves nothing behind.
     */
    @Case({Isolation.SERIALIZABLE})
    void privateSchemaIsDroppedUnlessKeptAndKeptOnesAreLeftovers() {
        Db second = db(Isolation.SERIALIZABLE);
        Runs.keyValue(
                second,
                true,
                4,
                0,
                new Runner.Options(
                        1, 10, 7, false, 0, false, true)); // (shuts an in-memory H2 down)
        Db first = second.sibling(Isolation.SERIALIZABLE);
        Runs.Outcome kept =
                Runs.keyValue(
                        first, true, 4, 0, new Runner.Options(1, 10, 7, false, 0, true, true));
        List<String> dropped =
                first.sibling(Isolation.SERIALIZABLE).dropLeftovers().stream()
                        .map(n -> n.toLowerCase(java.util.Locale.ROOT))
                        .toList();
        assertTrue(
                dropped.contains(kept.result().schema()),
                dropped + " should hold the kept " + kept.result().schema());
        assertFalse(
                dropped.contains(second.schema()),
                dropped + " holds " + second.schema() + ", which its run dropped");
        assertEquals(
                List.of(),
                first.sibling(Isolation.SERIALIZABLE).dropLeftovers(),
                "nothing left after --drop-leftovers");
        first.shutdownIfEmbedded();
    }
}
