package isocheck.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import isocheck.history.PredicateRead;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads our JSON Lines history format, version 1 (FORMAT.md): a header object, an optional initial
 * transaction, then one transaction object per line. Streams with Jackson's parser: no object per
 * operation, no whole-file tree.
 */
final class JsonHistoryReader {
    static final String FORMAT_NAME = "isocheck-history";
    static final int VERSION = 1;

    /**
     * Version 2 adds predicate reads ({@code ["p", …]} operations); written only by histories that
     * have them.
     */
    static final int VERSION_PREDICATES = 2;

    private static final JsonFactory FACTORY = new JsonFactory();

    private final String file;
    private final JsonParser p;
    private final HistoryBuilder b = new HistoryBuilder();
    private boolean sawTransaction;

    private JsonHistoryReader(String file, JsonParser p) {
        this.file = file;
        this.p = p;
    }

    static History read(Reader in, String file) throws IOException, HistoryFormatException {
        try (JsonParser p = FACTORY.createParser(in)) {
            return new JsonHistoryReader(file, p).run();
        } catch (JsonProcessingException e) {
            throw HistoryFormatException.malformedJson(file, e);
        }
    }

    /** Reads UTF-8 bytes: Jackson's byte-level parser, faster than decoding to characters first. */
    static History read(java.io.InputStream in, String file)
            throws IOException, HistoryFormatException {
        try (JsonParser p = FACTORY.createParser(in)) {
            return new JsonHistoryReader(file, p).run();
        } catch (JsonProcessingException e) {
            throw HistoryFormatException.malformedJson(file, e);
        }
    }

