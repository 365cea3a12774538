package isocheck.anomaly;

import java.util.List;

/**
 * Why the inferred edge {@code t2 → t1} exists: {@code reader} (t3) reads {@code key} from t1 with
 * {@code readX}, and t2, which also writes {@code key}, is visible to t3 — through the read {@code
 * readY} of t2's write (non-monotonic, fractured-wr), through session order (fractured-so) or
 * through the happens-before path {@code hbPath} from t2 to t3 (causal).
 */
public record Justification(
        Pattern pattern, String reader, String key, OpRef readX, OpRef readY, List<String> hbPath) {
    public Justification {
        hbPath = hbPath == null ? List.of() : List.copyOf(hbPath);
    }
}
