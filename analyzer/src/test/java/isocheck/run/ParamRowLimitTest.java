package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A rows-typed parameter's count is bounded: the fuzz run of issue 16 found a generator line asking
 * TPC-C's NewOrder for 10^9 order lines, built in memory per invocation until the heap ran out. Now
 * it is one line naming the place, before any row is built.
 */
class ParamRowLimitTest {

    @Test
    void aRowCountAboveTheLimitIsAnErrorNamingTheGeneratorLine() throws Exception {
        Path dir = Path.of("..", "benchmarks", "programs");
        Program p = ProgramLoader.load(dir.resolve("tpcc.sql"));
        GenSpec gen =
                GenSpec.load(dir.resolve("tpcc.gen"))
                        .overriddenBy(
                                GenSpec.parse(
                                        "huge.gen",
                                        List.of(
                                                "param NewOrder.items = rows 1000000000",
                                                "mix NewOrder 1")));
        RunError e =
                assertThrows(
                        RunError.class,
                        () ->
                                Runs.program(
                                        Db.embedded(Isolation.SERIALIZABLE),
                                        p,
                                        gen,
                                        "huge.gen",
                                        new Runner.Options(1, 3, 1, false, 0, false, true)));
        assertTrue(
                e.getMessage().contains("huge.gen:1:")
                        && e.getMessage()
                                .contains(
                                        "the row count of NewOrder.items is 1000000000; at most"
                                                + " 100000 rows per invocation"),
                e.getMessage());
    }
}
