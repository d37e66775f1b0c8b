package io.isoverify.history;

/**
 * Order markers: the keys an audit in rounds (the audit module) reserves to carry, from one
 * round to the next, an order between two held transactions that ran through collected
 * ones. Marker m is a key written by the earlier transaction and read by the later (one
 * writer, one reader, value 1), so the held history holds that order as a plain WR edge,
 * which every check and the independent checker read like any other.
 *
 * <p>In a history with integer keys marker m is the integer {@code FIRST_KEY - m}: the
 * 2^32 keys below the fence key ({@link Fences#KEY}, {@code Long.MAX_VALUE}) are reserved;
 * in one with string keys it is {@code "isoverify:order:" + m}. No history of a workload may
 * use these keys.
 */
public final class OrderMarkers {
  /** Marker 0 of histories with integer keys; marker m is {@code FIRST_KEY - m}. */
  public static final long FIRST_KEY = Long.MAX_VALUE - 1;
  /** The lowest reserved integer key. */
  public static final long LAST_KEY = Long.MAX_VALUE - (1L << 32);
  /** The prefix of markers in histories with string keys. */
  public static final String PREFIX = "isoverify:order:";

  private OrderMarkers() {}

  /** Marker {@code m} (0 and up) as an integer key. */
  public static long key(long m) {
    return FIRST_KEY - m;
  }

  /** Marker {@code m} as a string key. */
  public static String name(long m) {
    return PREFIX + m;
  }

  /** The marker number of key code {@code key} of {@code h}, or -1 when it is no marker. */
  public static long marker(History h, int key) {
    if (key < 0) {
      return -1;
    }
    Dictionary keys = h.keys();
    if (keys.isString(key)) {
      String s = (String) keys.decode(key);
      if (!s.startsWith(PREFIX)) {
        return -1;
      }
      try {
        return Long.parseLong(s.substring(PREFIX.length()));
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    long k = keys.longValue(key);
    return k >= LAST_KEY && k <= FIRST_KEY ? FIRST_KEY - k : -1;
  }

  /** Per key code of {@code h}: true for a marker. O(keys). */
  public static boolean[] keys(History h) {
    boolean[] marker = new boolean[h.keys().size()];
    for (int k = 0; k < marker.length; k++) {
      marker[k] = marker(h, k) >= 0;
    }
    return marker;
  }
}
