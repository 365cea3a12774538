package isocheck.level;

import java.util.EnumMap;
import java.util.Map;

/**
 * What a level is, as data: one row per {@link Level} (after Elle's consistency-model table, {@code
 * elle/consistency_model.clj}, which describes each model by data rather than by tests scattered
 * over the checkers). The checkers ask these traits instead of comparing levels, so a new level is
 * a row here plus its algorithm ({@link LevelChecker#of}, and its axiom in {@link
 * CommitOrderValidator} if it is decided by search).
 *
 * @param decidedBy saturation of a commit relation in polynomial time (AWDIT, PLDI 2025, §3), or an
 *     exact search over commit orders (Biswas & Enea, OOPSLA 2019, §4)
 * @param repeatableReads whether read consistency includes repeatable reads (a transaction reads
 *     one version of a key): every level but RC, whose reads may each see a later commit (AWDIT
 *     Def. 2.4)
 * @param graph the graph the decision is made on
 * @param transitiveVisibility whether what a transaction observes is closed under so ∪ wr (causal):
 *     CC and everything above it; a search level with it first checks CC, which it implies
 * @param prefixVisibility whether every transaction observes a prefix of the commit order (PC, SI,
 *     SER; Biswas & Enea's Prefix and Serialization axioms), which the prefix search needs; PSI's
 *     visibility is not a prefix (Cerone, Bernardi, Gotsman, CONCUR 2015)
 * @param conflict Biswas & Enea's Conflict axiom: a transaction observes every earlier writer of a
 *     key it writes (SI); in the read/write split graph a ww edge then enters the writer's read
 *     half
 * @param realTime whether the commit order contains real time (commit before start): strict SER
 * @param lostUpdatesAllowed whether two transactions may both overwrite the version they read (RC,
 *     RA, CC, PC); where not, a read-modify-write fixes the version order (chaining)
 * @param tryFirst a stronger level whose commit order, when the validator accepts it for this
 *     level, is a cheaper route to "consistent" (SI for PC and PSI), or null
 */
public record LevelTraits(
        Decision decidedBy,
        boolean repeatableReads,
        Graph graph,
        boolean transitiveVisibility,
        boolean prefixVisibility,
        boolean conflict,
        boolean realTime,
        boolean lostUpdatesAllowed,
        Level tryFirst) {

    /** How a level is decided. */
    public enum Decision {
        SATURATION,
        SEARCH
    }

    /** The graph a level is decided on. */
    public enum Graph {
        /** The commit relation co' inferred by saturation, one node per transaction (AWDIT §3). */
        COMMIT_RELATION,
        /** A polygraph with one node per transaction (Serialization). */
        TRANSACTIONS,
        /**
         * Each transaction split into a read half and a write half (Biswas & Enea §4.2–§4.3: PC,
         * SI).
         */
        READ_WRITE_SPLIT
    }

    private static final Map<Level, LevelTraits> TABLE = new EnumMap<>(Level.class);

    static {
        //  level           decided by           repeatable graph                   transitive
        // prefix conflict real-time lost-upd try first
        row(
                Level.RC,
                Decision.SATURATION,
                false,
                Graph.COMMIT_RELATION,
                false,
                false,
                false,
                false,
                true,
                null);
        row(
                Level.RA,
                Decision.SATURATION,
                true,
                Graph.COMMIT_RELATION,
                false,
                false,
                false,
                false,
                true,
                null);
        row(
                Level.CC,
                Decision.SATURATION,
                true,
                Graph.COMMIT_RELATION,
                true,
                false,
                false,
                false,
                true,
                null);
        row(
                Level.PC,
                Decision.SEARCH,
                true,
                Graph.READ_WRITE_SPLIT,
                true,
                true,
                false,
                false,
                true,
                Level.SI);
        row(
                Level.PSI,
                Decision.SEARCH,
                true,
                Graph.TRANSACTIONS,
                true,
                false,
                false,
                false,
                false,
                Level.SI);
        row(
                Level.SI,
                Decision.SEARCH,
                true,
                Graph.READ_WRITE_SPLIT,
                true,
                true,
                true,
                false,
                false,
                null);
        row(
                Level.SER,
                Decision.SEARCH,
                true,
                Graph.TRANSACTIONS,
                true,
                true,
                false,
                false,
                false,
                null);
        row(
                Level.SSER,
                Decision.SEARCH,
                true,
                Graph.TRANSACTIONS,
                true,
                true,
                false,
                true,
                false,
                null);
    }

    private static void row(
            Level level,
            Decision decidedBy,
            boolean repeatableReads,
            Graph graph,
            boolean transitiveVisibility,
            boolean prefixVisibility,
            boolean conflict,
            boolean realTime,
            boolean lostUpdatesAllowed,
            Level tryFirst) {
        TABLE.put(
                level,
                new LevelTraits(
                        decidedBy,
                        repeatableReads,
                        graph,
                        transitiveVisibility,
                        prefixVisibility,
                        conflict,
                        realTime,
                        lostUpdatesAllowed,
                        tryFirst));
    }

    /**
     * The row of {@code level}; a level without one is a defect (every constant must have a row).
     */
    static LevelTraits of(Level level) {
        LevelTraits t = TABLE.get(level);
        if (t == null) {
            throw new IllegalStateException("no row for " + level + " in LevelTraits");
        }
        return t;
    }

    /** Whether the level is decided on the read/write split graph. */
    public boolean split() {
        return graph == Graph.READ_WRITE_SPLIT;
    }
}
