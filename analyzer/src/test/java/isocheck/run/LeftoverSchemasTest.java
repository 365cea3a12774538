package isocheck.run;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link LeftoverSchemasContract} on every database ({@link Database#all}), as {@link
 * DatabaseContractTest} runs the other contracts.
 */
// serial (analyzer/pom.xml): --drop-leftovers removes every marked isocheck_* schema on the build's
// one PostgreSQL/MariaDB server, a run of a test beside it included
@Tag("serial")
class LeftoverSchemasTest {

    @TestFactory
    Stream<DynamicNode> leftovers() {
        return DatabaseContractTest.cases(
                LeftoverSchemasContract.class, LeftoverSchemasContract::new);
    }
}
