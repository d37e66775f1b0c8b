package io.isoverify.history;

/**
 * The fence convention (cobra 4.2): a <em>fence transaction</em> is a committed transaction
 * whose operations are exactly a read of the fence key followed by a write of it (a
 * read-modify-write). No other transaction may touch the fence key. Every session issues one
 * periodically; the fences' read-modify-writes chain them into one sequence whose positions
 * are the <em>epochs</em> that an audit in rounds uses to collect old transactions.
 *
 * <p>The fence key is the integer {@link #KEY} ({@code Long.MAX_VALUE}) in a history with
 * integer keys and the string {@link #KEY_NAME} ({@code "fence"}) in one with string keys.
 * Each fence writes a value of its own (unique, like every write of the workloads). A
 * history without fences is still a history: only the collection of old transactions needs
 * them.
 */
public final class Fences {
  /** The fence key of histories with integer keys. */
  public static final long KEY = Long.MAX_VALUE;
  /** The fence key of histories with string keys. */
  public static final String KEY_NAME = "fence";

  private Fences() {}

  /** The code of the fence key in {@code h}, or -1 when no operation touches it. */
  public static int keyCode(History h) {
    Dictionary keys = h.keys();
    int code = keys.find(KEY);
    if (code >= 0 && !keys.isString(code)) {
      return code;
    }
    for (int k = 0; k < keys.size(); k++) {
      if (keys.isString(k) && KEY_NAME.equals(keys.decode(k))) {
        return k;
      }
    }
    return -1;
  }

  /** True when transaction {@code t} (dense id) is a fence of fence key {@code key}. */
  public static boolean isFence(History h, int t, int key) {
    int first = h.firstOp(t);
    return key >= 0 && h.isCommitted(t) && h.endOp(t) - first == 2
        && h.opKind(first) == OpKind.READ && h.opKey(first) == key
        && h.opKind(first + 1) == OpKind.WRITE && h.opKey(first + 1) == key;
  }
}
