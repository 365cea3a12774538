package isocheck.weakest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A level for every transaction type of a program (in the program's order). Its strength is the sum
 * of the levels' ranks in the {@link TypeLevelOrder}: an upgrade of one type raises it by at least
 * one, so a pointwise-weaker assignment always has a smaller strength.
 */
public record Assignment(Map<String, String> levels) {

    public Assignment {
        levels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    }

    public static Assignment uniform(List<String> types, String level) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String t : types) m.put(t, level);
        return new Assignment(m);
    }

    public String level(String type) {
        return levels.get(type);
    }

    public Assignment with(String type, String level) {
        Map<String, String> m = new LinkedHashMap<>(levels);
        m.put(type, level);
        return new Assignment(m);
    }

    public int strength(TypeLevelOrder order) {
        return levels.values().stream().mapToInt(order::rank).sum();
    }

    /**
     * Every type's level entails this one's level for {@code other}: the hybrid entails {@code
     * other}'s.
     */
    public boolean atLeast(Assignment other, TypeLevelOrder order) {
        return levels.entrySet().stream()
                .allMatch(e -> order.atLeast(e.getValue(), other.level(e.getKey())));
    }

    /** {@code NewOrder=si, Payment=psi, …}. */
    @Override
    public String toString() {
        return levels.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }
}
