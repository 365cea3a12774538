package isocheck.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SniffTest {
    @TempDir Path dir;

    private Format sniff(String content) throws Exception {
        Path p = dir.resolve("h");
        Files.writeString(p, content);
        return Format.sniff(p);
    }

    @Test
    void textFormats() throws Exception {
        assertEquals(Format.JSON, sniff("{\"format\":\"isocheck-history\",\"version\":1}\n"));
        assertEquals(Format.PLUME, sniff("\nw(1,1,0,0)\n"));
        assertEquals(Format.AWDIT_TEST, sniff("w 0 0\n=====\nr 0 0\n"));
        assertEquals(Format.ELLE_EDN, sniff("{:index 0 :type :invoke, :value [[:r 1 nil]]}\n"));
        assertEquals(Format.ELLE_EDN, sniff("[{\"index\":0,\"type\":\"invoke\"}]"));
        assertEquals(Format.DBCOP, sniff("\u0000\u0001"));
        assertEquals(
                Format.ELLE_EDN,
                sniff("{\"index\":0,\"type\":\"invoke\",\"process\":1,\"value\":[]}\n"));
        assertEquals(Format.ELLE_EDN, sniff("#jepsen.history.Op{:index 0, :type :invoke}\n"));
    }

    @Test
    void corpusFilesSniffAsTheirManifestFormat() throws Exception {
        Path c = RoundTripTest.corpus();
        assertEquals(Format.PLUME, Format.sniff(c.resolve("samples/write-skew.plume.txt")));
        assertEquals(
                Format.AWDIT_TEST, Format.sniff(c.resolve("awdit-tests/causal/long-fork.txt")));
        assertEquals(Format.COBRA, Format.sniff(c.resolve("cobra/cock-blog")));
        assertEquals(Format.ELLE_EDN, Format.sniff(c.resolve("elle/paper-example.edn")));
        assertEquals(Format.ELLE_EDN, Format.sniff(c.resolve("elle/paper-example.json")));
    }

    @Test
    void unknownContentIsAnError() throws Exception {
        Path p = dir.resolve("h");
        Files.writeString(p, "hello\n");
        HistoryFormatException e =
                assertThrows(HistoryFormatException.class, () -> Format.sniff(p));
        assertEquals(p + ":1: cannot tell the format of this file", e.getMessage());
        assertThrows(
                HistoryFormatException.class, () -> HistoryReader.read(dir.resolve("missing")));
    }
}
