package isocheck.frontend;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Table-driven: every program under {@code malformed/} must be rejected by {@code isocheck parse}
 * with exactly the {@code file:line:col: message} listed in {@code malformed/EXPECTED.tsv}, exit
 * code 2, and nothing that looks like a stack trace ({@link MalformedCases}).
 */
class MalformedProgramTest {

    private static final Path DIR = Path.of("src/test/resources/malformed");

    @TestFactory
    Stream<DynamicTest> everyMalformedProgramGetsItsExactMessage() throws IOException {
        return MalformedCases.exactMessages(DIR);
    }

    @Test
    void everyCaseFileHasAnExpectation() throws IOException {
        MalformedCases.everyFileHasAnExpectation(
                DIR, 20, "the issue asks for at least 20 malformed programs");
    }
}
