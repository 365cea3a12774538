package isocheck.spec;

import java.util.List;

/** {@code include NAME [for T1, T2, ...]} at {@code position} (the position of NAME). */
public record Include(String target, List<String> forTypes, SourcePosition position) {
    public Include {
        forTypes = List.copyOf(forTypes);
    }
}
