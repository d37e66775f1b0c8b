package io.isoverify.history.check;

import java.util.Arrays;

/**
 * What the reads of one key that share a stored list ({@link KeyLists#store}) have in common,
 * worked out once per store for {@link ListRules}: a key's reads are prefixes of one list in
 * a valid history, and checking each read element by element (Elle, section 4.2) costs the
 * sum of the lists' lengths, quadratic in the appends of a key read after each append.
 *
 * <ul>
 *   <li>{@link #clean}: a read whose {@link ListRead} check is known to find nothing, so
 *       that the check is skipped. Every prefix of a store up to {@code cleanLength} passes
 *       that check for a reader that appended nothing to the key: no element twice, and the
 *       store's runs of one appender's elements, cut where the prefix ends, pass the rules of
 *       {@link ListRead#check} (an appender for every run before the last; none of them
 *       aborted; every run before the last exactly its transaction's appends; the last one
 *       these or a part of them not ending with their last). A read qualifies when it is on
 *       the store of the longest counted list and no longer than it (so prefix compatible),
 *       within {@code cleanLength}, and its reader appended nothing to the key. Anything
 *       else is checked in full, so the findings are those of checking every read.</li>
 *   <li>{@link #unknownPositions}: the positions of a store whose appender's outcome is
 *       unknown (the first pass's pairs), so that a read visits only those.</li>
 * </ul>
 * O(store length) per store, once per run of the rules; O(log appenders) per read.
 */
final class ListPrefixes {
  private final ListRules k;
  private KeyLists lists;
  private boolean[] scanned = new boolean[16];
  private int[] cleanLength = new int[16];
  private int[] seen = new int[16];
  private int stamp;
  /** The key's appending transactions, sorted, each once. */
  private int[] appenders = new int[16];
  private int appenderCount = -1;
  private int[] unknownFrom = new int[17];
  private int[] unknown = new int[16];

  ListPrefixes(ListRules k) {
    this.k = k;
  }

  /** Forgets the last key's stores: {@code values} local values, the rules' appends indexed. */
  void reset(KeyLists lists, int values) {
    this.lists = lists;
    int stores = lists.stores();
    if (scanned.length < stores) {
      scanned = new boolean[Math.max(stores, scanned.length * 2)];
      cleanLength = new int[scanned.length];
    }
    Arrays.fill(scanned, 0, stores, false);
    if (seen.length < values) {
      seen = new int[Math.max(values, seen.length * 2)];
    }
    Arrays.fill(seen, 0, values, 0);
    stamp = 0;
    appenderCount = -1;
  }

  /**
   * True when {@link ListRead#check}{@code (r, longest, ...)} would find nothing, known
   * without running it; false says nothing.
   */
  boolean clean(int r, int longest) {
    int s = lists.store(r);
    int n = lists.length(r);
    if (s != lists.store(longest) || n > lists.length(longest) || appended(lists.txn(r))) {
      return false;
    }
    if (!scanned[s]) {
      cleanLength[s] = cleanLength(s);
      scanned[s] = true;
    }
    return n <= cleanLength[s];
  }

  /** Did transaction t append to the key? */
  private boolean appended(int t) {
    if (appenderCount < 0) {
      if (appenders.length < k.appends) {
        appenders = new int[Math.max(k.appends, appenders.length * 2)];
      }
      System.arraycopy(k.appTxn, 0, appenders, 0, k.appends);
      Arrays.sort(appenders, 0, k.appends);
      int c = 0;
      for (int i = 0; i < k.appends; i++) {
        if (c == 0 || appenders[c - 1] != appenders[i]) {
          appenders[c++] = appenders[i];
        }
      }
      appenderCount = c;
    }
    return Arrays.binarySearch(appenders, 0, appenderCount, t) >= 0;
  }

  /** The longest prefix length of store s up to which every prefix is clean. */
  private int cleanLength(int s) {
    int length = lists.storeLength(s);
    stamp++;
    for (int i = 0; i < length; i++) {
      int v = lists.storeElement(s, i);
      if (v < 0 || seen[v] == stamp) {
        length = i; // a prefix past here holds an element twice
        break;
      }
      seen[v] = stamp;
    }
    boolean before = true; // every run before the current one passes as a whole run
    int i = 0;
    while (i < length) {
      if (!before) {
        return i;
      }
      int a = k.firstAppend(lists.storeElement(s, i));
      int w = a < 0 ? -1 : k.appTxn[a];
      int j = i + 1;
      while (j < length && w >= 0 && k.appender(lists.storeElement(s, j)) == w) {
        j++;
      }
      if (w < 0) {
        before = false; // last, it is the read's value; before the last, a thin-air read
        i = j;
        continue;
      }
      int own = k.appRunFrom[a];
      int count = k.appRunTo[a] - own;
      int lastValue = k.appValue[own + count - 1];
      boolean aborted = k.aborted(w);
      int match = 0;
      for (int n = i + 1; n <= j; n++) {
        int len = n - i;
        int v = lists.storeElement(s, n - 1);
        if (match == len - 1 && len <= count && v == k.appValue[own + len - 1]) {
          match = len;
        }
        boolean passes = !(aborted && len >= 2)
            && (len < count && v != lastValue || len == count && match == count);
        if (!passes) {
          return n - 1;
        }
      }
      before = !aborted && j - i == count && match == count;
      i = j;
    }
    return length;
  }

  /**
   * Indexes, per store, the positions whose element's first appender has an unknown outcome
   * (O(elements stored)); {@link #unknownPositions} then lists them.
   */
  void indexUnknown() {
    int stores = lists.stores();
    if (unknownFrom.length < stores + 1) {
      unknownFrom = new int[stores + 1];
    }
    int count = 0;
    for (int s = 0; s < stores; s++) {
      unknownFrom[s] = count;
      for (int i = 0; i < lists.storeLength(s); i++) {
        int w = k.appender(lists.storeElement(s, i));
        if (w >= 0 && k.unknown(w)) {
          if (count == unknown.length) {
            unknown = Arrays.copyOf(unknown, count * 2);
          }
          unknown[count++] = i;
        }
      }
    }
    unknownFrom[stores] = count;
  }

  /**
   * Store s's positions of unknown-outcome appenders, ascending, are
   * {@code unknownPositions()[unknownFrom(s) .. unknownFrom(s + 1) - 1]}.
   */
  int unknownFrom(int s) {
    return unknownFrom[s];
  }

  int[] unknownPositions() {
    return unknown;
  }
}
