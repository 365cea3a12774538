package isocheck.primitive;

import java.util.Arrays;

/** A growable array of {@code long}s: no boxing, amortised O(1) append. */
public final class LongList {
    private long[] data;
    private int size;

    public LongList() {
        this(16);
    }

    public LongList(int capacity) {
        data = new long[Math.max(4, capacity)];
    }

    /** Makes room for {@code n} elements in all (a caller that knows the size avoids regrowing). */
    public void ensureCapacity(int n) {
        if (n > data.length) {
            data = Arrays.copyOf(data, n);
        }
    }

    public void add(long v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, IntList.grow(data.length));
        }
        data[size++] = v;
    }

    /** Appends {@code a[from, from + n)} (a bulk copy, for readers that fill arrays first). */
    public void addAll(long[] a, int from, int n) {
        if (size + n > data.length) {
            data = Arrays.copyOf(data, Math.max(size + n, IntList.grow(data.length)));
        }
        System.arraycopy(a, from, data, size, n);
        size += n;
    }

    public long get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        return data[i];
    }

    public void set(int i, long v) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        data[i] = v;
    }

    public void clear() {
        size = 0;
    }

    public int size() {
        return size;
    }

    public long[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
