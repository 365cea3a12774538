package isocheck.primitive;

/**
 * Open-addressing hash map from an ({@code int}, {@code long}) pair to a non-negative {@code int}:
 * the (key, value) → write index of a history, with no object per entry. A slot is two adjacent
 * longs, {@code first << 32 | value} and the second component, so a probe touches one cache line
 * (three parallel arrays cost three misses per lookup: the map is far larger than the caches at
 * 10^6 writes, and every read of a history is looked up once).
 */
public final class IntLongIntMap {
    private static final long FREE = -1L; // value bits all ones: value -1
    private long[] slots;
    private int size;
    private int mask;

    public IntLongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
        allocate(cap);
    }

    private void allocate(int cap) {
        slots = new long[cap * 2];
        for (int i = 0; i < slots.length; i += 2) {
            slots[i] = FREE;
        }
        mask = cap - 1;
    }

    public int size() {
        return size;
    }

    public int get(int a, long b) {
        int i = slot(a, b);
        long[] s = slots;
        while (true) {
            long head = s[2 * i];
            int v = (int) head;
            if (v < 0) {
                return -1;
            }
            if ((int) (head >>> 32) == a && s[2 * i + 1] == b) {
                return v;
            }
            i = (i + 1) & mask;
        }
    }

    /** Stores the value if the pair is absent; returns the value already stored, or -1. */
    public int putIfAbsent(int a, long b, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative value");
        }
        int i = slot(a, b);
        long[] s = slots;
        while (true) {
            long head = s[2 * i];
            int v = (int) head;
            if (v < 0) {
                s[2 * i] = (long) a << 32 | (value & 0xffffffffL);
                s[2 * i + 1] = b;
                if (++size * 2 > mask + 1) {
                    rehash();
                }
                return -1;
            }
            if ((int) (head >>> 32) == a && s[2 * i + 1] == b) {
                return v;
            }
            i = (i + 1) & mask;
        }
    }

    private int slot(int a, long b) {
        long h = (b + a * 0xC2B2AE3D27D4EB4FL) * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 31)) & mask;
    }

    private void rehash() {
        long[] old = slots;
        allocate((mask + 1) * 2);
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            int v = (int) old[i];
            if (v >= 0) {
                putIfAbsent((int) (old[i] >>> 32), old[i + 1], v);
            }
        }
    }
}