    private History run() throws IOException, HistoryFormatException {
        JsonToken tok = p.nextToken();
        if (tok == null) {
            throw error(
                    "empty file: expected the header {\"format\":\""
                            + FORMAT_NAME
                            + "\",\"version\":1}");
        }
        header();
        while ((tok = p.nextToken()) != null) {
            if (tok != JsonToken.START_OBJECT) {
                throw error("expected a transaction object");
            }
            transaction();
        }
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw HistoryFormatException.invalid(file, e);
        }
    }

    private void header() throws IOException, HistoryFormatException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw error(
                    "expected the header object {\"format\":\""
                            + FORMAT_NAME
                            + "\",\"version\":1}");
        }
        String format = null;
        long version = -1;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            switch (field) {
                case "format" -> {
                    if (v != JsonToken.VALUE_STRING) {
                        throw error("\"format\" must be a string");
                    }
                    format = p.getText();
                }
                case "version" -> {
                    if (v != JsonToken.VALUE_NUMBER_INT) {
                        throw error("\"version\" must be an integer");
                    }
                    version = p.getLongValue();
                }
                case "sessions" -> {
                    if (v != JsonToken.START_ARRAY) {
                        throw error("\"sessions\" must be an array of session names");
                    }
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        b.session(sessionName());
                    }
                }
                default -> throw error("unknown header field \"" + field + "\"");
            }
        }
        if (!FORMAT_NAME.equals(format)) {
            throw new HistoryFormatException(
                    file,
                    1,
                    1,
                    "not an isocheck history: the header must have \"format\":\""
                            + FORMAT_NAME
                            + "\"");
        }
        if (version != VERSION && version != VERSION_PREDICATES) {
            throw new HistoryFormatException(
                    file,
                    1,
                    1,
                    "unsupported version "
                            + version
                            + " (this reader knows versions "
                            + VERSION
                            + " and "
                            + VERSION_PREDICATES
                            + ")");
        }
    }

    private String sessionName() throws IOException, HistoryFormatException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_STRING || t == JsonToken.VALUE_NUMBER_INT) {
            return p.getText();
        }
        throw error("a session is named by a string or an integer");
    }

    private void transaction() throws IOException, HistoryFormatException {
        long line = p.currentLocation().getLineNr();
        boolean initial = false;
        String session = null;
        Long id = null;
        boolean aborted = false;
        long start = History.NO_TIME;
        long commit = History.NO_TIME;
        // Operations are buffered in the builder once the transaction is opened; fields may come in
        // any order, so remember where "ops" is and open the transaction when we know its session.
        int txn = -1;
        boolean sawOps = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonLocation fieldAt = p.currentTokenLocation();
            JsonToken v = p.nextToken();
            switch (field) {
                case "initial" -> {
                    if (v != JsonToken.VALUE_TRUE && v != JsonToken.VALUE_FALSE) {
                        throw error("\"initial\" must be true or false");
                    }
                    initial = v == JsonToken.VALUE_TRUE;
                }
                case "session" -> session = sessionName();
                case "id" -> {
                    if (v != JsonToken.VALUE_NUMBER_INT) {
                        throw error("\"id\" must be an integer");
                    }
                    id = p.getLongValue();
                }
                case "status" -> {
                    String s = v == JsonToken.VALUE_STRING ? p.getText() : "";
                    if (s.equals("aborted")) {
                        aborted = true;
                    } else if (!s.equals("committed")) {
                        throw error("\"status\" must be \"committed\" or \"aborted\"");
                    }
                }
                case "start" -> start = time("start");
                case "commit" -> commit = time("commit");
                case "ops" -> {
                    if (v != JsonToken.START_ARRAY) {
                        throw error("\"ops\" must be an array of [\"r\"|\"w\", key, value]");
                    }
                    b.sourceLine(
                            (int) line); // errors about this transaction and its operations name
                    // its line
                    txn = open(initial, session, id, line);
                    sawOps = true;
                    ops(txn, initial);
                }
                default ->
                        throw new HistoryFormatException(
                                file,
                                fieldAt.getLineNr(),
                                fieldAt.getColumnNr(),
                                "unknown transaction field \"" + field + "\"");
            }
        }
        if (!sawOps) {
            b.sourceLine((int) line);
            txn = open(initial, session, id, line);
        }
        if (initial && (aborted || session != null)) {
            throw new HistoryFormatException(
                    file, line, 0, "the initial transaction has no session and cannot abort");
        }
        if (aborted) {
            b.abort(txn);
        }
        if (start != History.NO_TIME || commit != History.NO_TIME) {
            b.times(txn, start, commit);
        }
        sawTransaction = true;
    }

    private long time(String field) throws IOException, HistoryFormatException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw error("\"" + field + "\" must be an integer timestamp");
        }
        return p.getLongValue();
    }

    private int open(boolean initial, String session, Long id, long line)
            throws HistoryFormatException {
        if (initial) {
            if (sawTransaction) {
                throw new HistoryFormatException(
                        file,
                        line,
                        0,
                        "the initial transaction must come first, right after the header");
            }
            return b.initial();
        }
        if (session == null) {
            throw new HistoryFormatException(
                    file,
                    line,
                    0,
                    "a transaction needs \"session\" before \"ops\" (or \"initial\": true)");
        }
        return id == null ? b.begin(b.session(session)) : b.begin(b.session(session), id);
    }

    private void ops(int txn, boolean initial) throws IOException, HistoryFormatException {
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw error("an operation is [\"r\"|\"w\", key, value]");
            }
            JsonToken k = p.nextToken();
            char kind =
                    k == JsonToken.VALUE_STRING && p.getTextLength() == 1
                            ? p.getTextCharacters()[p.getTextOffset()]
                            : ' ';
            boolean write;
            if (kind == 'p' && !initial) {
                predicate(txn);
                continue;
            }
            if (kind == 'w') {
                write = true;
            } else if (kind == 'r') {
                write = false;
                if (initial) {
                    throw error("the initial transaction only writes");
                }
            } else {
                throw error(
                        "operation kind must be \"r\", \"w\" or \"p\" (a predicate read, not in the initial transaction)");
            }
            JsonToken kt = p.nextToken();
            int key;
            if (kt == JsonToken.VALUE_NUMBER_INT) {
                key = b.keys().intern(p.getLongValue());
            } else if (kt == JsonToken.VALUE_STRING) {
                key = b.keys().intern(p.getText());
            } else {
                throw error("a key is a string or an integer");
            }
            JsonToken vt = p.nextToken();
            long value;
            if (vt == JsonToken.VALUE_NUMBER_INT) {
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw error("value out of the 64-bit range");
                }
                value = p.getLongValue();
                if (value == History.NIL) {
                    throw error("value " + value + " is reserved for nil; write null");
                }
            } else if (vt == JsonToken.VALUE_NULL) {
                value = History.NIL;
            } else {
                throw error("a value is an integer or null");
            }
            JsonToken end = p.nextToken();
            if (write && end != JsonToken.END_ARRAY) {
                // version 2: the version this write replaced (FORMAT.md "Recorded version order")
                long replaced;
                if (end == JsonToken.VALUE_NUMBER_INT
                        && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER
                        && p.getLongValue() != History.NIL) {
                    replaced = p.getLongValue();
                } else if (end == JsonToken.VALUE_NULL) {
                    replaced = History.NIL;
                } else {
                    throw error(
                            "a write's fourth element, the version it replaced, is an integer or null");
                }
                if (p.nextToken() != JsonToken.END_ARRAY) {
                    throw error("a write has three or four elements");
                }
                b.write(txn, key, value, replaced);
                continue;
            }
            if (end != JsonToken.END_ARRAY) {
                throw error(
                        write
                                ? "a write has three or four elements"
                                : "a read has exactly three elements");
            }
            if (write) {
                b.write(txn, key, value);
            } else {
                b.read(txn, key, value);
            }
        }
    }

    /**
     * A predicate read (version 2): {@code ["p", table, predicate, [[row, observed, [[key, value,
     * effect], …]], …]]}, the kind already consumed (FORMAT.md "Predicate reads").
     */
    private void predicate(int txn) throws IOException, HistoryFormatException {
        String table =
                string(
                        "a predicate read is [\"p\", table, predicate, rows]: the table is a string");
        String predicate = string("a predicate read's predicate is a string");
        if (p.nextToken() != JsonToken.START_ARRAY) {
            throw error("a predicate read's rows are an array of [row, observed, changes]");
        }
        List<PredicateRead.Row> rows = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw error("a predicate read's row is [row, observed, changes]");
            }
            String row = string("a row is named by a string");
            JsonToken ot = p.nextToken();
            JsonLocation observedAt = p.currentTokenLocation();
            long observed;
            long observedMax;
            if (ot == JsonToken.START_ARRAY) { // [from, to]: known only within a range
                if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                    throw error("a row's observed range is [from, to], two integers");
                }
                observed = p.getLongValue();
                if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                    throw error("a row's observed range is [from, to], two integers");
                }
                observedMax = p.getLongValue();
                if (p.nextToken() != JsonToken.END_ARRAY) {
                    throw error("a row's observed range is [from, to], two integers");
                }
            } else if (ot == JsonToken.VALUE_NUMBER_INT) {
                observed = p.getLongValue();
                observedMax = observed;
            } else {
                throw error(
                        "a row's observed is the number of its changes the predicate saw (or a"
                                + " range [from, to])");
            }
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw error("a row's changes are an array of [key, value, effect]");
            }
            List<PredicateRead.Change> changes = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() != JsonToken.START_ARRAY) {
                    throw error("a change is [key, value, effect]");
                }
                JsonToken kt = p.nextToken();
                if (kt != JsonToken.VALUE_STRING && kt != JsonToken.VALUE_NUMBER_INT) {
                    throw error("a change's key is a string or an integer");
                }
                String key = p.getText();
                if (p.nextToken() != JsonToken.VALUE_NUMBER_INT
                        || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw error("a change's value is a 64-bit integer");
                }
                long value = p.getLongValue();
                String word =
                        string(
                                "a change's effect is \"inserted\", \"deleted\", \"entered\" or \"left\"");
                PredicateRead.Effect effect = PredicateRead.Effect.of(word);
                if (effect == null) {
                    throw error(
                            "a change's effect is \"inserted\", \"deleted\", \"entered\" or \"left\", not \""
                                    + word
                                    + "\"");
                }
                if (p.nextToken() != JsonToken.END_ARRAY) {
                    throw error("a change has exactly three elements");
                }
                changes.add(new PredicateRead.Change(key, value, effect));
            }
            if (observed < 0 || observed > changes.size()) {
                throw new HistoryFormatException(
                        file,
                        observedAt.getLineNr(),
                        observedAt.getColumnNr(),
                        "observed must be between 0 and the number of changes ("
                                + changes.size()
                                + ")");
            }
            if (observedMax < observed || observedMax > changes.size()) {
                throw new HistoryFormatException(
                        file,
                        observedAt.getLineNr(),
                        observedAt.getColumnNr(),
                        "an observed range [from, to] needs from <= to <= the number of changes ("
                                + changes.size()
                                + ")");
            }
            if (p.nextToken() != JsonToken.END_ARRAY) {
                throw error("a predicate read's row has exactly three elements");
            }
            rows.add(new PredicateRead.Row(row, (int) observed, (int) observedMax, changes));
        }
        if (p.nextToken() != JsonToken.END_ARRAY) {
            throw error("a predicate read has exactly four elements");
        }
        b.predicateRead(txn, table, predicate, rows);
    }

    private String string(String what) throws IOException, HistoryFormatException {
        if (p.nextToken() != JsonToken.VALUE_STRING) {
            throw error(what);
        }
        return p.getText();
    }

    private HistoryFormatException error(String msg) {
        JsonLocation loc = p.currentTokenLocation();
        return new HistoryFormatException(file, loc.getLineNr(), loc.getColumnNr(), msg);
    }
}
