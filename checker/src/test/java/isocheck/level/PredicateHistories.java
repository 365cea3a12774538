package isocheck.level;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.PredicateRead;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Small random histories with predicate reads, for the oracle agreement property: a hidden serial
 * execution over two items and two rows whose membership in a predicate some transactions change,
 * then perturbed: some item reads observe an older version, some predicate reads see a row at
 * another place in its chain of changes; a third of the predicate reads are a join's (a predicate
 * read per table, back to back). Also the same history without its predicate reads, to tell when
 * the predicate edges decide a verdict.
 */
final class PredicateHistories {
    private PredicateHistories() {}

    private sealed interface Op {}

    /** {@code replaced}: the version a write was recorded to replace ({@link History#replaced}). */
    private record Item(boolean write, String key, long value, Long replaced) implements Op {
        Item(boolean write, String key, long value) {
            this(write, key, value, null);
        }
    }

    /**
     * A predicate read: per row, how many of its changes came before it in the hidden order; {@code
     * join}: the two rows are of two tables one statement joined, read as one predicate read per
     * table at the same place (the recorder's joins, issue 15).
     */
    private record Pred(Map<Integer, Integer> before, boolean join) implements Op {}

    private record Txn(int session, List<Op> ops) {}

    static History[] generate(long seed) {
        Random rnd = new Random(seed);
        int sessions = 2 + rnd.nextInt(2);
        int n = 3 + rnd.nextInt(4);
        String[] items = {"x", "y"};
        Map<String, List<Long>> versions = new HashMap<>();
        for (String k : items) {
            versions.put(k, new ArrayList<>(List.of(0L)));
        }
        List<List<PredicateRead.Change>> chains = List.of(new ArrayList<>(), new ArrayList<>());
        boolean[] matches = {rnd.nextBoolean(), rnd.nextBoolean()};
        boolean[] exists = {true, rnd.nextBoolean()};
        long next = 1;
        boolean recorded = rnd.nextBoolean();
        List<List<Long>> rowVersions =
                List.of(new ArrayList<>(List.of(0L)), new ArrayList<>(List.of(0L)));
        List<Txn> txns = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Op> ops = new ArrayList<>();
            boolean[] changed = new boolean[2];
            int count = 1 + rnd.nextInt(3);
            for (int k = 0; k < count; k++) {
                int what = rnd.nextInt(11);
                if (what == 10) { // a row write that keeps its match: no change
                    int row = rnd.nextInt(2);
                    if (!exists[row]) {
                        continue;
                    }
                    long v = next++;
                    ops.add(
                            new Item(
                                    true,
                                    "row" + row + "/f",
                                    v,
                                    replaced(rnd, recorded, rowVersions.get(row))));
                    rowVersions.get(row).add(v);
                    continue;
                }
                if (what < 3) {
                    String key = items[rnd.nextInt(2)];
                    List<Long> vs = versions.get(key);
                    long v =
                            rnd.nextInt(4) == 0
                                    ? vs.get(rnd.nextInt(vs.size()))
                                    : vs.get(vs.size() - 1);
                    ops.add(new Item(false, key, v));
                } else if (what < 5) {
                    String key = items[rnd.nextInt(2)];
                    long v = next++;
                    versions.get(key).add(v);
                    ops.add(new Item(true, key, v));
                } else if (what < 8) {
                    int row = rnd.nextInt(2);
                    if (changed[row]) {
                        continue;
                    }
                    changed[row] = true;
                    long v = next++;
                    String key = "row" + row + "/f";
                    PredicateRead.Effect effect;
                    if (!exists[row]) {
                        effect = PredicateRead.Effect.INSERTED;
                        exists[row] = true;
                        matches[row] = true;
                    } else if (matches[row] && rnd.nextBoolean()) {
                        effect = PredicateRead.Effect.DELETED;
                        exists[row] = false;
                        matches[row] = false;
                    } else {
                        effect =
                                matches[row]
                                        ? PredicateRead.Effect.LEFT
                                        : PredicateRead.Effect.ENTERED;
                        matches[row] = !matches[row];
                    }
                    ops.add(new Item(true, key, v, replaced(rnd, recorded, rowVersions.get(row))));
                    rowVersions.get(row).add(v);
                    chains.get(row).add(new PredicateRead.Change(key, v, effect));
                } else {
                    ops.add(
                            new Pred(
                                    Map.of(0, chains.get(0).size(), 1, chains.get(1).size()),
                                    rnd.nextInt(3) == 0));
                }
            }
            txns.add(new Txn(rnd.nextInt(sessions), ops));
        }
        return new History[] {
            build(txns, chains, rnd, true, sessions),
            build(txns, chains, new Random(seed), false, sessions)
        };
    }

    /** The version a row write replaces, as recorded: the last, or (an eighth) an older one. */
    private static Long replaced(Random rnd, boolean recorded, List<Long> versions) {
        if (!recorded) {
            return null;
        }
        return rnd.nextInt(8) == 0
                ? versions.get(rnd.nextInt(versions.size()))
                : versions.get(versions.size() - 1);
    }

    private static History build(
            List<Txn> txns,
            List<List<PredicateRead.Change>> chains,
            Random rnd,
            boolean predicates,
            int sessions) {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0).w("y", 0).w("row0/f", 0).w("row1/f", 0);
        for (int s = 0; s < sessions; s++) {
            b.session("S" + s);
        }
        for (Txn t : txns) {
            int id = b.begin(t.session());
            for (Op op : t.ops()) {
                if (op instanceof Item it) {
                    if (it.write() && it.replaced() != null) {
                        b.write(id, b.keys().intern(it.key()), it.value(), it.replaced());
                    } else if (it.write()) {
                        b.write(id, b.keys().intern(it.key()), it.value());
                    } else {
                        b.read(id, b.keys().intern(it.key()), it.value());
                    }
                } else if (predicates) {
                    Pred p = (Pred) op;
                    List<PredicateRead.Row> rows = new ArrayList<>();
                    for (int row = 0; row < 2; row++) {
                        List<PredicateRead.Change> chain = chains.get(row);
                        if (chain.isEmpty()) {
                            continue;
                        }
                        int observed =
                                rnd.nextInt(4) == 0
                                        ? rnd.nextInt(chain.size() + 1)
                                        : p.before().get(row);
                        rows.add(new PredicateRead.Row("row" + row, observed, chain));
                    }
                    if (p.join()) { // one statement, a predicate read per joined table
                        List<PredicateRead.Row> outer = new ArrayList<>();
                        List<PredicateRead.Row> inner = new ArrayList<>();
                        rows.forEach(r -> (r.row().equals("row0") ? outer : inner).add(r));
                        b.predicateRead(id, "t", "f = 1", outer);
                        b.predicateRead(id, "u", "g = 1 AND k IN (1)", inner);
                    } else {
                        b.predicateRead(id, "t", "f = 1", rows);
                    }
                }
            }
        }
        return b.build();
    }
}
