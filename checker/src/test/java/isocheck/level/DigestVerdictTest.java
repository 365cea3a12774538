package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.history.History;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The worked examples of docs/DESIGN.md §6 (Biswas & Enea): every column (RC … SER, plus PSI and
 * SSER), for checkers and oracles.
 */
class DigestVerdictTest {

    static Stream<Arguments> table() {
        return Stream.of(
                row(
                        "#1 RC violation (Fig 3a)",
                        DigestExamples::ex1,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#1' t1, t2 in different sessions",
                        DigestExamples::ex1b,
                        true,
                        true,
                        true,
                        true,
                        true,
                        true,
                        true),
                row(
                        "#2 non-repeatable read",
                        DigestExamples::ex2,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#2' reads backwards in co",
                        DigestExamples::ex2b,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#3 read-my-writes violation",
                        DigestExamples::ex3,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#3' stale read in own session",
                        DigestExamples::ex3b,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#4 fractured read",
                        DigestExamples::ex4,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#5 causality violation (Fig 3e)",
                        DigestExamples::ex5,
                        true,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#6 CC via wr_x;wr_y",
                        DigestExamples::ex6,
                        true,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#7 classic causality violation",
                        DigestExamples::ex7,
                        true,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#8 non-monotonic reads across transactions",
                        DigestExamples::ex8,
                        true,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#9 long fork",
                        DigestExamples::ex9,
                        true,
                        true,
                        true,
                        false,
                        true,
                        false,
                        false),
                row(
                        "#10 PC violation",
                        DigestExamples::ex10,
                        true,
                        true,
                        true,
                        false,
                        true,
                        false,
                        false),
                row(
                        "#11 lost update",
                        DigestExamples::ex11,
                        true,
                        true,
                        true,
                        true,
                        false,
                        false,
                        false),
                row(
                        "#12 write skew",
                        DigestExamples::ex12,
                        true,
                        true,
                        true,
                        true,
                        true,
                        true,
                        false),
                row(
                        "#13 AntidoteDB bug",
                        DigestExamples::ex13,
                        true,
                        false,
                        false,
                        false,
                        false,
                        false,
                        false),
                row(
                        "#14 PC ok / SI violated",
                        DigestExamples::ex14,
                        true,
                        true,
                        true,
                        true,
                        false,
                        false,
                        false));
    }

    /**
     * Columns RC, RA, CC, PC, PSI, SI, SER as in docs/DESIGN.md §6 (PSI: Cerone et al.; SSER = SER,
     * no stamps).
     */
    private static Arguments row(
            String name,
            Supplier<History> h,
            boolean rc,
            boolean ra,
            boolean cc,
            boolean pc,
            boolean psi,
            boolean si,
            boolean ser) {
        return Arguments.of(name, h, new boolean[] {rc, ra, cc, pc, psi, si, ser, ser});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void verdictsMatchTheDigest(String name, Supplier<History> example, boolean[] expected) {
        History h = example.get();
        for (Level level : Level.values()) {
            boolean want = expected[level.ordinal()];
            Verdict v = LevelChecker.of(level).check(h);
            assertEquals(want, v instanceof Verdict.Consistent, name + " " + level + ": " + v);
            assertEquals(want, BruteForceOracle.holds(h, level), name + " " + level + " (oracle)");
        }
    }
}
