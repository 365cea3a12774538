package isocheck.explore;

import isocheck.program.Program;
import isocheck.program.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Brute-force enumeration of PostgreSQL READ COMMITTED executions of k transaction instances
 * (docs/postgresql-levels.md §6), the oracle for the spec {@code pg-read-committed}.
 *
 * <p>An execution is a sequence of k instances in commit order (ar) and, for each instance at
 * position p, one snapshot per SQL statement it runs: the instances committed before the statement
 * began. That is a prefix of ar of length {@code cut ∈ [0, p]}, and the cuts grow monotonically
 * through the instance (manual, chapter "Concurrency Control", §13.2.1). SELECTs read from their
 * snapshot (plus the instance's own writes). An UPDATE or DELETE finds rows in its snapshot, then
 * locks each one and re-evaluates it on the newest committed version. Since a row lock is held to
 * commit, row versions follow ar, so the newest version for the instance at p is the last write
 * among positions before p. An INSERT of a key alive in that version aborts the instance, and the
 * execution is not one the database produces.
 *
 * <p>With {@code firstRead} the explorer is InnoDB's REPEATABLE READ (docs/mysql-levels.md §4): the
 * instance's non-locking SELECTs all read the snapshot of the first of them that runs (MySQL
 * manual, "Consistent Nonlocking Reads"); its other statements keep their own cuts, and
 * UPDATE/DELETE act on the newest version of the rows they lock as above, with no
 * first-updater-wins check.
 *
 * <p>Per-transaction levels ({@link PostgresLevel}, issue 14 §2: PostgreSQL lets each transaction
 * choose its level; Vandevoort, Ketsman, Koch, Neven, "Allocating isolation levels to transactions
 * in a multiversion setting", PODS 2023, define the mixed semantics the same way: each transaction
 * reads and writes at its own level). A type absent from {@code levels} runs at READ COMMITTED as
 * above. A type at REPEATABLE READ takes one snapshot for all its statements (a prefix of ar of
 * length {@code cut ∈ [0, p]}, manual §13.2.2) and reads every row, locked or not, in it; when it
 * locks a row (UPDATE, DELETE or SELECT … FOR UPDATE/SHARE finding it in the snapshot) that an
 * instance committed after the snapshot wrote (any field: a new row version), it fails with "could
 * not serialize access due to concurrent update" (first-updater-wins, §13.2.2) and is in no
 * execution; its INSERT checks the key against the newest committed state as at READ COMMITTED (the
 * unique index sees every version; a key deleted concurrently may be inserted again). A type at
 * SERIALIZABLE runs as at REPEATABLE READ, and an execution is dropped when it contains a dangerous
 * structure T1 -rw-> T2 -rw-> T3 of serializable instances (T1 = T3 allowed) in which T3 commits
 * first, unless T1 wrote nothing and T3 committed after T1's snapshot ({@link #ssiForbids}).
 *
 * <p>That SSI rule is at least as permissive as PostgreSQL's (the explorer allows every execution
 * the server allows): PostgreSQL rolls back a transaction of every such structure among
 * serializable transactions (Ports and Grittner, "Serializable Snapshot Isolation in PostgreSQL",
 * VLDB 2012, §3.1 Theorem 1 with the commit-ordering optimisation: T3 committed first), exempting
 * only a read-only T1 whose snapshot precedes T3's commit (§4.1, Theorem 3; the explorer exempts
 * every T1 that wrote nothing, which includes every T1 the server can treat as read-only). The
 * server also rolls back more than that (its SIREAD locks are per tuple, page or relation, coarser
 * than the explorer's per-field dependencies; summarised conflicts), which only removes executions.
 * Transactions at other levels take no SIREAD locks and are not checked (§13.2.3: the guarantee is
 * among serializable transactions), so an edge through one of them never makes a structure. The
 * encoder's axiom ({@code HybridSpec.serializableInMix}) forbids a subset of these structures (T3
 * before T2 and in T1's snapshot), so the encoder allows at least the explorer's executions.
 *
 * <p>Over-approximation: a combination of cuts and lock waits that would deadlock on the server
 * (two instances each waiting for a row the other holds) is still enumerated. That makes the oracle
 * stricter, never weaker: the encoder must cover more executions, not fewer.
 */
final class ReadCommittedExplorer {

    /**
     * The shortest cycle (0: none) among the executions of k instances, with one example, and how
     * many there were.
     */
    record Result(
            int k,
            long executions,
            long aborted,
            int shortestCycle,
            String example,
            long firstUpdaterFailures,
            long ssiFailures) {
        Result(int k, long executions, long aborted, int shortestCycle, String example) {
            this(k, executions, aborted, shortestCycle, example, 0, 0);
        }
    }

    private final ExecutionExplorer base;
    private final List<ExecutionExplorer.Instance> instances;
    private final List<Map<RecordId, Map<String, Object>>> initialStates;
    private final ProgramInterpreter interpreter;

    private final boolean firstRead;

    /** Each type's PostgreSQL level; a type not named runs at READ COMMITTED. */
    private final Map<String, PostgresLevel> levels;

    ReadCommittedExplorer(Program program, ExecutionExplorer.Domain domain) {
        this(program, domain, false);
    }

    ReadCommittedExplorer(Program program, ExecutionExplorer.Domain domain, boolean firstRead) {
        this(program, domain, firstRead, Map.of());
    }

    /** PostgreSQL with a level per transaction type (READ COMMITTED for the types not named). */
    ReadCommittedExplorer(
            Program program, ExecutionExplorer.Domain domain, Map<String, PostgresLevel> levels) {
        this(program, domain, false, levels);
    }

    private ReadCommittedExplorer(
            Program program,
            ExecutionExplorer.Domain domain,
            boolean firstRead,
            Map<String, PostgresLevel> levels) {
        this.levels = Map.copyOf(levels);
        this.firstRead = firstRead;
        this.base = new ExecutionExplorer(program, domain);
        this.instances = base.instances();
        // a database's initial state is a committed one: its FOREIGN KEYs hold (ForeignKeys)
        this.initialStates =
                base.initialStates().stream()
                        .filter(st -> ForeignKeys.holdIn(program, st))
                        .toList();
        this.interpreter = base.interpreter();
        java.util.Set<Stmt.Select> cont = new java.util.HashSet<>();
        for (var t : program.transactions())
            cont.addAll(isocheck.program.JoinContinuations.of(t.body()));
        this.joinContinuations = java.util.Set.copyOf(cont);
    }

    /**
     * The SELECTs that continue a join the frontend split into one SELECT per table: the database
     * runs the join as one statement, so they take no snapshot of their own and read the one the
     * join's first SELECT took (the encoder's join_snapshot, StatementSnapshotRules).
     */
    private final java.util.Set<Stmt.Select> joinContinuations;

    Result explore(int k) {
        Search s = new Search(k);
        for (Map<RecordId, Map<String, Object>> init : initialStates) {
            s.init = init;
            s.memo = new SearchMemo(); // runs depend on the initial state
            s.outcomes.clear();
            s.extend(0);
        }
        return new Result(
                k,
                s.executions,
                s.aborted,
                s.shortest,
                s.example,
                s.firstUpdaterFailures,
                s.ssiFailures);
    }

    /**
     * The number of SQL statements in a body, both branches of every IF counted: an upper bound on
     * those one run executes (a join's continuations take no snapshot). A FOREACH runs its body
     * once per row of a SELECT, and a SELECT returns at most the rows of its table's universe, so
     * its statements count {@code loopRows} times (the largest table's universe; nested loops
     * multiply). The bound only sizes the snapshot vectors: cuts past the statements a run executes
     * are not enumerated twice ({@code runWith}).
     */
    int sqlStatements(List<Stmt> body, int loopRows) {
        int n = 0;
        for (Stmt s : body) {
            if (s instanceof Stmt.Sql
                    && !(s instanceof Stmt.Select sel && joinContinuations.contains(sel))) n++;
            int times = s instanceof Stmt.Foreach ? loopRows : 1;
            for (List<Stmt> inner : isocheck.program.Blocks.of(s))
                n += times * sqlStatements(inner, loopRows);
        }
        return n;
    }

    PostgresLevel level(ExecutionExplorer.Instance inst) {
        return levels.getOrDefault(inst.type().name(), PostgresLevel.READ_COMMITTED);
    }

    private final class Search {
        final int k;
        final int[] rank;
        final ExecutionExplorer.Instance[] seq;
        final List<List<Event>> events = new ArrayList<>();
        final List<Map<RecordId, Map<String, Object>>> writes = new ArrayList<>();
        final List<int[]> cuts = new ArrayList<>();
        Map<RecordId, Map<String, Object>> init;
        long executions;
        long aborted;
        long firstUpdaterFailures;
        long ssiFailures;
        int shortest;
        String example;

        /**
         * Runs and pair edges computed from this initial state ({@link SearchMemo}): a run depends
         * only on its position, instance, statement snapshots (cuts) and the writes of the
         * instances before it (its snapshots and the newest versions are prefixes of ar).
         */
        SearchMemo memo;

        /** A memoised run: its events with what the view saw it lock (null ran: duplicate key). */
        record Outcome(
                SearchMemo.Ran ran,
                java.util.Set<RecordId> locked,
                Map<Integer, java.util.Set<RecordId>> lockedBy,
                int used) {}

        final Map<Long, Outcome> outcomes = new HashMap<>();

        /** Per position: its run. */
        final SearchMemo.Ran[] ranAt;

        Search(int k) {
            this.k = k;
            rank = new int[k];
            for (int i = 0; i < k; i++) rank[i] = i;
            seq = new ExecutionExplorer.Instance[k];
            ranAt = new SearchMemo.Ran[k];
            indexAt = new int[k];
            for (int i = 0; i < k; i++) {
                events.add(List.of());
                writes.add(Map.of());
                cuts.add(new int[0]);
            }
        }

        void extend(int p) {
            for (int index = 0; index < instances.size(); index++) {
                ExecutionExplorer.Instance inst = instances.get(index);
                seq[p] = inst;
                indexAt[p] = index;
                int m = sqlStatements(inst.type().body(), base.largestTable());
                int[] cut = new int[m];
                if (level(inst) == PostgresLevel.READ_COMMITTED) {
                    cuts(p, m, 0, 0, cut);
                    continue;
                }
                // one snapshot for the whole transaction (§13.2.2)
                for (int c = 0; c <= p; c++) {
                    java.util.Arrays.fill(cut, c);
                    runWith(p, cut.clone());
                }
            }
        }

        /** Every monotone vector of m cuts in [from, p], then runs the instance with it. */
        void cuts(int p, int m, int i, int from, int[] cut) {
            if (i == m) {
                runWith(p, cut.clone());
                return;
            }
            for (int c = from; c <= p; c++) {
                cut[i] = c;
                cuts(p, m, i + 1, c, cut);
            }
        }

        /** Per position: its instance's number in {@code instances}. */
        final int[] indexAt;

        /**
         * The memo key of the run at p with these cuts: the writes before p (by content), the cuts
         * (a number base p + 1), p and the instance; -1 when it outgrows a long.
         */
        long runKey(int p, int[] cut) {
            long view = SearchMemo.EMPTY_VIEW;
            for (int u = 0; u < p; u++)
                if (!ranAt[u].writes().isEmpty()) view = memo.view(view, u, ranAt[u].writesId());
            long code = 0;
            for (int i = cut.length - 1; i >= 0; i--) {
                code = code * (p + 1) + cut[i];
                if (code >= 1L << 26) return -1;
            }
            // the number of cuts in the low bits, so that [0] and [0, 0] differ
            return SearchMemo.runKey(memo.tuple(view, code << 5 | cut.length), p, indexAt[p]);
        }

        void runWith(int p, int[] cut) {
            long key = cut.length >= 32 ? -1 : runKey(p, cut);
            Outcome o = key < 0 ? null : outcomes.get(key);
            if (o == null) {
                o = run(p, cut, key);
                if (key >= 0) {
                    if (outcomes.size() >= SearchMemo.MAX_RUNS) outcomes.clear();
                    outcomes.put(key, o);
                }
            }
            if (o.ran() == null || o.ran().events() == null) {
                // a duplicate key (UniqueViolation) or a user abort (ROLLBACK, RAISE EXCEPTION):
                // the instance is in no execution
                aborted++;
                return;
            }
            java.util.Set<RecordId> locked = o.locked();
            Map<Integer, java.util.Set<RecordId>> lockedBy = o.lockedBy();
            boolean snapshotLevel = level(seq[p]) != PostgresLevel.READ_COMMITTED;
            List<Event> own = o.ran().events();
            int[] used = {o.used()};
            if (snapshotLevel && concurrentlyUpdated(locked, cut.length == 0 ? 0 : cut[0], p)) {
                // "could not serialize access due to concurrent update" (§13.2.2)
                aborted++;
                firstUpdaterFailures++;
                return;
            }
            // one execution per distinct snapshot sequence: cuts past the statements run repeat the
            // last one
            int ran = used[0];
            for (int i = ran; i < cut.length; i++) {
                if (cut[i] != (ran == 0 ? 0 : cut[ran - 1])) return;
            }
            if (waitedWithoutSeeing(lockedBy, cut, ran, p)) return;
            ranAt[p] = o.ran();
            events.set(p, own);
            cuts.set(p, java.util.Arrays.copyOf(cut, ran));
            writes.set(p, o.ran().writes());
            if (p < k - 1) {
                extend(p + 1);
                return;
            }
            Dependencies deps = new Dependencies(k);
            for (int v = 1; v < k; v++) for (int u = 0; u < v; u++) deps.add(u, v, pairEdges(u, v));
            if (ssiForbids(deps)) {
                ssiFailures++;
                return;
            }
            executions++;
            int c = deps.shortestCycle(k);
            if (c > 0 && (shortest == 0 || c < shortest)) {
                shortest = c;
                List<Event> all = new ArrayList<>();
                for (int u = 0; u < k; u++) all.addAll(events.get(u));
                example = describe(all);
            }
        }

        /** The edges between positions u and v (u before v), memoised by their two runs. */
        int pairEdges(int u, int v) {
            return memo.pairEdges(ranAt[u], u, ranAt[v], v, k, rank);
        }

        /**
         * Runs the instance at p with these statement snapshots: its events (null ran: a duplicate
         * key), the rows it locked, per statement and (REPEATABLE READ, SERIALIZABLE) in its
         * snapshot, and how many statements it ran.
         */
        Outcome run(int p, int[] cut, long key) {
            int[] used = {0};
            boolean snapshotLevel = level(seq[p]) != PostgresLevel.READ_COMMITTED;
            // the rows a REPEATABLE READ / SERIALIZABLE instance locked (found in its snapshot)
            java.util.Set<RecordId> locked = new java.util.HashSet<>();
            // per statement (index into cut): the rows it locked, at every level
            Map<Integer, java.util.Set<RecordId>> lockedBy = new HashMap<>();
            ProgramInterpreter.View view =
                    new ProgramInterpreter.View() {
                        int current = -1;
                        int currentCut = 0;
                        boolean inserting;
                        int shared = -1; // the consistent-read snapshot (firstRead)

                        @Override
                        public void beginStatement(Stmt.Sql s) {
                            if (s instanceof Stmt.Select sel && joinContinuations.contains(sel))
                                return; // the join's snapshot, taken by its first SELECT
                            current = used[0]++;
                            currentCut = cut[current];
                            inserting = s instanceof Stmt.Insert;
                            if (firstRead && s instanceof Stmt.Select sel && !sel.lock().locks()) {
                                if (shared < 0) shared = currentCut;
                                currentCut = shared;
                            }
                        }

                        int snapshot() {
                            return current < 0 ? 0 : currentCut;
                        }

                        int last(RecordId r, String f, int upTo) {
                            for (int u = upTo - 1; u >= 0; u--) {
                                Map<String, Object> w = writes.get(u).get(r);
                                if (w != null && w.containsKey(f)) return u;
                            }
                            return -1;
                        }

                        Object valueAt(RecordId r, String f, int upTo) {
                            int u = last(r, f, upTo);
                            if (u >= 0) return writes.get(u).get(r).get(f);
                            Map<String, Object> row = init.get(r);
                            return row == null ? null : row.get(f);
                        }

                        @Override
                        public Object value(RecordId r, String f) {
                            return valueAt(r, f, snapshot());
                        }

                        @Override
                        public int writer(RecordId r, String f) {
                            return last(r, f, snapshot());
                        }

                        @Override
                        public boolean rowLocks() {
                            return true;
                        }

                        /**
                         * At REPEATABLE READ and SERIALIZABLE a locked row is read in the snapshot:
                         * if a newer version exists the instance fails (first-updater-wins, checked
                         * after the run), so when it does not fail the snapshot's version is the
                         * newest. An INSERT's key check sees the newest committed state at every
                         * level.
                         */
                        boolean inSnapshot(RecordId r) {
                            if (inserting) return false;
                            lockedBy.computeIfAbsent(current, x -> new java.util.HashSet<>())
                                    .add(r);
                            if (!snapshotLevel) return false;
                            locked.add(r);
                            return true;
                        }

                        @Override
                        public Object latestValue(RecordId r, String f) {
                            return valueAt(r, f, inSnapshot(r) ? snapshot() : p);
                        }

                        @Override
                        public int latestWriter(RecordId r, String f) {
                            return last(r, f, inSnapshot(r) ? snapshot() : p);
                        }

                        @Override
                        public Object newestValue(RecordId r, String f) {
                            return valueAt(r, f, p); // a unique index check locks nothing
                        }
                    };
            List<Event> own;
            try {
                own = interpreter.run(p, seq[p].type(), seq[p].parameters(), view);
            } catch (ProgramInterpreter.UniqueViolation e) {
                return new Outcome(null, locked, lockedBy, used[0]);
            }
            return new Outcome(memo.put(key, own), locked, lockedBy, used[0]);
        }

        /**
         * Lock waits make statement snapshots grow (manual §13.2.1, §13.3.2): when statement i of
         * the instance at p locks row r that an instance u committed after i's snapshot wrote, u
         * held r's lock until its commit (it commits before p, and p holds the lock from i to its
         * own commit, so u wrote r before p locked it), so p's lock was granted after u committed,
         * and every later statement of p begins after that and sees u. A cut vector that gives a
         * later statement a snapshot without u is no PostgreSQL execution; the explorer drops it
         * (the encoder does not know this rule: docs/postgresql-levels.md §7).
         */
        boolean waitedWithoutSeeing(
                Map<Integer, java.util.Set<RecordId>> lockedBy, int[] cut, int ran, int p) {
            for (var e : lockedBy.entrySet()) {
                int i = e.getKey();
                if (i < 0) continue;
                for (int u = cut[i]; u < p; u++) {
                    boolean wrote = false;
                    for (RecordId r : e.getValue()) wrote |= writes.get(u).containsKey(r);
                    if (!wrote) continue;
                    for (int j = i + 1; j < ran; j++) if (cut[j] <= u) return true;
                }
            }
            return false;
        }

        /** Whether an instance in [snapshot, p) — committed after the snapshot — wrote a row. */
        boolean concurrentlyUpdated(java.util.Set<RecordId> rows, int snapshot, int p) {
            for (int u = snapshot; u < p; u++)
                for (RecordId r : rows) if (writes.get(u).containsKey(r)) return true;
            return false;
        }

        /**
         * A dangerous structure among serializable instances that PostgreSQL's SSI never lets
         * commit (class comment): t1 -rw-> t2 -rw-> t3, all three SERIALIZABLE, t3 committing first
         * (positions are commit order), and t1 writing something or t3 committed before t1's
         * snapshot.
         */
        boolean ssiForbids(Dependencies deps) {
            for (int t2 = 0; t2 < k; t2++) {
                if (level(seq[t2]) != PostgresLevel.SERIALIZABLE) continue;
                for (int t3 = 0; t3 < t2; t3++) {
                    if (level(seq[t3]) != PostgresLevel.SERIALIZABLE || !deps.rw(t2, t3)) continue;
                    for (int t1 = t3; t1 < k; t1++) {
                        if (t1 == t2 || level(seq[t1]) != PostgresLevel.SERIALIZABLE) continue;
                        if (!deps.rw(t1, t2)) continue;
                        boolean writes1 = !this.writes.get(t1).isEmpty();
                        int snapshot1 = cuts.get(t1).length == 0 ? 0 : cuts.get(t1)[0];
                        if (t1 == t3 || writes1 || t3 < snapshot1) return true;
                    }
                }
            }
            return false;
        }

        String describe(List<Event> all) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < k; i++) {
                sb.append("T")
                        .append(i + 1)
                        .append(" = ")
                        .append(seq[i])
                        .append(" snapshots ")
                        .append(java.util.Arrays.toString(cuts.get(i)))
                        .append("; ");
            }
            sb.append("commit order T1..T")
                    .append(k)
                    .append("; initial ")
                    .append(init)
                    .append("; events:");
            for (Event e : all) {
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
    }
}
