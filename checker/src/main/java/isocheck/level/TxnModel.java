package isocheck.level;

import isocheck.history.History;
import isocheck.primitive.IntList;
import java.util.Arrays;

/**
 * The committed transactions of a history reduced to what the exact levels need (Biswas & Enea,
 * OOPSLA 2019, §2.1 step 7): per transaction its external reads (key and writer transaction, one
 * per key — the history already passed read consistency and repeatable reads) and its write set
 * (keys whose final write it makes); per (writer, key) the readers of that version; sessions of
 * committed transactions. Built in O(n) from the public {@link History} API. Only valid for
 * histories that satisfy CC (so ∪ wr acyclic, reads consistent and repeatable).
 */
final class TxnModel {
    final History h;
    final int n;
    final int init; // 0 or -1
    final int keyCount;
    final int sessions;

    /** Committed transactions of session s, in session order. */
    final int[][] sess;

    final int[] sessOf;
    final int[] posOf;

    /** Immediate committed session predecessor (the initial transaction for first ones), or -1. */
    final int[] soPred;

    /** External reads of t: rdKey/rdWriter/rdOp[rdStart[t] .. rdStart[t+1]), one per key. */
    final int[] rdStart;

    final int[] rdKey;
    final int[] rdWriter;
    final int[] rdOp;

    /** Write set of t: slots wStart[t] .. wStart[t+1]; slotKey, slotTxn per slot. */
    final int[] wStart;

    final int[] slotKey;
    final int[] slotTxn;

    /**
     * Readers of each slot (version): slotReaders[srStart[slot] .. srStart[slot+1]), read ops in
     * srOp.
     */
    final int[] srStart;

    final int[] slotReaders;
    final int[] srOp;

    /** Slot read by each external read (parallel to rdKey). */
    final int[] rdSlot;

    /** Writers of key x: slots kwSlot[kwStart[x] .. kwStart[x+1]). */
    final int[] kwStart;

    final int[] kwSlot;
    final boolean[] live;
    final int liveCount;

    /** The history's recorded version order, once for every polygraph built on this model. */
    final RecordedOrder recorded;

    TxnModel(History h) {
        this.h = h;
        recorded = RecordedOrder.of(h);
        n = h.txnCount();
        init = h.hasInitial() ? 0 : -1;
        keyCount = h.keys().size();
        sessions = h.sessionCount();
        live = new boolean[n];
        int lc = 0;
        for (int t = 0; t < n; t++) {
            live[t] = h.isCommitted(t);
            if (live[t]) {
                lc++;
            }
        }
        liveCount = lc;
        sess = new int[sessions][];
        sessOf = new int[n];
        posOf = new int[n];
        soPred = new int[n];
        Arrays.fill(sessOf, -1);
        Arrays.fill(soPred, -1);
        for (int s = 0; s < sessions; s++) {
            IntList l = new IntList();
            int prev = init;
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                if (live[t]) {
                    sessOf[t] = s;
                    posOf[t] = l.size();
                    soPred[t] = prev;
                    prev = t;
                    l.add(t);
                }
            }
            sess[s] = l.toArray();
        }
        // write slots: final write per (txn, key)
        int ops = h.opCount();
        int[] opSlot = new int[ops];
        Arrays.fill(opSlot, -1);
        wStart = new int[n + 1];
        IntList sk = new IntList();
        IntList st = new IntList();
        int[] stamp = new int[keyCount];
        Arrays.fill(stamp, -1);
        for (int t = 0; t < n; t++) {
            wStart[t] = sk.size();
            if (!live[t]) {
                continue;
            }
            for (int op = h.opEnd(t) - 1; op >= h.opStart(t); op--) {
                if (h.isWrite(op) && stamp[h.key(op)] != t) {
                    stamp[h.key(op)] = t;
                    opSlot[op] = sk.size();
                    sk.add(h.key(op));
                    st.add(t);
                }
            }
        }
        wStart[n] = sk.size();
        slotKey = sk.toArray();
        slotTxn = st.toArray();
        int slots = slotKey.length;
        // external reads, first per key
        rdStart = new int[n + 1];
        IntList rk = new IntList();
        IntList rw = new IntList();
        IntList ro = new IntList();
        IntList rs = new IntList();
        Arrays.fill(stamp, -1);
        int[] srCount = new int[slots + 1];
        for (int t = 0; t < n; t++) {
            rdStart[t] = rk.size();
            if (!live[t]) {
                continue;
            }
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                if (h.isWrite(op)) {
                    stamp[h.key(op)] = t; // later reads of this key are internal
                    continue;
                }
                int x = h.key(op);
                if (stamp[x] == t) {
                    continue;
                }
                int w = h.writeOf(x, h.value(op));
                if (w < 0 || opSlot[w] < 0) {
                    continue; // cannot happen after read consistency
                }
                int slot = opSlot[w];
                if (slotTxn[slot] == t) {
                    continue;
                }
                stamp[x] = t;
                rk.add(x);
                rw.add(slotTxn[slot]);
                ro.add(op);
                rs.add(slot);
                srCount[slot]++;
            }
        }
        rdStart[n] = rk.size();
        rdKey = rk.toArray();
        rdWriter = rw.toArray();
        rdOp = ro.toArray();
        rdSlot = rs.toArray();
        srStart = new int[slots + 1];
        for (int i = 0; i < slots; i++) {
            srStart[i + 1] = srStart[i] + srCount[i];
        }
        slotReaders = new int[srStart[slots]];
        srOp = new int[srStart[slots]];
        int[] fill = Arrays.copyOf(srStart, slots);
        for (int t = 0; t < n; t++) {
            for (int i = rdStart[t]; i < rdStart[t + 1]; i++) {
                int slot = rdSlot[i];
                slotReaders[fill[slot]] = t;
                srOp[fill[slot]++] = rdOp[i];
            }
        }
        kwStart = new int[keyCount + 1];
        for (int i = 0; i < slots; i++) {
            kwStart[slotKey[i] + 1]++;
        }
        for (int x = 0; x < keyCount; x++) {
            kwStart[x + 1] += kwStart[x];
        }
        kwSlot = new int[slots];
        int[] kf = Arrays.copyOf(kwStart, keyCount);
        for (int i = 0; i < slots; i++) {
            kwSlot[kf[slotKey[i]]++] = i;
        }
    }

    /** The slot of t's write of key x, or -1 (linear in t's write set). */
    int slotOf(int t, int x) {
        for (int i = wStart[t]; i < wStart[t + 1]; i++) {
            if (slotKey[i] == x) {
                return i;
            }
        }
        return -1;
    }

    boolean hasTimes(int t) {
        return h.startTime(t) != History.NO_TIME
                && h.commitTime(t) != History.NO_TIME
                && !h.isInitial(t);
    }

    String label(int t) {
        return h.txnLabel(t);
    }
}
