package io.isoverify.history;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The read lists of a history's list-append reads (Elle), by operation id: one array slot
 * per operation, null where the operation holds no list. Lookup is O(1) with no boxing (a
 * hash map of boxed ids cost about 80 bytes per list read on top of the lists, and a lookup
 * per operation while a history was built); as a {@code Map} it is a read-only view whose
 * iteration runs over the operations in id order, O(operations).
 */
final class ReadLists extends AbstractMap<Integer, int[]> {
  static final ReadLists NONE = new ReadLists(new int[0][], 0);

  private final int[][] byOp;
  private final int count;

  /** @param byOp per operation its list or null; {@code count} of them are non-null */
  ReadLists(int[][] byOp, int count) {
    this.byOp = byOp;
    this.count = count;
  }

  /** The list of operation {@code o}, or null. */
  int[] of(int o) {
    return o < byOp.length ? byOp[o] : null;
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
    return key instanceof Integer o && o >= 0 ? of(o) : null;
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
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
            while (o < byOp.length && byOp[o] == null) {
              o++;
            }
            return o;
          }

          @Override
          public boolean hasNext() {
            return next < byOp.length;
          }

          @Override
          public Entry<Integer, int[]> next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            int o = next;
            next = advance(o + 1);
            return new SimpleImmutableEntry<>(o, byOp[o]);
          }
        };
      }
    };
  }
}
