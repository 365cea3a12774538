package isocheck.spec;

import isocheck.program.SourcePos;
import java.util.List;

/** {@code include NAME [for T1, T2, ...]} at {@code position} (the position of NAME). */
public record Include(String target, List<String> forTypes, SourcePos position) {
    public Include {
        forTypes = List.copyOf(forTypes);
    }
}
