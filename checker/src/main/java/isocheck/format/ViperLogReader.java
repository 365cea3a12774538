package isocheck.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * Reads a Viper log directory (Khoury-srg/Viper {@code load_logs_json}; written by ViperBench's
 * {@code JsonLogger}): one file {@code J<thread>.log} per session, one committed transaction per
 * line, {@code {"value": [mop …], "isInitial": b, "isFinal": b, "preBeginTS": n, "postBeginTS": n,
 * "preCommitTS": n, "postCommitTS": n}} (all but {@code value} optional).
 *
 * <p>Conventions (FORMAT.md, "Viper"): sessions are the files in natural name order; the
 * transaction with {@code "isInitial": true} (at most one, writes only) is the initial transaction,
 * and a file holding nothing else is not a session; keys the initial transaction does not write (or
 * every key, without one) start as nil, which a read of {@code null} observes. Micro-ops: {@code
 * ["r", key, value, is_dead]} reads, {@code ["w", key, value, update_succ]} writes, a write with
 * {@code update_succ = false} did not happen and is dropped. Insert, delete and range operations
 * are not supported. Stamps: start = preBeginTS, commit = postCommitTS (the widest interval, so
 * real-time order is never over-stated).
 */
final class ViperLogReader {
    private static final JsonFactory FACTORY = new JsonFactory();

    private final HistoryBuilder b = new HistoryBuilder();
    private final BitSet initialKeys = new BitSet();
    private boolean sawInitial;
    private Path initialFile;
    private long initialLine;

    private ViperLogReader() {}

