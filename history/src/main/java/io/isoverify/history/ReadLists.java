package io.isoverify.history;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The read lists of a history's list-append reads (Elle), by operation id, stored as one
 * prefix tree (trie) of elements: node 0 is the empty list, node x the list of
 * {@code parent[x]} followed by {@code element[x]}, and each operation holds the node of its
 * list (-1: no list). Elle's reads of one key return growing prefixes of one order, so the
 * lists share their prefixes and the tree has about one node per appended element: 4 bytes
 * per operation plus 8 per node, where one array per list cost a 16-byte header and 4 bytes
 * per element of every read (at 10M list-append transactions, about 0.2 GB against 1 GB).
 * Lists that are not prefixes of one another (the anomalies) simply branch. {@link #of}
 * rebuilds a list in O(its length); as a {@code Map} this is a read-only view whose
 * iteration runs over the operations in id order, O(operations).
 */
final class ReadLists extends AbstractMap<Integer, int[]> {
  static final ReadLists NONE = new ReadLists(new int[0], new int[] {-1}, new int[] {0}, 0);

  private final int[] nodeOfOp;
  private final int[] parent;
  private final int[] element;
  private final int count;

  /**
   * @param nodeOfOp per operation the node of its list, or -1
   * @param count operations with a list
   */
  private ReadLists(int[] nodeOfOp, int[] parent, int[] element, int count) {
    this.nodeOfOp = nodeOfOp;
    this.parent = parent;
    this.element = element;
    this.count = count;
  }

  /** The list of operation {@code o}, as a new array, or null. */
  int[] of(int o) {
    int node = o >= 0 && o < nodeOfOp.length ? nodeOfOp[o] : -1;
    if (node < 0) {
      return null;
    }
    int length = 0;
    for (int x = node; x != 0; x = parent[x]) {
      length++;
    }
    int[] list = new int[length];
    for (int x = node; x != 0; x = parent[x]) {
      list[--length] = element[x];
    }
    return list;
  }

  @Override
  public int size() {
    return count;
  }

  @Override
  public boolean isEmpty() {
    return count == 0;
  }

  @Override
  public int[] get(Object key) {
    return key instanceof Integer o ? of(o) : null;
  }

  @Override
  public boolean containsKey(Object key) {
    return key instanceof Integer o && o >= 0 && o < nodeOfOp.length && nodeOfOp[o] >= 0;
  }

  @Override
  public Set<Entry<Integer, int[]>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return count;
      }

      @Override
      public Iterator<Entry<Integer, int[]>> iterator() {
        return new Iterator<>() {
          private int next = advance(0);

          private int advance(int from) {
            int o = from;
            while (o < nodeOfOp.length && nodeOfOp[o] < 0) {
              o++;
            }
            return o;
          }

          @Override
          public boolean hasNext() {
            return next < nodeOfOp.length;
          }

          @Override
          public Entry<Integer, int[]> next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            int o = next;
            next = advance(o + 1);
            return new SimpleImmutableEntry<>(o, of(o));
          }
        };
      }
    };
  }

  /**
   * Builds the tree while rows arrive: {@link #add} interns a list and returns its node.
   * Each key remembers its last list and node, so a list that extends or shares a prefix
   * with the key's previous one (Elle's usual case) walks only its new elements through the
   * (parent, element) hash table: O(new elements) expected per list, plus the prefix
   * comparison.
   */
  static final class Builder {
    private int[] parent = new int[1024];
    private int[] element = new int[1024];
    private int nodes = 1;
    private long[] slotKey = new long[1024];
    private int[] slotNode = new int[1024];
    private int[][] lastList = new int[64][];
    private int[] lastLen = new int[64];
    private int[] lastNode = new int[64];

    Builder() {
      parent[0] = -1;
      Arrays.fill(slotNode, -1);
    }

    /** The node of list {@code codes[0..length)} read from {@code key}. */
    int add(int key, int[] codes, int length) {
      if (key >= lastList.length) {
        int n = Math.max(key + 1, lastList.length * 2);
        lastList = Arrays.copyOf(lastList, n);
        lastLen = Arrays.copyOf(lastLen, n);
        lastNode = Arrays.copyOf(lastNode, n);
      }
      int[] prev = lastList[key];
      int prevLen = prev == null ? 0 : lastLen[key];
      int common = 0;
      int bound = Math.min(prevLen, length);
      while (common < bound && prev[common] == codes[common]) {
        common++;
      }
      int node = prev == null ? 0 : lastNode[key];
      for (int up = prevLen - common; up > 0; up--) {
        node = parent[node];
      }
      for (int i = common; i < length; i++) {
        node = child(node, codes[i]);
      }
      if (prev == null || prev.length < length) {
        int capacity = Math.max(length, prevLen * 3 / 2 + 1);
        prev = prev == null ? new int[capacity] : Arrays.copyOf(prev, capacity);
        lastList[key] = prev;
      }
      System.arraycopy(codes, common, prev, common, length - common);
      lastLen[key] = length;
      lastNode[key] = node;
      return node;
    }

    private int child(int node, int code) {
      long k = ((long) node << 32) | (code & 0xffffffffL);
      int mask = slotKey.length - 1;
      int s = slot(k, mask);
      while (slotNode[s] >= 0) {
        if (slotKey[s] == k) {
          return slotNode[s];
        }
        s = (s + 1) & mask;
      }
      if (nodes == parent.length) {
        parent = Arrays.copyOf(parent, nodes * 2);
        element = Arrays.copyOf(element, nodes * 2);
      }
      int x = nodes++;
      parent[x] = node;
      element[x] = code;
      slotKey[s] = k;
      slotNode[s] = x;
      if (2 * nodes > slotKey.length) {
        rehash();
      }
      return x;
    }

    private static int slot(long k, int mask) {
      long h = k * 0x9E3779B97F4A7C15L;
      return (int) (h ^ (h >>> 32)) & mask;
    }

    private void rehash() {
      long[] keys = slotKey;
      int[] values = slotNode;
      slotKey = new long[keys.length * 2];
      slotNode = new int[keys.length * 2];
      Arrays.fill(slotNode, -1);
      int mask = slotKey.length - 1;
      for (int i = 0; i < keys.length; i++) {
        if (values[i] >= 0) {
          int s = slot(keys[i], mask);
          while (slotNode[s] >= 0) {
            s = (s + 1) & mask;
          }
          slotKey[s] = keys[i];
          slotNode[s] = values[i];
        }
      }
    }

    /** The lists, per operation its node from {@link #add} or -1; the builder is spent. */
    ReadLists build(int[] nodeOfOp, int count) {
      ReadLists lists = new ReadLists(nodeOfOp, Arrays.copyOf(parent, nodes),
          Arrays.copyOf(element, nodes), count);
      parent = null;
      element = null;
      slotKey = null;
      slotNode = null;
      lastList = null;
      return lists;
    }
  }
}
