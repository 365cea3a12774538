package isocheck.frontend;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * PL/pgSQL inputs outside the supported subset, or malformed: every file under {@code
 * malformed-plpgsql/} is rejected by {@code isocheck parse} with exactly the {@code file:line:col:
 * message} of {@code malformed-plpgsql/EXPECTED.tsv}, exit 2, no stack trace ({@link
 * MalformedCases}).
 */
class MalformedPlpgsqlTest {

    private static final Path DIR = Path.of("src/test/resources/malformed-plpgsql");

    @TestFactory
    Stream<DynamicTest> everyMalformedRoutineGetsItsExactMessage() throws IOException {
        return MalformedCases.exactMessages(DIR);
    }

    @Test
    void everyCaseFileHasAnExpectation() throws IOException {
        MalformedCases.everyFileHasAnExpectation(
                DIR, 20, "the issue asks for at least 20 malformed or unsupported PL/pgSQL inputs");
    }
}
