package isocheck.explore;

import isocheck.encoding.ProgramModel;
import isocheck.program.Column;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.StatementFacts;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.Variable;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Brute-force enumeration of the valid executions (paper Def. 7) of k transaction instances of a
 * program under a spec, over small domains: every multiset of k instances (a transaction type with
 * parameters from the domain), every initial state of a small family, every total order ar and
 * every vis ⊆ ar; each instance runs ({@link ProgramInterpreter}) in ar order on its view — the
 * initial state overwritten by its visible instances' writes, last writer wins by ar (paper §3.2);
 * the execution is valid when the spec's axioms hold on it ({@link SpecEvaluator}); its dependency
 * graph ({@link Dependencies}) is searched for cycles.
 *
 * <p>Initial states, per table: every record of the key domain absent, or every record alive with
 * the same value v in each non-key field, for each combination of domain values.
 */
final class ExecutionExplorer {

    /** The small domains parameters, keys and fields range over. */
    record Domain(List<Long> ints, List<String> strings) {
        List<Object> of(ScalarType t) {
            return t == ScalarType.INT ? List.copyOf(ints) : List.copyOf(strings);
        }
    }

    /** One transaction instance: type and parameters. */
    record Instance(Transaction type, Map<String, Object> parameters) {
        @Override
        public String toString() {
            return type.name() + parameters;
        }
    }

    /** The outcome for one k: executions run, valid ones, the shortest cycle (0: none) and one execution with it. */
    record Result(int k, long executions, long valid, int shortestCycle, String example) {}

    private final Program program;
    private final ProgramModel model;
    private final Domain domain;
    private final Map<String, List<RecordId>> universe = new LinkedHashMap<>();
    private final List<Instance> instances = new ArrayList<>();
    private final List<Map<RecordId, Map<String, Object>>> initialStates = new ArrayList<>();
    private final ProgramInterpreter interpreter;

    ExecutionExplorer(Program program, Domain domain) {
        this.program = program;
        this.model = new ProgramModel(program);
        this.domain = domain;
        for (Table t : program.schema().tables()) {
            List<List<Object>> keys = new ArrayList<>();
            keys.add(List.of());
            for (String k : t.primaryKey()) {
                List<List<Object>> next = new ArrayList<>();
                for (List<Object> prefix : keys) {
                    for (Object v : domain.of(t.column(k).orElseThrow().type())) {
                        List<Object> key = new ArrayList<>(prefix);
                        key.add(v);
                        next.add(key);
                    }
                }
                keys = next;
            }
            universe.put(t.name(), keys.stream().map(key -> new RecordId(t.name(), key)).toList());
        }
        for (Transaction t : program.transactions()) {
            List<Map<String, Object>> params = new ArrayList<>();
            params.add(new LinkedHashMap<>());
            for (Variable p : t.parameters()) {
                if (!(p.type() instanceof Type.Scalar s)) throw new UnsupportedOperationException("SET OF parameter " + p.name());
                List<Map<String, Object>> next = new ArrayList<>();
                for (Map<String, Object> prefix : params) {
                    for (Object v : domain.of(s.type())) {
                        Map<String, Object> m = new LinkedHashMap<>(prefix);
                        m.put(p.name(), v);
                        next.add(m);
                    }
                }
                params = next;
            }
            for (Map<String, Object> p : params) instances.add(new Instance(t, p));
        }
        List<Map<RecordId, Map<String, Object>>> states = new ArrayList<>();
        states.add(new HashMap<>());
        for (Table t : program.schema().tables()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            rows.add(null); // absent
            List<Map<String, Object>> present = new ArrayList<>();
            present.add(new HashMap<>());
            for (Column c : t.columns()) {
                if (t.isKey(c.name())) continue;
                List<Map<String, Object>> next = new ArrayList<>();
                for (Map<String, Object> prefix : present) {
                    for (Object v : domain.of(c.type())) {
                        Map<String, Object> m = new HashMap<>(prefix);
                        m.put(c.name(), v);
                        next.add(m);
                    }
                }
                present = next;
            }
            rows.addAll(present);
            List<Map<RecordId, Map<String, Object>>> next = new ArrayList<>();
            for (Map<RecordId, Map<String, Object>> prefix : states) {
                for (Map<String, Object> row : rows) {
                    Map<RecordId, Map<String, Object>> s = new HashMap<>(prefix);
                    for (RecordId r : universe.get(t.name())) {
                        Map<String, Object> fields = new HashMap<>();
                        fields.put(StatementFacts.ALIVE, row == null ? ProgramInterpreter.DEAD : ProgramInterpreter.ALIVE);
                        if (row != null) fields.putAll(row);
                        s.put(r, fields);
                    }
                    next.add(s);
                }
            }
            states = next;
        }
        initialStates.addAll(states);
        this.interpreter = new ProgramInterpreter(model, universe);
    }

    int instanceCount() {
        return instances.size();
    }

    int initialStateCount() {
        return initialStates.size();
    }

