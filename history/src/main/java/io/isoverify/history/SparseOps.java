package io.isoverify.history;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * What some of a history's operations carry besides kind, key and value (a predicate, the
 * row fields a write sets), by operation id: the ids ascending in one int array and the
 * attachments in the subclass's primitive arrays, so that one costs its fields' bytes, where
 * a boxed map cost a key object, an entry and the attachment's object with its arrays (at 1M
 * BlindW-Pred transactions about 2 GB). Filled in operation order; {@link #find} is O(1): a
 * bit per operation up to the last one with an attachment, and per 64 operations the number
 * of attachments before them (a rank directory, 3/16 of a byte per operation), where a binary
 * search over the ids took 1 s of the 2-core machine's CPU on the blindw-pred 100k history
 * (every write's fields are looked up by the predicate tables and the certificate check). As
 * a {@code Map} a read-only view in operation order whose values are made on demand.
 *
 * @param <V> the attachment as an object
 */
abstract class SparseOps<V> extends AbstractMap<Integer, V> {
  private int[] op = new int[16];
  private int count;
  /** The operations with an attachment, added in order: an attachment's index is its rank. */
  private final RankedBits attached = new RankedBits();

  /** The attachment at index i, as a new object. */
  abstract V at(int i);

  /** Makes the subclass's arrays hold {@code capacity} attachments. */
  abstract void resize(int capacity);

  /**
   * The index for operation {@code o}'s attachment: a new last one, or the last one again
   * when it is o's (attached twice: the later replaces it). Operations come in ascending order.
   */
  final int append(int o) {
    if (count > 0 && op[count - 1] == o) {
      return count - 1;
    }
    if (count > 0 && op[count - 1] > o) {
      throw new IllegalStateException("attachments must come in operation order: " + o
          + " after " + op[count - 1]);
    }
    if (count == op.length) {
      op = Arrays.copyOf(op, count * 2);
      resize(count * 2);
    }
    op[count] = o;
    attached.add(o);
    return count++;
  }

  /** Shrinks the arrays to the attachments held (once the last is added). */
  final void trim() {
    op = Arrays.copyOf(op, count);
    attached.trim();
    resize(count);
  }

  /** The index of operation {@code o}'s attachment, or -1. O(1). */
  final int index(int o) {
    return attached.rank(o);
  }

  /** Operation {@code o}'s attachment, or null. */
  final V find(int o) {
    int i = index(o);
    return i < 0 ? null : at(i);
  }

  /** The operation of the attachment at index i. */
  final int op(int i) {
    return op[i];
  }

  @Override
  public final int size() {
    return count;
  }

  @Override
  public final boolean isEmpty() {
    return count == 0;
  }

  @Override
  public final V get(Object key) {
    return key instanceof Integer o ? find(o) : null;
  }

  @Override
  public final boolean containsKey(Object key) {
    return key instanceof Integer o && index(o) >= 0;
  }

  /** The operations with an attachment, ascending, without making the attachments. */
  @Override
  public final Set<Integer> keySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return count;
      }

      @Override
      public boolean contains(Object o) {
        return containsKey(o);
      }

      @Override
      public Iterator<Integer> iterator() {
        return entries(i -> op[i]);
      }
    };
  }

  @Override
  public final Set<Entry<Integer, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return count;
      }

      @Override
      public Iterator<Entry<Integer, V>> iterator() {
        return entries(i -> new SimpleImmutableEntry<>(op[i], at(i)));
      }
    };
  }

  /** The attachments 0..count-1 in order, each made by {@code item} from its index. */
  private <T> Iterator<T> entries(java.util.function.IntFunction<T> item) {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < count;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return item.apply(next++);
      }
    };
  }
}
