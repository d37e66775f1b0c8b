package io.isoverify.history.testing;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.Outcome;

/**
 * A history with its values folded onto a few, so that several transactions write the same
 * value to a key (veristrong's DuplicateValue histories): value v becomes 1 + (v mod
 * {@code distinct}); the initial state stays. An execution that explained the history
 * explains the folded one (every read still sees the version it saw), so a valid history
 * stays valid; a broken one may become explainable, which the oracle decides. Sessions,
 * transactions, keys, outcomes and timestamps are kept.
 */
public final class RepeatedValues {
  private RepeatedValues() {}

  public static History of(History h, int distinct) {
    return of(h, distinct, 0);
  }

  /**
   * The same, with every {@code unknownEvery}-th committed transaction (0: none) given an
   * unknown outcome: it may have committed or not, so a valid history stays valid.
   */
  public static History of(History h, int distinct, int unknownEvery) {
    HistoryBuilder b = new HistoryBuilder(h.source() + ", values folded onto " + distinct
        + (unknownEvery > 0 ? ", every " + unknownEvery + "th commit unknown" : ""));
    long row = 0;
    try {
      for (int t = 0; t < h.txnCount(); t++) {
        int session = b.sessions().encode(h.sessions().decode(h.session(t)));
        Outcome outcome = unknownEvery > 0 && h.isCommitted(t) && t % unknownEvery == unknownEvery - 1
            ? Outcome.UNKNOWN : h.outcome(t);
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          int key = h.opKey(o) < 0 ? -1 : b.keys().encode(h.keys().decode(h.opKey(o)));
          int value = h.opValue(o) < 0 ? h.opValue(o)
              : b.values().encode(1 + Math.floorMod(number(h.values().decode(h.opValue(o))), distinct));
          b.add(++row, session, h.txnId(t), h.positionInSession(t), o - h.firstOp(t), h.opKind(o),
              key, value, outcome, h.startTs(t), h.endTs(t));
        }
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException("a folded history is malformed: " + e.getMessage(), e);
    }
  }

  /**
   * A history in which about {@code fraction} of the values written to each key (all but the
   * key's first) are replaced, in every write and read that carries them, by the key's first
   * written value, chosen by a hash of {@code seed}, key and value: that many writes repeat
   * a value, and their readers get several candidate writers. Validity is kept, as above.
   */
  public static History share(History h, double fraction, long seed) {
    java.util.Map<Long, Integer> onto = new java.util.HashMap<>();
    int[] first = new int[h.keys().size()];
    java.util.Arrays.fill(first, History.INITIAL);
    for (int o = 0; o < h.opCount(); o++) {
      int k = h.opKey(o);
      int v = h.opValue(o);
      if (k < 0 || v < 0 || !h.opKind(o).installsVersion()) {
        continue;
      }
      if (first[k] == History.INITIAL) {
        first[k] = v;
      } else if (v != first[k] && mix(seed, k, v) < fraction) {
        onto.put(((long) k << 32) | v, first[k]);
      }
    }
    HistoryBuilder b = new HistoryBuilder(h.source() + ", " + fraction + " of its values shared");
    long row = 0;
    try {
      for (int t = 0; t < h.txnCount(); t++) {
        int session = b.sessions().encode(h.sessions().decode(h.session(t)));
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          int k = h.opKey(o);
          int v = h.opValue(o);
          int shared = k < 0 || v < 0 ? v : onto.getOrDefault(((long) k << 32) | v, v);
          b.add(++row, session, h.txnId(t), h.positionInSession(t), o - h.firstOp(t), h.opKind(o),
              k < 0 ? -1 : b.keys().encode(h.keys().decode(k)),
              shared < 0 ? shared : b.values().encode(h.values().decode(shared)), h.outcome(t),
              h.startTs(t), h.endTs(t));
        }
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException("a shared-value history is malformed: " + e.getMessage(), e);
    }
  }

  /**
   * The writes of a (key, value) pair an earlier write installed already, in history order:
   * of every transaction, or of the committed ones only. O(operations).
   */
  public static int repeatedWrites(History h, boolean committedOnly) {
    java.util.Set<Long> written = new java.util.HashSet<>();
    int repeated = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); (h.isCommitted(t) || !committedOnly) && o < h.endOp(t); o++) {
        if (h.opKind(o) == io.isoverify.history.OpKind.WRITE
            && !written.add(((long) h.opKey(o) << 32) | h.opValue(o))) {
          repeated++;
        }
      }
    }
    return repeated;
  }

  /** A number in [0, 1) from the seed, key and value (SplitMix64's finalizer). */
  private static double mix(long seed, int k, int v) {
    long z = seed + 0x9E3779B97F4A7C15L * (((long) k << 32) ^ v);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return ((z ^ (z >>> 31)) >>> 11) * 0x1.0p-53;
  }

  private static long number(Object o) {
    return o instanceof Number n ? n.longValue() : o.toString().hashCode();
  }
}
