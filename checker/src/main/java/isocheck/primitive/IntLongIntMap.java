package isocheck.primitive;

import java.util.Arrays;

/**
 * Open-addressing hash map from an ({@code int}, {@code long}) pair to a non-negative {@code int}:
 * the (key, value) → write index of a history, with no object per entry.
 */
public final class IntLongIntMap {
    private int[] firsts;
    private long[] seconds;
    private int[] values; // -1 = free slot
    private int size;
    private int mask;

    public IntLongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
        allocate(cap);
    }

    private void allocate(int cap) {
        firsts = new int[cap];
        seconds = new long[cap];
        values = new int[cap];
        Arrays.fill(values, -1);
        mask = cap - 1;
    }

    public int size() {
        return size;
    }

    public int get(int a, long b) {
        int i = slot(a, b);
        while (true) {
            int v = values[i];
            if (v < 0) {
                return -1;
            }
            if (firsts[i] == a && seconds[i] == b) {
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
        while (true) {
            int v = values[i];
            if (v < 0) {
                firsts[i] = a;
                seconds[i] = b;
                values[i] = value;
                if (++size * 2 > values.length) {
                    rehash();
                }
                return -1;
            }
            if (firsts[i] == a && seconds[i] == b) {
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
        int[] f = firsts;
        long[] s = seconds;
        int[] v = values;
        allocate(v.length * 2);
        size = 0;
        for (int i = 0; i < v.length; i++) {
            if (v[i] >= 0) {
                putIfAbsent(f[i], s[i], v[i]);
            }
        }
    }
}
