package io.isoverify.graph;

import java.util.Arrays;

/**
 * A growable list of typed edges in four parallel primitive arrays (no object per edge).
 * Edge e is from[e] -> to[e] with type[e] an EdgeType ordinal and key[e] a key code or -1.
 */
public final class EdgeList {
  private int size;
  private int[] from;
  private int[] to;
  private byte[] type;
  private int[] key;

  public EdgeList(int capacity) {
    int c = Math.max(capacity, 4);
    from = new int[c];
    to = new int[c];
    type = new byte[c];
    key = new int[c];
  }

  public EdgeList() {
    this(16);
  }

  public void add(int f, int t, int edgeType, int k) {
    if (size == from.length) {
      // 1.5x: the known graph is the largest list and lives through the whole level
      int c = size + (size >> 1) + 4;
      from = Arrays.copyOf(from, c);
      to = Arrays.copyOf(to, c);
      type = Arrays.copyOf(type, c);
      key = Arrays.copyOf(key, c);
    }
    from[size] = f;
    to[size] = t;
    type[size] = (byte) edgeType;
    key[size] = k;
    size++;
  }

  /** Appends edges {@code begin..end-1} of {@code other}. */
  public void addRange(EdgeList other, int begin, int end) {
    for (int e = begin; e < end; e++) {
      add(other.from[e], other.to[e], other.type[e], other.key[e]);
    }
  }

  /**
   * Writes edge e of a list sized up front (e below its capacity): fills of disjoint ranges at
   * counted offsets, on several threads; {@link #setSize} then makes the edges its own.
   */
  void set(int e, int f, int t, int edgeType, int k) {
    from[e] = f;
    to[e] = t;
    type[e] = (byte) edgeType;
    key[e] = k;
  }

  /** Makes the first n edges, written by {@link #set}, the list's; n at most its capacity. */
  void setSize(int n) {
    if (n > from.length) {
      throw new IllegalArgumentException(n + " edges in a list of capacity " + from.length);
    }
    size = n;
  }

  /** Empties the list (keeps its arrays). */
  public void clear() {
    size = 0;
  }

  public int size() {
    return size;
  }

  /**
   * Shrinks the arrays to the edges held (for lists that stay on the heap long); arrays with
   * less than 1/16 of their length to spare stay (a copy of a large list for a few edges'
   * memory costs more than it saves, and a second trim copies nothing).
   */
  public void trim() {
    int c = Math.max(size, 4);
    if ((long) (from.length - c) * 16 < from.length) {
      return;
    }
    from = Arrays.copyOf(from, c);
    to = Arrays.copyOf(to, c);
    type = Arrays.copyOf(type, c);
    key = Arrays.copyOf(key, c);
  }

  public int from(int e) {
    return from[e];
  }

  public int to(int e) {
    return to[e];
  }

  /** EdgeType ordinal. */
  public int type(int e) {
    return type[e];
  }

  public int key(int e) {
    return key[e];
  }

  /*
   * The arrays, exactly size() long: the list's own when it is full, else copies. For a list
   * sized up front and not changed afterwards (a component's edges, ComponentAssembly), so
   * that the largest component is not held twice while it is handed over.
   */

  int[] fromArray() {
    return from.length == size ? from : Arrays.copyOf(from, size);
  }

  int[] toArray() {
    return to.length == size ? to : Arrays.copyOf(to, size);
  }

  byte[] typeArray() {
    return type.length == size ? type : Arrays.copyOf(type, size);
  }

  int[] keyArray() {
    return key.length == size ? key : Arrays.copyOf(key, size);
  }
}