    static History read(Path dir) throws IOException, HistoryFormatException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "J*.log")) {
            ds.forEach(files::add);
        }
        if (files.isEmpty()) {
            throw new HistoryFormatException(
                    dir, 0, 0, "no J*.log files: not a Viper log directory");
        }
        files.sort(
                Comparator.comparing(
                        (Path p) -> CobraLogReader.naturalKey(p.getFileName().toString())));
        ViperLogReader r = new ViperLogReader();
        for (Path f : files) {
            r.file(f);
        }
        return r.finish(dir);
    }

    private void file(Path f) throws IOException, HistoryFormatException {
        String name = f.getFileName().toString();
        String sessionName = name.substring(0, name.length() - ".log".length());
        int session = -1;
        try (Reader in = Files.newBufferedReader(f, StandardCharsets.UTF_8);
                JsonParser p = FACTORY.createParser(in)) {
            JsonToken tok;
            while ((tok = p.nextToken()) != null) {
                if (tok != JsonToken.START_OBJECT) {
                    throw error(f, p, "expected a transaction object {\"value\": [...]}");
                }
                long line = p.currentLocation().getLineNr();
                boolean initial = false;
                List<long[]> ops = null; // {kind, key id, value}
                long start = History.NO_TIME;
                long commit = History.NO_TIME;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken v = p.nextToken();
                    switch (field) {
                        case "value" -> ops = ops(f, p);
                        case "isInitial" -> initial = bool(f, p, v, field);
                        case "isFinal" -> bool(f, p, v, field);
                        case "preBeginTS" -> start = number(f, p, v, field);
                        case "postCommitTS" -> commit = number(f, p, v, field);
                        case "postBeginTS", "preCommitTS", "id" -> number(f, p, v, field);
                        default -> p.skipChildren(); // other annotations carry no history
                    }
                }
                if (ops == null) {
                    throw new HistoryFormatException(
                            f, line, 0, "a transaction needs \"value\": [micro-operations]");
                }
                if (start != History.NO_TIME && commit != History.NO_TIME && commit < start) {
                    throw new HistoryFormatException(
                            f,
                            line,
                            0,
                            "postCommitTS "
                                    + commit
                                    + " is earlier than preBeginTS "
                                    + start
                                    + "; a transaction cannot commit before it begins");
                }
                int t;
                if (initial) {
                    if (sawInitial) {
                        throw new HistoryFormatException(
                                f,
                                line,
                                0,
                                "a second \"isInitial\" transaction (the first is at "
                                        + initialFile
                                        + ":"
                                        + initialLine
                                        + ")");
                    }
                    sawInitial = true;
                    initialFile = f;
                    initialLine = line;
                    t = b.initial();
                } else {
                    if (session < 0) {
                        session = b.session(sessionName);
                    }
                    t = b.begin(session);
                    if (start != History.NO_TIME || commit != History.NO_TIME) {
                        b.times(t, start, commit);
                    }
                }
                for (long[] op : ops) {
                    int key = (int) op[1];
                    if (op[0] == 'r') {
                        if (initial) {
                            throw new HistoryFormatException(
                                    f, line, 0, "the \"isInitial\" transaction may only write");
                        }
                        b.read(t, key, op[2]);
                    } else {
                        if (initial) {
                            initialKeys.set(key);
                        }
                        b.write(t, key, op[2]);
                    }
                }
            }
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            throw new HistoryFormatException(
                    f,
                    loc == null ? 0 : loc.getLineNr(),
                    loc == null ? 0 : loc.getColumnNr(),
                    "malformed JSON: " + e.getOriginalMessage());
        }
    }

    private List<long[]> ops(Path f, JsonParser p) throws IOException, HistoryFormatException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw error(f, p, "\"value\" must be an array of micro-operations");
        }
        List<long[]> out = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_ARRAY) {
            if (p.nextToken() != JsonToken.VALUE_STRING) {
                throw error(f, p, "a micro-operation starts with \"r\" or \"w\"");
            }
            String kind = p.getText();
            if (!kind.equals("r") && !kind.equals("w")) {
                throw error(
                        f,
                        p,
                        "unsupported Viper operation \"" + kind + "\" (supported: \"r\", \"w\")");
            }
            JsonToken kt = p.nextToken();
            int key;
            if (kt == JsonToken.VALUE_NUMBER_INT) {
                key = b.keys().intern(p.getLongValue());
            } else if (kt == JsonToken.VALUE_STRING) {
                key = b.keys().intern(p.getText());
            } else {
                throw error(f, p, "a key is an integer or a string");
            }
            JsonToken vt = p.nextToken();
            long value;
            if (vt == JsonToken.VALUE_NULL && kind.equals("r")) {
                value = History.NIL;
            } else if (vt == JsonToken.VALUE_NUMBER_INT
                    && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER
                    && p.getLongValue() != History.NIL) {
                value = p.getLongValue();
            } else {
                throw error(
                        f,
                        p,
                        kind.equals("r")
                                ? "a read value is an integer or null"
                                : "a written value is an integer");
            }
            boolean happened = true;
            JsonToken extra;
            int n = 3;
            while ((extra = p.nextToken()) != JsonToken.END_ARRAY) {
                if (extra == null) {
                    throw error(f, p, "unterminated micro-operation");
                }
                if (n == 3 && kind.equals("w") && extra == JsonToken.VALUE_FALSE) {
                    happened = false; // update_succ = false: the write did not take effect
                }
                p.skipChildren();
                n++;
            }
            if (happened) {
                out.add(new long[] {kind.charAt(0), key, value});
            }
        }
        if (p.currentToken() != JsonToken.END_ARRAY) {
            throw error(f, p, "a micro-operation is an array [\"r\"|\"w\", key, value, flag]");
        }
        return out;
    }

    private static boolean bool(Path f, JsonParser p, JsonToken v, String field)
            throws HistoryFormatException {
        if (v == JsonToken.VALUE_TRUE || v == JsonToken.VALUE_FALSE) {
            return v == JsonToken.VALUE_TRUE;
        }
        throw error(f, p, "\"" + field + "\" must be true or false");
    }

    private static long number(Path f, JsonParser p, JsonToken v, String field)
            throws IOException, HistoryFormatException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            return p.getLongValue();
        }
        if (v == JsonToken.VALUE_NULL) {
            return History.NO_TIME;
        }
        throw error(f, p, "\"" + field + "\" must be an integer");
    }

    private History finish(Path dir) throws HistoryFormatException {
        if (sawInitial) {
            int init = b.initial();
            for (int k = 0; k < b.keys().size(); k++) {
                if (!initialKeys.get(k)) {
                    b.write(init, k, History.NIL);
                }
            }
        } else {
            b.initialWritesEverywhere(History.NIL);
        }
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw new HistoryFormatException(dir, 0, 0, e.getMessage());
        }
    }

    private static HistoryFormatException error(Path f, JsonParser p, String msg) {
        JsonLocation loc = p.currentTokenLocation();
        return new HistoryFormatException(f, loc.getLineNr(), loc.getColumnNr(), msg);
    }
}
