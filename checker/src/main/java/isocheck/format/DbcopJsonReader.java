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

/**
 * Reads the JSON histories of dbcop's main line (rnbguy/dbcop {@code docs/history-format.md}, the
 * serde form of {@code Vec<Session<Variable, Version>>}): what {@code dbcop generate} writes, the
 * sessions wrapped in {@code {"params":…,"info":…,"start":…,"end":…,"data":[sessions]}}, or the
 * bare array of sessions its WASM API takes.
 *
 * <pre>
 * session     = [transaction, …]
 * transaction = {"events": [event, …], "committed": true|false}
 * event       = {"Read": {"variable": V, "version": N|null}} | {"Write": {"variable": V, "version": N}}
 * </pre>
 *
 * <p>Conventions (FORMAT.md): sessions are named 1, 2, … (dbcop numbers them from 1; 0 is its
 * root); transactions are numbered 1, 2, … in file order; a read of version {@code null} reads the
 * uninitialised variable, which an implicit initial transaction writes (as nil) to every variable;
 * a transaction with {@code "committed": false} is aborted. Variables are u64 in dbcop's CLI (a
 * string variable, which serde writes for {@code Session<String, u64>}, is read as a named key);
 * versions are non-negative and below 2^63. The metadata fields are skipped.
 */
final class DbcopJsonReader {
    private static final JsonFactory FACTORY = new JsonFactory();

    private final String file;
    private final JsonParser p;
    private final HistoryBuilder b = new HistoryBuilder();

    private DbcopJsonReader(String file, JsonParser p) {
        this.file = file;
        this.p = p;
    }

    static History read(Reader in, String file) throws IOException, HistoryFormatException {
        try (JsonParser p = FACTORY.createParser(in)) {
            return new DbcopJsonReader(file, p).run();
        } catch (JsonProcessingException e) {
            throw HistoryFormatException.malformedJson(file, e);
        }
    }

    private History run() throws IOException, HistoryFormatException {
        JsonToken tok = p.nextToken();
        if (tok == JsonToken.START_ARRAY) {
            sessions();
        } else if (tok == JsonToken.START_OBJECT) {
            boolean data = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                tok = p.nextToken();
                if (field.equals("data")) {
                    expect(
                            tok == JsonToken.START_ARRAY,
                            "expected \"data\" to be an array of sessions");
                    sessions();
                    data = true;
                } else {
                    p.skipChildren(); // params, info, start, end: not needed
                }
            }
            expect(data, "expected a \"data\" field holding the sessions");
        } else {
            throw error("expected an array of sessions or an object with a \"data\" field");
        }
        expect(p.nextToken() == null, "unexpected data after the history");
        b.initialWritesEverywhere(History.NIL);
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw HistoryFormatException.invalid(file, e);
        }
    }

    /** The sessions array, its '[' read. */
    private void sessions() throws IOException, HistoryFormatException {
        JsonToken tok;
        while ((tok = p.nextToken()) != JsonToken.END_ARRAY) {
            expect(tok == JsonToken.START_ARRAY, "expected a session (an array of transactions)");
            int session = b.session(Integer.toString(b.sessionCount() + 1));
            while ((tok = p.nextToken()) != JsonToken.END_ARRAY) {
                expect(tok == JsonToken.START_OBJECT, "expected a transaction object");
                transaction(session);
            }
        }
    }

    /** One transaction object, its '{' read. */
    private void transaction(int session) throws IOException, HistoryFormatException {
        b.sourceLine((int) p.currentLocation().getLineNr());
        int txn = b.begin(session);
        boolean events = false;
        Boolean committed = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken tok = p.nextToken();
            switch (field) {
                case "events" -> {
                    expect(tok == JsonToken.START_ARRAY, "expected \"events\" to be an array");
                    while ((tok = p.nextToken()) != JsonToken.END_ARRAY) {
                        expect(tok == JsonToken.START_OBJECT, "expected an event object");
                        event(txn);
                    }
                    events = true;
                }
                case "committed" -> {
                    expect(tok.isBoolean(), "expected \"committed\" to be true or false");
                    committed = tok == JsonToken.VALUE_TRUE;
                }
                default -> throw error("unknown transaction field \"" + field + "\"");
            }
        }
        expect(events, "a transaction needs \"events\"");
        expect(committed != null, "a transaction needs \"committed\"");
        if (!committed) {
            b.abort(txn);
        }
    }

    /** One event, {"Read": {…}} or {"Write": {…}}, its '{' read. */
    private void event(int txn) throws IOException, HistoryFormatException {
        expect(p.nextToken() == JsonToken.FIELD_NAME, "expected \"Read\" or \"Write\"");
        String kind = p.currentName();
        expect(kind.equals("Read") || kind.equals("Write"), "expected \"Read\" or \"Write\"");
        b.sourceLine((int) p.currentLocation().getLineNr());
        expect(p.nextToken() == JsonToken.START_OBJECT, "expected {\"variable\":…,\"version\":…}");
        int key = -1;
        Long version = null;
        boolean sawVersion = false;
        JsonLocation versionAt = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken tok = p.nextToken();
            if (field.equals("variable")) {
                key =
                        tok == JsonToken.VALUE_STRING
                                ? b.keys().intern(p.getText())
                                : b.keys().intern(number(tok, "variable"));
            } else if (field.equals("version")) {
                sawVersion = true;
                versionAt = p.currentTokenLocation();
                version = tok == JsonToken.VALUE_NULL ? null : number(tok, "version");
            } else {
                throw error("unknown event field \"" + field + "\"");
            }
        }
        expect(key >= 0 && sawVersion, "an event needs \"variable\" and \"version\"");
        expect(p.nextToken() == JsonToken.END_OBJECT, "an event has one field, Read or Write");
        if (kind.equals("Write")) {
            if (version == null) {
                throw error(versionAt, "a write's version cannot be null");
            }
            b.write(txn, key, version);
        } else {
            b.read(txn, key, version == null ? History.NIL : version);
        }
    }

    /** A non-negative integer below 2^63 (dbcop's u64). */
    private long number(JsonToken tok, String what) throws IOException, HistoryFormatException {
        expect(
                tok == JsonToken.VALUE_NUMBER_INT
                        && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER
                        && p.getLongValue() >= 0,
                "expected the " + what + " to be an integer from 0 to 2^63-1");
        return p.getLongValue();
    }

    private void expect(boolean ok, String message) throws HistoryFormatException {
        if (!ok) {
            throw error(message);
        }
    }

    private HistoryFormatException error(String message) {
        return error(p.currentTokenLocation(), message);
    }

    private HistoryFormatException error(JsonLocation loc, String message) {
        return new HistoryFormatException(file, loc.getLineNr(), loc.getColumnNr(), message);
    }
}
