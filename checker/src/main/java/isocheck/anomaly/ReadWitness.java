package isocheck.anomaly;

import java.util.ArrayList;
import java.util.List;

/**
 * A read that breaks read consistency. {@code write} is the observed write (null for a thin-air
 * read); {@code other} is the operation that makes the read wrong: the reader's own earlier write
 * (not-my-own-write), its own later write (not-my-last-write), the writer's overwriting write
 * (intermediate read), or the earlier read of the key (non-repeatable read); null otherwise. {@code
 * otherWrite} is the write that {@code other} observed (non-repeatable read only).
 */
public record ReadWitness(
        ReadAnomalyKind kind, OpRef read, OpRef write, OpRef other, OpRef otherWrite)
        implements Witness {
    @Override
    public String name() {
        return kind.displayName();
    }

    @Override
    public String adya() {
        return kind.adya();
    }

    @Override
    public List<TxnView> transactions() {
        List<TxnView> out = new ArrayList<>();
        for (OpRef r : new OpRef[] {read, otherWrite, write, other}) {
            if (r != null && !out.contains(r.txn())) {
                out.add(r.txn());
            }
        }
        return out;
    }
}
