package isocheck.anomaly;

/** The {@code index}-th operation (0-based, program order) of transaction {@code txn}. */
public record OpRef(TxnView txn, int index) {
    public OpView op() {
        return txn.ops().get(index);
    }

    @Override
    public String toString() {
        return op().toString();
    }
}
