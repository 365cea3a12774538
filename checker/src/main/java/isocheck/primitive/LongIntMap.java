package isocheck.primitive;

import java.util.Arrays;

/**
 * Open-addressing hash map from {@code long} keys to non-negative {@code int} values (linear
 * probing, no boxing). {@link #get} returns -1 when the key is absent.
 */
public final class LongIntMap {
    private static final long FREE = Long.MIN_VALUE;

    private long[] keys;
    private int[] values;
    private int size;
    private int mask;
    private boolean hasFreeKey;
    private int freeKeyValue;

    public LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
        keys = new long[cap];
        Arrays.fill(keys, FREE);
        values = new int[cap];
        mask = cap - 1;
    }

    public int size() {
        return size + (hasFreeKey ? 1 : 0);
    }

    public int get(long key) {
        if (key == FREE) {
            return hasFreeKey ? freeKeyValue : -1;
        }
        int i = slot(key);
        while (true) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == FREE) {
                return -1;
            }
            i = (i + 1) & mask;
        }
    }

    /** Stores {@code value} under {@code key} and returns the previous value or -1. */
    public int put(long key, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative value");
        }
        if (key == FREE) {
            int prev = hasFreeKey ? freeKeyValue : -1;
            hasFreeKey = true;
            freeKeyValue = value;
            return prev;
        }
        int i = slot(key);
        while (true) {
            long k = keys[i];
            if (k == key) {
                int prev = values[i];
                values[i] = value;
                return prev;
            }
            if (k == FREE) {
                keys[i] = key;
                values[i] = value;
                if (++size * 2 > keys.length) {
                    rehash();
                }
                return -1;
            }
            i = (i + 1) & mask;
        }
    }

    /** Stores {@code value} only if {@code key} is absent; returns the existing value or -1. */
    public int putIfAbsent(long key, int value) {
        int prev = get(key);
        if (prev < 0) {
            put(key, value);
        }
        return prev;
    }

    private int slot(long key) {
        long h = key; // murmur3's fmix64: every key bit reaches the low bits used as the slot
        h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return (int) (h ^ (h >>> 33)) & mask;
    }

    private void rehash() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        Arrays.fill(keys, FREE);
        values = new int[oldKeys.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != FREE) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
