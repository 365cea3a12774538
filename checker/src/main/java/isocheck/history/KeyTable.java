package isocheck.history;

import isocheck.primitive.LongIntMap;
import isocheck.primitive.LongList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interned keys: every distinct key gets a dense id 0..size-1. A key is either numeric (a 64-bit
 * integer, as in Plume, dbcop and Cobra histories) or a name (as in Elle or our JSON). A name that
 * is the canonical decimal form of a {@code long} is the same key as that number.
 */
public final class KeyTable {
    private final LongIntMap numericIds = new LongIntMap(64);
    private final Map<String, Integer> namedIds = new HashMap<>();
    private final LongList numbers = new LongList();
    private final List<String> names = new ArrayList<>(); // null for numeric keys

    /**
     * Small non-negative numeric keys (the common case) map to ids through this array: id + 1, 0 =
     * absent.
     */
    private int[] dense = new int[64];

    private static final long DENSE_LIMIT = 1 << 22;

    /** The id of numeric key {@code k}, interning it on first use. */
    public int intern(long k) {
        if (k >= 0 && k < DENSE_LIMIT) {
            int i = (int) k;
            if (i < dense.length && dense[i] != 0) {
                return dense[i] - 1;
            }
        }
        int id = numericIds.get(k);
        if (id < 0) {
            id = names.size();
            numericIds.put(k, id);
            numbers.add(k);
            names.add(null);
        }
        if (k >= 0 && k < DENSE_LIMIT) {
            int i = (int) k;
            if (i >= dense.length) {
                dense = java.util.Arrays.copyOf(dense, Math.max(i + 1, dense.length * 2));
            }
            dense[i] = id + 1;
        }
        return id;
    }

    /** The id of key {@code name}, interning it on first use. */
    public int intern(String name) {
        Long n = canonicalNumber(name);
        if (n != null) {
            return intern(n.longValue());
        }
        Integer id = namedIds.get(name);
        if (id == null) {
            id = names.size();
            namedIds.put(name, id);
            numbers.add(0);
            names.add(name);
        }
        return id;
    }

    /** The id of an existing key, or -1. */
    public int find(String name) {
        Long n = canonicalNumber(name);
        if (n != null) {
            return numericIds.get(n.longValue());
        }
        Integer id = namedIds.get(name);
        return id == null ? -1 : id;
    }

    public int size() {
        return names.size();
    }

    public boolean isNumeric(int id) {
        return names.get(id) == null;
    }

    /** The number of a numeric key. */
    public long number(int id) {
        if (!isNumeric(id)) {
            throw new IllegalArgumentException("key " + names.get(id) + " is not numeric");
        }
        return numbers.get(id);
    }

    /** The key as text: its name, or its number in decimal. */
    public String name(int id) {
        String s = names.get(id);
        return s != null ? s : Long.toString(numbers.get(id));
    }

    private static Long canonicalNumber(String s) {
        int n = s.length();
        if (n == 0 || n > 20) {
            return null;
        }
        int i = s.charAt(0) == '-' ? 1 : 0;
        if (i == n) {
            return null;
        }
        for (int j = i; j < n; j++) {
            char c = s.charAt(j);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        try {
            long v = Long.parseLong(s);
            return Long.toString(v).equals(s) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
