package isocheck.primitive;

import java.util.Arrays;

/** A growable array of {@code int}s: no boxing, amortised O(1) append. */
public final class IntList {
    private int[] data;
    private int size;

    public IntList() {
        this(16);
    }

    public IntList(int capacity) {
        data = new int[Math.max(4, capacity)];
    }

    /** Makes room for {@code n} elements in all (a caller that knows the size avoids regrowing). */
    public void ensureCapacity(int n) {
        if (n > data.length) {
            data = Arrays.copyOf(data, n);
        }
    }

    public void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, grow(data.length));
        }
        data[size++] = v;
    }

    /** Appends {@code a[from, from + n)} (a bulk copy, for readers that fill arrays first). */
    public void addAll(int[] a, int from, int n) {
        if (size + n > data.length) {
            data = Arrays.copyOf(data, Math.max(size + n, grow(data.length)));
        }
        System.arraycopy(a, from, data, size, n);
        size += n;
    }

    public int get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        return data[i];
    }

    public void set(int i, int v) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        data[i] = v;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void clear() {
        size = 0;
    }

    public int last() {
        return data[size - 1];
    }

    public int removeLast() {
        return data[--size];
    }

    /**
     * The backing array itself, not a copy: its first {@link #size()} entries are the list. For hot
     * loops that read a list many times; valid until the list next grows.
     */
    public int[] elements() {
        return data;
    }

    public int[] toArray() {
        return Arrays.copyOf(data, size);
    }

    static int grow(int n) {
        long next = (long) n + (n >> 1) + 16;
        if (next > Integer.MAX_VALUE - 16) {
            next = Integer.MAX_VALUE - 16;
            if (next <= n) {
                throw new OutOfMemoryError("array too large");
            }
        }
        return (int) next;
    }
}
