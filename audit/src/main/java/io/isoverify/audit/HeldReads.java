package io.isoverify.audit;

import io.isoverify.history.History;
import io.isoverify.history.LongSet;
import io.isoverify.history.OpKind;
import io.isoverify.history.OrderMarkers;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The reads of held transactions whose writer is collected. Cobra's deletion (Definition 25)
 * removes the collected transaction's vertex, edges and reads-from tuples; the held history
 * does better where it can:
 * <ul>
 *   <li>when the collected writer read-modify-wrote the version before it (a chain, cobra
 *       3.1), back to a version a held transaction wrote, the read is made a read of that
 *       version: every collected version between them was consecutive in every serial order
 *       (each one read the one before), so the held history states only what the whole one
 *       implies, and keeps the chain whole (a read left out would leave two chains of the key,
 *       with a constraint between them);</li>
 *   <li>when that walk back reaches the initial state, the read is made a read of the initial
 *       state: the chain from the initial state is consecutive in every serial order and
 *       before every other chain of the key, in the whole history as in the held one (so a
 *       fence's read of the chain's first version becomes one: the fences held are a suffix
 *       of their chain, see {@link Collection});</li>
 *   <li>otherwise the writer is kept: cobra's deletion removes the reads-from tuple but keeps
 *       the known graph's edges between held transactions, among them the anti-dependency
 *       from the reader to the writer's successor, which a held history re-derived without
 *       the read would lose. A writer kept may itself read from collected ones, and takes its
 *       P-SCC with it (the caller's {@code keep}), so this runs to a fixpoint.</li>
 * </ul>
 * A held read of an order marker ({@link OrderMarkers}) whose writer is collected is left
 * out instead, without keeping the writer: the round's {@link OrderCarry} carries the order
 * that ran through it. O(operations) per pass, the walks back along chains memoized per
 * version.
 */
final class HeldReads {
  private HeldReads() {}

  /** No held version: the read's writer is kept. */
  static final int LEFT_OUT = Integer.MIN_VALUE;

  /**
   * Updates {@code removed} (writers kept back, each through {@code keep}, which clears its
   * flag and those of the transactions that must stay with it) and returns, per operation
   * of {@code h}, the value code the held history gives it: its own, or another (a read made
   * a read of an earlier held version, or of the initial state {@link History#INITIAL}).
   */
  static int[] values(History h, boolean[] removed, java.util.function.IntConsumer keep) {
    int[] value = new int[h.opCount()];
    boolean[] marker = OrderMarkers.keys(h);
    boolean changed = true;
    while (changed) {
      changed = false;
      Versions v = new Versions(h, removed);
      LongSet wanted = new LongSet();
      for (int t = 0; t < h.txnCount(); t++) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          value[o] = h.opValue(o);
          if (!removed[t] && h.opKind(o) == OpKind.READ && value[o] >= 0
              && v.onlyCollected(h.opKey(o), value[o])) {
            // an order marker's read of a collected writer goes: this round's orders
            // carry what ran through that writer (OrderCarry)
            value[o] = marker[h.opKey(o)] ? LEFT_OUT : v.heldBefore(h.opKey(o), value[o]);
            if (value[o] == LEFT_OUT && !marker[h.opKey(o)]) {
              wanted.add(v.chainStart(h.opKey(o), h.opValue(o)));
            }
          }
        }
      }
      for (int w = 0; w < h.txnCount() && !wanted.isEmpty(); w++) {
        for (int o = h.firstOp(w); o < h.endOp(w) && removed[w]; o++) {
          if (h.opKind(o).installsVersion() && h.opKey(o) >= 0 && h.opValue(o) >= 0
              && wanted.contains(StaleReads.pair(h.opKey(o), h.opValue(o)))) {
            keep.accept(w); // a held read keeps its writer
            changed = true;
          }
        }
      }
    }
    return value;
  }

  /** The versions of a round: who wrote each, and the version each collected writer read. */
  private static final class Versions {
    private final History h;
    private final boolean[] removed;
    private final LongSet held = new LongSet();
    /** version (key, value) -> its one writer, or -1 when several wrote it. */
    private final Map<Long, Integer> writer = new HashMap<>();
    private final Map<Long, Integer> memo = new HashMap<>();

    Versions(History h, boolean[] removed) {
      this.h = h;
      this.removed = removed;
      for (int t = 0; t < h.txnCount(); t++) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (h.opKind(o).installsVersion() && h.opKey(o) >= 0 && h.opValue(o) >= 0) {
            long p = StaleReads.pair(h.opKey(o), h.opValue(o));
            if (!removed[t]) {
              held.add(p);
            }
            writer.merge(p, t, (a, b) -> a.equals(b) ? a : -1);
          }
        }
      }
    }

    /** True when collected transactions wrote the version and no held one did. */
    boolean onlyCollected(int key, int value) {
      long p = StaleReads.pair(key, value);
      return writer.containsKey(p) && !held.contains(p);
    }

    /**
     * The latest version of {@code key} before the collected one {@code value} that a held
     * transaction wrote, following the collected writers' reads of the key; the initial
     * state when the chain starts there; {@link #LEFT_OUT} when it starts with a blind write
     * or a version several transactions wrote.
     */
    int heldBefore(int key, int value) {
      long p = StaleReads.pair(key, value);
      Integer known = memo.get(p);
      if (known != null) {
        return known;
      }
      int result = walk(key, value);
      memo.put(p, result);
      return result;
    }

    /**
     * The version where the walk back from {@code value} stops without a held version: a
     * blind write (its writer, kept, lets the read be made a read of it) or a version
     * several transactions wrote (all of them kept). Called when {@link #heldBefore} is
     * {@link #LEFT_OUT}.
     */
    long chainStart(int key, int value) {
      int v = value;
      for (int steps = 0; steps <= h.txnCount(); steps++) {
        Integer w = writer.get(StaleReads.pair(key, v));
        if (w == null || w < 0 || !removed[w]) {
          break;
        }
        int read = readBeforeWrite(w, key);
        if (read == LEFT_OUT || read == History.INITIAL) {
          break;
        }
        v = read;
      }
      return StaleReads.pair(key, v);
    }

    /**
     * Walks back from {@code value} along the collected writers' reads of the key: the first
     * version a held transaction wrote, the initial state, or the version where it stops
     * (see {@link #chainStart}, as {@link #LEFT_OUT} when that version's writer is collected).
     */
    private int walk(int key, int value) {
      int v = value;
      for (int steps = 0; steps <= h.txnCount(); steps++) {
        Integer w = writer.get(StaleReads.pair(key, v));
        if (w == null || w < 0) {
          return LEFT_OUT;
        }
        if (!removed[w]) {
          return v;
        }
        int read = readBeforeWrite(w, key);
        if (read == History.INITIAL) {
          return History.INITIAL;
        }
        if (read == LEFT_OUT) {
          return LEFT_OUT;
        }
        v = read;
      }
      return LEFT_OUT;
    }

    /** The value {@code t} read of {@code key} before it first wrote it, or LEFT_OUT. */
    private int readBeforeWrite(int t, int key) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKey(o) != key) {
          continue;
        }
        if (h.opKind(o) == OpKind.READ) {
          return h.opValue(o);
        }
        return LEFT_OUT; // a blind write starts the chain
      }
      return LEFT_OUT;
    }
  }
}
