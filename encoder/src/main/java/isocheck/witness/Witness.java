package isocheck.witness;

import isocheck.encoding.DepKind;
import isocheck.program.SourcePos;
import java.util.List;
import java.util.Map;

/**
 * A serializability violation found by the solver: the transactions on the cycle with their types
 * and parameter values, each edge with its kind, table, primary key, field and the two statements,
 * the vis and ar order among them, a name from the {@link Classifier} and a step-by-step {@link
 * #explanation()}.
 *
 * @param vis pairs {i, j}: transaction i's writes are visible to transaction j (indices into txns)
 * @param arOrder the transactions' indices in arbitration order
 * @param accesses reads and writes, by statements of the cycle's transactions outside loops, of the
 *     fields on the edges' records, as the model has them (the edges' own statements are implied)
 * @param alone whether the values come from an execution of the cycle's transactions alone
 * @param sights with {@link AloneExecution#WITH_ONE_MORE}, which commits the statements of the
 *     cycle's transactions and of the one outside it, {@code txns[k]}, see between them, as the
 *     model's statement snapshots have it (a schedule places the statements by them); else empty.
 *     txns, vis and arOrder count the outside transaction, k and edges do not.
 */
public record Witness(
        int k,
        List<Txn> txns,
        List<Edge> edges,
        List<int[]> vis,
        List<Integer> arOrder,
        String anomaly,
        List<String> explanation,
        List<Access> accesses,
        List<InitialRow> initialRows,
        Map<String, String> stringLiterals,
        AloneExecution alone,
        List<Sight> sights) {

    public Witness(
            int k,
            List<Txn> txns,
            List<Edge> edges,
            List<int[]> vis,
            List<Integer> arOrder,
            String anomaly,
            List<String> explanation,
            List<Access> accesses,
            List<InitialRow> initialRows,
            Map<String, String> stringLiterals,
            AloneExecution alone) {
        this(
                k,
                txns,
                edges,
                vis,
                arOrder,
                anomaly,
                explanation,
                accesses,
                initialRows,
                stringLiterals,
                alone,
                List.of());
    }

    /** This witness, with what the solve for an execution of its transactions alone found. */
    public Witness withAlone(AloneExecution a) {
        return new Witness(
                k,
                txns,
                edges,
                vis,
                arOrder,
                anomaly,
                explanation,
                accesses,
                initialRows,
                stringLiterals,
                a,
                sights);
    }

    /**
     * The witness's {@link Witness#sights} as lines: per statement, the transactions outside its
     * side whose commits it sees and those it does not (the analysis report and the schedules print
     * them).
     */
    public List<String> sightLines() {
        List<String> out = new java.util.ArrayList<>();
        if (sights.isEmpty()) return out;
        out.add(id(k) + " is outside the cycle; each statement's snapshot, as the model has it:");
        Map<String, List<Witness.Sight>> byStatement = new java.util.LinkedHashMap<>();
        for (Witness.Sight s : sights)
            byStatement
                    .computeIfAbsent(
                            id(s.txn()) + "." + s.statement().id(),
                            x -> new java.util.ArrayList<>())
                    .add(s);
        for (Map.Entry<String, List<Witness.Sight>> e : byStatement.entrySet()) {
            Witness.Statement st = e.getValue().get(0).statement();
            List<String> seen = new java.util.ArrayList<>(), unseen = new java.util.ArrayList<>();
            for (Witness.Sight s : e.getValue()) (s.sees() ? seen : unseen).add(id(s.other()));
            out.add(
                    "  "
                            + e.getKey()
                            + " "
                            + st.kind()
                            + " (line "
                            + st.pos().line()
                            + ")"
                            + (seen.isEmpty() ? "" : " sees " + String.join(", ", seen))
                            + (seen.isEmpty() || unseen.isEmpty() ? "" : ";")
                            + (unseen.isEmpty()
                                    ? ""
                                    : " does not see " + String.join(", ", unseen)));
        }
        return out;
    }

    private String id(int t) {
        return txns.get(t).id();
    }

    /**
     * Statement {@code statement} of txns[txn] takes its snapshot after txns[other] commits ({@code
     * sees}) or before.
     */
    public record Sight(int txn, Statement statement, int other, boolean sees) {}

    public Witness(
            int k,
            List<Txn> txns,
            List<Edge> edges,
            List<int[]> vis,
            List<Integer> arOrder,
            String anomaly,
            List<String> explanation,
            List<Access> accesses,
            List<InitialRow> initialRows) {
        this(
                k,
                txns,
                edges,
                vis,
                arOrder,
                anomaly,
                explanation,
                accesses,
                initialRows,
                Map.of(),
                AloneExecution.NOT_ASKED);
    }

    /**
     * A string value as SQL text: the literal it stands for when the model's number is one the
     * encoding gave a literal ({@code stringLiterals}: number to text, {@code
     * Vocabulary#literalsByCode}), otherwise {@link StringCode#text}, the convention for a string
     * the program does not name (distinct numbers, distinct strings, in the numbers' order).
     */
    public static String sqlString(String modelNumber, Map<String, String> stringLiterals) {
        String text = stringLiterals.get(modelNumber);
        return text == null
                ? "'" + StringCode.text(modelNumber) + "'"
                : "'" + text.replace("'", "''") + "'";
    }

    /**
     * The inverse of {@link #sqlString}: the model's number of a quoted SQL string it wrote, the
     * literal's number when the text is one the encoding gave a number, else {@link
     * StringCode#number}; null when the text is neither.
     */
    public static String modelNumber(String sqlText, Map<String, String> stringLiterals) {
        String text = sqlText.substring(1, sqlText.length() - 1).replace("''", "'");
        String code = literalNumber(text, stringLiterals);
        if (code != null) return code;
        return StringCode.number(text);
    }

    /** The number the encoding gave a string literal of the program, or null. */
    public static String literalNumber(String text, Map<String, String> stringLiterals) {
        for (Map.Entry<String, String> e : stringLiterals.entrySet()) {
            if (e.getValue().equals(text)) return e.getKey();
        }
        return null;
    }

    public Witness(
            int k,
            List<Txn> txns,
            List<Edge> edges,
            List<int[]> vis,
            List<Integer> arOrder,
            String anomaly,
            List<String> explanation) {
        this(k, txns, edges, vis, arOrder, anomaly, explanation, List.of(), List.of());
    }

    public Witness(
            int k,
            List<Txn> txns,
            List<Edge> edges,
            List<int[]> vis,
            List<Integer> arOrder,
            String anomaly,
            List<String> explanation,
            List<Access> accesses) {
        this(k, txns, edges, vis, arOrder, anomaly, explanation, accesses, List.of());
    }

    /**
     * A record of the edges as the initial state has it in the model: the view of the first
     * transaction in ar, which sees no other (vis ⊆ ar). {@code alive} is Alive there; {@code
     * values} the non-key fields' values (integers; strings as the model's numbers; {@link #NULL}),
     * empty when not alive.
     */
    public record InitialRow(
            String table, Map<String, String> key, boolean alive, Map<String, String> values) {
        /** The value of a column that is SQL NULL (a seeded row read by an IS NULL test). */
        public static final String NULL = "NULL";
    }

    /**
     * Statement {@code statement} of txns[txn] reads (or writes) {@code field} of the record {@code
     * table[key]}.
     */
    public record Access(
            int txn,
            String statement,
            String table,
            Map<String, String> key,
            String field,
            boolean write) {}

    /**
     * One transaction instance: {@code T1 … Tk}, its type, its parameters as the model gives them.
     */
    public record Txn(String id, String type, Map<String, String> parameters, SourcePos pos) {}

    /** A statement of a transaction type. */
    public record Statement(String txnType, String id, String kind, String sql, SourcePos pos) {}

    /** A dependency edge from txns[from] to txns[to]. */
    public record Edge(
            int from,
            int to,
            DepKind kind,
            String table,
            Map<String, String> key,
            String field,
            Statement fromStatement,
            Statement toStatement) {

        /** {@code table[k=v, …].field}. */
        public String item() {
            StringBuilder sb = new StringBuilder(table).append('[');
            int i = 0;
            for (var e : key.entrySet())
                sb.append(i++ == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
            return sb.append("].").append(field).toString();
        }
    }

    /**
     * Distinct-anomaly signature: types, edge kinds and statement pairs, rotated to a canonical
     * start.
     */
    public String signature() {
        List<String> parts = new java.util.ArrayList<>();
        for (Edge e : edges) {
            parts.add(
                    e.fromStatement().txnType()
                            + "."
                            + e.fromStatement().id()
                            + " -"
                            + e.kind().lower()
                            + "("
                            + e.table()
                            + "."
                            + e.field()
                            + ")-> "
                            + e.toStatement().txnType()
                            + "."
                            + e.toStatement().id());
        }
        String best = null;
        for (int s = 0; s < parts.size(); s++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < parts.size(); i++)
                sb.append(parts.get((s + i) % parts.size())).append("; ");
            String cand = sb.toString();
            if (best == null || cand.compareTo(best) < 0) best = cand;
        }
        return best;
    }

    /**
     * Adya's phenomenon of the cycle, by the classifier the checker shares ({@link
     * Classifier#adya}).
     */
    public String adya() {
        return Classifier.adya(edges);
    }

    public boolean visible(int from, int to) {
        return vis.stream().anyMatch(p -> p[0] == from && p[1] == to);
    }
}
