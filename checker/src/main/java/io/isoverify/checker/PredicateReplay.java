package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import java.util.Arrays;

/**
 * Replays the predicate reads (vbox) of a witness: each must return exactly the rows whose
 * tested field lies in its range in the state the transaction sees (the commits before it in
 * a serial order, or before its start point under SI, then its own earlier writes). A row
 * state is the fields set on it: absent at first; a write creates a missing row with the
 * fields it sets and sets them on an existing one (the others keep their values); an insert
 * replaces the row by the fields it sets; a delete removes it. Only the tested fields can
 * decide a predicate, so only they are kept. The returned rows' values are checked as reads
 * by the caller's replay.
 *
 * <p>Every (value, key) pair a write of the history sets a tested field to is numbered once,
 * sorted by value then key, and each write's field knows its pair ({@link FieldPairs}); a
 * row's state is, per tested field, the number of its pair (or none), and the committed
 * state marks the live pairs in a bit set per field, so the rows in a range are the set
 * bits between two binary searches. The states are swept in start-point order, in
 * consecutive parts on parallel threads ({@link ReplayParts}; a part first applies the
 * writes before its first start point). O(w log w) to number the w pairs, O(log w) per
 * write of a tested field (its slot among the written fields), and per predicate read
 * O(log w + pairs in range / 64 + live rows in range + returned rows + own writes);
 * primitive arrays throughout.
 */
final class PredicateReplay {
  private static final int NONE = -1;
  /** Predicate reads per part of the replay, at least: a part rebuilds the state before it. */
  static final int READS_PER_PART = 1 << 15;
  private final History h;
  /** What the parts share, read-only: the tested fields, their pairs, the written keys. */
  private final Numbering numbering;
  private final long[] fields;
  private final FieldPairs[] pairs;
  /** Per tested field, a bit per pair: set when some committed row holds it now. */
  private final long[][] live;
  /** Per key and tested field (key * fields + f): the pair of its committed row, or NONE. */
  private final int[] committed;
  /** The same for the keys the current transaction wrote (marked in {@link #ownMark}). */
  private final int[] own;
  private final int[] ownMark;
  private int[] ownKeys = new int[16];
  private int ownCount;
  private int stamp;
  /** Per key: the number of the last predicate read that returned it, and that it matches. */
  private final int[] returnedMark;
  private final int[] matchingMark;
  private int readStamp;

  private PredicateReplay(History h, Numbering numbering) {
    this.h = h;
    this.numbering = numbering;
    this.fields = numbering.fields;
    this.pairs = numbering.pairs;
    int keys = h.keys().size();
    this.live = new long[fields.length][];
    for (int f = 0; f < fields.length; f++) {
      live[f] = new long[(pairs[f].value.length + 63) / 64];
    }
    this.committed = new int[keys * fields.length];
    this.own = new int[keys * fields.length];
    Arrays.fill(committed, NONE);
    this.ownMark = new int[keys];
    this.returnedMark = new int[keys];
    this.matchingMark = new int[keys];
  }

  /**
   * The parts' shared, read-only view of one history and order: the tested fields
   * ascending, their (value, key) pairs, and which keys some transaction of the order writes.
   */
  private static final class Numbering {
    final long[] fields;
    final FieldPairs[] pairs;
    final boolean[] written;

