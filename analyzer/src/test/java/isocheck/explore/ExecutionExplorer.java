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
 * program under a spec, over small domains: every sequence of k instances (a transaction type with
 * parameters from the domain) taken as the total order ar, every initial state of a small family
 * and every vis ⊆ ar (pruned by the spec as it is built, see {@link #explore(List, int,
 * boolean[])}); each instance runs ({@link ProgramInterpreter}) in ar order on its view — the
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

    /** The longest SET OF parameter (an array) the explorer enumerates. */
    static final int MAX_SET_ROWS = 2;

    /**
     * The values of a SET OF parameter (an array parameter's rows): every sequence of up to {@link
     * #MAX_SET_ROWS} rows over the domain, repeats included (FOREACH over an array visits each
     * position, so {1, 1} is a district delivered twice: BenchBase TPC-C's Delivery).
     */
    private List<List<Map<String, Object>>> setOfValues(Type.Rows rows) {
        List<Map<String, Object>> one = List.of(new LinkedHashMap<>());
        for (isocheck.program.Field f : rows.fields())
            one = withEach(one, f.name(), domain.of(f.type()));
        List<List<Map<String, Object>>> out = new ArrayList<>();
        List<List<Map<String, Object>>> level = List.of(List.of());
        for (int n = 0; n <= MAX_SET_ROWS; n++) {
            out.addAll(level);
            List<List<Map<String, Object>>> longer = new ArrayList<>();
            for (List<Map<String, Object>> prefix : level) {
                for (Map<String, Object> row : one) {
                    List<Map<String, Object>> l = new ArrayList<>(prefix);
                    l.add(row);
                    longer.add(List.copyOf(l));
                }
            }
            level = longer;
        }
        return out;
    }

    /** Each of {@code prefixes} extended by {@code name} = each of {@code values}, in order. */
    private static List<Map<String, Object>> withEach(
            List<Map<String, Object>> prefixes, String name, List<?> values) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> prefix : prefixes) {
            for (Object v : values) {
                Map<String, Object> m = new LinkedHashMap<>(prefix);
                m.put(name, v);
                out.add(m);
            }
        }
        return out;
    }

    /** One transaction instance: type and parameters. */
    record Instance(Transaction type, Map<String, Object> parameters) {
        @Override
        public String toString() {
            return type.name() + parameters;
        }
    }

    /**
     * The outcome for one k and one spec: whether the spec was explored, the complete executions
     * the pruned search reached (for any spec), the valid ones under this spec, the shortest cycle
     * (0: none) with one execution that has it, and whether the search for this spec stopped at a
     * cycle of 2.
     */
    record Result(
            int k,
            boolean explored,
            long executions,
            long valid,
            int shortestCycle,
            String example,
            boolean stoppedAtTwo) {}

    private final Program program;
    private final ProgramModel model;
    private final Domain domain;
    private final Map<String, List<RecordId>> universe = new LinkedHashMap<>();
    private final List<Instance> instances = new ArrayList<>();
    private final List<Map<RecordId, Map<String, Object>>> initialStates = new ArrayList<>();
    private final ProgramInterpreter interpreter;

    /** Each transaction type's index in the program, and the bits one takes in a memo key. */
    private final Map<String, Integer> typeIndex = new HashMap<>();

    private final int typeBits;

    /** SQL's key uniqueness ({@link ProgramInterpreter}): runs are then not memoised. */
    private final boolean sqlKeys;

    ExecutionExplorer(Program program, Domain domain) {
        this(program, domain, java.util.Set.of());
    }

    ExecutionExplorer(Program program, Domain domain, java.util.Set<String> types) {
        this(program, domain, types, false);
    }

    /**
     * Instances of the named transaction types only (all types when {@code types} is empty); {@code
     * sqlKeys}: SQL's key uniqueness instead of the paper's overwrite ({@link ProgramInterpreter}).
     */
    ExecutionExplorer(
            Program program, Domain domain, java.util.Set<String> types, boolean sqlKeys) {
        this.program = program;
        this.sqlKeys = sqlKeys;
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
            if (!types.isEmpty() && !types.contains(t.name())) continue;
            List<Map<String, Object>> params = new ArrayList<>();
            params.add(new LinkedHashMap<>());
            java.util.Set<String> nullable = isocheck.program.NullableParameters.of(t);
            for (Variable p : t.parameters()) {
                List<Object> values;
                if (p.type() instanceof Type.Rows rows) {
                    values = new ArrayList<>(setOfValues(rows));
                } else {
                    Type.Scalar s = (Type.Scalar) p.type();
                    // a parameter the program tests for NULL may also be NULL
                    values = new ArrayList<>(domain.of(s.type()));
                    if (nullable.contains(p.name())) values.add(null);
                }
                params = withEach(params, p.name(), values);
            }
            // a SKIP LOCKED SELECT's choice of skipped records is one more (hidden) parameter
            for (StatementFacts sf : model.facts(t.name()).statements()) {
                if (!(sf.statement() instanceof isocheck.program.Stmt.Select sel)
                        || !sel.lock().skipLocked()) continue;
                int records = universe.get(sf.table()).size();
                List<Map<String, Object>> next = new ArrayList<>();
                for (Map<String, Object> prefix : params) {
                    for (long mask = 0; mask < (1L << records); mask++) {
                        Map<String, Object> m = new LinkedHashMap<>(prefix);
                        m.put(ProgramInterpreter.skipParameter(sf), mask);
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
            java.util.Set<String> rotated = rotatedColumns(t);
            List<Map<RecordId, Map<String, Object>>> next = new ArrayList<>();
            for (Map<RecordId, Map<String, Object>> prefix : states) {
                for (Map<String, Object> row : rows) {
                    Map<RecordId, Map<String, Object>> s = new HashMap<>(prefix);
                    int i = 0;
                    for (RecordId r : universe.get(t.name())) {
                        Map<String, Object> fields = new HashMap<>();
                        fields.put(
                                StatementFacts.ALIVE,
                                row == null ? ProgramInterpreter.DEAD : ProgramInterpreter.ALIVE);
                        if (row != null) fields.putAll(row);
                        for (String c : rotated)
                            if (row != null) fields.put(c, rotate(t, c, row.get(c), i));
                        s.put(r, fields);
                        i++;
                    }
                    next.add(s);
                }
            }
            states = next;
        }
        // the program's declared invariants (key below counter) are assumptions about the initial
        // database, which the encoder makes too (CounterRules#keyBelowCounter): explore only the
        // initial states that satisfy them
        for (isocheck.program.Invariant inv : program.invariants()) {
            java.util.Optional<isocheck.encoding.CounterKey> ck =
                    isocheck.encoding.CounterKey.of(program, inv);
            if (ck.isPresent()) states.removeIf(st -> !keyBelowCounter(program, st, ck.get()));
        }
        // with SQL's keys the explorer runs a database: its initial state is a committed one, in
        // which the FOREIGN KEYs hold (ForeignKeys)
        if (sqlKeys) states.removeIf(st -> !ForeignKeys.holdIn(program, st));
        // every explorer's initial state is one a database could hold: its UNIQUE constraints
        // hold (the rotation above, unless the domain has fewer values than records)
        states.removeIf(st -> !uniquesHold(program, st));
        initialStates.addAll(states);
        this.interpreter = new ProgramInterpreter(model, universe, sqlKeys);
        for (Transaction t : program.transactions()) typeIndex.put(t.name(), typeIndex.size());
        this.typeBits =
                typeIndex.size() <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(typeIndex.size() - 1);
    }

    /**
     * Every alive record x of the counter-keyed table has its counter record alive with x.k below
     * the counter's value.
     */
    private static boolean keyBelowCounter(
            Program program,
            Map<RecordId, Map<String, Object>> state,
            isocheck.encoding.CounterKey ck) {
        Table table = program.schema().table(ck.table()).orElseThrow();
        for (var e : state.entrySet()) {
            RecordId x = e.getKey();
            if (!x.table().equals(ck.table())
                    || !ProgramInterpreter.ALIVE.equals(e.getValue().get(StatementFacts.ALIVE)))
                continue;
            List<Object> counterKey = new ArrayList<>();
            for (String c : ck.counterKey()) counterKey.add(x.keyValue(table, c));
            Map<String, Object> counter = state.get(new RecordId(ck.counter().table(), counterKey));
            if (counter == null
                    || !ProgramInterpreter.ALIVE.equals(counter.get(StatementFacts.ALIVE)))
                return false;
            Object key = x.keyValue(table, ck.column());
            Object next = counter.get(ck.counter().field());
            if (!(key instanceof Number k) || !(next instanceof Number n)) return false;
            if (k.longValue() >= n.longValue()) return false;
        }
        return true;
    }

    /**
     * The column of each UNIQUE constraint whose value the initial states rotate per record (the
     * last non-key column of a constraint on no key column; one on a key column holds already), so
     * that every record alive keeps the constraint while the other columns keep one value: {@code
     * UNIQUE (page, watcher)} gives a page's watchers distinct watchers.
     */
    private static java.util.Set<String> rotatedColumns(Table t) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (isocheck.program.Constraint c : t.constraints()) {
            if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
            if (u.columns().stream().anyMatch(t::isKey)) continue;
            out.add(u.columns().get(u.columns().size() - 1));
        }
        return out;
    }

    /** The domain value i places after {@code v} in the column's domain (cyclically). */
    private Object rotate(Table t, String column, Object v, int i) {
        List<Object> values = domain.of(t.column(column).orElseThrow().type());
        int at = values.indexOf(v);
        return values.get((at + i) % values.size());
    }

    /**
     * Whether no two live records of a table agree on all columns of one of its UNIQUE constraints
     * (NULLs never agree).
     */
    static boolean uniquesHold(Program program, Map<RecordId, Map<String, Object>> state) {
        for (Table t : program.schema().tables()) {
            for (isocheck.program.Constraint c : t.constraints()) {
                if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
                java.util.Set<List<Object>> seen = new java.util.HashSet<>();
                for (var e : state.entrySet()) {
                    RecordId r = e.getKey();
                    if (!r.table().equals(t.name())) continue;
                    Map<String, Object> fields = e.getValue();
                    if (!ProgramInterpreter.ALIVE.equals(fields.get(StatementFacts.ALIVE)))
                        continue;
                    List<Object> tuple = new ArrayList<>();
                    for (String col : u.columns()) tuple.add(r.column(t, col, fields::get));
                    if (tuple.contains(null)) continue;
                    if (!seen.add(tuple)) return false;
                }
            }
        }
        return true;
    }

    /** The instances, initial states and interpreter, shared with {@link ReadCommittedExplorer}. */
    List<Instance> instances() {
        return instances;
    }

    List<Map<RecordId, Map<String, Object>>> initialStates() {
        return initialStates;
    }

    /** The most records any table of the explored universe has: a bound on a loop's rows. */
    int largestTable() {
        int n = 0;
        for (List<RecordId> rs : universe.values()) n = Math.max(n, rs.size());
        return n;
    }

    ProgramInterpreter interpreter() {
        return interpreter;
    }

    int instanceCount() {
        return instances.size();
    }

    int initialStateCount() {
        return initialStates.size();
    }

    /**
     * Every valid execution of exactly k instances under each spec whose {@code skip} flag is
     * false: one result per spec, in order (a skipped spec gets {@link Result#explored()} false).
     *
     * <p>Symmetry: an execution is a sequence of k instances in ar order (position = ar rank), so
     * executions that differ only by swapping two instances of the same type and parameters are
     * enumerated once, and no permutation of a multiset is tried twice. Incremental pruning: the
     * sequence is built in ar order and each new instance, with its vis predecessors, is run at
     * once (its reads depend only on instances before it); the prefix's vis, ar and dependencies
     * are then final (an edge between two prefix instances depends only on their events and ar), so
     * a universal axiom false on the prefix is false on every extension (paper §3.2: universal
     * sentences survive restriction) and the spec is dropped for the subtree. A spec that has a
     * cycle of 2 (the least possible) is no longer searched in that part of the search ({@link
     * Result#stoppedAtTwo()}; the search is split by initial state and first instance, and the
     * parts run in parallel).
     */
    List<Result> explore(List<Spec> specs, int k, boolean[] skip) {
        return explore(specs, k, skip, true, true);
    }

    /**
     * As {@link #explore(List, int, boolean[])}, with the two prunings switchable: {@code
     * prefixPruning} (off: every spec is checked on complete executions only, and every execution
     * is reached) and {@code stopAtTwo}.
     */
    List<Result> explore(
            List<Spec> specs, int k, boolean[] skip, boolean prefixPruning, boolean stopAtTwo) {
        // one task per (initial state, first instance), merged in task order, so the counts and
        // the example do not depend on the schedule; the initial states run in parallel, one
        // state's tasks in order on one thread, sharing its memo (SearchMemo)
        int first = instances.size();
        List<List<Search>> perState =
                java.util.stream.IntStream.range(0, initialStates.size())
                        .parallel()
                        .mapToObj(
                                s -> {
                                    SearchMemo memo = new SearchMemo();
                                    List<Search> out = new ArrayList<>();
                                    for (int f = 0; f < first; f++) {
                                        Search search =
                                                new Search(
                                                        specs,
                                                        k,
                                                        skip,
                                                        prefixPruning,
                                                        stopAtTwo,
                                                        memo);
                                        search.from(initialStates.get(s), f);
                                        out.add(search);
                                    }
                                    return out;
                                })
                        .toList();
        List<Search> tasks = new ArrayList<>();
        for (List<Search> l : perState) tasks.addAll(l);
        List<Result> out = new ArrayList<>();
        long leaves = 0;
        for (Search task : tasks) leaves += task.leaves;
        for (int i = 0; i < specs.size(); i++) {
            long valid = 0;
            int shortest = 0;
            String example = null;
            boolean stopped = false;
            for (Search task : tasks) {
                valid += task.valid[i];
                stopped |= task.stopped[i];
                if (task.shortest[i] > 0 && (shortest == 0 || task.shortest[i] < shortest)) {
                    shortest = task.shortest[i];
                    example = task.example[i];
                }
            }
            out.add(new Result(k, !skip[i], leaves, valid, shortest, example, stopped));
        }
        return out;
    }

    List<Result> explore(List<Spec> specs, int k) {
        return explore(specs, k, new boolean[specs.size()]);
    }

    /**
     * The number of (ar, vis, instances, initial state) combinations of k instances without
     * pruning.
     */
    double unprunedCount(int k) {
        return Math.pow(instances.size(), k)
                * Math.pow(2, k * (k - 1) / 2.0)
                * initialStates.size();
    }

    /** The depth-first search over sequences of instances and vis, one initial state at a time. */
    private final class Search {
        final List<Spec> specs;
        final int k;
        final boolean[] universal;

        /**
         * Whether the spec is a PostgreSQL level, whose executions respect row locks ({@link
         * #breaksRowLock}).
         */
        final boolean[] rowLocks;

        final SpecEvaluator.Compiled[] compiled;
        final long[] valid;
        final int[] shortest;
        final String[] example;
        final boolean[] stopped;
        final int[] rank;
        long leaves;

        /** Per position: the instance, its events, its last write of each record field. */
        final Instance[] seq;

        final List<List<Event>> events = new ArrayList<>();
        final List<Map<RecordId, Map<String, Object>>> finalWrites = new ArrayList<>();
        final boolean[][] vis;

        /**
         * Per position p: the dependency graph of the instances 0..p, p-1's with p's edges added.
         */
        final Dependencies[] depsAt;

        /**
         * Per position p: the structure of the instances 0..p as one long, everything a spec's
         * axioms observe (SpecEvaluator: types, ar = position order, vis, WR, WW, WW edges, RW),
         * the key of {@link SearchMemo}'s spec verdicts. Bits 0-3: the number of instances; then
         * per position q, its type's index ({@code typeBits}) and per earlier position u six bits:
         * vis, WR, WW and WW edge u → q, RW u → q and q → u (vis ⊆ ar, a read reads from an earlier
         * instance, WW follows ar). -1 when it outgrows 63 bits or a WR or WW edge goes backward in
         * ar.
         */
        final long[] keyAt;

        /** The specs whose search stopped (bit i: spec i), {@link #stopped} as a mask. */
        int stoppedMask;

        /**
         * Runs, pair edges and spec verdicts already computed from this initial state ({@link
         * SearchMemo}); dropped when the search is done.
         */
        SearchMemo memo;

        /** Per position: the run of its instance on its view. */
        final SearchMemo.Ran[] ranAt;

        /** The structure of the current node, built on a memo miss only. */
        SpecEvaluator.Structure structure;

        int activeAtStart;
        Map<RecordId, Map<String, Object>> init;

        final boolean prefixPruning;
        final boolean stopAtTwo;

        Search(
                List<Spec> specs,
                int k,
                boolean[] skip,
                boolean prefixPruning,
                boolean stopAtTwo,
                SearchMemo memo) {
            this.memo = memo;
            this.specs = specs;
            this.prefixPruning = prefixPruning;
            this.stopAtTwo = stopAtTwo;
            this.k = k;
            int n = specs.size();
            if (n > 31) throw new IllegalArgumentException("at most 31 specs");
            universal = new boolean[n];
            compiled = new SpecEvaluator.Compiled[n];
            valid = new long[n];
            shortest = new int[n];
            example = new String[n];
            stopped = new boolean[n];
            rowLocks = new boolean[n];
            for (int i = 0; i < n; i++) {
                rowLocks[i] = specs.get(i).databases().contains("postgresql");
                universal[i] = specs.get(i).isUniversal();
                compiled[i] = SpecEvaluator.compile(specs.get(i));
                if (!skip[i]) activeAtStart |= 1 << i;
            }
            rank = new int[k];
            for (int i = 0; i < k; i++) rank[i] = i;
            seq = new Instance[k];
            vis = new boolean[k][k];
            depsAt = new Dependencies[k];
            for (int i = 0; i < k; i++) depsAt[i] = new Dependencies(k);
            ranAt = new SearchMemo.Ran[k];
            keyAt = new long[k];
            for (int i = 0; i < k; i++) {
                events.add(List.of());
                finalWrites.add(Map.of());
            }
        }

        /**
         * Every execution from this initial state whose first instance (in ar) is {@code first}.
         */
        void from(Map<RecordId, Map<String, Object>> initial, int first) {
            init = initial;
            extend(0, activeAtStart, first, first + 1);
            memo = null;
        }

        /**
         * Chooses the instance at ar position p and its vis predecessors, given the specs still
         * possible.
         */
        void extend(int p, int active, int from, int to) {
            Dependencies prefix = p == 0 ? new Dependencies(k) : depsAt[p - 1];
            Dependencies deps = depsAt[p];
            long prefixKey = p == 0 ? 0 : keyAt[p - 1] & ~0xFL;
            int offset = 4;
            for (int q = 0; q < p; q++) offset += typeBits + 6 * q;
            for (int index = from; index < to; index++) {
                Instance inst = instances.get(index);
                seq[p] = inst;
                int type = typeIndex.get(inst.type().name());
                for (int mask = 0; mask < (1 << p); mask++) {
                    active &= ~stoppedMask;
                    if (active == 0) return;
                    for (int u = 0; u < p; u++) vis[u][p] = (mask & (1 << u)) != 0;
                    // the view: the visible instances that wrote something, in ar order (SQL
                    // keys also look at the invisible ones' inserts: not memoised)
                    long view = SearchMemo.EMPTY_VIEW;
                    for (int u = 0; u < p; u++)
                        if (vis[u][p] && !ranAt[u].writes().isEmpty())
                            view = memo.view(view, u, ranAt[u].writesId());
                    long key = sqlKeys ? -1 : SearchMemo.runKey(view, p, index);
                    SearchMemo.Ran ran = memo.run(key);
                    if (ran == null) ran = memo.put(key, run(p));
                    List<Event> own = ran.events();
                    if (own == null)
                        continue; // the instance aborts on this view: not an execution of k
                    // committed instances
                    ranAt[p] = ran;
                    events.set(p, own);
                    boolean lockBroken = ran.locks() && breaksRowLock(p, own);
                    finalWrites.set(p, ran.writes());
                    deps.setTo(prefix);
                    // the structure key: the prefix's, then p's type and its pairs with 0..p-1
                    long structureKey =
                            p > 0 && keyAt[p - 1] < 0 || offset + typeBits + 6 * p > 63 || p >= 15
                                    ? -1
                                    : prefixKey | (p + 1) | (long) type << offset;
                    int bit = offset + typeBits;
                    for (int u = 0; u < p; u++, bit += 6) {
                        int edges = pairEdges(u, p);
                        deps.add(u, p, edges);
                        if (structureKey < 0) continue;
                        // WR, WW and WW edges only forward in ar (else no key): vis, those
                        // three, RW both ways
                        if ((edges & 0b101010) != 0) {
                            structureKey = -1;
                            continue;
                        }
                        long six =
                                (vis[u][p] ? 1 : 0)
                                        | (edges & 1) << 1
                                        | (edges & 4)
                                        | (edges & 16) >> 1
                                        | (edges & 64) >> 2
                                        | (edges & 128) >> 2;
                        structureKey |= six << bit;
                    }
                    keyAt[p] = structureKey;
                    structure = null;
                    boolean last = p == k - 1;
                    int still = 0;
                    long known = structureKey < 0 ? 0 : memo.specs.get(structureKey, 0);
                    long learnt = known;
                    for (int i = 0; i < specs.size(); i++) {
                        if ((active & (1 << i)) == 0) continue;
                        if (lockBroken && rowLocks[i]) continue;
                        if (last || (prefixPruning && universal[i])) {
                            // bit i: spec i evaluated on this structure; bit 32 + i: it holds
                            if ((learnt & (1L << i)) == 0) {
                                boolean h = compiled[i].holds(structure(p + 1));
                                learnt |= (1L << i) | (h ? 1L << (32 + i) : 0);
                            }
                            if ((learnt & (1L << (32 + i))) == 0) continue;
                        }
                        still |= 1 << i;
                    }
                    if (learnt != known && structureKey >= 0) memo.specs.put(structureKey, learnt);
                    if (last) leaves++;
                    if (still == 0) continue;
                    if (!last) {
                        extend(p + 1, still, 0, instances.size());
                        continue;
                    }
                    int c = deps.shortestCycle(k);
                    for (int i = 0; i < specs.size(); i++) {
                        if ((still & (1 << i)) == 0) continue;
                        valid[i]++;
                        if (c > 0 && (shortest[i] == 0 || c < shortest[i])) {
                            shortest[i] = c;
                            List<Event> all = new ArrayList<>();
                            for (int u = 0; u <= p; u++) all.addAll(events.get(u));
                            example[i] = describe(List.of(seq), rank, vis, init, all);
                            if (c == 2 && stopAtTwo) {
                                stopped[i] = true;
                                stoppedMask |= 1 << i;
                            }
                        }
                    }
                }
            }
        }

        /** The structure of the instances 0..n-1, built once per node on a memo miss. */
        SpecEvaluator.Structure structure(int n) {
            if (structure == null) {
                List<String> types = new ArrayList<>(n);
                for (int u = 0; u < n; u++) types.add(seq[u].type().name());
                structure = new SpecEvaluator.Structure(types, rank, vis, depsAt[n - 1]);
            }
            return structure;
        }

        /** The edges between positions u and p (u before p), memoised by their two runs. */
        int pairEdges(int u, int p) {
            return memo.pairEdges(ranAt[u], u, ranAt[p], p, k, rank);
        }

        /**
         * PostgreSQL's row locks for a locking read at REPEATABLE READ (manual, chapter
         * "Concurrency Control", §13.2.2 and §13.3.2): the instance at p locked record r by a FOR
         * UPDATE/SHARE read, and an instance u before it in ar that p does not see wrote r. u's
         * write was either committed after p's snapshot but before p's lock (p fails: "could not
         * serialize access due to concurrent update"), or held the row lock when p asked (p waits,
         * then fails), or came after p's lock (u waits for p's commit, so p precedes u in ar). No
         * such execution commits all k instances; one where the locker is first in ar stays (a
         * locker that only locked does not make a later updater fail). Applied to the specs that
         * name {@code database postgresql}.
         */
        boolean breaksRowLock(int p, List<Event> own) {
            for (Event e : own) {
                if (!e.locked()) continue;
                for (int u = 0; u < p; u++) {
                    if (vis[u][p]) continue;
                    for (Event w : events.get(u))
                        if (w.write() && w.record().equals(e.record())) return true;
                }
            }
            return false;
        }

        /**
         * Runs the instance at position p on its view: the initial state overwritten by its visible
         * instances' writes, last writer (in ar) wins.
         */
        List<Event> run(int p) {
            ProgramInterpreter.View view =
                    new ProgramInterpreter.View() {
                        int last(RecordId r, String f) {
                            for (int u = p - 1; u >= 0; u--) {
                                if (!vis[u][p]) continue;
                                Map<String, Object> w = finalWrites.get(u).get(r);
                                if (w != null && w.containsKey(f)) return u;
                            }
                            return -1;
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

                        @Override
                        public Object newestValue(RecordId r, String f) {
                            for (int u = p - 1; u >= 0; u--) {
                                Map<String, Object> w = finalWrites.get(u).get(r);
                                if (w != null && w.containsKey(f)) return w.get(f);
                            }
                            Map<String, Object> row = init.get(r);
                            return row == null ? null : row.get(f);
                        }

                        @Override
                        public boolean insertedUnseen(RecordId r) {
                            for (int u = 0; u < p; u++) {
                                if (vis[u][p]) continue;
                                for (Event e : events.get(u)) {
                                    if (e.write()
                                            && e.record().equals(r)
                                            && e.field().equals(StatementFacts.ALIVE)
                                            && ProgramInterpreter.ALIVE.equals(e.value()))
                                        return true;
                                }
                            }
                            return false;
                        }
                    };
            return interpreter.run(p, seq[p].type(), seq[p].parameters(), view);
        }
    }

    private String describe(
            List<Instance> inst,
            int[] order,
            boolean[][] vis,
            Map<RecordId, Map<String, Object>> init,
            List<Event> events) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < inst.size(); i++)
            sb.append("T").append(i + 1).append(" = ").append(inst.get(i)).append("; ");
        sb.append("ar:");
        for (int t : order) sb.append(" T").append(t + 1);
        sb.append("; vis:");
        for (int a = 0; a < inst.size(); a++)
            for (int b = 0; b < inst.size(); b++)
                if (vis[a][b]) sb.append(" T").append(a + 1).append("->T").append(b + 1);
        sb.append("; initial ")
                .append(new java.util.TreeMap<>(stringKeys(init)))
                .append("; events:");
        for (Event e : events) {
            sb.append(" T")
                    .append(e.txn() + 1)
                    .append(e.write() ? " w " : " r ")
                    .append(e.record())
                    .append('.')
                    .append(e.field())
                    .append('=')
                    .append(e.value());
            if (!e.write())
                sb.append(" (from ")
                        .append(e.readFrom() < 0 ? "init" : "T" + (e.readFrom() + 1))
                        .append(')');
            sb.append(',');
        }
        return sb.toString();
    }

    private static Map<String, Object> stringKeys(Map<RecordId, Map<String, Object>> init) {
        Map<String, Object> out = new HashMap<>();
        for (var e : init.entrySet()) out.put(e.getKey().toString(), e.getValue());
        return out;
    }

    Program program() {
        return program;
    }

    Domain domain() {
        return domain;
    }
}
