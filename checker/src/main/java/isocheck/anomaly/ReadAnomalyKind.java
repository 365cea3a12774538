package isocheck.anomaly;

/**
 * Read-consistency anomalies (AWDIT Def. 2.3 and Algorithm 4; Plume's TAP-a…f and TAP-j), with
 * Adya's name where one applies.
 */
public enum ReadAnomalyKind {
    THIN_AIR_READ("thin-air read", "TAP-a", null),
    ABORTED_READ("aborted read", "TAP-b", "G1a"),
    FUTURE_READ("future read", "TAP-c", null),
    NOT_MY_OWN_WRITE("not-my-own-write", "TAP-d", null),
    NOT_MY_LAST_WRITE("not-my-last-write", "TAP-e", null),
    INTERMEDIATE_READ("intermediate read", "TAP-f", "G1b"),
    /**
     * Reading one key from two transactions; forbidden by RA and CC, allowed by RC (AWDIT Alg. 2).
     */
    NON_REPEATABLE_READ("non-repeatable read", "TAP-j", null);

    private final String displayName;
    private final String tap;
    private final String adya;

    ReadAnomalyKind(String displayName, String tap, String adya) {
        this.displayName = displayName;
        this.tap = tap;
        this.adya = adya;
    }

    public String displayName() {
        return displayName;
    }

    public String tap() {
        return tap;
    }

    /** Adya's name (G1a, G1b), or null. */
    public String adya() {
        return adya;
    }
}
