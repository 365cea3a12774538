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
 * <p>Over-approximation: a combination of cuts and lock waits that would deadlock on the server
 * (two instances each waiting for a row the other holds) is still enumerated. That makes the oracle
 * stricter, never weaker: the encoder must cover more executions, not fewer.
 */
final class ReadCommittedExplorer {

    /**
     * The shortest cycle (0: none) among the executions of k instances, with one example, and how
     * many there were.
     */
    record Result(int k, long executions, long aborted, int shortestCycle, String example) {}

    private final ExecutionExplorer base;
    private final List<ExecutionExplorer.Instance> instances;
    private final List<Map<RecordId, Map<String, Object>>> initialStates;
    private final ProgramInterpreter interpreter;

    private final boolean firstRead;

    ReadCommittedExplorer(Program program, ExecutionExplorer.Domain domain) {
        this(program, domain, false);
    }

    ReadCommittedExplorer(Program program, ExecutionExplorer.Domain domain, boolean firstRead) {
        this.firstRead = firstRead;
        this.base = new ExecutionExplorer(program, domain);
        this.instances = base.instances();
        this.initialStates = base.initialStates();
        this.interpreter = base.interpreter();
    }

    Result explore(int k) {
        Search s = new Search(k);
        for (Map<RecordId, Map<String, Object>> init : initialStates) {
            s.init = init;
            s.extend(0);
        }
        return new Result(k, s.executions, s.aborted, s.shortest, s.example);
    }

    /**
     * The number of SQL statements in a body, both branches of every IF counted: an upper bound on
     * those one run executes.
     */
    static int sqlStatements(List<Stmt> body) {
        int n = 0;
        for (Stmt s : isocheck.program.Blocks.flatten(body)) {
            if (s instanceof Stmt.Sql) n++;
            else if (s instanceof Stmt.Foreach f)
                throw new UnsupportedOperationException("FOREACH at " + f.pos());
        }
        return n;
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
        int shortest;
        String example;

        Search(int k) {
            this.k = k;
            rank = new int[k];
            for (int i = 0; i < k; i++) rank[i] = i;
            seq = new ExecutionExplorer.Instance[k];
            for (int i = 0; i < k; i++) {
                events.add(List.of());
                writes.add(Map.of());
                cuts.add(new int[0]);
            }
        }

        void extend(int p) {
            for (ExecutionExplorer.Instance inst : instances) {
                seq[p] = inst;
                int m = sqlStatements(inst.type().body());
                int[] cut = new int[m];
                cuts(p, m, 0, 0, cut);
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

        void runWith(int p, int[] cut) {
            int[] used = {0};
            ProgramInterpreter.View view =
                    new ProgramInterpreter.View() {
                        int current = -1;
                        int currentCut = 0;
                        int shared = -1; // the consistent-read snapshot (firstRead)

                        @Override
                        public void beginStatement(Stmt.Sql s) {
                            current = used[0]++;
                            currentCut = cut[current];
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

                        @Override
                        public Object latestValue(RecordId r, String f) {
                            return valueAt(r, f, p);
                        }

                        @Override
                        public int latestWriter(RecordId r, String f) {
                            return last(r, f, p);
                        }
                    };
            List<Event> own;
            try {
                own = interpreter.run(p, seq[p].type(), seq[p].parameters(), view);
            } catch (ProgramInterpreter.UniqueViolation e) {
                aborted++;
                return;
            }
            if (own == null) { // a user abort (ROLLBACK, RAISE EXCEPTION): the instance is in no
                // execution
                aborted++;
                return;
            }
            // one execution per distinct snapshot sequence: cuts past the statements run repeat the
            // last one
            int ran = used[0];
            for (int i = ran; i < cut.length; i++) {
                if (cut[i] != (ran == 0 ? 0 : cut[ran - 1])) return;
            }
            events.set(p, own);
            cuts.set(p, java.util.Arrays.copyOf(cut, ran));
            Map<RecordId, Map<String, Object>> w = new HashMap<>();
            for (Event e : own)
                if (e.write())
                    w.computeIfAbsent(e.record(), x -> new HashMap<>()).put(e.field(), e.value());
            writes.set(p, w);
            if (p < k - 1) {
                extend(p + 1);
                return;
            }
            executions++;
            List<Event> all = new ArrayList<>();
            for (int u = 0; u < k; u++) all.addAll(events.get(u));
            int c = new Dependencies(k, all, rank).shortestCycle(k);
            if (c > 0 && (shortest == 0 || c < shortest)) {
                shortest = c;
                example = describe(all);
            }
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
