package isocheck.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input gets one line, {@code file:line[:col]: message}, never a stack trace. */
class MalformedInputTest {
    private static final String H = "{\"format\":\"isocheck-history\",\"version\":1}\n";

    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        return Stream.of(
                // Plume text
                Arguments.of("plume", "w(1,1,0,0)\nx(1,1,0,0)\n", "2:1: expected r(key,value,session,txn) or w(…)"),
                Arguments.of("plume", "w(1,1,0,0\n", "1:10: expected ')'"),
                Arguments.of("plume", "r(1,a,0,0)\n", "1:5: expected a non-negative integer value"),
                Arguments.of("plume", "w(1,1,0,0) trailing\n", "1:12: unexpected text after the operation"),
                Arguments.of("plume", "w(1,1,0,7)\nw(2,1,1,7)\n",
                        "2: transaction 7 appears in session 1 but began in session 0"),
                Arguments.of("plume", "w(1,5,0,0)\n\nw(1,5,1,1)\n",
                        "3: duplicate write w(1,5): written by transaction T0 and again by transaction T1 "
                                + "(values must identify writes) (first written at line 1)"),
                Arguments.of("plume", "w(1,1,0,-2)\n", "1: txn id must be non-negative, or -1 for an aborted write"),
                Arguments.of("plume", "w(1,99999999999999999999,0,0)\n",
                        "1:5: number too large (Plume numbers are below 2^63)"),
                // AWDIT test format
                Arguments.of("awdit-test", "w 0 0\n=====\nread 0 0\n",
                        "3:1: expected 'r KEY VALUE', 'w KEY VALUE', a line of '=' or a line of '-'"),
                Arguments.of("awdit-test", "w 0 x\n", "1: expected a non-negative integer value, got 'x'"),
                Arguments.of("awdit-test", "w 0 1\n-----\nw 0 1\n",
                        "3: duplicate write w(0,1): written by transaction T1 and again by transaction T2 "
                                + "(values must identify writes) (first written at line 1)"),
                // our JSON
                Arguments.of("json", "", "1: empty file: expected the header {\"format\":\"isocheck-history\",\"version\":1}"),
                Arguments.of("json", "{\"format\":\"other\",\"version\":1}\n",
                        "1:1: not an isocheck history: the header must have \"format\":\"isocheck-history\""),
                Arguments.of("json", "{\"format\":\"isocheck-history\",\"version\":2}\n",
                        "1:1: unsupported version 2 (this reader knows version 1)"),
                Arguments.of("json", H + "{\"session\":\"a\",\"ops\":[[\"x\",\"k\",1]]}\n",
                        "2:24: operation kind must be \"r\" or \"w\""),
                Arguments.of("json", H + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1.5]]}\n",
                        "2:32: a value is an integer or null"),
                Arguments.of("json", H + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1]]\n",
                        "3:1: malformed JSON: Unexpected end-of-input: expected close marker for Object (start marker at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 2, column: 1])"),
                Arguments.of("json", H + "{\"ops\":[[\"w\",\"k\",1]]}\n",
                        "2: a transaction needs \"session\" before \"ops\" (or \"initial\": true)"),
                Arguments.of("json", H + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1]]}\n{\"initial\":true,\"ops\":[]}\n",
                        "3: the initial transaction must come first, right after the header"),
                Arguments.of("json", H + "{\"session\":\"a\",\"status\":\"maybe\",\"ops\":[]}\n",
                        "2:25: \"status\" must be \"committed\" or \"aborted\""),
                Arguments.of("json", H + "{\"session\":\"a\",\"colour\":1}\n", "2:16: unknown transaction field \"colour\""),
                Arguments.of("json", H + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1]]}\n{\"session\":\"b\",\"ops\":[[\"w\",\"k\",1]]}\n",
                        "3: duplicate write w(k,1): written by transaction T1 and again by transaction T2 "
                                + "(values must identify writes) (first written at line 2)"));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("cases")
    void oneLineError(String format, String content, String expected) throws IOException {
        Path file = dir.resolve("h.txt");
        Files.writeString(file, content);
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> HistoryReader.read(file, Format.parse(format)));
        assertEquals(file + ":" + expected, e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
