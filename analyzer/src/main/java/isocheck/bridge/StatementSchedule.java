package isocheck.bridge;

import isocheck.encoding.DepKind;
import isocheck.program.FactExtractor;
import isocheck.program.Program;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.TransactionFacts;
import isocheck.run.Schedule;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A static witness of a statement-snapshot spec (PostgreSQL READ COMMITTED,
 * docs/postgresql-levels.md §1) as a schedule for {@code isocheck run --schedule}, interleaved at
 * statement granularity.
 *
 * <p>At READ COMMITTED "a SELECT query sees only data committed before the query began" (PostgreSQL
 * manual, chapter "Concurrency Control", §13.2.1): each statement's snapshot is the prefix of the
 * commit order committed when it starts. The witness's {@code ar} becomes the commit order, and
 * each statement on one of the cycle's edges gets a slot p (it starts after the first p commits):
 *
 * <ul>
 *   <li>a WR edge into statement s of b from a needs a committed before s: p(s) &gt; pos(a);
 *   <li>an RW edge out of statement s of b to c needs c not committed before s: p(s) ≤ pos(c);
 *   <li>b's statements run in program order, before b commits: p is monotone and p ≤ pos(b).
 * </ul>
 *
 * Each statement gets the latest slot its RW edges and the later statements allow (so it runs as
 * close to its transaction's commit as the cycle permits); the schedule is impossible when a WR
 * edge then needs more. A statement placed before its transaction's own commit slot is a step
 * {@code NAME@LINE} (run up to the statement at that source line) just before the commit that must
 * not precede it; everything else runs with {@code NAME*} at the transaction's commit, in ar order.
 * A WW edge into statement s of b from a needs a committed before s (p(s) &gt; pos(a)): a writer
 * holds the row lock to its commit (§13.3.2), so the versions of a row are in commit order, and a
 * runs its writes at its commit step unless an edge of its own places them earlier. A statement in
 * a loop runs once per iteration, each execution with its own snapshot: when one slot per statement
 * is impossible, the loop's statements get one slot per iteration of two ({@link #twoIterations}),
 * steps {@code NAME@LINE#I} (the I-th execution of the statement at LINE).
 */
public final class StatementSchedule {

    /** The line of a bound that stands for a single-snapshot transaction's first statement. */
    private static final int FIRST_STATEMENT = -1;

    private StatementSchedule() {}

    /** The schedule text; throws {@link SnapshotSchedule.Unrealisable} with a one-line reason. */
    public static String of(Witness w, Program program, String command) {
        return of(w, program, command, type -> false);
    }

    /**
     * The same for a mix of levels ({@code include L for T}): a transaction whose type {@code
     * singleSnapshot} accepts (one at repeatable-read or serializable) reads every statement from
     * the snapshot its first statement takes (PostgreSQL manual §13.2.2): that first statement runs
     * as a plain {@code NAME} step after exactly the commits the model's vis shows it, as in {@link
     * SnapshotSchedule} (which also says why the visible set must be an ar-prefix).
     */
    public static String of(
            Witness w, Program program, String command, Predicate<String> singleSnapshot) {
        // the cycle's transactions, and one outside it (AloneExecution#WITH_ONE_MORE), whose
        // statements and theirs the witness's sights place
        int k = w.txns().size();
        java.util.function.Function<String, Map<String, StatementFacts>> factsOf = facts(program);
        List<Integer> ar = w.arOrder();
        int[] pos = new int[k];
        for (int i = 0; i < k; i++) {
            pos[ar.get(i)] = i;
        }
        // per transaction: the edge statements by source position (line, column), with their bounds
        List<TreeMap<Long, int[]>> bounds = new ArrayList<>(); // {lower, upper, line, execution}
        List<Map<Long, Witness.Statement>> stmtsAt = new ArrayList<>();
        for (int t = 0; t < k; t++) {
            bounds.add(new TreeMap<>());
            stmtsAt.add(new java.util.HashMap<>());
        }
        for (Witness.Sight x : w.sights()) {
            // a statement of the cycle's or of the transaction outside it, against the other side's
            // commits: its snapshot follows those it sees and precedes the others
            bound(
                    bounds.get(x.txn()),
                    x.statement(),
                    x.sees() ? pos[x.other()] + 1 : 0,
                    x.sees() ? Integer.MAX_VALUE : pos[x.other()]);
            stmtsAt.get(x.txn()).put(key(x.statement()), x.statement());
        }
        for (Witness.Edge e : w.edges()) {
            switch (e.kind()) {
                case WR -> {
                    bound(
                            bounds.get(e.to()),
                            e.toStatement(),
                            pos[e.from()] + 1,
                            Integer.MAX_VALUE);
                    stmtsAt.get(e.to()).put(key(e.toStatement()), e.toStatement());
                }
                case RW -> {
                    bound(bounds.get(e.from()), e.fromStatement(), 0, pos[e.to()]);
                    stmtsAt.get(e.from()).put(key(e.fromStatement()), e.fromStatement());
                }
                case WW -> {
                    // the overwrite runs after the first writer's commit: the first writer's
                    // statements run at its commit step unless an edge of their own places them
                    // earlier, so an overwrite placed before that commit would write first and
                    // reverse the version order (the row lock orders versions by commit, §13.3.2);
                    // and an UPDATE or DELETE that overwrites an INSERT's row found the row, so in
                    // its snapshot (Encoder#insertFoundInSnapshot, docs/postgresql-levels.md §3
                    // item 7). Until stop 33 WW edges placed nothing, which held while a loop's
                    // step ran only its first execution early (TPC-C's Delivery witness 29: its
                    // customer UPDATE must follow the other Delivery's)
                    bound(
                            bounds.get(e.to()),
                            e.toStatement(),
                            pos[e.from()] + 1,
                            Integer.MAX_VALUE);
                    stmtsAt.get(e.to()).put(key(e.toStatement()), e.toStatement());
                }
                default -> {}
            }
        }
        // per transaction: {slot, line, execution} of its early statements
        List<List<int[]>> placed = new ArrayList<>();
        for (int t = 0; t < k; t++) {
            if (singleSnapshot.test(w.txns().get(t).type())) {
                // its snapshot holds exactly what the model's vis gives it (as SnapshotSchedule)
                int slot = SnapshotSchedule.snapshotSlot(w, t, ar, pos);
                bounds.get(t).clear();
                bounds.get(t).put(0L, new int[] {slot, slot, FIRST_STATEMENT, 0});
            }
            List<int[]> stmts = new ArrayList<>(bounds.get(t).values());
            int failed = place(stmts, pos[t], null);
            List<int[]> early = new ArrayList<>();
            if (failed >= 0) {
                int[] b = stmts.get(failed);
                List<int[]> split =
                        b[2] == FIRST_STATEMENT
                                ? null
                                : twoIterations(w, t, factsOf, bounds.get(t), stmtsAt.get(t), b);
                if (split == null || place(split, pos[t], early) >= 0) {
                    throw new SnapshotSchedule.Unrealisable(
                            SnapshotSchedule.id(w, t)
                                    + (b[2] == FIRST_STATEMENT
                                            ? "'s snapshot"
                                            : "'s statement at line " + b[2])
                                    + " must see a commit that follows its own or a later statement's start ("
                                    + w.anomaly()
                                    + ")");
                }
            } else {
                place(stmts, pos[t], early);
                early = wholeLoops(w, t, factsOf, bounds.get(t), stmtsAt.get(t), pos[t], early);
            }
            placed.add(early);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# Generated by isocheck from a static witness (")
                .append(w.anomaly())
                .append(", ")
                .append(k)
                .append(" transactions):\n");
        sb.append("#   ").append(command).append('\n');
        List<String> single =
                w.txns().stream().map(Witness.Txn::type).filter(singleSnapshot).distinct().toList();
        sb.append(
                single.isEmpty()
                        ? "# Replay at READ COMMITTED (PostgreSQL: --isolation read-committed), record with --out, then check:\n"
                        : "# Replay at READ COMMITTED (PostgreSQL: --isolation read-committed), "
                                + String.join(", ", single)
                                + " at its own snapshot level (--isolation-of TYPE=LEVEL),\n"
                                + "# record with --out, then check:\n");
        sb.append("# SER should be violated by the cycle below.\n");
        String alone = w.alone().note(w.k());
        if (alone != null) sb.append("# NOTE: ").append(alone).append('\n');
        SnapshotSchedule.cycleAndDatabase(sb, w, program);
        SnapshotSchedule.declarations(sb, w, program);
        sb.append(
                "\n# Each statement takes its snapshot when it starts (statement granularity): NAME@LINE runs NAME up to its\n");
        sb.append(
                "# statement at LINE, before the commits that statement must not see; NAME* runs the rest and commits, in ar order.\n");
        if (placed.stream().flatMap(List::stream).anyMatch(p -> p[2] == Schedule.EVERY)) {
            sb.append(
                    "# NAME@LINE#* runs NAME up to its statement at LINE and on through the rest of the loop around it.\n");
        }
        if (placed.stream()
                .flatMap(List::stream)
                .anyMatch(p -> p[2] > 0 && p[2] != Schedule.EVERY)) {
            sb.append(
                    "# NAME@LINE#I runs NAME up to the I-th execution of its statement at LINE (a loop's iterations take a snapshot each).\n");
        }
        for (int s = 0; s < k; s++) {
            for (int t : ar) {
                for (int[] p : placed.get(t)) {
                    if (p[0] == s && p[1] == FIRST_STATEMENT) {
                        sb.append(SnapshotSchedule.id(w, t))
                                .append("      # first statement (the snapshot it reads from)\n");
                    } else if (p[0] == s && p[2] == Schedule.EVERY) {
                        sb.append(SnapshotSchedule.id(w, t))
                                .append('@')
                                .append(p[1])
                                .append("#*      # the loop around line ")
                                .append(p[1])
                                .append(
                                        ", every iteration left (its statements see the same commits)\n");
                    } else if (p[0] == s && p[2] > 0) {
                        sb.append(SnapshotSchedule.id(w, t))
                                .append('@')
                                .append(p[1])
                                .append('#')
                                .append(p[2])
                                .append("      # execution ")
                                .append(p[2])
                                .append(" of the statement at line ")
                                .append(p[1])
                                .append(" (loop iteration ")
                                .append(p[2])
                                .append(")\n");
                    } else if (p[0] == s) {
                        sb.append(SnapshotSchedule.id(w, t))
                                .append('@')
                                .append(p[1])
                                .append("      # statement at line ")
                                .append(p[1])
                                .append('\n');
                    }
                }
            }
            sb.append(SnapshotSchedule.id(w, ar.get(s))).append("*     # to commit\n");
        }
        return sb.toString();
    }

    /**
     * Gives each statement of one transaction (in program order, {lower, upper, line, execution})
     * the latest slot its RW edges and the later statements allow, at most {@code commit}; adds
     * those before the commit to {@code early} as {slot, line, execution} (when not null). Returns
     * the index of the first statement (from the end) whose WR edges then need more, or -1.
     */
    private static int place(List<int[]> stmts, int commit, List<int[]> early) {
        int[] slot = slots(stmts, commit);
        for (int i = stmts.size() - 1; i >= 0; i--) {
            int[] b = stmts.get(i);
            if (slot[i] < b[0]) return i;
            if (early != null && slot[i] < commit) early.add(0, new int[] {slot[i], b[2], b[3]});
        }
        return -1;
    }

    /**
     * Each statement's latest slot (in program order, {lower, upper, …}): at most {@code commit},
     * its own RW bound and every later statement's slot.
     */
    private static int[] slots(List<int[]> stmts, int commit) {
        int[] slot = new int[stmts.size()];
        int latest = commit;
        for (int i = stmts.size() - 1; i >= 0; i--) {
            latest = Math.min(latest, stmts.get(i)[1]);
            slot[i] = latest;
        }
        return slot;
    }

    /**
     * The early steps of transaction t with each loop whose edge statements all got one slot before
     * t's commit run whole in that slot: one step {@code NAME@LINE#*} at the loop's first such
     * statement instead of {@code NAME@LINE} per statement, which ran only the first iteration
     * there and left the others to the commit step, after commits the model has them miss
     * (unique-visit.sql's READ COMMITTED long fork: each Notify's visit of the second account ran
     * after the Touch it had to miss). The one slot satisfies every edge of every iteration,
     * whichever iteration the model puts an edge on. Loops whose statements got different slots
     * keep a step per statement (their first executions; {@link #twoIterations} places the others
     * when needed).
     */
    private static List<int[]> wholeLoops(
            Witness w,
            int t,
            java.util.function.Function<String, Map<String, StatementFacts>> factsOf,
            TreeMap<Long, int[]> bounds,
            Map<Long, Witness.Statement> stmtsAt,
            int commit,
            List<int[]> early) {
        if (early.isEmpty()) return early;
        Map<String, StatementFacts> facts = factsOf.apply(w.txns().get(t).type());
        List<int[]> stmts = new ArrayList<>(bounds.values());
        List<Long> keys = new ArrayList<>(bounds.keySet());
        int[] slot = slots(stmts, commit);
        // per innermost loop: its statements' slots
        Map<Stmt.Foreach, java.util.Set<Integer>> slots = new java.util.IdentityHashMap<>();
        Stmt.Foreach[] loopOf = new Stmt.Foreach[stmts.size()];
        for (int i = 0; i < stmts.size(); i++) {
            Witness.Statement ws = stmtsAt.get(keys.get(i)); // none: a snapshot-level first
            StatementFacts sf = ws == null ? null : facts.get(ws.id());
            if (sf == null || sf.loops().isEmpty()) continue;
            loopOf[i] = sf.loops().get(sf.loops().size() - 1);
            slots.computeIfAbsent(loopOf[i], x -> new java.util.HashSet<>()).add(slot[i]);
        }
        // a loop whose statements write what another transaction's edge overwrites (WW) or reads
        // without seeing (RW) runs only its edge statements early: run whole, those writes would
        // come before the other side's statement, which then waits for the row lock and reads or
        // overwrites the newer version (TPC-C's Delivery witnesses 30 and 35: the customer UPDATE
        // of a later iteration, run before the other Delivery's, reversed its RW edge)
        for (Witness.Edge e : w.edges()) {
            boolean firstWriter =
                    e.kind() == DepKind.WW && e.from() == t
                            || e.kind() == DepKind.RW && e.to() == t;
            if (!firstWriter) continue;
            Witness.Statement ws = e.kind() == DepKind.WW ? e.fromStatement() : e.toStatement();
            StatementFacts sf = facts.get(ws.id());
            if (sf == null) continue;
            for (Stmt.Foreach l : sf.loops())
                slots.computeIfAbsent(l, x -> new java.util.HashSet<>()).add(-1); // not whole
        }
        List<int[]> out = new ArrayList<>();
        java.util.Set<Stmt.Foreach> done =
                java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < stmts.size(); i++) {
            if (slot[i] >= commit) continue;
            Stmt.Foreach l = loopOf[i];
            if (l != null && slots.get(l).size() == 1) {
                if (done.add(l)) out.add(new int[] {slot[i], stmts.get(i)[2], Schedule.EVERY});
            } else {
                out.add(new int[] {slot[i], stmts.get(i)[2], stmts.get(i)[3]});
            }
        }
        return out;
    }

    /**
     * Per transaction type, its statement facts by statement id: extracted from the program once,
     * when a transaction of the schedule first needs them.
     */
    private static java.util.function.Function<String, Map<String, StatementFacts>> facts(
            Program program) {
        Map<String, Map<String, StatementFacts>> byType = new java.util.HashMap<>();
        return type -> {
            if (byType.isEmpty()) {
                for (TransactionFacts tf : FactExtractor.of(program)) {
                    Map<String, StatementFacts> m = new java.util.HashMap<>();
                    for (StatementFacts sf : tf.statements()) m.put(sf.id(), sf);
                    byType.put(tf.transaction().name(), m);
                }
            }
            return byType.getOrDefault(type, Map.of());
        };
    }

    /**
     * The statements of transaction t with those of the loop around {@code failing} run twice, or
     * null when that does not apply. Each execution of a statement in a loop takes its own snapshot
     * (manual §13.2.1), but the model reads a statement in a FOREACH over an array parameter
     * through the transaction's vis, with no snapshot per iteration (docs/postgresql-levels.md §7:
     * an array may repeat a value, so an execution is not named by its element), and the witness
     * does not say which execution read what. Any attribution of its edges to executions agrees
     * with the model; this one needs the least of the schedule: an RW edge out of a loop statement
     * is read by the first iteration (the earliest snapshot), a WR edge into one by the second (a
     * later snapshot), as BenchBase TPC-C's Delivery given one district twice: its first
     * iteration's SELECT misses a NewOrder the second's sees (benchmarks/RESULTS.md, stop 28). It
     * applies when the loop is the statement's only one, its statements have no inner loop, and the
     * witness gives it at least two iterations ({@link #iterations}): an array parameter with two
     * members, or a loop over SELECTed rows with two live rows of its table in the seed (each
     * record is visited once, and the model reads each visit's SELECTs from a snapshot of their
     * own, iteration_snapshot, docs/postgresql-levels.md §7: Wikipedia's UpdatePage, whose PERFORM
     * of one watcher's user misses an AddWatchList another watcher's visit sees).
     */
    private static List<int[]> twoIterations(
            Witness w,
            int t,
            java.util.function.Function<String, Map<String, StatementFacts>> factsOf,
            TreeMap<Long, int[]> bounds,
            Map<Long, Witness.Statement> stmtsAt,
            int[] failing) {
        Map<String, StatementFacts> facts = factsOf.apply(w.txns().get(t).type());
        Map<String, String> rowSetTables =
                new java.util.HashMap<>(); // SELECT … INTO set: its table
        for (StatementFacts sf : facts.values())
            if (sf.statement() instanceof Stmt.Select sel && sel.target() != null)
                rowSetTables.put(sel.target(), sf.table());
        Stmt.Foreach loop = null;
        for (Map.Entry<Long, int[]> e : bounds.entrySet()) {
            if (e.getValue() != failing) continue;
            StatementFacts sf = facts.get(stmtsAt.get(e.getKey()).id());
            if (sf == null || sf.loops().size() != 1) return null;
            loop = sf.loops().get(0);
        }
        if (loop == null || iterations(w, t, loop, rowSetTables) < 2) {
            return null;
        }
        long loopStart = ((long) loop.pos().line() << 20) + loop.pos().column();
        List<int[]> before = new ArrayList<>(), first = new ArrayList<>();
        List<int[]> second = new ArrayList<>(), after = new ArrayList<>();
        for (Map.Entry<Long, int[]> e : bounds.entrySet()) {
            int[] b = e.getValue();
            StatementFacts sf = facts.get(stmtsAt.get(e.getKey()).id());
            if (sf == null) return null;
            if (!sf.loops().contains(loop)) {
                (e.getKey() < loopStart ? before : after).add(b);
                continue;
            }
            if (sf.loops().size() != 1) return null;
            if (b[1] != Integer.MAX_VALUE) first.add(new int[] {0, b[1], b[2], 1});
            if (b[0] > 0) second.add(new int[] {b[0], Integer.MAX_VALUE, b[2], 2});
        }
        List<int[]> out = new ArrayList<>(before);
        out.addAll(first);
        out.addAll(second);
        out.addAll(after);
        return out;
    }

    /**
     * How many iterations the witness gives {@code loop} at least: the members the model names in
     * an array parameter it iterates over, or for a loop over the rows a SELECT found ({@code FOR r
     * IN SELECT …}, a row set the witness does not print) the live rows of the SELECT's table in
     * the seed (the rows {@code InitialState} seeds for the loop's read are among them; fewer than
     * two and the loop cannot run twice on the server).
     */
    private static int iterations(
            Witness w, int t, Stmt.Foreach loop, Map<String, String> rowSetTables) {
        String value = w.txns().get(t).parameters().get(loop.source());
        if (value != null) return members(value);
        String table = rowSetTables.get(loop.source());
        if (table == null) return 0;
        return (int)
                w.initialRows().stream().filter(r -> r.alive() && r.table().equals(table)).count();
    }

    /**
     * The number of members the model names in a SET OF or array parameter's value {@code {(f=v,
     * …), …}}.
     */
    private static int members(String value) {
        if (value == null) return 0;
        Matcher m = MEMBER.matcher(value);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    private static final Pattern MEMBER = Pattern.compile("[{,]\\s*\\(");

    private static long key(Witness.Statement s) {
        return ((long) s.pos().line() << 20) + s.pos().column();
    }

    /** Narrows the slot bounds of a statement (keyed by its source position). */
    private static void bound(Map<Long, int[]> stmts, Witness.Statement s, int lower, int upper) {
        int[] b =
                stmts.computeIfAbsent(
                        key(s), x -> new int[] {0, Integer.MAX_VALUE, s.pos().line(), 0});
        b[0] = Math.max(b[0], lower);
        b[1] = Math.min(b[1], upper);
    }
}
