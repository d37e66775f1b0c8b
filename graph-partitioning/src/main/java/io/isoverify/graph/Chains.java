package io.isoverify.graph;

import io.isoverify.history.anomaly.EdgeType;
import java.util.Arrays;

/**
 * Write chains per key (cobra section 3.1, "combining writes"): when vertex T reads key x
 * from version W and also writes x (read-modify-write), T's version directly follows W in
 * x's version order, so W and T lie on one chain. A chain is a maximal sequence of versions
 * linked this way; the only freedom left for x's version order is how its chains are ordered.
 *
 * <p>When several readers of W write x (a lost update), only the lowest-numbered one extends
 * W's chain; the others head chains of their own, and their read of W then yields an RW edge
 * to W's successor, which makes every order of those chains cyclic, as it must.
 *
 * <p>Keys read as lists (Elle list-append) start from the chain their longest read list
 * fixes ({@link #linkListOrders}).
 *
 * <p>Encoding:
 * <pre>
 *   succ[i], pred[i]            next / previous slot on the chain, -1 at the ends
 *   chain c                     head slot chainHead[c], tail slot chainTail[c]
 *   key k's chains              keyChainStart[k] .. keyChainStart[k+1]-1
 *                               (the chain holding the initial version comes first)
 * </pre>
 * Cost: O(slots + reads).
 */
final class Chains {
  final int[] succ;
  final int[] pred;
  final int[] chainHead;
  final int[] chainTail;
  final int[] keyChainStart;
  final Versions versions;

  /**
   * The chains; each list key's observed appenders (Elle list-append,
   * {@link PolygraphInput#withListOrders}) first form one chain from its initial version, in
   * the order its longest read list shows; read-modify-writes then extend chains as above.
   */
  Chains(Versions versions, int keyCount, PolygraphInput lists, Vertices vertices) {
    this.versions = versions;
    int s = versions.slotCount();
    succ = new int[s];
    pred = new int[s];
    Arrays.fill(succ, -1);
    Arrays.fill(pred, -1);
    linkListOrders(lists, vertices, lists.keyCount);
    // a reader that writes no key at all extends no chain: no search among the key's slots
    // (BlindW-Pred's read-only transactions hold most of its reads)
    boolean[] writes = new boolean[vertices.count()];
    for (int i = 0; i < s; i++) {
      writes[versions.slotVertex[i]] = true;
    }
    for (int i = 0; i < s; i++) {
      int key = versions.slotKey[i];
      for (int r = versions.readerStart[i]; r < versions.readerStart[i + 1] && succ[i] < 0; r++) {
        int j = writes[versions.readers[r]] ? versions.slot(key, versions.readers[r]) : -1;
        if (j >= 0 && pred[j] < 0) {
          succ[i] = j;
          pred[j] = i;
        }
      }
    }
    IntBuffer head = new IntBuffer();
    IntBuffer tail = new IntBuffer();
    keyChainStart = new int[keyCount + 1];
    boolean[] seen = new boolean[s];
    for (int k = 0; k < keyCount; k++) {
      keyChainStart[k] = head.size();
      for (int i = versions.keySlotStart[k]; i < versions.keySlotStart[k + 1]; i++) {
        if (pred[i] < 0) {
          tail.add(walk(i, seen));
          head.add(i);
        }
      }
      // slots left unseen lie on a cycle of read-modify-writes (a cycle of WR edges, found
      // later as a known cycle): cut each such cycle once, before its lowest slot
      for (int i = versions.keySlotStart[k]; i < versions.keySlotStart[k + 1]; i++) {
        if (!seen[i]) {
          succ[pred[i]] = -1;
          pred[i] = -1;
          tail.add(walk(i, seen));
          head.add(i);
        }
      }
    }
    keyChainStart[keyCount] = head.size();
    chainHead = head.toArray();
    chainTail = tail.toArray();
  }

