package isocheck.vocabulary;

/**
 * What the {@link CycleClassifier} needs of one edge of a cycle, whichever half found it: its kind,
 * the transactions it joins, and the item it is on. {@code key} names the item of wr/ww/rw edges in
 * one form on both sides, {@code table/pk/field} for SQL programs (a record's existence is the
 * field {@value #EXISTENCE}), and is null for so, co and rt edges.
 */
public interface CycleEdge {
    /**
     * The field name of a record's existence: a read of it is a predicate read (a phantom when
     * overwritten).
     */
    String EXISTENCE = "@alive";

    EdgeKind kind();

    String from();

    String to();

    String key();

    /**
     * Whether this edge stands for one of Adya's predicate dependencies (a predicate read's edge,
     * not an item's): a cycle with a predicate anti-dependency is Adya's G2 rather than G2-item.
     */
    default boolean predicate() {
        return false;
    }

    /** A plain edge, for callers whose own edge type does not implement this interface. */
    record Of(EdgeKind kind, String from, String to, String key) implements CycleEdge {}
}
