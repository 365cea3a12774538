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

    @TempDir Path dir;

    static Stream<Arguments> cases() {
        return Stream.of(
                // Plume text
                Arguments.of(
                        "plume",
                        "w(1,1,0,0)\nx(1,1,0,0)\n",
                        "2:1: expected r(key,value,session,txn) or w(…)"),
                Arguments.of("plume", "w(1,1,0,0\n", "1:10: expected ')'"),
                Arguments.of("plume", "r(1,a,0,0)\n", "1:5: expected a non-negative integer value"),
                Arguments.of(
                        "plume",
                        "w(1,1,0,0) trailing\n",
                        "1:12: unexpected text after the operation"),
                Arguments.of(
                        "plume",
                        "w(1,1,0,7)\nw(2,1,1,7)\n",
                        "2: transaction 7 appears in session 1 but began in session 0"),
                Arguments.of(
                        "plume",
                        "w(1,5,0,0)\n\nw(1,5,1,1)\n",
                        "3: duplicate write w(1,5): written by transaction T0 and again by transaction T1 "
                                + "(values must identify writes) (first written at line 1)"),
                Arguments.of(
                        "plume",
                        "w(1,1,0,-2)\n",
                        "1: txn id must be non-negative, or -1 for an aborted write"),
                Arguments.of(
                        "plume",
                        "w(1,99999999999999999999,0,0)\n",
                        "1:5: number too large (Plume numbers are below 2^63)"),
                // AWDIT test format
                Arguments.of(
                        "awdit-test",
                        "w 0 0\n=====\nread 0 0\n",
                        "3:1: expected 'r KEY VALUE', 'w KEY VALUE', a line of '=' or a line of '-'"),
                Arguments.of(
                        "awdit-test",
                        "w 0 x\n",
                        "1: expected a non-negative integer value, got 'x'"),
                Arguments.of(
                        "awdit-test",
                        "w 0 1\n-----\nw 0 1\n",
                        "3: duplicate write w(0,1): written by transaction T1 and again by transaction T2 "
                                + "(values must identify writes) (first written at line 1)"),
                // our JSON
                Arguments.of(
                        "json",
                        "",
                        "1: empty file: expected the header {\"format\":\"isocheck-history\",\"version\":1}"),
                Arguments.of(
                        "json",
                        "{\"format\":\"other\",\"version\":1}\n",
                        "1:1: not an isocheck history: the header must have \"format\":\"isocheck-history\""),
                Arguments.of(
                        "json",
                        "{\"format\":\"isocheck-history\",\"version\":3}\n",
                        "1:1: unsupported version 3 (this reader knows versions 1 and 2)"),
                // recorded version order (version 2)
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"ops\":[[\"w\",\"x\",1,\"0\"]]}\n",
                        "2:34: a write's fourth element, the version it replaced, is an integer or null"),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"ops\":[[\"w\",\"x\",1,0,0]]}\n",
                        "2:36: a write has three or four elements"),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"ops\":[[\"r\",\"x\",1,0]]}\n",
                        "2:34: a read has exactly three elements"),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"ops\":[[\"w\",\"x\",1,7]]}\n",
                        "2: w(x,1) records that it replaced version 7, which no transaction wrote (a replaced version must name a write of the same key)"),
                // predicate reads (version 2)
                Arguments.of(
                        "json",
                        H
                                + "{\"session\":\"a\",\"ops\":[[\"p\",\"t\",\"f = 1\",[[\"t/1\",2,[[\"t/1/f\",1,\"left\"]]]]]]}\n",
                        "2:48: observed must be between 0 and the number of changes (1)"),
                Arguments.of(
                        "json",
                        H
                                + "{\"session\":\"a\",\"ops\":[[\"p\",\"t\",\"f = 1\",[[\"t/1\",[1,0],[[\"t/1/f\",1,\"left\"]]]]]]}\n",
                        "2:48: an observed range [from, to] needs from <= to <= the number of changes (1)"),
                Arguments.of(
                        "json",
                        H
                                + "{\"session\":\"a\",\"ops\":[[\"p\",\"t\",\"f = 1\",[[\"t/1\",0,[[\"t/1/f\",1,\"moved\"]]]]]]}\n",
                        "2:62: a change's effect is \"inserted\", \"deleted\", \"entered\" or \"left\", not \"moved\""),
                Arguments.of(
                        "json",
                        H
                                + "{\"session\":\"a\",\"ops\":[[\"p\",\"t\",\"f = 1\",[[\"t/1\",0,[[\"t/1/f\",9,\"left\"]]]]]]}\n",
                        "2: a predicate read of T1 names the change w(t/1/f,9), which no transaction writes"),
                Arguments.of(
                        "json",
                        H
                                + "{\"session\":\"a\",\"ops\":[[\"r\",\"pred#1.1 t/1 left {t: f}\",0]]}\n",
                        "2: key \"pred#1.1 t/1 left {t: f}\" is reserved for predicate edges (names starting with pred#)"),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"ops\":[[\"x\",\"k\",1]]}\n",
                        "2:24: operation kind must be \"r\", \"w\" or \"p\" (a predicate read, not in the initial transaction)"),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1.5]]}\n",
                        "2:32: a value is an integer or null"),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1]]\n",
                        "3:1: malformed JSON: Unexpected end-of-input: expected close marker for Object (start marker at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 2, column: 1])"),
                Arguments.of(
                        "json",
                        H + "{\"ops\":[[\"w\",\"k\",1]]}\n",
                        "2: a transaction needs \"session\" before \"ops\" (or \"initial\": true)"),
                Arguments.of(
                        "json",
                        H
                                + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1]]}\n{\"initial\":true,\"ops\":[]}\n",
                        "3: the initial transaction must come first, right after the header"),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"status\":\"maybe\",\"ops\":[]}\n",
                        "2:25: \"status\" must be \"committed\" or \"aborted\""),
                Arguments.of(
                        "json",
                        H + "{\"session\":\"a\",\"colour\":1}\n",
                        "2:16: unknown transaction field \"colour\""),
                Arguments.of(
                        "json",
                        H
                                + "{\"session\":\"a\",\"ops\":[[\"w\",\"k\",1]]}\n{\"session\":\"b\",\"ops\":[[\"w\",\"k\",1]]}\n",
                        "3: duplicate write w(k,1): written by transaction T1 and again by transaction T2 "
                                + "(values must identify writes) (first written at line 2)"),
                // Elle EDN and elle-cli JSON
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :process 0, :value [[:r :x 1]\n",
                        "1:32: malformed EDN: unterminated vector (no closing ']')"),
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :process 0, :value [[:x :k 1]]}\n",
                        "1:1: unsupported micro-operation :x (expected :r, :w or :append)"),
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :process 0, :value []}\n{:type :done, :process 0, :value []}\n",
                        "2:1: :type must be :invoke, :ok, :fail or :info, found :done"),
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :process 0, :value [[:w :k \"a\"]]}\n",
                        "1:1: a written value must be an integer, found \"a\""),
                Arguments.of(
                        "elle-edn",
                        "{:type :invoke, :process 3, :value []}\n{:type :invoke, :process 3, :value []}\n",
                        "2:1: process 3 invokes again before its operation at line 1 completed"),
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :process 0, :value [[:append :k 1]]}\n{:type :ok, :process 1, :value [[:append :k 1]]}\n",
                        "2: duplicate write w(k,1): written by transaction T1 and again by transaction T2 "
                                + "(values must identify writes) (first written at line 1)"),
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :process 0, :value [[:append :k 1]]}\n{:type :ok, :process 1, :value [[:r :k 1]]}\n",
                        "2:1: key k is used both as a list (:append, list reads) and as a register"),
                Arguments.of(
                        "elle-edn",
                        "[:r :x 1]\n",
                        "1:2: expected an operation map {:type … :process … :value …}"),
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :f :read, :process 0, :value 3}\n",
                        "1:1: only :f :txn operations are supported, found :f :read"),
                Arguments.of(
                        "elle-edn",
                        "{:type :ok, :process 0, :time 1.5, :value []}\n",
                        "1:1: :time must be an integer, found 1.5"),
                Arguments.of(
                        "elle-edn",
                        "[{\"type\":\"ok\",\"process\":0,\"value\":[[\"r\",\"k\",[1,]]}\n",
                        "1:50: malformed JSON: unexpected '}' in a vector opened at 1:35"));
    }

    /** dbcop bincode files built byte by byte, and Viper log directories. */
    static Stream<Arguments> binaryAndDirectoryCases() {
        byte[] skew = Bincode.writeSkew();
        return Stream.of(
                Arguments.of(
                        "dbcop",
                        java.util.Arrays.copyOf(skew, 100),
                        null,
                        "byte 95: truncated file: expected end time length (8 bytes)"),
                Arguments.of(
                        "dbcop",
                        java.util.Arrays.copyOf(skew, skew.length - 3),
                        null,
                        "byte 278: truncated file: expected value (8 bytes)"),
                Arguments.of(
                        "dbcop",
                        patch(skew, 162, 2),
                        null,
                        "byte 162: event write flag must be 0 or 1, found 2"),
                Arguments.of(
                        "dbcop",
                        new Bincode().header(1).u64(-1).bytes(),
                        null,
                        "byte 138: number of sessions 18446744073709551615 is implausible: not a dbcop history.bincode"),
                Arguments.of(
                        "dbcop",
                        concat(skew, new byte[] {7}),
                        null,
                        "byte 288: unexpected data after the history"),
                Arguments.of(
                        "dbcop",
                        new Bincode()
                                .header(2)
                                .u64(2)
                                .u64(1)
                                .u64(1)
                                .event(true, 1, 1, true)
                                .bool(true)
                                .u64(1)
                                .u64(1)
                                .event(true, 1, 1, true)
                                .bool(true)
                                .bytes(),
                        null,
                        "duplicate write w(1,1): written by transaction T1 and again by transaction T2 (values must identify writes)"),
                Arguments.of(
                        "viper",
                        null,
                        "{\"value\": [[\"range\", 1, 2, [], []]]}\n",
                        "1:13: unsupported Viper operation \"range\" (supported: \"r\", \"w\")"),
                Arguments.of(
                        "viper",
                        null,
                        "{\"value\": [[\"w\", 1, \"abc\", true]]}\n",
                        "1:21: a written value is an integer"),
                Arguments.of(
                        "viper",
                        null,
                        "{\"value\": [[\"w\", 1, 1, true]]}\n{\"value\": [[\"r\", 1, 1, false]\n",
                        "3:1: malformed JSON: Unexpected end-of-input: expected close marker for Array (start marker at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 2, column: 11])"),
                Arguments.of(
                        "viper",
                        null,
                        "{\"value\": [[\"w\", 1, 0, true]], \"isInitial\": true}\n{\"value\": [], \"isInitial\": true}\n",
                        "2: a second \"isInitial\" transaction (the first is at J1.log:1)"),
                Arguments.of(
                        "viper",
                        null,
                        "{\"isFinal\": true}\n",
                        "1: a transaction needs \"value\": [micro-operations]"));
    }

    private static byte[] patch(byte[] b, int at, int v) {
        byte[] c = b.clone();
        c[at] = (byte) v;
        return c;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @ParameterizedTest(name = "{0}: {3}")
    @MethodSource("binaryAndDirectoryCases")
    void oneLineErrorInFilesAndDirectories(
            String format, byte[] bincode, String viperLog, String expected) throws IOException {
        Path input;
        String prefix;
        if (bincode != null) {
            input = Files.createDirectories(dir.resolve("hist-00000"));
            Files.write(input.resolve("history.bincode"), bincode);
            prefix = input.resolve("history.bincode") + ": ";
        } else {
            input = Files.createDirectories(dir.resolve("viper"));
            Files.writeString(input.resolve("J1.log"), viperLog);
            prefix = expected.startsWith("duplicate") ? input + ":" : input.resolve("J1.log") + ":";
        }
        HistoryFormatException e =
                assertThrows(
                        HistoryFormatException.class,
                        () -> HistoryReader.read(input, Format.parse(format)));
        String exp = expected.replace("J1.log:", input.resolve("J1.log") + ":");
        assertEquals(
                prefix + (expected.startsWith("duplicate") && bincode == null ? " " : "") + exp,
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("cases")
    void oneLineError(String format, String content, String expected) throws IOException {
        Path file = dir.resolve("h.txt");
        Files.writeString(file, content);
        HistoryFormatException e =
                assertThrows(
                        HistoryFormatException.class,
                        () -> HistoryReader.read(file, Format.parse(format)));
        assertEquals(file + ":" + expected, e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
