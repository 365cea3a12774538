package isocheck.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The isolation level each transaction type of a run asks for: {@code run --isolation} for every
 * type, and {@code --isolation-of TYPE=LEVEL} for the types named. This is how {@code weakest
 * --per-transaction} answers are run: PostgreSQL lets each transaction choose its level (manual
 * §13.2, "SET TRANSACTION"), and its row locks and unique indexes act across levels, so a mixed run
 * is the mix the analysis assumes (Vandevoort, Ketsman, Koch, Neven, "Allocating isolation levels
 * to transactions in a multiversion setting", PODS 2023). A client keeps one connection per level
 * it uses, each configured once; its transactions still run one after another, so its session order
 * is the order it ran them in, whichever connection ran each.
 */
public record TypeLevels(Isolation base, Map<String, Isolation> byType) {

    public TypeLevels {
        byType = Collections.unmodifiableMap(new LinkedHashMap<>(byType));
    }

    /** Every type at {@code level}. */
    public static TypeLevels uniform(Isolation level) {
        return new TypeLevels(level, Map.of());
    }

    /** The level a transaction of type {@code type} runs at. */
    public Isolation of(String type) {
        return byType.getOrDefault(type, base);
    }

    /** Whether some type runs at a level other than {@link #base}. */
    public boolean mixed() {
        return byType.values().stream().anyMatch(l -> l != base);
    }

    /** The levels some transaction may run at: the base and every type's own. */
    public Set<Isolation> used() {
        Set<Isolation> s = new TreeSet<>(byType.values());
        s.add(base);
        return s;
    }

    /**
     * What a run's summary says of its level: the database's name of the base level, then each type
     * named with another level, e.g. {@code READ COMMITTED (withdraw at SERIALIZABLE)}.
     */
    public String describe(Engine engine) {
        StringBuilder sb = new StringBuilder(engine.levelName(base));
        String sep = " (";
        for (Map.Entry<String, Isolation> e : byType.entrySet()) {
            if (e.getValue() != base) {
                sb.append(sep)
                        .append(e.getKey())
                        .append(" at ")
                        .append(engine.levelName(e.getValue()));
                sep = ", ";
            }
        }
        return sep.equals(", ") ? sb.append(')').toString() : sb.toString();
    }
}
