package isocheck.bridge;

import isocheck.encoding.DepKind;
import isocheck.encoding.ProgramModel;
import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.program.StatementFacts;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A static witness as a concrete history for the dynamic checker (docs/DESIGN.md §3 "Witness
 * histories", issue 3), built the way paper §3.2 defines an abstract execution's reads:
 *
 * <ul>
 *   <li><b>keys</b> {@code table/pk/field} (primary-key values from the model joined by commas, the
 *       field or {@code @alive}; the names {@code isocheck run} records), one per record and field
 *       of the witness's edges;
 *   <li><b>operations</b>: every read and write that a statement of an edge performs on the edge
 *       keys of the record it accesses, per {@link ProgramModel#readFields}/{@link
 *       ProgramModel#writeFields}, and those the model gives other statements of the cycle's
 *       transactions ({@link Witness#accesses()}: e.g. the read of the second withdraw of a lost
 *       update, on no edge but what makes the version order observable), in program order (a
 *       statement's reads before its writes);
 *   <li><b>values</b>: an initial transaction writes 0 to every key; writes get 1, 2, … per key in
 *       ar order, so on every key the version order is ar and visible in the values;
 *   <li><b>reads</b> return the transaction's own earlier write of the key if any, else the value
 *       of the ar-last writer of the key among the transactions visible to it (last writer wins,
 *       §3.2), else the initial value;
 *   <li><b>sessions</b>: one per transaction, named by its witness id, listed in ar order. The
 *       paper's abstract executions (Def. 2) have no session order, and a session would add
 *       obligations the model does not promise (the dynamic CC, PC, PSI and SI make every session
 *       predecessor visible, with everything it saw), so none are invented;
 *   <li><b>the final state</b>: when some key has two writers or more, a last, read-only
 *       transaction in session {@value #FINAL_STATE} reads the final value of each such key, and a
 *       marker key {@value #MARKER}{@code Ti} that each of their writers writes (1) as its last
 *       operation, which places it after all of them. The paper's serializability (Def. 5) keeps WW
 *       edges (which write survives), which no read of the cycle's transactions may observe (a lost
 *       update whose second writer reads another record); without the observer the dynamic checker
 *       could order those writes either way. It only reads and the markers are written once each,
 *       so it adds no dependency into the cycle; it sees everything (a prefix of ar), so every
 *       level the witness satisfies allows it.
 * </ul>
 *
 * Every edge of the witness must then be a dependency of the history under commit order ar (Def. 3:
 * WR from the ar-last visible writer, WW between writers in ar order, RW from a read to a later
 * overwrite of the version it read); one that is not is reported as {@link EdgeNotReproduced},
 * never dropped.
 */
public final class WitnessHistory {

    /**
     * A witness edge absent from the constructed history: a defect of the encoding or of the
     * witness.
     */
    public static final class EdgeNotReproduced extends Exception {
        public EdgeNotReproduced(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * One operation of a transaction: a read or write of a key by the statement at program position
     * {@code stmt}; a read at statement granularity sees the writers of the first {@code slot}
     * transactions of ar ({@link #TRANSACTION_VIEW}: the transaction's vis instead).
     */
    private record Access(int stmt, boolean write, String key, int slot) {
        Access(int stmt, boolean write, String key) {
            this(stmt, write, key, TRANSACTION_VIEW);
        }
    }

    /** The slot of an access read through its transaction's visibility (and of every write). */
    private static final int TRANSACTION_VIEW = Integer.MAX_VALUE;

    private WitnessHistory() {}

    /** The key of an edge: {@code table/pk1,pk2/field}. */
    public static String key(Witness.Edge e) {
        return record(e) + e.field();
    }

    /** {@code table/pk1,pk2/}: the record an edge is on. */
    static String record(Witness.Edge e) {
        return record(e.table(), e.key());
    }

    private static String record(String table, Map<String, String> key) {
        List<String> pk = new ArrayList<>();
        for (String v : key.values()) pk.add(normalise(v));
        return table + "/" + String.join(",", pk) + "/";
    }

    /** The statement's index in its transaction's program order. */
    private static int position(ProgramModel model, String txnType, String statement) {
        List<StatementFacts> stmts = model.facts(txnType).statements();
        for (int i = 0; i < stmts.size(); i++) if (stmts.get(i).id().equals(statement)) return i;
        throw new IllegalStateException(txnType + " has no statement " + statement);
    }

    /** Z3 prints negative integers as {@code (- 3)}. */
    private static String normalise(String v) {
        String s = v.trim();
        if (s.startsWith("(- ") && s.endsWith(")"))
            return "-" + s.substring(3, s.length() - 1).trim();
        return s;
    }

    public static History of(Witness w, ProgramModel model) throws EdgeNotReproduced {
        return of(w, model, type -> false);
    }

    /**
     * The same for a spec with one snapshot per statement (READ COMMITTED,
     * docs/postgresql-levels.md §1): a transaction whose type {@code statementSnapshots} accepts
     * reads, in each statement, the writers of an ar-prefix, placed as {@link StatementSchedule}
     * places the statement ({@link #statementSlots}); the model's vis is only what its last
     * statements see. Read through vis, a Delivery whose first statement missed a NewOrder that
     * committed before its later ones read the NewOrder's write there too, and every READ COMMITTED
     * witness of TPC-C, SmallBank and Wikipedia failed its own edge check (benchmarks/RESULTS.md
     * stop 40).
     */
    public static History of(
            Witness w, ProgramModel model, java.util.function.Predicate<String> statementSnapshots)
            throws EdgeNotReproduced {
        // the cycle's transactions and one outside it (AloneExecution#WITH_ONE_MORE), whose
        // operations are the witness's accesses
        int k = w.txns().size();
        int[] rank = new int[k];
        for (int pos = 0; pos < k; pos++) rank[w.arOrder().get(pos)] = pos;
        for (int[] p : w.vis()) {
            if (rank[p[0]] >= rank[p[1]]) {
                throw new EdgeNotReproduced(
                        w.txns().get(p[0]).id()
                                + " is visible to "
                                + w.txns().get(p[1]).id()
                                + " but not before it in ar (vis must be contained in ar)");
            }
        }

        // the operations: each edge statement on every edge key of the record it accesses
        Map<String, Set<String>> fieldsOfRecord = new LinkedHashMap<>();
        for (Witness.Edge e : w.edges())
            fieldsOfRecord.computeIfAbsent(record(e), r -> new LinkedHashSet<>()).add(e.field());
        List<Set<Access>> ops = new ArrayList<>();
        for (int i = 0; i < k; i++) ops.add(new LinkedHashSet<>());
        for (Witness.Edge e : w.edges()) {
            String rec = record(e);
            addAccesses(ops.get(e.from()), model, e.fromStatement(), rec, fieldsOfRecord.get(rec));
            addAccesses(ops.get(e.to()), model, e.toStatement(), rec, fieldsOfRecord.get(rec));
        }
        for (Witness.Access a : w.accesses()) {
            String rec = record(a.table(), a.key());
            ops.get(a.txn())
                    .add(
                            new Access(
                                    position(model, w.txns().get(a.txn()).type(), a.statement()),
                                    a.write(),
                                    rec + a.field()));
        }

        for (int t = 0; t < k; t++)
            if (statementSnapshots.test(w.txns().get(t).type()))
                ops.set(t, statementSlots(w, model, t, rank, ops.get(t)));

        // execute in ar order: values per key, reads by last writer wins among visible writers
        Map<String, Long> counter = new LinkedHashMap<>();
        for (var rf : fieldsOfRecord.entrySet())
            for (String f : rf.getValue()) counter.put(rf.getKey() + f, 0L);
        Map<String, Map<Integer, Long>> finalWrite =
                new HashMap<>(); // key -> txn -> its last value
        Map<String, Map<Long, Integer>> writerOf =
                new HashMap<>(); // key -> value -> txn (-1: initial)
        for (String key : counter.keySet())
            writerOf.computeIfAbsent(key, x -> new HashMap<>()).put(0L, -1);
        List<List<Long>> values =
                new ArrayList<>(); // per txn, the value of each operation in order
        List<List<Access>> ordered = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            List<Access> list = new ArrayList<>(ops.get(i));
            list.sort(
                    Comparator.comparingInt(Access::stmt)
                            .thenComparing(Access::write)
                            .thenComparingInt(Access::slot));
            ordered.add(list);
            values.add(new ArrayList<>());
        }
        for (int t : w.arOrder()) {
            Map<String, Long> own = new HashMap<>();
            for (Access a : ordered.get(t)) {
                long value;
                if (a.write()) {
                    value = counter.merge(a.key(), 1L, Long::sum);
                    own.put(a.key(), value);
                    writerOf.get(a.key()).put(value, t);
                } else if (own.containsKey(a.key())) {
                    value = own.get(a.key());
                } else {
                    value = 0;
                    int best = -1;
                    for (var wv : finalWrite.getOrDefault(a.key(), Map.of()).entrySet()) {
                        int u = wv.getKey();
                        boolean seen =
                                a.slot() == TRANSACTION_VIEW ? w.visible(u, t) : rank[u] < a.slot();
                        if (seen && (best < 0 || rank[u] > rank[best])) {
                            best = u;
                            value = wv.getValue();
                        }
                    }
                }
                values.get(t).add(value);
            }
            for (var e : own.entrySet())
                finalWrite.computeIfAbsent(e.getKey(), x -> new HashMap<>()).put(t, e.getValue());
        }

        for (Witness.Edge e : w.edges()) check(w, e, ordered, values, writerOf, rank);

        HistoryBuilder b = new HistoryBuilder();
        HistoryBuilder.Txn init = b.init();
        for (String key : counter.keySet()) init.w(key, 0);
        int[] txnIds = new int[k];
        for (int t : w.arOrder()) {
            Witness.Txn txn = w.txns().get(t);
            int id = b.begin(b.session(txn.id()), t + 1);
            txnIds[t] = id;
            List<Access> list = ordered.get(t);
            for (int i = 0; i < list.size(); i++) {
                int key = b.keys().intern(list.get(i).key());
                long v = values.get(t).get(i);
                if (list.get(i).write()) b.write(id, key, v);
                else b.read(id, key, v);
            }
        }
        // the final state: the paper's serializability (Def. 5) keeps the WW edges, i.e. which
        // write
        // survives; a history observes that only through a read that comes after every writer
        Set<String> contested = new LinkedHashSet<>();
        Set<Integer> writersOfContested = new java.util.TreeSet<>();
        for (String key : counter.keySet()) {
            Map<Integer, Long> writers = finalWrite.getOrDefault(key, Map.of());
            if (writers.size() < 2) continue;
            contested.add(key);
            writersOfContested.addAll(writers.keySet());
        }
        if (!contested.isEmpty()) {
            for (int t : writersOfContested)
                b.write(txnIds[t], b.keys().intern(MARKER + w.txns().get(t).id()), 1);
            int observer = b.begin(b.session(FINAL_STATE), k + 1);
            for (int t : writersOfContested)
                b.read(observer, b.keys().intern(MARKER + w.txns().get(t).id()), 1);
            for (String key : contested) {
                Map<Integer, Long> writers = finalWrite.get(key);
                int last =
                        writers.keySet().stream()
                                .max(Comparator.comparingInt(t -> rank[t]))
                                .orElseThrow();
                b.read(observer, b.keys().intern(key), writers.get(last));
            }
        }
        return b.build();
    }

    /**
     * Transaction t's accesses with each read given its statement's slot (it starts after the first
     * slot commits of ar), as {@link StatementSchedule} gives it: the latest slot that t's commit,
     * the statement's own RW edges and every later statement's allow (an RW edge out of a statement
     * keeps the overwriter out of its snapshot and out of every earlier one). A WR or WW edge into
     * a statement needs its writer in the snapshot (an UPDATE reads the newest version after the
     * lock wait, manual §13.2.1); where the slot is too early for it and the statement is in a
     * loop, the statement ran twice, and the edge's read is a second read, in the later iteration's
     * snapshot (StatementSchedule#twoIterations). Elsewhere the edge check then reports the
     * witness, as the schedule reports it unrealisable.
     */
    private static Set<Access> statementSlots(
            Witness w, ProgramModel model, int t, int[] rank, Set<Access> accesses) {
        String type = w.txns().get(t).type();
        List<StatementFacts> stmts = model.facts(type).statements();
        int[] slot = new int[stmts.size()];
        java.util.Arrays.fill(slot, rank[t]);
        for (Witness.Edge e : w.edges())
            if (e.kind() == DepKind.RW && e.from() == t) {
                int i = position(model, type, e.fromStatement().id());
                slot[i] = Math.min(slot[i], rank[e.to()]);
            }
        for (Witness.Sight x : w.sights())
            if (x.txn() == t && !x.sees()) {
                int i = position(model, type, x.statement().id());
                slot[i] = Math.min(slot[i], rank[x.other()]);
            }
        for (int i = stmts.size() - 2; i >= 0; i--) slot[i] = Math.min(slot[i], slot[i + 1]);
        Set<Access> out = new LinkedHashSet<>();
        for (Access a : accesses)
            out.add(a.write() ? a : new Access(a.stmt(), false, a.key(), slot[a.stmt()]));
        for (Witness.Edge e : w.edges()) {
            if (e.to() != t || e.kind() == DepKind.RW) continue;
            int i = position(model, type, e.toStatement().id());
            if (slot[i] > rank[e.from()] || stmts.get(i).loops().isEmpty()) continue;
            String key = key(e);
            if (model.readFields(stmts.get(i)).contains(e.field()))
                out.add(new Access(i, false, key, rank[e.from()] + 1));
        }
        return out;
    }

    /** The session of the read-only transaction that observes the final state. */
    public static final String FINAL_STATE = "final-state";

    /**
     * Prefix of the key each writer of a contested key marks its commit with, for the observer to
     * read.
     */
    public static final String MARKER = "@committed/";

    private static void addAccesses(
            Set<Access> out,
            ProgramModel model,
            Witness.Statement s,
            String rec,
            Set<String> fields) {
        List<StatementFacts> stmts = model.facts(s.txnType()).statements();
        for (int i = 0; i < stmts.size(); i++) {
            StatementFacts sf = stmts.get(i);
            if (!sf.id().equals(s.id())) continue;
            for (String f : fields) {
                if (model.readFields(sf).contains(f)) out.add(new Access(i, false, rec + f));
                if (model.writeFields(sf).contains(f)) out.add(new Access(i, true, rec + f));
            }
            return;
        }
        throw new IllegalStateException(s.txnType() + " has no statement " + s.id());
    }

    /**
     * Whether the edge is a dependency of the constructed history (paper Def. 3, commit order ar).
     */
    private static void check(
            Witness w,
            Witness.Edge e,
            List<List<Access>> ordered,
            List<List<Long>> values,
            Map<String, Map<Long, Integer>> writerOf,
            int[] rank)
            throws EdgeNotReproduced {
        String key = key(e);
        String from = w.txns().get(e.from()).id();
        String to = w.txns().get(e.to()).id();
        String what = from + " -" + e.kind().lower() + "-> " + to + " on " + key;
        List<Long> fromReads = externalReads(e.from(), key, ordered, values, writerOf);
        List<Long> toReads = externalReads(e.to(), key, ordered, values, writerOf);
        boolean fromWrites = writes(e.from(), key, ordered);
        boolean toWrites = writes(e.to(), key, ordered);
        if (e.kind() == DepKind.WR) {
            if (!fromWrites)
                throw new EdgeNotReproduced(what + ": " + from + " does not write the key");
            boolean ok = toReads.stream().anyMatch(v -> writerOf.get(key).get(v) == e.from());
            if (!ok) {
                throw new EdgeNotReproduced(
                        what
                                + ": "
                                + to
                                + " reads "
                                + describe(w, key, toReads, writerOf)
                                + ", not "
                                + from
                                + "'s write (the ar-last writer "
                                + to
                                + " sees, or its own write, wins)");
            }
        } else if (e.kind() == DepKind.WW) {
            if (!fromWrites || !toWrites)
                throw new EdgeNotReproduced(what + ": both must write the key");
            if (rank[e.from()] >= rank[e.to()])
                throw new EdgeNotReproduced(what + ": " + from + " is not before " + to + " in ar");
        } else {
            if (!toWrites)
                throw new EdgeNotReproduced(what + ": " + to + " does not write the key");
            boolean ok = false;
            for (long v : fromReads) {
                int writer = writerOf.get(key).get(v);
                if (writer != e.to() && (writer < 0 || rank[writer] < rank[e.to()])) ok = true;
            }
            if (!ok) {
                throw new EdgeNotReproduced(
                        what
                                + ": "
                                + from
                                + " reads "
                                + describe(w, key, fromReads, writerOf)
                                + ", which "
                                + to
                                + "'s write does not overwrite in ar");
            }
        }
    }

    /** Values read from other transactions (or the initial state). */
    private static List<Long> externalReads(
            int t,
            String key,
            List<List<Access>> ordered,
            List<List<Long>> values,
            Map<String, Map<Long, Integer>> writerOf) {
        List<Long> out = new ArrayList<>();
        List<Access> list = ordered.get(t);
        for (int i = 0; i < list.size(); i++) {
            Access a = list.get(i);
            long v = values.get(t).get(i);
            if (!a.write() && a.key().equals(key) && writerOf.get(key).get(v) != t) out.add(v);
        }
        return out;
    }

    private static boolean writes(int t, String key, List<List<Access>> ordered) {
        return ordered.get(t).stream().anyMatch(a -> a.write() && a.key().equals(key));
    }

    private static String describe(
            Witness w, String key, List<Long> reads, Map<String, Map<Long, Integer>> writerOf) {
        if (reads.isEmpty()) return "nothing from another transaction";
        List<String> out = new ArrayList<>();
        for (long v : reads) {
            int writer = writerOf.get(key).get(v);
            out.add(
                    v
                            + " (written by "
                            + (writer < 0 ? "the initial state" : w.txns().get(writer).id())
                            + ")");
        }
        return String.join(", ", out);
    }
}