    Numbering(History h, int[] order) {
      this.fields = h.predicates().values().stream().mapToLong(PredicateRead::field)
          .distinct().sorted().toArray();
      this.written = new boolean[h.keys().size()];
      for (int t : order) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (Transactions.isWrite(h, o)) {
            written[h.opKey(o)] = true;
          }
        }
      }
      this.pairs = new FieldPairs[fields.length];
      for (int f = 0; f < fields.length; f++) {
        pairs[f] = new FieldPairs(h, fields[f]);
      }
    }
  }

  /**
   * Null when every predicate read of {@code order[i]} returns what the state after the first
   * {@code seen[i]} transactions of the order, then its own earlier writes, holds; else the
   * problem. The transactions are taken by start point ({@code seen}), cut into consecutive
   * parts ({@link ReplayParts}, one per {@link #READS_PER_PART} predicate reads at least):
   * each part applies the writes before its first start point, then checks its own; the
   * problem reported is the first of the one-thread sweep.
   */
  static String problem(History h, int[] order, int[] seen) {
    return problem(h, order, seen, ReplayParts.count(h.predicates().size(), READS_PER_PART));
  }

  /** The same, in {@code parts} parts. */
  static String problem(History h, int[] order, int[] seen, int parts) {
    if (h.predicates().isEmpty()) {
      return null;
    }
    Numbering numbering = new Numbering(h, order);
    long[] byStart = new long[order.length];
    for (int i = 0; i < order.length; i++) {
      byStart[i] = (long) seen[i] << 32 | i;
    }
    Arrays.sort(byStart);
    return ReplayParts.firstProblem(order.length, parts,
        (from, to) -> new PredicateReplay(h, numbering).sweep(order, seen, byStart, from, to));
  }

  /** Positions {@code from .. to-1} of {@code byStart}: the first problem, or null. */
  private String sweep(int[] order, int[] seen, long[] byStart, int from, int to) {
    int applied = 0;
    for (int j = from; j < to; j++) {
      int i = (int) byStart[j];
      while (applied < seen[i]) {
        int u = order[applied++];
        for (int o = h.firstOp(u); o < h.endOp(u); o++) {
          if (Transactions.isWrite(h, o)) {
            applyCommitted(o);
          }
        }
      }
      String problem = transaction(order[i]);
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  /** Checks t's predicate reads over the committed state plus its own writes. */
  private String transaction(int t) {
    stamp++;
    ownCount = 0;
    int n = fields.length;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o) == OpKind.PREDICATE_READ) {
        String problem = predicateRead(t, h.predicate(o), o);
        if (problem != null) {
          return problem;
        }
      } else if (Transactions.isWrite(h, o)) {
        int y = h.opKey(o);
        if (ownMark[y] != stamp) {
          ownMark[y] = stamp;
          System.arraycopy(committed, y * n, own, y * n, n);
          if (ownCount == ownKeys.length) {
            ownKeys = Arrays.copyOf(ownKeys, 2 * ownCount);
          }
          ownKeys[ownCount++] = y;
        }
        after(own, y, o);
      }
    }
    return null;
  }

  private boolean isOwn(int y) {
    return ownMark[y] == stamp;
  }

  /**
   * Null when predicate read o of t returned exactly the rows that match in its state, else
   * the problem with the smallest written key (else a returned row no one writes): the rows
   * matching are those of the committed state in the range that t did not write, and those
   * t wrote that match. The two sets meet through per-key marks of this read, in
   * O(returned + matching) with no sort.
   */
  private String predicateRead(int t, PredicateRead p, int o) {
    int read = ++readStamp;
    for (int i = 1; i <= p.matched(); i++) {
      returnedMark[h.opKey(o + i)] = read;
    }
    int f = Arrays.binarySearch(fields, p.field());
    FieldPairs fp = pairs[f];
    // the smallest key matching but not returned, or returned, written and not matching;
    // else the smallest returned row no transaction writes
    int first = Integer.MAX_VALUE;
    int end = IndexSort.firstAbove(fp.value, p.high());
    long[] bits = live[f];
    for (int i = nextLive(bits, IndexSort.firstAtLeast(fp.value, 0, end, p.low()));
        i >= 0 && i < end; i = nextLive(bits, i + 1)) {
      int y = fp.key[i];
      if (!isOwn(y)) {
        first = matching(y, read, first);
      }
    }
    for (int i = 0; i < ownCount; i++) {
      int y = ownKeys[i];
      if (matches(p, fp, own[y * fields.length + f])) {
        first = matching(y, read, first);
      }
    }
    int unwritten = Integer.MAX_VALUE;
    for (int i = 1; i <= p.matched(); i++) {
      int y = h.opKey(o + i);
      if (matchingMark[y] != read) {
        if (numbering.written[y]) {
          first = Math.min(first, y);
        } else {
          unwritten = Math.min(unwritten, y);
        }
      }
    }
    if (first == Integer.MAX_VALUE) {
      first = unwritten;
    }
    if (first == Integer.MAX_VALUE) {
      return null;
    }
    int y = first;
    int pair = (isOwn(y) ? own : committed)[y * fields.length + f];
    return compare(t, p, y, matches(p, fp, pair), returnedMark[y] == read);
  }

  /** Marks y matching predicate read {@code read}; the smaller of first and y when not returned. */
  private int matching(int y, int read, int first) {
    matchingMark[y] = read;
    return returnedMark[y] == read ? first : Math.min(first, y);
  }

  /** True when the row's field, pair {@code pair} of {@code fp} (NONE: absent), is in p's range. */
  private static boolean matches(PredicateRead p, FieldPairs fp, int pair) {
    return pair != NONE && fp.value[pair] >= p.low() && fp.value[pair] <= p.high();
  }

  /** Null when predicate p of t agrees with key y's row (match: p is true on it), else why not. */
  private String compare(int t, PredicateRead p, int y, boolean match, boolean returned) {
    if (match == returned) {
      return null;
    }
    return "the predicate read of " + h.showTxn(t) + " (field " + p.field() + " in ["
        + p.low() + ", " + p.high() + "]) " + (match ? "did not return" : "returned")
        + " key " + h.showKey(y) + ", which in the witness's order "
        + (match ? "matches it" : "does not match it");
  }

  /** Applies write o to the committed state, keeping the live pairs in step. */
  private void applyCommitted(int o) {
    int y = h.opKey(o);
    int n = fields.length;
    for (int f = 0; f < n; f++) {
      setLive(live[f], committed[y * n + f], false);
    }
    after(committed, y, o);
    for (int f = 0; f < n; f++) {
      setLive(live[f], committed[y * n + f], true);
    }
  }

  private static void setLive(long[] bits, int pair, boolean on) {
    if (pair != NONE) {
      if (on) {
        bits[pair >>> 6] |= 1L << pair;
      } else {
        bits[pair >>> 6] &= ~(1L << pair);
      }
    }
  }

  /** The first live pair at or after {@code from}, or -1. */
  private static int nextLive(long[] bits, int from) {
    int w = from >>> 6;
    if (w >= bits.length) {
      return -1;
    }
    long word = bits[w] & (-1L << from);
    while (word == 0) {
      if (++w == bits.length) {
        return -1;
      }
      word = bits[w];
    }
    return w * 64 + Long.numberOfTrailingZeros(word);
  }

  /** Key y's row in {@code state} after write o over it. */
  private void after(int[] state, int y, int o) {
    OpKind k = h.opKind(o);
    int n = fields.length;
    for (int f = 0; f < n; f++) {
      int i = k == OpKind.DELETE ? -1 : h.writtenFieldSlot(o, fields[f]);
      if (i >= 0) {
        state[y * n + f] = pairs[f].pairOfSlot[i];
      } else if (k == OpKind.DELETE || k == OpKind.INSERT) {
        state[y * n + f] = NONE;
      }
    }
  }

  /**
   * Every (value, key) pair the writes of a history set one field to, sorted by value then
   * key (read-only: each part of the replay keeps which are live).
   */
  private static final class FieldPairs {
    final long[] value;
    final int[] key;
    /** Per slot of the history's written fields that sets this field: its pair. */
    final int[] pairOfSlot;

    FieldPairs(History h, long field) {
      int n = 0;
      long[] v = new long[16];
      int[] y = new int[16];
      int[] slot = new int[16];
      for (int o : h.writtenFields().keySet()) {
        int i = Transactions.isWrite(h, o) ? h.writtenFieldSlot(o, field) : -1;
        if (i >= 0) {
          if (n == v.length) {
            v = Arrays.copyOf(v, 2 * n);
            y = Arrays.copyOf(y, 2 * n);
            slot = Arrays.copyOf(slot, 2 * n);
          }
          v[n] = h.writtenFieldValue(i);
          slot[n] = i;
          y[n++] = h.opKey(o);
        }
      }
      // by key, then stably by value: by value, then key
      int[] byKey = IndexSort.byKey(Arrays.stream(y, 0, n).asLongStream().toArray(), n);
      long[] v2 = new long[n];
      for (int i = 0; i < n; i++) {
        v2[i] = v[byKey[i]];
      }
      int m = 0;
      long[] sortedValue = new long[n];
      int[] sortedKey = new int[n];
      this.pairOfSlot = new int[h.writtenFieldSlotCount()];
      for (int i : IndexSort.byKey(v2, n)) {
        int w = byKey[i];
        if (m == 0 || sortedValue[m - 1] != v[w] || sortedKey[m - 1] != y[w]) {
          sortedValue[m] = v[w];
          sortedKey[m++] = y[w];
        }
        pairOfSlot[slot[w]] = m - 1;
      }
      this.value = Arrays.copyOf(sortedValue, m);
      this.key = Arrays.copyOf(sortedKey, m);
    }
  }
}
