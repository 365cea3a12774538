package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.history.History;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * CC's sparse clocks are stored in 16 bits when sessions are short (every history of the oracle
 * test); this runs the 32-bit representation, used for sessions of 65,535 transactions or more,
 * against the oracle too.
 */
class CausalClockWidthTest {
    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @BeforeProperty
    void wide() {
        CausalChecker.SourceClocks.narrowAllowed = false;
    }

    @AfterProperty
    void narrow() {
        CausalChecker.SourceClocks.narrowAllowed = true;
    }

    @Property(tries = 2_000)
    void wideClocksAgreeWithOracle(@ForAll("seeds") long seed) {
        History h = RandomHistories.generate(seed);
        assertEquals(
                BruteForceOracle.holds(h, Level.CC),
                LevelChecker.of(Level.CC).check(h) instanceof Verdict.Consistent,
                () -> "seed " + seed + "\n" + RandomHistories.dump(h));
    }
}
