package io.isoverify.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dense int codes for the keys, values or session names of a history. Files carry them as
 * 64-bit integers or strings; the verifier's hot paths see only the codes 0..size()-1.
 * A long and a string with the same digits are different entries.
 *
 * <p>Longs go through primitive arrays, so encoding 10^8 numeric values allocates no object
 * per value: small non-negative ones through a direct table ({@code dense[v]}, while it stays
 * within {@link #DENSE_SLACK} times the values it holds: counters, such as list-append
 * elements and most generators' keys and values, where a lookup touches the memory near the
 * last ones instead of a random slot of a table of hundreds of megabytes), the others through
 * an open-addressing hash table. Every hashed non-negative value lies at or above the direct
 * table's end, which grows only up to the smallest of them, so each value has one place.
 * {@link #compact} drops both once a history is built.
 */
public final class Dictionary {
  private static final long EMPTY = Long.MIN_VALUE;

  private long[] slotKeys = new long[1024];
  private int[] slotCodes = new int[1024];
  private boolean hasMinValue;
  private int minValueCode;
  private int longCount;
  /** Direct codes, code + 1 (0: not encoded), of the longs 0 .. dense.length - 1. */
  private int[] dense = new int[0];
  private int denseCount;
  /** The smallest non-negative long in the hash table: the direct table never reaches it. */
  private long hashMin = Long.MAX_VALUE;
  /** The direct table stays within this many slots per value it holds (plus 2^20). */
  static final int DENSE_SLACK = 4;

  private final Map<String, Integer> strings = new HashMap<>();

  /** code -> the original: a Long from {@link #longs}, or a String. */
  private long[] longs = new long[1024];
  private final List<String> stringOf = new ArrayList<>();
  /** code -> true when the code stands for a string. */
  private boolean[] isString = new boolean[1024];
  private int size;

  public Dictionary() {
    java.util.Arrays.fill(slotKeys, EMPTY);
  }

  public int size() {
    return size;
  }

  /** The code of {@code v}, assigning the next free code the first time. */
  public int encode(long v) {
    ensureTable();
    if (v >= 0 && (v < dense.length || v < hashMin && growDense(v))) {
      int c = dense[(int) v];
      if (c != 0) {
        return c - 1;
      }
      int code = newCode(v, null);
      dense[(int) v] = code + 1;
      denseCount++;
      return code;
    }
    if (v == EMPTY) {
      if (!hasMinValue) {
        hasMinValue = true;
        minValueCode = newCode(v, null);
      }
      return minValueCode;
    }
    int mask = slotKeys.length - 1;
    int i = mix(v) & mask;
    while (true) {
      long k = slotKeys[i];
      if (k == v) {
        return slotCodes[i];
      }
      if (k == EMPTY) {
        int code = newCode(v, null);
        slotKeys[i] = v;
        slotCodes[i] = code;
        if (v >= 0 && v < hashMin) {
          hashMin = v;
        }
        if (++longCount * 2 > slotKeys.length) {
          grow();
        }
        return code;
      }
      i = (i + 1) & mask;
    }
  }

  /** The code of {@code s}, assigning the next free code the first time. */
  public int encode(String s) {
    Integer code = strings.get(s);
    if (code == null) {
      code = newCode(0, s);
      strings.put(s, code);
    }
    return code;
  }

  /** The code of a Long or a String. */
  public int encode(Object o) {
    if (o instanceof Number n) {
      return encode(n.longValue());
    }
    return encode(o.toString());
  }

  /** The code of {@code v}, or -1 when it was never encoded. */
  public int find(long v) {
    ensureTable();
    if (v >= 0 && v < dense.length) {
      return dense[(int) v] - 1;
    }
    if (v == EMPTY) {
      return hasMinValue ? minValueCode : -1;
    }
    int mask = slotKeys.length - 1;
    for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
      if (slotKeys[i] == v) {
        return slotCodes[i];
      }
      if (slotKeys[i] == EMPTY) {
        return -1;
      }
    }
  }

  /** The code of the string {@code s}, or -1 when it was never encoded. */
  public int find(String s) {
    Integer code = strings.get(s);
    return code == null ? -1 : code;
  }

  /** The original of a code: a Long or a String. */
  public Object decode(int code) {
    return isString[code] ? stringOf.get((int) longs[code]) : (Object) longs[code];
  }

  /** True when the code stands for a string rather than a 64-bit integer. */
  public boolean isString(int code) {
    return isString[code];
  }

  /** The 64-bit integer a numeric code stands for. */
  public long longValue(int code) {
    if (isString[code]) {
      throw new IllegalArgumentException("code " + code + " is the string " + decode(code));
    }
    return longs[code];
  }

  /** A readable form of a code, for messages and reports. */
  public String show(int code) {
    return String.valueOf(decode(code));
  }

  /**
   * Drops the lookup table of the longs and trims the code arrays to the codes held: once a
   * history is built its hot paths see only codes, and the table (16 bytes a slot, two slots
   * a value) cost as much as the operations' columns (a history of 10^7 transactions writes
   * 5.7 * 10^7 distinct values). The next {@link #encode} or {@link #find} of a long rebuilds
   * it, O(size); like encoding, that is for one thread at a time (decoding is not affected).
   */
  public void compact() {
    longs = java.util.Arrays.copyOf(longs, Math.max(size, 16));
    isString = java.util.Arrays.copyOf(isString, Math.max(size, 16));
    slotKeys = null;
    slotCodes = null;
    dense = new int[0];
  }

  /**
   * Makes the direct table reach {@code v} (below {@link #hashMin}), growing by half at least,
   * when it then stays within {@link #DENSE_SLACK} slots per value held; false when not.
   */
  private boolean growDense(long v) {
    long limit = Math.min(Math.min(hashMin, Integer.MAX_VALUE - 8),
        (long) DENSE_SLACK * (denseCount + 1) + (1 << 20));
    if (v >= limit) {
      return false;
    }
    long size = Math.min(limit, Math.max(v + 1, Math.max(dense.length + (dense.length >> 1),
        1024)));
    dense = java.util.Arrays.copyOf(dense, (int) size);
    return true;
  }

  private void ensureTable() {
    if (slotKeys != null) {
      return;
    }
    // after compact: every long goes to the table, the direct one starts again empty
    longCount = 0;
    hashMin = Long.MAX_VALUE;
    denseCount = 0;
    for (int code = 0; code < size; code++) {
      if (!isString[code] && !(hasMinValue && code == minValueCode)) {
        longCount++;
        if (longs[code] >= 0) {
          hashMin = Math.min(hashMin, longs[code]);
        }
      }
    }
    int capacity = 1024;
    while (capacity < 2 * longCount + 2) {
      capacity *= 2;
    }
    slotKeys = new long[capacity];
    slotCodes = new int[capacity];
    java.util.Arrays.fill(slotKeys, EMPTY);
    int mask = capacity - 1;
    for (int code = 0; code < size; code++) {
      if (isString[code] || (hasMinValue && code == minValueCode)) {
        continue;
      }
      int i = mix(longs[code]) & mask;
      while (slotKeys[i] != EMPTY) {
        i = (i + 1) & mask;
      }
      slotKeys[i] = longs[code];
      slotCodes[i] = code;
    }
  }

  private int newCode(long v, String s) {
    if (size == longs.length) {
      longs = java.util.Arrays.copyOf(longs, size * 2);
      isString = java.util.Arrays.copyOf(isString, size * 2);
    }
    if (s != null) {
      longs[size] = stringOf.size();
      stringOf.add(s);
      isString[size] = true;
    } else {
      longs[size] = v;
    }
    return size++;
  }

  private void grow() {
    long[] oldKeys = slotKeys;
    int[] oldCodes = slotCodes;
    slotKeys = new long[oldKeys.length * 2];
    slotCodes = new int[oldKeys.length * 2];
    java.util.Arrays.fill(slotKeys, EMPTY);
    int mask = slotKeys.length - 1;
    for (int j = 0; j < oldKeys.length; j++) {
      if (oldKeys[j] != EMPTY) {
        int i = mix(oldKeys[j]) & mask;
        while (slotKeys[i] != EMPTY) {
          i = (i + 1) & mask;
        }
        slotKeys[i] = oldKeys[j];
        slotCodes[i] = oldCodes[j];
      }
    }
  }

  private static int mix(long v) {
    long h = v * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
