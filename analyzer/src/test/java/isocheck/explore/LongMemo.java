package isocheck.explore;

/**
 * A map from non-negative longs to longs, open addressing with linear probing, no boxing: the
 * explorer's memo of what the specs say about a structure ({@link ExecutionExplorer}), looked up
 * once per execution and prefix, millions of times a second.
 */
final class LongMemo {
    private static final long EMPTY = -1;
    private long[] keys = filled(1 << 10);
    private long[] values = new long[1 << 10];
    private int size;

    private static long[] filled(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, EMPTY);
        return a;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** The value stored for {@code key} (≥ 0), {@code absent} when there is none. */
    long get(long key, long absent) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) return values[i];
            if (k == EMPTY) return absent;
        }
    }

    void put(long key, long value) {
        if (key < 0) throw new IllegalArgumentException("negative key " + key);
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            if (keys[i] == EMPTY) {
                keys[i] = key;
                values[i] = value;
                if (++size * 2 > keys.length) grow();
                return;
            }
        }
    }

    private void grow() {
        long[] oldKeys = keys, oldValues = values;
        keys = filled(oldKeys.length * 2);
        values = new long[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++)
            if (oldKeys[i] != EMPTY) put(oldKeys[i], oldValues[i]);
    }

    /** Forgets every entry. */
    void clear() {
        keys = filled(1 << 10);
        values = new long[1 << 10];
        size = 0;
    }

    int size() {
        return size;
    }
}
