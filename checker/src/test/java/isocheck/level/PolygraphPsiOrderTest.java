package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * PSI's search order with the initial-version nodes placed late ({@link
 * PolygraphSearch#initVersionsLate}) and its phase lookahead ({@link PolygraphSearch#serCloses}):
 * the order is a topological order of H in which those nodes sit just before their first successor
 * and fewer rw edges run against it than against Kahn's order; the verdicts are those of the search
 * before both (200 random hard histories, long forks most often, with the polygraph forced so that
 * PSI searches H itself), the construction's truth where it claims one, and the axioms' ({@link
 * ExactOracle}) on 1,500 small histories.
 */
class PolygraphPsiOrderTest {

    @Test
    void lateInitialVersionsKeepATopologicalOrderOfHAndFewerRwEdgesAgainstIt() {
        Random r = new Random(61);
        int fewer = 0;
        for (int i = 0; i < 40; i++) {
            History h = HardHistories.generate(hard(r));
            Polygraph g = new Polygraph(new TxnModel(h), Level.PSI, Long.MAX_VALUE);
            g.buildKnown();
            int[] kahn = g.topo();
            if (kahn == null) {
                continue; // a cycle of H: violated before any search
            }
            int[] late = g.initVersionsLate(kahn);
            boolean[] seen = new boolean[g.nodeCount];
            for (int v = 0; v < g.nodeCount; v++) {
                assertFalse(seen[late[v]], "a position twice: " + late[v]);
                seen[late[v]] = true;
            }
            int againstKahn = 0;
            int againstLate = 0;
            for (int e = 0; e < g.eFrom.size(); e++) {
                int a = g.eFrom.get(e);
                int b = g.eTo.get(e);
                if (g.eKind.get(e) == PolygraphGraph.RW) {
                    againstKahn += kahn[a] > kahn[b] ? 1 : 0;
                    againstLate += late[a] > late[b] ? 1 : 0;
                } else {
                    assertTrue(late[a] < late[b], "an H edge against the order, history " + i);
                }
            }
            for (int a = g.auxBase; a < g.nodeCount; a++) {
                int first = firstSuccessor(g, a, late);
                if (first >= 0) {
                    // right before its first successor, or before other initial-version nodes
                    // placed there too
                    for (int p = late[a] + 1; p < late[first]; p++) {
                        assertTrue(atPos(late, p) >= g.auxBase, "a node between, history " + i);
                    }
                }
            }
            assertTrue(againstLate <= againstKahn, againstLate + " > " + againstKahn);
            if (againstLate < againstKahn) {
                fewer++;
            }
        }
        assertTrue(fewer >= 20, "histories where fewer rw edges run against the order: " + fewer);
    }

    @Test
    void sameVerdictsAsTheSearchBeforeOn200HardHistories() {
        Random r = new Random(1806);
        int psiSearches = 0;
        int violations = 0;
        for (int i = 0; i < 200; i++) {
            HardHistories.Params p = hard(r);
            History h = HardHistories.generate(p);
            Verdict late = check(h, true);
            Verdict early = check(h, false); // the search before this change
            Verdict looking = check(h, true, 1000); // with the phase's lookahead (stop 20: off)
            assertEquals(
                    late instanceof Verdict.Consistent,
                    looking instanceof Verdict.Consistent,
                    "lookahead, " + p);
            String label = "PSI " + p;
            assertFalse(late instanceof Verdict.Unknown, label + ": " + late);
            assertEquals(
                    early instanceof Verdict.Consistent, late instanceof Verdict.Consistent, label);
            Boolean truth = p.truth(Level.PSI);
            if (truth != null) {
                assertEquals(truth, late instanceof Verdict.Consistent, label);
            }
            violations += late instanceof Verdict.Consistent ? 0 : 1;
            if (late.explain().stream().anyMatch(n -> n.startsWith("search: "))) {
                psiSearches++;
            }
        }
        assertTrue(psiSearches >= 50, "PSI searches " + psiSearches);
        assertTrue(violations >= 10 && violations <= 190, "violations " + violations);
    }

    @Test
    void agreesWithTheAxiomsOnSmallHistories() {
        for (long seed = 0; seed < 1500; seed++) {
            History h =
                    seed % 3 == 0
                            ? LevelHistories.generateRmw(seed)
                            : LevelHistories.generate(seed, false);
            boolean expected = ExactOracle.holds(h, Level.PSI);
            Verdict v = check(h, true);
            String label = "PSI seed " + seed;
            assertFalse(v instanceof Verdict.Unknown, label + ": " + v);
            assertEquals(expected, v instanceof Verdict.Consistent, label);
        }
    }

    /** As {@link PolygraphBoundedPsiTest#medium}: long forks two times in three. */
    static HardHistories.Params hard(Random r) {
        HardHistories.Plant[] plants = HardHistories.Plant.values();
        HardHistories.Plant plant =
                r.nextInt(3) == 0
                        ? plants[r.nextInt(plants.length)]
                        : HardHistories.Plant.LONG_FORK;
        int sessions = 4 + r.nextInt(12);
        int txns = 30 + r.nextInt(121);
        int writes = 1 + r.nextInt(3);
        int reads = r.nextInt(3);
        int keys = Math.max(reads + writes + 2, txns / (3 + r.nextInt(5)));
        int concurrency = r.nextInt(3) == 0 ? 1 + r.nextInt(sessions) : 1;
        return new HardHistories.Params(
                txns, sessions, keys, reads, writes, concurrency, plant, r.nextLong());
    }

    private static int firstSuccessor(Polygraph g, int a, int[] pos) {
        int first = -1;
        for (int e = 0; e < g.eFrom.size(); e++) {
            if (g.eFrom.get(e) == a && (first < 0 || pos[g.eTo.get(e)] < pos[first])) {
                first = g.eTo.get(e);
            }
        }
        return first;
    }

    private static int atPos(int[] pos, int p) {
        for (int v = 0; v < pos.length; v++) {
            if (pos[v] == p) {
                return v;
            }
        }
        return -1;
    }

    /**
     * PSI with the polygraph forced (no SI first): this search (initial versions late, the phase's
     * lookahead) or the one before it (Kahn's order, no lookahead).
     */
    private static Verdict check(History h, boolean now) {
        return check(h, now, now ? PolygraphSearch.psiLookahead : 0);
    }

    /** {@link #check(History, boolean)} with the phase's lookahead visiting up to budget nodes. */
    private static Verdict check(History h, boolean now, int budget) {
        boolean was = PolygraphSearch.lateInitVersions;
        int look = PolygraphSearch.psiLookahead;
        PolygraphSearch.lateInitVersions = now;
        PolygraphSearch.psiLookahead = budget;
        try {
            return LevelChecker.of(
                            Level.PSI,
                            CheckOptions.DEFAULT.withStrategy(CheckOptions.Strategy.POLYGRAPH))
                    .check(h);
        } finally {
            PolygraphSearch.lateInitVersions = was;
            PolygraphSearch.psiLookahead = look;
        }
    }
}
