package io.isoverify.history;

/**
 * The fence convention (cobra 4.2): a <em>fence transaction</em> is a committed transaction
 * whose operations are exactly a read of the fence key followed by a write of it (a
 * read-modify-write), besides an audit's {@link OrderMarkers}. No other transaction may
 * touch the fence key. Every session issues one periodically; the fences'
 * read-modify-writes chain them into one sequence whose positions are the <em>epochs</em>
 * that an audit in rounds uses to collect old transactions.
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

  /**
   * True when transaction {@code t} (dense id) is a fence of fence key {@code key}. The
   * operations on {@link OrderMarkers} that an audit adds to a held fence do not count.
   */
  public static boolean isFence(History h, int t, int key) {
    if (key < 0 || !h.isCommitted(t)) {
      return false;
    }
    int seen = 0;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) != key && OrderMarkers.marker(h, h.opKey(o)) >= 0) {
        continue;
      }
      boolean expected = seen == 0 ? h.opKind(o) == OpKind.READ : h.opKind(o) == OpKind.WRITE;
      if (seen == 2 || !expected || h.opKey(o) != key) {
        return false;
      }
      seen++;
    }
    return seen == 2;
  }

  /**
   * The operation of fence {@code t} on fence key {@code key}: its read ({@code write}
   * false) or its write. Its other operations, if any, are order markers.
   */
  public static int op(History h, int t, int key, boolean write) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key && (h.opKind(o) == OpKind.WRITE) == write) {
        return o;
      }
    }
    throw new IllegalArgumentException(h.showTxn(t) + " is no fence");
  }
}
