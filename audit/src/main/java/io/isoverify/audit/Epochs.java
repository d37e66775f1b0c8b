package io.isoverify.audit;

import io.isoverify.history.Fences;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The epochs of cobra 4.2 and appendix B.4 (Figure 12, ASSIGNEPOCH) over the transactions a
 * round holds. The write fences ({@link Fences}) are chained by their read-modify-writes of
 * the fence key; a fence's epoch is its position in the chain (counted from the first fence
 * the round holds: earlier ones may have been collected, and only differences of epochs
 * matter); a normal transaction's epoch is the epoch of the next fence of its session minus
 * one, and {@link #INFINITE} after its session's last fence. {@code epochAgree} is the largest
 * epoch every session has reached with a fence.
 *
 * <p>Guarantee (cobra 4.2, Claim 37): a transaction of epoch {@code <= epochAgree - 2} has a
 * path in the known graph to every transaction still to come in a session the round holds.
 * When the fences are not well formed (Definition 34: a transaction other than a fence touches
 * the fence key, two fences read one version, the chain does not start once) or a session has
 * no fence, nothing is old: {@link #reason} says why. O(transactions + operations).
 */
final class Epochs {
  static final int INFINITE = Integer.MAX_VALUE;

  /** Per dense transaction id, its epoch or {@link #INFINITE}. */
  final int[] epoch;
  /**
   * Per dense transaction id, the epoch of the last fence at or before it in its session
   * ({@link Integer#MIN_VALUE} when none): a transaction of epoch {@code e} has a path in the
   * known graph to every transaction {@code u} with {@code after[u] > e} (its session's next
   * fence, the fence chain, and session order; cobra Lemma 36).
   */
  final int[] after;
  /** The largest epoch every session reached; {@link Integer#MIN_VALUE} when none. */
  final int agree;
  /** Why nothing is old, or null. */
  final String reason;

  private Epochs(int[] epoch, int agree, String reason) {
    this.epoch = epoch;
    this.after = new int[epoch.length];
    Arrays.fill(after, Integer.MIN_VALUE);
    this.agree = agree;
    this.reason = reason;
  }

  /** True when transaction {@code t} is old: epoch at most agree - 2 (cobra Definition 38). */
  boolean old(int t) {
    return reason == null && epoch[t] != INFINITE && (long) epoch[t] <= (long) agree - 2;
  }

  static Epochs of(History h) {
    int n = h.txnCount();
    int[] epoch = new int[n];
    Arrays.fill(epoch, INFINITE);
    int key = Fences.keyCode(h);
    if (key < 0) {
      return new Epochs(epoch, Integer.MIN_VALUE, "the history has no fence transactions");
    }
    // the write fences, by the value they wrote and the value they read
    Map<Integer, Integer> byWritten = new HashMap<>();
    Map<Integer, Integer> byRead = new HashMap<>();
    int fences = 0;
    for (int t = 0; t < n; t++) {
      boolean touches = false;
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        touches |= h.opKey(o) == key && h.opKind(o) != OpKind.PREDICATE_READ;
      }
      if (!touches || h.isAborted(t)) {
        continue;
      }
      if (!Fences.isFence(h, t, key)) {
        return notWellFormed(epoch, h, t, "touches the fence key but is no fence (a committed"
            + " read and write of the fence key alone)");
      }
      fences++;
      int read = h.opValue(Fences.op(h, t, key, false));
      if (byWritten.put(h.opValue(Fences.op(h, t, key, true)), t) != null
          || byRead.put(read, t) != null) {
        return notWellFormed(epoch, h, t, "shares a fence version with another fence");
      }
    }
    int head = -1;
    for (int f : byWritten.values()) {
      if (!byWritten.containsKey(h.opValue(Fences.op(h, f, key, false)))) {
        if (head >= 0) {
          return notWellFormed(epoch, h, f, "starts a second chain of fences");
        }
        head = f;
      }
    }
    int position = 0;
    for (int f = head; f >= 0; ) {
      epoch[f] = position++;
      Integer next = byRead.get(h.opValue(Fences.op(h, f, key, true)));
      f = next == null ? -1 : next;
      if (position > fences) {
        return notWellFormed(epoch, h, head, "is in a cycle of fences");
      }
    }
    if (position != fences) {
      return notWellFormed(epoch, h, head, "heads a chain that misses some fences");
    }
    int agree = Integer.MAX_VALUE;
    for (int s = 0; s < h.sessionCount(); s++) {
      int next = INFINITE;
      int highest = Integer.MIN_VALUE;
      for (int t = h.endTxnOfSession(s) - 1; t >= h.firstTxnOfSession(s); t--) {
        if (Fences.isFence(h, t, key)) {
          next = epoch[t];
          highest = Math.max(highest, epoch[t]);
        } else {
          epoch[t] = next == INFINITE ? INFINITE : next - 1;
        }
      }
      if (highest == Integer.MIN_VALUE) {
        Arrays.fill(epoch, INFINITE);
        return new Epochs(epoch, Integer.MIN_VALUE, "session " + h.sessionName(s)
            + " has no fence transaction in the transactions held");
      }
      agree = Math.min(agree, highest);
    }
    Epochs epochs = new Epochs(epoch, agree, null);
    for (int s = 0; s < h.sessionCount(); s++) {
      int last = Integer.MIN_VALUE;
      for (int t = h.firstTxnOfSession(s); t < h.endTxnOfSession(s); t++) {
        if (Fences.isFence(h, t, key)) {
          last = epoch[t];
        }
        epochs.after[t] = last;
      }
    }
    return epochs;
  }

  private static Epochs notWellFormed(int[] epoch, History h, int t, String problem) {
    Arrays.fill(epoch, INFINITE);
    return new Epochs(epoch, Integer.MIN_VALUE, "the fences are not well formed (cobra"
        + " Definition 34): transaction " + h.showTxn(t) + " " + problem);
  }
}
