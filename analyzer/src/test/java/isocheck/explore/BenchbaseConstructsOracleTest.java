package isocheck.explore;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Explorer agreement for the constructs the BenchBase transcriptions brought in (a table without a
 * primary key and CURRENT_TIMESTAMP, FOUND / ROW_COUNT after UPDATE and DELETE, PERFORM of a join,
 * SELECT … INTO a record from a join): the rows of {@link SoundnessOracleTest} for their litmus
 * programs alone (the full test runs them among every litmus program), so that a targeted run
 * checks just these.
 */
class BenchbaseConstructsOracleTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "benchmarks/programs/litmus/keyless-insert.sql",
                "benchmarks/programs/litmus/update-found.sql",
                "benchmarks/programs/litmus/perform-join.sql",
                "benchmarks/programs/litmus/join-record.sql",
                "analyzer/src/test/resources/join-loop/join-loop.sql"
            })
    void theEncoderFindsEveryCycleTheExplorerFinds(String file) throws Exception {
        new SoundnessOracleTest()
                .everyCycleOfAValidExecutionIsFoundByTheEncoder(
                        new SoundnessOracleTest.Row(
                                file, SoundnessOracleTest.SPECS, 4, SoundnessOracleTest.DOMAIN));
    }
}
