package isocheck.format;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import java.io.IOException;
import java.io.Reader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads Jepsen/Elle transactional histories, rw-register ({@code [:r k v]}, {@code [:w k v]}) and
 * list-append ({@code [:append k v]}, {@code [:r k [v …]]}), in EDN (one operation map a line, or
 * one vector of them, tagged {@code #jepsen.history.Op{…}} maps included) or in elle-cli's JSON
 * variant ({@code [{"type":"invoke",…}, …]}).
 *
 * <p>Conventions (FORMAT.md, "Elle"): a session per {@code :process} (non-integer processes such as
 * {@code :nemesis} are skipped); an {@code :invoke} is paired with the next completion of its
 * process. {@code :ok} is committed (its completion carries the reads); {@code :fail} is aborted
 * (its writes are aborted writes, its reads dropped); {@code :info} — and an invocation that never
 * completes — has an unknown outcome: its reads are dropped, and it is committed if a committed
 * read observes one of its writes, aborted otherwise (the most permissive choice in both cases, so
 * a violation is reported only if every outcome violates). An implicit initial transaction writes
 * nil to every key. A list-append {@code [:append k v]} is the write w(k,v); a read of a list is a
 * read of its last element (nil for an empty list). {@code :time} of the invocation is the start
 * stamp, that of an {@code :ok}/{@code :fail} completion the commit stamp.
 */
final class ElleHistoryReader {
    private static final int OK = 0;
    private static final int FAIL = 1;
    private static final int INFO = 2;

    /** One transaction as read: its process, outcome, micro-ops and where it was. */
    private static final class Txn {
        final long process;
        int status;
        List<?> ops;
        long start = History.NO_TIME;
        long commit = History.NO_TIME;
        int line;
        int column;

        Txn(long process) {
            this.process = process;
        }
    }

    private final String file;
    private final List<Txn> txns = new ArrayList<>();
    private final Map<Long, Txn> pending = new HashMap<>();

    /** key name → 'a' (list-append) or 'r' (register), fixed by its first use. */
    private final Map<Object, Character> keyKind = new HashMap<>();

    private ElleHistoryReader(String file) {
        this.file = file;
    }

    static History read(Reader in, String file) throws IOException, HistoryFormatException {
        return new ElleHistoryReader(file).run(readAll(in));
    }

    private static String readAll(Reader in) throws IOException {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[1 << 16];
        int n;
        while ((n = in.read(buf)) > 0) {
            sb.append(buf, 0, n);
        }
        return sb.toString();
    }

    private History run(String text) throws HistoryFormatException {
        Edn edn = new Edn(text);
        try {
            if (edn.openVector()) {
                while (!edn.closeVector()) {
                    if (edn.atEnd()) {
                        throw new HistoryFormatException(
                                file,
                                edn.line(),
                                0,
                                "unterminated history vector (no closing ']')");
                    }
                    operation(edn);
                }
                if (!edn.atEnd()) {
                    throw new HistoryFormatException(
                            file,
                            edn.line(),
                            edn.column(),
                            "unexpected data after the history vector");
                }
            } else {
                while (!edn.atEnd()) {
                    operation(edn);
                }
            }
        } catch (Edn.SyntaxError e) {
            throw new HistoryFormatException(
                    file,
                    e.line,
                    e.column,
                    "malformed " + (edn.isJson() ? "JSON" : "EDN") + ": " + e.getMessage());
        }
        return build();
    }

    private void operation(Edn edn) throws Edn.SyntaxError, HistoryFormatException {
        edn.skipSpace();
        int line = edn.line();
        int col = edn.column();
        Object form = edn.next();
        if (!(form instanceof Map<?, ?> op)) {
            throw new HistoryFormatException(
                    file, line, col, "expected an operation map {:type … :process … :value …}");
        }
        Object process = op.get("process");
        if (!(process instanceof Long p)) {
            if (process == null) {
                throw new HistoryFormatException(file, line, col, "operation has no :process");
            }
            return; // :nemesis and other non-client processes
        }
        Object f = op.get("f");
        if (f != null && !"txn".equals(name(f))) {
            throw new HistoryFormatException(
                    file, line, col, "only :f :txn operations are supported, found :f " + show(f));
        }
        Object type = op.get("type");
        String t = name(type);
        Object value = op.get("value");
        long time = History.NO_TIME;
        Object tm = op.get("time");
        if (tm instanceof Long l) {
            time = l;
        } else if (tm != null) {
            throw new HistoryFormatException(
                    file, line, col, ":time must be an integer, found " + show(tm));
        }
        if (t == null) {
            throw new HistoryFormatException(
                    file,
                    line,
                    col,
                    "operation has no :type (expected :invoke, :ok, :fail or :info)");
        }
        switch (t) {
            case "invoke" -> {
                Txn prev = pending.get(p);
                if (prev != null) {
                    throw new HistoryFormatException(
                            file,
                            line,
                            col,
                            "process "
                                    + p
                                    + " invokes again before its operation at line "
                                    + prev.line
                                    + " completed");
                }
                Txn x = new Txn(p);
                x.status = INFO; // until it completes
                x.start = time;
                x.line = line;
                x.column = col;
                pending.put(p, x);
                txns.add(x);
                // the completion's ops replace these; they stay if the invocation never completes
                invokeOps.put(x, ops(value, line, col));
            }
            case "ok", "fail", "info" -> {
                Txn x = pending.remove(p);
                List<Object[]> invoked = null;
                if (x == null) { // a completion without invocation (histories of completions only)
                    x = new Txn(p);
                    txns.add(x);
                } else {
                    invoked = invokeOps.remove(x);
                }
                x.line = line;
                x.column = col;
                x.status = t.equals("ok") ? OK : t.equals("fail") ? FAIL : INFO;
                if (x.status != INFO) {
                    x.commit = time;
                }
                // an :info completion may carry no value: its invocation's writes are what may have
                // happened
                x.ops =
                        x.status != OK && value == null && invoked != null
                                ? invoked
                                : ops(value, line, col);
            }
            default ->
                    throw new HistoryFormatException(
                            file,
                            line,
                            col,
                            ":type must be :invoke, :ok, :fail or :info, found " + show(type));
        }
    }

    /** Invocations still open: their micro-ops, used if they never complete. */
    private final Map<Txn, List<Object[]>> invokeOps = new HashMap<>();

    /** Micro-ops as {kind, key, value} with kind "r", "w" or "append". */
    private List<Object[]> ops(Object value, int line, int col) throws HistoryFormatException {
        if (!(value instanceof List<?> list)) {
            throw new HistoryFormatException(
                    file,
                    line,
                    col,
                    ":value must be a vector of micro-operations, found " + show(value));
        }
        List<Object[]> out = new ArrayList<>(list.size());
        for (Object m : list) {
            if (!(m instanceof List<?> mop) || mop.size() != 3) {
                throw new HistoryFormatException(
                        file,
                        line,
                        col,
                        "a micro-operation is [:r k v], [:w k v] or [:append k v], found "
                                + show(m));
            }
            String kind = name(mop.get(0));
            if (!"r".equals(kind) && !"w".equals(kind) && !"append".equals(kind)) {
                throw new HistoryFormatException(
                        file,
                        line,
                        col,
                        "unsupported micro-operation "
                                + show(mop.get(0))
                                + " (expected :r, :w or :append)");
            }
            Object key = mop.get(1);
            if (key instanceof Edn.Keyword kw) {
                key = kw.name();
            } else if (!(key instanceof Long) && !(key instanceof String)) {
                throw new HistoryFormatException(
                        file,
                        line,
                        col,
                        "a key is an integer, a string or a keyword, found " + show(key));
            }
            out.add(new Object[] {kind, key, mop.get(2)});
        }
        return out;
    }

    private History build() throws HistoryFormatException {
        for (Map.Entry<Txn, List<Object[]>> e : invokeOps.entrySet()) {
            e.getKey().ops = e.getValue(); // never completed: unknown outcome, the invocation's ops
        }
        // Pass 1: key kinds, and every (key, value) a committed read observes.
        Set<String> observed = new HashSet<>();
        for (Txn x : txns) {
            for (Object o : x.ops) {
                Object[] m = (Object[]) o;
                String kind = (String) m[0];
                if (kind.equals("r")) {
                    if (x.status != OK || m[2] == null) {
                        continue;
                    }
                    if (m[2] instanceof List<?> list) {
                        kind(m[1], 'a', x);
                        for (Object v : list) {
                            observed.add(m[1] + "\u0000" + integer(v, x, "a list element"));
                        }
                    } else {
                        kind(m[1], 'r', x);
                        observed.add(m[1] + "\u0000" + integer(m[2], x, "a read value"));
                    }
                } else {
                    kind(m[1], kind.equals("w") ? 'r' : 'a', x);
                    long v = integer(m[2], x, "a written value");
                    if (v == History.NIL) {
                        throw new HistoryFormatException(
                                file,
                                x.line,
                                x.column,
                                "written value " + v + " is reserved for nil");
                    }
                }
            }
        }
        // Pass 2: build.
        HistoryBuilder b = new HistoryBuilder();
        b.sourceLine(0);
        for (Txn x : txns) {
            int s = b.session(Long.toString(x.process));
            boolean committed = x.status == OK;
            if (x.status == INFO) {
                for (Object o : x.ops) {
                    Object[] m = (Object[]) o;
                    if (!m[0].equals("r") && observed.contains(m[1] + "\u0000" + m[2])) {
                        committed = true;
                    }
                }
            }
            b.sourceLine(x.line);
            int t = b.begin(s);
            if (!committed) {
                b.abort(t);
            }
            if (x.start != History.NO_TIME || x.commit != History.NO_TIME) {
                b.times(t, x.start, x.commit);
            }
            for (Object o : x.ops) {
                Object[] m = (Object[]) o;
                int key =
                        m[1] instanceof Long l
                                ? b.keys().intern(l.longValue())
                                : b.keys().intern((String) m[1]);
                if (!m[0].equals("r")) {
                    b.write(t, key, (Long) m[2]);
                } else if (x.status == OK) {
                    long v;
                    if (m[2] == null) {
                        v = History.NIL;
                    } else if (m[2] instanceof List<?> list) {
                        v = list.isEmpty() ? History.NIL : (Long) list.get(list.size() - 1);
                    } else {
                        v = (Long) m[2];
                    }
                    b.read(t, key, v);
                }
            }
        }
        b.initialWritesEverywhere(History.NIL);
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw HistoryFormatException.invalid(file, e);
        }
    }

    private void kind(Object key, char k, Txn x) throws HistoryFormatException {
        Character prev = keyKind.putIfAbsent(key, k);
        if (prev != null && prev != k) {
            throw new HistoryFormatException(
                    file,
                    x.line,
                    x.column,
                    "key "
                            + key
                            + " is used both as a "
                            + (prev == 'a'
                                    ? "list (:append, list reads)"
                                    : "register (:w, single-value reads)")
                            + " and as a "
                            + (k == 'a' ? "list" : "register"));
        }
    }

    private long integer(Object v, Txn x, String what) throws HistoryFormatException {
        if (v instanceof Long l) {
            return l;
        }
        throw new HistoryFormatException(
                file,
                x.line,
                x.column,
                what
                        + " must be an integer"
                        + (v instanceof BigInteger ? " below 2^63" : "")
                        + ", found "
                        + show(v));
    }

    /** The name of a keyword or string, else null. */
    private static String name(Object o) {
        if (o instanceof Edn.Keyword k) {
            return k.name();
        }
        return o instanceof String s ? s : null;
    }

    private static String show(Object o) {
        if (o == null) {
            return "nil";
        }
        if (o instanceof String s) {
            return "\"" + s + "\"";
        }
        if (o instanceof List<?> l) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < l.size(); i++) {
                sb.append(i == 0 ? "" : " ").append(show(l.get(i)));
            }
            return sb.append(']').toString();
        }
        if (o instanceof Map<?, ?>) {
            return "a map";
        }
        return o.toString();
    }
}
