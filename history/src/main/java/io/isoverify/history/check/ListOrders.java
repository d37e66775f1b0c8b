package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.anomaly.Anomaly;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Elle's list-append inference (Kingsbury and Alvaro, "Elle: Inferring Isolation Anomalies
 * from Experimental Observations", VLDB 2020, section 4.2, traceable objects): a read of a
 * list returns every element appended so far, oldest first, so each key's read lists are
 * prefixes of one another and the longest one gives the order of every append it shows.
 *
 * <p>The reads that count are those of committed transactions, and of transactions with an
 * unknown outcome whose append a counted read list shows (a fixpoint). Per key read as a
 * list by them:
 * <ul>
 *   <li>the <b>observed order</b>: the appenders of the longest read list's elements, in
 *       order, each transaction once (its appends are consecutive), leaving out elements no
 *       transaction appended or an aborted one did;</li>
 *   <li>findings, one per read list at most per kind: IncompatibleOrder (the list is not a
 *       prefix of the longest one; the certificate names both reads), DuplicateElements (an
 *       element twice), and, for the elements before the last (the last one is the read's
 *       value, checked by {@link KeyRules} as any read): ThinAirRead (nobody appended it),
 *       AbortedRead (G1a: an aborted transaction did), IntermediateRead (G1b: another
 *       transaction's element between two elements of one transaction).</li>
 * </ul>
 * Appends that no read list shows come after every observed one (a read list that missed
 * them was read when they were not there, and lists only grow); their mutual order is not
 * known, which the polygraph leaves as constraints.
 *
 * <p>Encoding of the order, for key k: {@code orderTxn[orderStart[k] .. orderStart[k+1]-1]},
 * dense transaction ids; {@code listKey[k]} is true when counted transactions read k as a
 * list (its order is then fixed by the lists, even when empty). Cost O(ops log ops).
 */
public final class ListOrders {
  private final int[] orderStart;
  private final int[] orderTxn;
  private final boolean[] listKey;
  private final List<NonCycleFinding> findings;

  private ListOrders(int[] orderStart, int[] orderTxn, boolean[] listKey,
      List<NonCycleFinding> findings) {
    this.orderStart = orderStart;
    this.orderTxn = orderTxn;
    this.listKey = listKey;
    this.findings = findings;
  }

  /** The observed orders and findings of a history held in memory. */
  public static ListOrders of(History h) {
    int keys = h.keys().size();
    if (h.readLists().isEmpty()) {
      return new ListOrders(new int[keys + 1], new int[0], new boolean[keys], List.of());
    }
    ListAppends appends = new ListAppends(h);
    int[] listOps = listOpsByKey(h, keys, counted(h, appends));
    int[] keyStart = new int[keys + 1];
    for (int o : listOps) {
      keyStart[h.opKey(o) + 1]++;
    }
    for (int k = 0; k < keys; k++) {
      keyStart[k + 1] += keyStart[k];
    }
    int[] orderStart = new int[keys + 1];
    int[] order = new int[16];
    int orderSize = 0;
    boolean[] listKey = new boolean[keys];
    List<NonCycleFinding> findings = new ArrayList<>();
    int[] txnStamp = new int[h.txnCount()];
    int[] valueStamp = new int[h.values().size()];
    int stamp = 0;
    for (int k = 0; k < keys; k++) {
      orderStart[k] = orderSize;
      if (keyStart[k] == keyStart[k + 1]) {
        continue;
      }
      listKey[k] = true;
      int longest = listOps[keyStart[k]];
      for (int i = keyStart[k]; i < keyStart[k + 1]; i++) {
        if (h.readList(listOps[i]).length > h.readList(longest).length) {
          longest = listOps[i];
        }
      }
      for (int i = keyStart[k]; i < keyStart[k + 1]; i++) {
        int o = listOps[i];
        new ListRead(h, appends, o, findings).check(longest, ++stamp, valueStamp);
      }
      // the observed order: appenders of the longest list, each once
      stamp++;
      int last = -1;
      for (int element : h.readList(longest)) {
        int w = appends.txn(k, element);
        if (w < 0 || h.isAborted(w) || w == last || txnStamp[w] == stamp) {
          continue;
        }
        txnStamp[w] = stamp;
        if (orderSize == order.length) {
          order = Arrays.copyOf(order, 2 * orderSize);
        }
        order[orderSize++] = w;
        last = w;
      }
    }
    orderStart[keys] = orderSize;
    findings.sort(NonCycleFinding.ORDER);
    return new ListOrders(orderStart, Arrays.copyOf(order, orderSize), listKey,
        List.copyOf(findings));
  }

  /**
   * The transactions whose list reads count: the committed ones, and those with an unknown
   * outcome whose append a counted read list shows (so they committed): a fixpoint, each
   * transaction's lists scanned once. O(total length of the lists).
   */
  private static boolean[] counted(History h, ListAppends appends) {
    int n = h.txnCount();
    int[] ops = h.readLists().keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
    int[] from = new int[n + 1];
    for (int o : ops) {
      from[h.txnOfOp(o) + 1]++;
    }
    for (int t = 0; t < n; t++) {
      from[t + 1] += from[t];
    }
    boolean[] counted = new boolean[n];
    int[] queue = new int[n];
    int tail = 0;
    for (int t = 0; t < n; t++) {
      if (h.isCommitted(t)) {
        counted[t] = true;
        queue[tail++] = t;
      }
    }
    for (int head = 0; head < tail; head++) {
      int t = queue[head];
      for (int i = from[t]; i < from[t + 1]; i++) {
        for (int element : h.readList(ops[i])) {
          int w = appends.txn(h.opKey(ops[i]), element);
          if (w >= 0 && !counted[w] && !h.isAborted(w)) {
            counted[w] = true;
            queue[tail++] = w;
          }
        }
      }
    }
    return counted;
  }

  /** The list reads of counted transactions, grouped by key, in operation order. */
  private static int[] listOpsByKey(History h, int keys, boolean[] counted) {
    int n = 0;
    int[] ops = new int[h.readLists().size()];
    for (int o : h.readLists().keySet()) {
      if (h.opKey(o) >= 0 && counted[h.txnOfOp(o)]) {
        ops[n++] = o;
      }
    }
    long[] sortKey = new long[n];
    for (int i = 0; i < n; i++) {
      sortKey[i] = ((long) h.opKey(ops[i]) << 32) | ops[i];
    }
    int[] idx = IndexSort.byKey(sortKey, n);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = ops[idx[i]];
    }
    return out;
  }

    /** Order arrays: key k's observed appenders are orderTxn[orderStart[k]..orderStart[k+1]-1]. */
  public int[] orderStart() {
    return orderStart;
  }

  public int[] orderTxn() {
    return orderTxn;
  }

  /** listKey[k]: counted transactions read key k as a list. */
  public boolean[] listKeys() {
    return listKey;
  }

  /** The findings, by reading transaction and read. */
  public List<NonCycleFinding> findings() {
    return findings;
  }
}
