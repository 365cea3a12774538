package isocheck.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The history formats isocheck reads and writes (see checker/FORMAT.md for each convention). */
public enum Format {
    /** Our JSON Lines format, version 1 (FORMAT.md). */
    JSON("json", true, true),
    /**
     * Plume/PolySI text {@code r(k,v,s,t)}, implicit initial transaction writing 0, t = -1 aborted.
     */
    PLUME("plume", true, true),
    /**
     * AWDIT's test format: sessions split by {@code =====}, transactions by {@code -----}; no
     * initial state.
     */
    AWDIT_TEST("awdit-test", true, false),
    /**
     * dbcop {@code history.bincode} (bincode 1, little-endian); a file or a directory holding it.
     */
    DBCOP("dbcop", true, false),
    /**
     * dbcop's main-line JSON ({@code dbcop generate}): {@code {"data":[sessions]}} or the bare
     * sessions array, events {@code {"Read":{"variable":…,"version":…|null}}}.
     */
    DBCOP_JSON("dbcop-json", true, false),
    /** Cobra log directory ({@code T*.log}, big-endian). */
    COBRA("cobra", true, false),
    /** Elle / Jepsen EDN (rw-register or list-append), or elle-cli's JSON variant of it. */
    ELLE_EDN("elle-edn", true, false),
    /** Viper JSON log directory ({@code J*.log}). */
    VIPER("viper", true, false);

    private final String id;
    private final boolean readable;
    private final boolean writable;

    Format(String id, boolean readable, boolean writable) {
        this.id = id;
        this.readable = readable;
        this.writable = writable;
    }

    /** The name used on the command line. */
    public String id() {
        return id;
    }

    public boolean readable() {
        return readable;
    }

    public boolean writable() {
        return writable;
    }

    /** Parses a format name ("json", "plume", "awdit-test", … and common aliases). */
    public static Format parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        switch (n) {
            case "json", "jsonl", "isocheck", "isocheck-json":
                return JSON;
            case "plume", "plume-text", "text", "polysi":
                return PLUME;
            case "awdit-test", "awdit", "test":
                return AWDIT_TEST;
            case "dbcop", "bincode":
                return DBCOP;
            case "dbcop-json", "dbcop-main":
                return DBCOP_JSON;
            case "cobra", "cobra-logs":
                return COBRA;
            case "elle", "elle-edn", "edn", "elle-json":
                return ELLE_EDN;
            case "viper":
                return VIPER;
            default:
                throw new IllegalArgumentException(
                        "unknown format '"
                                + name
                                + "' (expected json, plume, awdit-test, dbcop, dbcop-json, cobra, elle-edn or viper)");
        }
    }

    /**
     * Guesses the format of a file or directory from its content.
     *
     * @throws HistoryFormatException if no known format matches
     */
    public static Format sniff(Path path) throws IOException, HistoryFormatException {
        if (Files.isDirectory(path)) {
            if (Files.exists(path.resolve("history.bincode"))) {
                return DBCOP;
            }
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(path, "*.log")) {
                for (Path p : ds) {
                    byte[] head = head(p, 1);
                    if (head.length > 0 && head[0] == 'S') {
                        return COBRA;
                    }
                    if (head.length > 0 && head[0] == '{') {
                        return VIPER;
                    }
                }
            }
            throw new HistoryFormatException(
                    path,
                    0,
                    0,
                    "cannot tell the format of this directory (expected history.bincode, Cobra T*.log or Viper J*.log)");
        }
        if (path.getFileName() != null && path.getFileName().toString().endsWith(".bincode")) {
            return DBCOP;
        }
        byte[] head = head(path, 4096);
        for (byte b : head) {
            if (b == 0) {
                return DBCOP; // binary
            }
        }
        String text = new String(head, StandardCharsets.UTF_8).stripLeading();
        if (text.isEmpty()) {
            throw new HistoryFormatException(path, 0, 0, "empty file: cannot tell its format");
        }
        char c = text.charAt(0);
        if ((c == '{' || c == '[') && dbcopJson(text)) {
            return DBCOP_JSON;
        }
        if (c == '{') {
            String firstLine = text.lines().findFirst().orElse("");
            if (firstLine.contains("\"isocheck-history\"")) {
                return JSON;
            }
            if (firstLine.contains(":type")
                    || firstLine.contains(":process")
                    || firstLine.contains(":value")) {
                return ELLE_EDN;
            }
            if (firstLine.contains("\"type\"")
                    && (firstLine.contains("\"process\"") || firstLine.contains("\"value\""))) {
                return ELLE_EDN; // elle-cli's JSON, one operation per line
            }
            return JSON;
        }
        if (c == '[' || c == ';' || text.startsWith("#jepsen")) {
            return ELLE_EDN;
        }
        if ((c == 'r' || c == 'w') && text.length() > 1 && text.charAt(1) == '(') {
            return PLUME;
        }
        if (c == 'r' || c == 'w' || c == '=' || c == '-') {
            return AWDIT_TEST;
        }
        throw new HistoryFormatException(path, 1, 0, "cannot tell the format of this file");
    }

    /**
     * Whether a JSON text's head has dbcop's transaction shape: an {@code "events"} field and a
     * {@code "Read"} or {@code "Write"} event (no other format's JSON names these).
     */
    private static boolean dbcopJson(String head) {
        return head.contains("\"events\"")
                && (head.contains("\"Read\"") || head.contains("\"Write\""));
    }

    private static byte[] head(Path p, int n) throws IOException {
        try (InputStream in = Files.newInputStream(p)) {
            return in.readNBytes(n);
        }
    }
}
