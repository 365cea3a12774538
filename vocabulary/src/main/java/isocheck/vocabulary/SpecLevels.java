package isocheck.vocabulary;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The correspondence between the static specs (files in {@code specs/}, Nagar & Jagannathan, CONCUR
 * 2018, §3.2 and Fig. 4) and the dynamic levels of the checker (Cerone, Bernardi, Gotsman, CONCUR
 * 2015, §4; Biswas & Enea, OOPSLA 2019, §3): the level a history of a static witness under the spec
 * must satisfy. EC's counterpart is RA, not RC: the paper's EC makes a transaction's writes visible
 * all at once (its visibility is per transaction), which is read atomicity. The paper's PSI is
 * {@code WW ⇒ vis} without causality while the dynamic PSI includes causal visibility, so a PSI
 * witness whose visibility is not transitive is held to RA (see {@code WitnessHistoryTest}). A new
 * spec with a dynamic counterpart is a row here.
 */
public final class SpecLevels {
    private static final Map<String, String> COUNTERPART = new LinkedHashMap<>();

    static {
        COUNTERPART.put("ec", "RA");
        COUNTERPART.put("cc", "CC");
        COUNTERPART.put("pc", "PC");
        COUNTERPART.put("psi", "PSI");
        COUNTERPART.put("si", "SI");
        COUNTERPART.put("ser", "SER");
        // PostgreSQL's levels (docs/postgresql-levels.md): READ COMMITTED reads each statement
        // from a prefix of the commit order, a prefix no shorter than the previous statement's
        // (Cerone et al.'s RC: no dirty, no non-monotonic reads); REPEATABLE READ is snapshot
        // isolation with first-updater-wins (manual §13.2.2)
        COUNTERPART.put("pg-read-committed", "RC");
        COUNTERPART.put("pg-repeatable-read", "SI");
    }

    private SpecLevels() {}

    /**
     * The checker level name ({@code Level.parse} accepts it) that corresponds to the spec, if any.
     */
    public static Optional<String> levelOf(String spec) {
        return Optional.ofNullable(COUNTERPART.get(spec));
    }

    /**
     * Every spec with a counterpart, in order of strength where comparable (ec weakest, ser
     * strongest).
     */
    public static Map<String, String> all() {
        return Collections.unmodifiableMap(COUNTERPART);
    }
}
