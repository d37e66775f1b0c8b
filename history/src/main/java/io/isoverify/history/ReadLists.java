package io.isoverify.history;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The read lists of a history's list-append reads (Elle), by operation id, stored as
 * prefixes of shared arrays: each key has one or more branches (int arrays of element
 * codes), and an operation's list is the first {@code length} elements of one branch.
 * Elle's reads of one key return growing prefixes of one order, so a key usually has one
 * branch, about as long as its appends, and the lists cost 8 bytes per operation plus 4 per
 * appended element, where one array per list cost a 16-byte header and 4 bytes per element
 * of every read (at 10M list-append transactions, about 0.3 GB against 1 GB). A list that is
 * not a prefix of the key's last branch, nor that branch a prefix of it (the anomalies),
 * starts a new branch. {@link #of} copies a list out in O(its length); as a {@code Map}
 * this is a read-only view whose iteration runs over the operations in id order,
 * O(operations), the key set's without copying a list (at 10M list-append transactions
 * the entries' copies were a gigabyte of garbage where only the operations were asked).
 */
final class ReadLists extends AbstractMap<Integer, int[]> {
  static final ReadLists NONE = new ReadLists(new int[0], new int[0], new int[0][], 0);

  private final int[] branchOfOp;
  private final int[] lengthOfOp;
  private final int[][] branches;
  private final int count;

  /**
   * @param branchOfOp per operation the branch its list is a prefix of, or -1
   * @param lengthOfOp per operation its list's length
   * @param count operations with a list
   */
  private ReadLists(int[] branchOfOp, int[] lengthOfOp, int[][] branches, int count) {
    this.branchOfOp = branchOfOp;
    this.lengthOfOp = lengthOfOp;
    this.branches = branches;
    this.count = count;
  }

  /**
   * The array whose first {@link #length} elements are operation {@code o}'s list, shared
   * with other reads (never to be changed), or null when o has none. O(1).
   */
  int[] shared(int o) {
    int b = o >= 0 && o < branchOfOp.length ? branchOfOp[o] : -1;
    return b < 0 ? null : branches[b];
  }

  /** The length of operation {@code o}'s list (0 when it has none). */
  int length(int o) {
    return o >= 0 && o < lengthOfOp.length ? lengthOfOp[o] : 0;
  }

  /** The list of operation {@code o}, as a new array, or null. */
  int[] of(int o) {
    int b = o >= 0 && o < branchOfOp.length ? branchOfOp[o] : -1;
    return b < 0 ? null : Arrays.copyOf(branches[b], lengthOfOp[o]);
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
    return key instanceof Integer o && o >= 0 && o < branchOfOp.length && branchOfOp[o] >= 0;
  }

  @Override
  public Set<Entry<Integer, int[]>> entrySet() {
    return view(o -> new SimpleImmutableEntry<>(o, of(o)));
  }

  /** The operations with a list, in id order, without copying their lists. */
  @Override
  public Set<Integer> keySet() {
    return view(o -> o);
  }

  /** A set of one element per operation with a list, in id order, made by {@code make}. */
  private <T> Set<T> view(java.util.function.IntFunction<T> make) {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return count;
      }

      @Override
      public Iterator<T> iterator() {
        return new Iterator<>() {
          private int next = advance(0);

          private int advance(int from) {
            int o = from;
            while (o < branchOfOp.length && branchOfOp[o] < 0) {
              o++;
            }
            return o;
          }

          @Override
          public boolean hasNext() {
            return next < branchOfOp.length;
          }

          @Override
          public T next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            int o = next;
            next = advance(o + 1);
            return make.apply(o);
          }
        };
      }
    };
  }

  /**
   * Collects the lists while rows arrive: {@link #add} places a list on its key's last
   * branch when one is a prefix of the other (extending the branch when the list is
   * longer), else on a new branch. O(length) per list, for the prefix comparison.
   */
  static final class Builder {
    private int[][] branches = new int[64][];
    private int[] branchLength = new int[64];
    private int branchCount;
    private int[] keyBranch = new int[0];
    private int[] opBranch;
    private int[] opLength;

    Builder() {
      this(1024);
    }

    /** A builder for about {@code operations} operations (they may be more). */
    Builder(int operations) {
      opBranch = new int[Math.max(operations, 16)];
      opLength = new int[opBranch.length];
    }

    /** Places list {@code codes[0..length)} of operation {@code op}, a read of {@code key}. */
    void add(int op, int key, int[] codes, int length) {
      add(op, key, codes, length, 0);
    }

    /**
     * The same, the first {@code knownCommon} codes being those of the list added last for
     * {@code key} (so of its branch's prefix): the comparison with the branch starts after them.
     */
    void add(int op, int key, int[] codes, int length, int knownCommon) {
      if (key >= keyBranch.length) {
        int old = keyBranch.length;
        keyBranch = Arrays.copyOf(keyBranch, Math.max(key + 1, old * 2));
        Arrays.fill(keyBranch, old, keyBranch.length, -1);
      }
      if (op >= opBranch.length) {
        int size = Math.max(op + 1, opBranch.length * 2);
        opBranch = Arrays.copyOf(opBranch, size);
        opLength = Arrays.copyOf(opLength, size);
      }
      int b = keyBranch[key];
      int common = 0;
      if (b >= 0) {
        int[] branch = branches[b];
        int bound = Math.min(branchLength[b], length);
        common = Math.min(knownCommon, bound);
        int m = Arrays.mismatch(branch, common, bound, codes, common, bound);
        common = m < 0 ? bound : common + m;
      }
      if (b < 0 || common < Math.min(branchLength[b], length)) {
        b = newBranch();
        keyBranch[key] = b;
        common = 0;
      }
      if (length > branchLength[b]) {
        if (branches[b].length < length) {
          branches[b] = Arrays.copyOf(branches[b], Math.max(length, branches[b].length * 3 / 2 + 4));
        }
        System.arraycopy(codes, common, branches[b], common, length - common);
        branchLength[b] = length;
      }
      opBranch[op] = b;
      opLength[op] = length;
    }

    private int newBranch() {
      if (branchCount == branches.length) {
        branches = Arrays.copyOf(branches, branchCount * 2);
        branchLength = Arrays.copyOf(branchLength, branchCount * 2);
      }
      branches[branchCount] = new int[4];
      return branchCount++;
    }

    /** The branch of operation {@code op}'s list (as added), for {@link #build}. */
    int branch(int op) {
      return opBranch[op];
    }

    /** The length of operation {@code op}'s list. */
    int length(int op) {
      return opLength[op];
    }

    /**
     * The lists, per (final) operation the branch from {@link #branch} or -1 and the length
     * from {@link #length}; the builder is spent.
     */
    ReadLists build(int[] branchOfOp, int[] lengthOfOp, int count) {
      int[][] trimmed = new int[branchCount][];
      for (int b = 0; b < branchCount; b++) {
        trimmed[b] = Arrays.copyOf(branches[b], branchLength[b]);
      }
      branches = null;
      opBranch = null;
      opLength = null;
      return new ReadLists(branchOfOp, lengthOfOp, trimmed, count);
    }
  }
}