    /** Every valid execution of exactly k instances under each spec: one result per spec, in order. */
    List<Result> explore(List<Spec> specs, int k) {
        int n = specs.size();
        long[] executions = new long[1];
        long[] valid = new long[n];
        int[] shortest = new int[n];
        String[] example = new String[n];
        int[] chosen = new int[k];
        combinations(chosen, 0, 0, () -> {
            List<Instance> inst = new ArrayList<>();
            for (int c : chosen) inst.add(instances.get(c));
            List<String> types = inst.stream().map(i -> i.type().name()).toList();
            permutations(k, order -> {
                int[] rank = new int[k];
                for (int pos = 0; pos < k; pos++) rank[order[pos]] = pos;
                List<int[]> pairs = new ArrayList<>();
                for (int a = 0; a < k; a++) for (int b = 0; b < k; b++) if (rank[a] < rank[b]) pairs.add(new int[] {a, b});
                for (int mask = 0; mask < (1 << pairs.size()); mask++) {
                    boolean[][] vis = new boolean[k][k];
                    for (int p = 0; p < pairs.size(); p++) if ((mask & (1 << p)) != 0) vis[pairs.get(p)[0]][pairs.get(p)[1]] = true;
                    for (Map<RecordId, Map<String, Object>> init : initialStates) {
                        executions[0]++;
                        List<Event> events = execute(inst, order, rank, vis, init);
                        Dependencies deps = new Dependencies(k, events, rank);
                        SpecEvaluator.Structure s = new SpecEvaluator.Structure(types, rank, vis, deps);
                        int c = deps.shortestCycle(k);
                        for (int i = 0; i < n; i++) {
                            if (!SpecEvaluator.holds(specs.get(i), s)) continue;
                            valid[i]++;
                            if (c > 0 && (shortest[i] == 0 || c < shortest[i])) {
                                shortest[i] = c;
                                example[i] = describe(inst, order, vis, init, events);
                            }
                        }
                    }
                }
            });
        });
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(new Result(k, executions[0], valid[i], shortest[i], example[i]));
        return out;
    }

    private List<Event> execute(List<Instance> inst, int[] order, int[] rank, boolean[][] vis,
            Map<RecordId, Map<String, Object>> init) {
        int k = inst.size();
        List<Map<RecordId, Map<String, Object>>> finalWrites = new ArrayList<>();
        for (int i = 0; i < k; i++) finalWrites.add(new HashMap<>());
        List<Event> all = new ArrayList<>();
        for (int t : order) {
            ProgramInterpreter.View view = new ProgramInterpreter.View() {
                int last(RecordId r, String f) {
                    int best = -1;
                    for (int u = 0; u < k; u++) {
                        if (!vis[u][t]) continue;
                        Map<String, Object> w = finalWrites.get(u).get(r);
                        if (w != null && w.containsKey(f) && (best < 0 || rank[u] > rank[best])) best = u;
                    }
                    return best;
                }

                @Override
                public Object value(RecordId r, String f) {
                    int u = last(r, f);
                    if (u >= 0) return finalWrites.get(u).get(r).get(f);
                    Map<String, Object> row = init.get(r);
                    return row == null ? null : row.get(f);
                }

                @Override
                public int writer(RecordId r, String f) {
                    return last(r, f);
                }
            };
            List<Event> events = interpreter.run(t, inst.get(t).type(), inst.get(t).parameters(), view);
            for (Event e : events) {
                if (e.write()) finalWrites.get(t).computeIfAbsent(e.record(), x -> new HashMap<>()).put(e.field(), e.value());
            }
            all.addAll(events);
        }
        return all;
    }

    private String describe(List<Instance> inst, int[] order, boolean[][] vis, Map<RecordId, Map<String, Object>> init,
            List<Event> events) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < inst.size(); i++) sb.append("T").append(i + 1).append(" = ").append(inst.get(i)).append("; ");
        sb.append("ar:");
        for (int t : order) sb.append(" T").append(t + 1);
        sb.append("; vis:");
        for (int a = 0; a < inst.size(); a++) for (int b = 0; b < inst.size(); b++) if (vis[a][b]) sb.append(" T").append(a + 1).append("->T").append(b + 1);
        sb.append("; initial ").append(new java.util.TreeMap<>(stringKeys(init))).append("; events:");
        for (Event e : events) {
            sb.append(" T").append(e.txn() + 1).append(e.write() ? " w " : " r ").append(e.record()).append('.').append(e.field())
                    .append('=').append(e.value());
            if (!e.write()) sb.append(" (from ").append(e.readFrom() < 0 ? "init" : "T" + (e.readFrom() + 1)).append(')');
            sb.append(',');
        }
        return sb.toString();
    }

    private static Map<String, Object> stringKeys(Map<RecordId, Map<String, Object>> init) {
        Map<String, Object> out = new HashMap<>();
        for (var e : init.entrySet()) out.put(e.getKey().toString(), e.getValue());
        return out;
    }

    /** Multisets of k instance indices, non-decreasing. */
    private void combinations(int[] chosen, int i, int from, Runnable body) {
        if (i == chosen.length) {
            body.run();
            return;
        }
        for (int c = from; c < instances.size(); c++) {
            chosen[i] = c;
            combinations(chosen, i + 1, c, body);
        }
    }

    private static void permutations(int k, java.util.function.Consumer<int[]> body) {
        permute(new int[k], new boolean[k], 0, body);
    }

    private static void permute(int[] order, boolean[] used, int i, java.util.function.Consumer<int[]> body) {
        if (i == order.length) {
            body.accept(order);
            return;
        }
        for (int t = 0; t < order.length; t++) {
            if (used[t]) continue;
            used[t] = true;
            order[i] = t;
            permute(order, used, i + 1, body);
            used[t] = false;
        }
    }

    Program program() {
        return program;
    }

    Domain domain() {
        return domain;
    }
}
