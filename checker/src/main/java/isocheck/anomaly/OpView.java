package isocheck.anomaly;

/** One operation, as shown in a witness: {@code r(x,1)} or {@code w(x,1)}. */
public record OpView(boolean write, String key, String value) {
    @Override
    public String toString() {
        return (write ? "w(" : "r(") + key + "," + value + ")";
    }
}
