package isocheck.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the explorer's search ({@link ExecutionExplorer}) computes again and again for one initial
 * state, kept once: each pure function of its key, so a hit returns what the computation would.
 *
 * <ul>
 *   <li>Runs: an instance's events depend only on its position, its type and parameters, the
 *       initial state and, per earlier position it sees, that instance's writes (the view: last
 *       writer by ar wins, {@link ExecutionExplorer}). A view is keyed by the chain of (position,
 *       writes) of the visible instances that wrote something; writes are numbered by content.
 *   <li>Pair edges: the dependency edges between two instances depend only on their events and
 *       positions ({@link Dependencies#pairEdges}).
 *   <li>Specs: an axiom's truth depends only on the structure ({@code Search#structureKey}).
 * </ul>
 *
 * Used by one thread at a time (one initial state's searches run in order). Bounded: past {@link
 * #MAX_RUNS} runs kept (or {@link #MAX_PAIRS} pair edges) it forgets them and starts again; numbers
 * are never reused, so a number kept by the search in progress never names something else, and a
 * forgotten entry is only computed again.
 */
final class SearchMemo {

    /**
     * One run of an instance at a position on a view: its events (null: it aborted), its last write
     * of each record field, the number of that content, the run's own number (-1: not kept), and
     * whether one of its reads locks a row ({@link Event#locked}).
     */
    record Ran(
            List<Event> events,
            Map<RecordId, Map<String, Object>> writes,
            int writesId,
            int index,
            boolean locks,
            int[] cells) {}

    /**
     * A number per (record, field) met, so that {@link Dependencies#pairEdges} compares events'
     * records and fields as ints.
     */
    private final Map<RecordId, Map<String, Integer>> cellIds = new HashMap<>();

    private int nextCell;

    /** Per event, the number of its record and field. */
    int[] cells(List<Event> events) {
        if (events == null) return null;
        int[] out = new int[events.size()];
        for (int i = 0; i < out.length; i++) {
            Event e = events.get(i);
            out[i] =
                    cellIds.computeIfAbsent(e.record(), r -> new HashMap<>())
                            .computeIfAbsent(e.field(), f -> nextCell++);
        }
        return out;
    }

    static final int MAX_RUNS = 1 << 17;
    static final int MAX_PAIRS = 1 << 21;

    private LongMemo runs = new LongMemo();

    /** The runs kept, numbered from {@code firstRun}. */
    private final List<Ran> ran = new ArrayList<>();

    private int firstRun;
    private final Map<Map<RecordId, Map<String, Object>>, Integer> writesIds = new HashMap<>();
    private int nextWrites;
    private LongMemo views = new LongMemo();
    private int nextView = 1;
    private LongMemo tuples = new LongMemo();
    private int nextTuple = 0;

    /** Pair edges by the two runs' numbers ({@link Dependencies#pairEdges}). */
    final LongMemo pairs = new LongMemo();

    /** Spec verdicts by structure key (ExecutionExplorer.Search#keyAt). */
    final LongMemo specs = new LongMemo();

    /** Keeps the edges between two runs (key: their numbers), within {@link #MAX_PAIRS}. */
    void pair(long key, long bits) {
        if (pairs.size() >= MAX_PAIRS) pairs.clear();
        pairs.put(key, bits);
    }

    /** Forgets the runs, views and writes numbers (numbering goes on), and the pair edges. */
    private void forget() {
        firstRun += ran.size();
        ran.clear();
        runs = new LongMemo();
        writesIds.clear();
        views = new LongMemo();
        tuples = new LongMemo();
        pairs.clear();
    }

    /** The view that sees no writes. */
    static final long EMPTY_VIEW = 0;

    /**
     * The view {@code view} extended by the writes number {@code writesId} of the instance at
     * {@code position} (a later position than the view's); -1 when the numbers outgrow the key.
     */
    long view(long view, int position, int writesId) {
        if (view < 0 || view >= 1L << 31 || position >= 1 << 8 || writesId >= 1 << 24) return -1;
        long key = view << 32 | (long) position << 24 | writesId;
        long v = views.get(key, -1);
        if (v < 0) {
            v = nextView++;
            views.put(key, v);
        }
        return v;
    }

    /**
     * A number for the pair (a, b), the same for the same pair; -1 when a or b outgrows the key (a
     * below 2^31, b below 2^32).
     */
    long tuple(long a, long b) {
        if (a < 0 || a >= 1L << 31 || b < 0 || b >= 1L << 32) return -1;
        long key = a << 32 | b;
        long v = tuples.get(key, -1);
        if (v < 0) {
            v = nextTuple++;
            tuples.put(key, v);
        }
        return v;
    }

    /** The key of a run at {@code position} of the instance numbered {@code instance}; -1: none. */
    static long runKey(long view, int position, int instance) {
        if (view < 0 || view >= 1L << 35 || position >= 1 << 8 || instance >= 1 << 20) return -1;
        return view << 28 | (long) position << 20 | instance;
    }

    Ran run(long key) {
        long i = key < 0 ? -1 : runs.get(key, -1);
        return i < 0 ? null : ran.get((int) i - firstRun);
    }

    /** Records a run's outcome (events null: it aborted) under {@code key} (-1: not kept). */
    Ran put(long key, List<Event> events) {
        Map<RecordId, Map<String, Object>> writes = new HashMap<>();
        int id = -1;
        boolean locks = false;
        if (events != null) {
            for (Event e : events) locks |= e.locked();
            for (Event e : events)
                if (e.write())
                    writes.computeIfAbsent(e.record(), x -> new HashMap<>())
                            .put(e.field(), e.value());
            id = writesIds.computeIfAbsent(writes, w -> nextWrites++);
        }
        int[] cells = cells(events);
        if (key < 0 || firstRun + ran.size() >= Integer.MAX_VALUE / 2)
            return new Ran(events, writes, id, -1, locks, cells);
        if (ran.size() >= MAX_RUNS) forget(); // the key stays valid: its numbers are not reused
        Ran r = new Ran(events, writes, id, firstRun + ran.size(), locks, cells);
        ran.add(r);
        runs.put(key, r.index());
        return r;
    }

    /**
     * The dependency edges between runs a at position u and b at position v (u before v), kept by
     * the two runs' numbers when both are kept ({@link Dependencies#pairEdges}).
     */
    int pairEdges(Ran a, int u, Ran b, int v, int k, int[] rank) {
        if (a.index() < 0 || b.index() < 0)
            return Dependencies.pairEdges(
                    a.events(), a.cells(), u, b.events(), b.cells(), v, k, rank);
        long key = (long) a.index() << 32 | b.index();
        long bits = pairs.get(key, -1);
        if (bits < 0) {
            bits =
                    Dependencies.pairEdges(
                            a.events(), a.cells(), u, b.events(), b.cells(), v, k, rank);
            pair(key, bits);
        }
        return (int) bits;
    }
}