  /**
   * Links each list key's observed appenders into one chain after its initial version (Elle,
   * Kingsbury and Alvaro, VLDB 2020, 4.2: the longest read list orders every append it
   * shows). The key's other versions, appends no read list shows, come after that chain's
   * tail: the chain holds the initial version, so the known graph orders it first.
   */
  private void linkListOrders(PolygraphInput lists, Vertices vertices, int keyCount) {
    for (int k = 0; k < keyCount; k++) {
      if (!lists.listKey[k]) {
        continue;
      }
      int prev = versions.slot(k, 0);
      for (int j = lists.listOrderStart[k]; j < lists.listOrderStart[k + 1]; j++) {
        int v = vertices.vertexOf[lists.listOrderTxn[j]];
        int slot = v > 0 ? versions.slot(k, v) : -1;
        if (slot >= 0) {
          succ[prev] = slot;
          pred[slot] = prev;
          prev = slot;
        }
      }
    }
  }

  private int walk(int i, boolean[] seen) {
    int last = i;
    for (int j = i; j >= 0; j = succ[j]) {
      seen[j] = true;
      last = j;
    }
    return last;
  }

  int chainCount() {
    return chainHead.length;
  }

  /**
   * Per chain, whether it is one version that no read can see: no reader, no read with
   * several candidate writers that pruning could make its reader ({@link
   * Versions#isCandidate}), not the initial version. Under SER and SSER two such chains of a
   * key need no constraint and no forced edge between them: every read of the key sees a
   * version with a reader, whose chain keeps its constraint (or forced edges) with each of
   * them, so any serial order the other edges allow puts neither inside a read's interval,
   * and their own order is the serial order's (the version order is the serial order's on
   * the key). Under SI it matters (two concurrent writers), so SI keeps them. O(chains).
   */
  boolean[] unreadSingles() {
    boolean[] unread = new boolean[chainHead.length];
    for (int c = 0; c < unread.length; c++) {
      int s = chainHead[c];
      unread[c] = s == chainTail[c] && versions.readerStart[s] == versions.readerStart[s + 1]
          && !versions.isCandidate(s) && versions.slotVertex[s] != 0;
    }
    return unread;
  }

  /**
   * Adds the edges every chain implies: WR from each version to its readers, WW from each
   * version to its successor, RW from each other reader of a version to that successor
   * (cobra Figure 3, InferRWEdges).
   */
  void addKnownEdges(EdgeList out) {
    int wr = EdgeType.WR.ordinal();
    int ww = EdgeType.WW.ordinal();
    int rw = EdgeType.RW.ordinal();
    for (int i = 0; i < succ.length; i++) {
      int key = versions.slotKey[i];
      int writer = versions.slotVertex[i];
      int next = succ[i] < 0 ? -1 : versions.slotVertex[succ[i]];
      for (int r = versions.readerStart[i]; r < versions.readerStart[i + 1]; r++) {
        int reader = versions.readers[r];
        out.add(writer, reader, wr, key);
        if (next >= 0 && reader != next) {
          out.add(reader, next, rw, key);
        }
      }
      if (next >= 0) {
        out.add(writer, next, ww, key);
      }
    }
  }

  /**
   * For each list key (Elle list-append), the edges of "the observed chain before every other
   * chain": appends no read list shows come after every one a list shows (Kingsbury and
   * Alvaro, VLDB 2020, 4.2), so these orders are known, not constraints. Their mutual order
   * stays open. O(chains of list keys + readers of their tails).
   */
  void addListOrderEdges(PolygraphInput lists, EdgeList out) {
    for (int k = 0; k < lists.keyCount; k++) {
      if (lists.listKey[k]) {
        for (int b = keyChainStart[k] + 1; b < keyChainStart[k + 1]; b++) {
          addBefore(keyChainStart[k], b, out);
        }
      }
    }
  }

  /**
   * Appends the edges of "chain a before chain b" (cobra GenChainToChainEdges, with the WW
   * edge always present as polysi needs it for SI): WW tail(a) -> head(b), and RW from every
   * reader of tail(a) to head(b).
   */
  void addBefore(int a, int b, EdgeList out) {
    int tail = chainTail[a];
    int key = versions.slotKey[tail];
    int head = versions.slotVertex[chainHead[b]];
    out.add(versions.slotVertex[tail], head, EdgeType.WW.ordinal(), key);
    int rw = EdgeType.RW.ordinal();
    for (int r = versions.readerStart[tail]; r < versions.readerStart[tail + 1]; r++) {
      out.add(versions.readers[r], head, rw, key);
    }
  }
}
