package isocheck.bridge;

import isocheck.program.Program;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

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
 * WW edges need nothing more: a writer holds the row lock to its commit (§13.3.2), so the versions
 * of a row are in commit order.
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
        int k = w.k();
        List<Integer> ar = w.arOrder();
        int[] pos = new int[k];
        for (int i = 0; i < k; i++) {
            pos[ar.get(i)] = i;
        }
        // per transaction: the edge statements by source position (line, column), with their bounds
        List<TreeMap<Long, int[]>> bounds = new ArrayList<>(); // {lower, upper, line}
        for (int t = 0; t < k; t++) {
            bounds.add(new TreeMap<>());
        }
        for (Witness.Edge e : w.edges()) {
            switch (e.kind()) {
                case WR ->
                        bound(
                                bounds.get(e.to()),
                                e.toStatement(),
                                pos[e.from()] + 1,
                                Integer.MAX_VALUE);
                case RW -> bound(bounds.get(e.from()), e.fromStatement(), 0, pos[e.to()]);
                default -> {}
            }
        }
        List<List<int[]>> placed =
                new ArrayList<>(); // per transaction: {slot, line} of its early statements
        for (int t = 0; t < k; t++) {
            if (singleSnapshot.test(w.txns().get(t).type())) {
                // its snapshot holds exactly what the model's vis gives it (as SnapshotSchedule)
                int slot = SnapshotSchedule.snapshotSlot(w, t, ar, pos);
                bounds.get(t).clear();
                bounds.get(t).put(0L, new int[] {slot, slot, FIRST_STATEMENT});
            }
            List<int[]> stmts = new ArrayList<>(bounds.get(t).values());
            int latest = pos[t];
            List<int[]> early = new ArrayList<>();
            for (int i = stmts.size() - 1; i >= 0; i--) {
                int[] b = stmts.get(i);
                latest = Math.min(latest, b[1]);
                if (latest < b[0]) {
                    throw new SnapshotSchedule.Unrealisable(
                            SnapshotSchedule.id(w, t)
                                    + (b[2] == FIRST_STATEMENT
                                            ? "'s snapshot"
                                            : "'s statement at line " + b[2])
                                    + " must see a commit that follows its own or a later statement's start ("
                                    + w.anomaly()
                                    + ")");
                }
                if (latest < pos[t]) {
                    early.add(0, new int[] {latest, b[2]});
                }
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
        SnapshotSchedule.cycleAndDatabase(sb, w, program);
        SnapshotSchedule.declarations(sb, w, program);
        sb.append(
                "\n# Each statement takes its snapshot when it starts (statement granularity): NAME@LINE runs NAME up to its\n");
        sb.append(
                "# statement at LINE, before the commits that statement must not see; NAME* runs the rest and commits, in ar order.\n");
        for (int s = 0; s < k; s++) {
            for (int t : ar) {
                for (int[] p : placed.get(t)) {
                    if (p[0] == s && p[1] == FIRST_STATEMENT) {
                        sb.append(SnapshotSchedule.id(w, t))
                                .append("      # first statement (the snapshot it reads from)\n");
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

    /** Narrows the slot bounds of a statement (keyed by its source position). */
    private static void bound(Map<Long, int[]> stmts, Witness.Statement s, int lower, int upper) {
        long key = ((long) s.pos().line() << 20) + s.pos().column();
        int[] b = stmts.computeIfAbsent(key, x -> new int[] {0, Integer.MAX_VALUE, s.pos().line()});
        b[0] = Math.max(b[0], lower);
        b[1] = Math.min(b[1], upper);
    }
}
