package isocheck.level;

/** Packs two transaction numbers into one long key. */
final class TxnPair {
    private TxnPair() {}

    static long pair(int a, int b) {
        return (long) a << 32 | (b & 0xffffffffL);
    }
}
