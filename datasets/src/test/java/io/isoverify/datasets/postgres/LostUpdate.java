package io.isoverify.datasets.postgres;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test fixture: a lost update, found directly in a history. Two committed transactions
 * read the same version of a key (the same written value, or both the initial state) and
 * both wrote that key afterwards, so one of the two writes is lost to the other.
 *
 * @param key the key's code
 * @param versionRead the value code both read, or {@link History#INITIAL}
 * @param first one of the two transactions (index in the history), the earlier in its order
 * @param second the other
 */
public record LostUpdate(int key, int versionRead, int first, int second) {
  /** Every lost update of the history, one per (key, version) pair read twice this way. */
  public static List<LostUpdate> find(History h) {
    Map<Long, Integer> firstReader = new HashMap<>();
    List<LostUpdate> found = new ArrayList<>();
    for (int t = 0; t < h.txnCount(); t++) {
      if (!h.isCommitted(t)) {
        continue;
      }
      Map<Integer, Integer> readBeforeWrite = new HashMap<>();
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        int key = h.opKey(o);
        if (h.opKind(o) == OpKind.READ) {
          readBeforeWrite.putIfAbsent(key, h.opValue(o));
        } else if (h.opKind(o) == OpKind.WRITE && readBeforeWrite.containsKey(key)) {
          int version = readBeforeWrite.remove(key);
          long slot = ((long) key << 32) | (version & 0xffffffffL);
          Integer other = firstReader.putIfAbsent(slot, t);
          if (other != null) {
            found.add(new LostUpdate(key, version, other, t));
          }
        }
      }
    }
    return found;
  }

  /** "T3 and T9 both read x = 5 and both wrote x". */
  public String show(History h) {
    return h.showTxn(first) + " and " + h.showTxn(second) + " both read " + h.showKey(key)
        + " = " + h.showValue(versionRead) + " and both wrote " + h.showKey(key);
  }
}
