package io.isoverify.spark.stages;

import java.util.Arrays;

/**
 * Primitive columns written one after another into one byte array as LEB128 varints of
 * zigzagged numbers (small magnitudes, of either sign, take few bytes), either the values
 * themselves or their differences from the value before (for columns that mostly ascend, as
 * a chunk's file positions and transaction ids do), and read back in the same order. How the
 * per-key job's chunks ({@link KeyedRows}) cross the shuffle, in fewer bytes than their
 * plain arrays, so with less compression, disk and deserialization. O(1) per value.
 */
final class VarintColumns {
  private byte[] bytes;
  private int at;

  /** An empty buffer to write into. */
  VarintColumns() {
    bytes = new byte[1 << 12];
  }

  /** The first {@code length} bytes of {@code bytes}, to read from. */
  VarintColumns(byte[] bytes) {
    this.bytes = bytes;
  }

  /** The bytes written so far. */
  byte[] bytes() {
    return bytes;
  }

  /** How many bytes were written so far. */
  int length() {
    return at;
  }

  /** Writes the first n values of {@code column}, each as itself or as its difference. */
  void write(long[] column, int n, boolean deltas) {
    long before = 0;
    for (int i = 0; i < n; i++) {
      long v = column[i];
      put(deltas ? v - before : v);
      before = v;
    }
  }

  /** Writes the first n values of {@code column}. */
  void write(int[] column, int n) {
    for (int i = 0; i < n; i++) {
      put(column[i]);
    }
  }

  /** Writes {@code column[i]} for each i < n where {@code where[i]}. */
  void write(long[] column, boolean[] where, int n) {
    for (int i = 0; i < n; i++) {
      if (where[i]) {
        put(column[i]);
      }
    }
  }

  /** Reads n values written by {@link #write(long[], int, boolean)} with the same deltas. */
  long[] readLongs(int n, boolean deltas) {
    long[] column = new long[n];
    long before = 0;
    for (int i = 0; i < n; i++) {
      long v = get() + (deltas ? before : 0);
      column[i] = v;
      before = v;
    }
    return column;
  }

  /** Reads n values written by {@link #write(int[], int)}. */
  int[] readInts(int n) {
    int[] column = new int[n];
    for (int i = 0; i < n; i++) {
      column[i] = (int) get();
    }
    return column;
  }

  /** Reads what {@link #write(long[], boolean[], int)} wrote; 0 where {@code !where[i]}. */
  long[] readLongs(boolean[] where, int n) {
    long[] column = new long[n];
    for (int i = 0; i < n; i++) {
      column[i] = where[i] ? get() : 0;
    }
    return column;
  }

  /**
   * Writes the first n strings of {@code column} (nulls allowed) as a dictionary, then a
   * code per string: the count of distinct strings, each once as its UTF-8 length and bytes in
   * order of first appearance, then per string 0 for null or 1 + its place in the dictionary.
   * A chunk's keys and values repeat, so most rows cost a byte or two, and no object crosses
   * Java serialization (whose per-object handle table was a sixth of the executors' time on
   * text histories). O(n) expected (one hash lookup per string) plus the distinct bytes.
   */
  void writeTexts(String[] column, int n) {
    // sized for every string distinct (written values mostly are): no rehashing as it fills
    java.util.HashMap<String, Integer> codes = new java.util.HashMap<>(Math.max(16, n * 4 / 3 + 1));
    int[] code = new int[n];
    java.util.List<String> distinct = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      String s = column[i];
      if (s != null) {
        Integer c = codes.putIfAbsent(s, distinct.size() + 1);
        if (c == null) {
          distinct.add(s);
          c = distinct.size();
        }
        code[i] = c;
      }
    }
    put(distinct.size());
    for (String s : distinct) {
      byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      put(utf8.length);
      if (bytes.length - at < utf8.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, at + utf8.length));
      }
      System.arraycopy(utf8, 0, bytes, at, utf8.length);
      at += utf8.length;
    }
    write(code, n);
  }

  /**
   * Reads n strings written by {@link #writeTexts}; equal strings are one instance (so the
   * maps that number them hash each once).
   */
  String[] readTexts(int n) {
    String[] distinct = new String[(int) get()];
    for (int d = 0; d < distinct.length; d++) {
      int length = (int) get();
      distinct[d] = new String(bytes, at, length, java.nio.charset.StandardCharsets.UTF_8);
      at += length;
    }
    String[] column = new String[n];
    for (int i = 0; i < n; i++) {
      int c = (int) get();
      column[i] = c == 0 ? null : distinct[c - 1];
    }
    return column;
  }

  /** Writes one value (zigzag, so small magnitudes of either sign are short). */
  void writeLong(long v) {
    put(v);
  }

  /** Drops what was written after the first {@code length} bytes. */
  void truncate(int length) {
    at = length;
  }

  /** Reads one value written by {@link #writeLong}. */
  long readLong() {
    return get();
  }

  private void put(long v) {
    if (bytes.length - at < 10) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, 16));
    }
    long z = (v << 1) ^ (v >> 63);
    while ((z & ~0x7FL) != 0) {
      bytes[at++] = (byte) (z | 0x80);
      z >>>= 7;
    }
    bytes[at++] = (byte) z;
  }

  private long get() {
    long z = 0;
    int shift = 0;
    byte b;
    do {
      b = bytes[at++];
      z |= (long) (b & 0x7F) << shift;
      shift += 7;
    } while (b < 0);
    return (z >>> 1) ^ -(z & 1);
  }
}
