package io.isoverify.audit;

import io.isoverify.graph.Component;
import io.isoverify.graph.Partition;
import io.isoverify.history.History;
import io.isoverify.history.OrderMarkers;
import io.isoverify.history.anomaly.EdgeType;

/**
 * Which transactions of a round may be collected: cobra's removable transactions (appendix
 * B.5), for serializability, decided on the round's pruned polygraph (graph-partitioning's
 * {@link Partition} of SER).
 *
 * <ul>
 *   <li><b>old</b>: epoch at most {@code epochAgree - 2} ({@link Epochs});</li>
 *   <li><b>frozen</b> (Definition 38): old, and so is every transitive predecessor in the
 *       known graph (known and choice edges; one pass from the transactions that are not old,
 *       O(V + E));</li>
 *   <li><b>obsolete</b> on a key it writes (Definition 39): an old transaction that writes
 *       the key is a successor in the known graph, found through the fences (an old writer
 *       after a fence of a later epoch than the transaction's, {@link Epochs#after}) or along
 *       the key's WW edges and its WR edges to read-modify-writes;</li>
 *   <li><b>candidate</b> (Definition 43): frozen, and obsolete on every key it writes;</li>
 *   <li><b>removable</b> (Definition 45): a candidate whose whole P-SCC (the partition's
 *       {@link Component}, or the transaction alone when it is in none) is made of
 *       candidates. This is what keeps section 4.3's counter-example (T3, frozen and
 *       overwritten, in constraints a later read decides) from being collected: its
 *       component holds T1, T4 and T5, which are not overwritten on every key.</li>
 * </ul>
 * Two things the paper's rule does not meet are taken per key, coarser and safe: the
 * partition drops constraints no cycle runs through (choice edges), which cobra's P-SCCs
 * keep, and its WR constraints (reads with several candidate writers, repeated values) are
 * outside cobra's argument, which assumes unique values; no transaction that touches a key
 * with a choice edge, or a key a component's WR constraint reads, is removed.
 *
 * <p>Cobra's deletion (Definition 25) keeps the known graph's edges between held
 * transactions, among them the anti-dependency edges derived from a read of a deleted
 * writer, and the order between held transactions that ran through deleted ones; the held
 * history here is re-derived from the held transactions, so a held read whose writer would
 * go keeps that writer (and its P-SCC) unless {@link HeldReads} can make it a read of an
 * earlier held version, and the orders through collected transactions are carried as order
 * markers ({@link OrderCarry}); where they cannot be, every transaction a held one reaches
 * is kept instead (the collected set closed under predecessors), all to a fixpoint. Order
 * markers are exempt from the obsolescence rule.
 *
 * <p>Aborted transactions install nothing and are in no graph: they are removable when old.
 * Transactions after their session's last fence are never old, so every session keeps its
 * last transaction (and with it the session-order edge to what comes next).
 */
final class Collection {
  private Collection() {}

  /**
   * The removable transactions of {@code h} and the values of the held history's operations
   * ({@link HeldReads}). O(V + E) for the rule, plus HeldReads' passes.
   */
  static Collected collect(History h, Partition p, Epochs epochs) {
    int n = h.txnCount();
    boolean[] removable = new boolean[n];
    if (epochs.reason != null || p.violated() || whyNot(h) != null) {
      return new Collected(removable, HeldReads.values(h, removable, t -> removable[t] = false), 0,
          new OrderCarry.Orders(new int[0], new int[0]));
    }
    int vertices = p.vertexCount();
    int[] vertexOf = new int[n];
    java.util.Arrays.fill(vertexOf, -1);
    boolean[] bad = new boolean[vertices];
    for (int v = 1; v < vertices; v++) {
      vertexOf[p.txnOf(v)] = v;
      bad[v] = !epochs.old(p.txnOf(v));
    }
    Csr known = Csr.of(vertices, p);
    // frozen: not reachable from a vertex that is not old
    int[] queue = new int[vertices];
    int tail = 0;
    for (int v = 0; v < vertices; v++) {
      if (bad[v]) {
        queue[tail++] = v;
      }
    }
    for (int head = 0; head < tail; head++) {
      int v = queue[head];
      for (int e = known.first[v]; e < known.first[v + 1]; e++) {
        int w = known.to[e];
        if (!bad[w]) {
          bad[w] = true;
          queue[tail++] = w;
        }
      }
    }
    boolean[] openKey = openKeys(h, p);
    boolean[] marker = OrderMarkers.keys(h);
    IntStack seen = new IntStack(vertices);
    int[] lastAfter = lastAfter(h, vertexOf, epochs);
    for (int t = 0; t < n; t++) {
      int v = vertexOf[t];
      if (v < 0) {
        removable[t] = h.isAborted(t) && epochs.old(t);
        continue;
      }
      if (bad[v]) {
        continue;
      }
      boolean ok = true;
      for (int o = h.firstOp(t); o < h.endOp(t) && ok; o++) {
        int key = h.opKey(o);
        if (key < 0 || openKey[key]) {
          ok = false; // a predicate read, or a key with a constraint outside cobra's P-SCCs
        } else if (h.opKind(o).installsVersion() && !marker[key]) {
          ok = (long) lastAfter[key] > (long) epochs.epoch[t]
              || overwritten(known, v, key, p, epochs, h, seen);
        }
      }
      removable[t] = ok;
    }
    Groups groups = new Groups(n, p);
    for (int c = 0; c < groups.count(); c++) {
      if (!groups.all(c, removable) || p.components().get(c).reads().count() > 0) {
        groups.keep(c, removable);
      }
    }
    int[] values;
    int removableBefore = -1;
    OrderCarry.Orders orders;
    do {
      keepFenceSuffix(h, epochs, removable, groups);
      values = HeldReads.values(h, removable, t -> groups.keepWith(t, removable));
      if (removableBefore < 0) {
        removableBefore = count(removable);
      }
      orders = OrderCarry.of(h, known, p, removable);
    } while (orders == null && keepSuccessorsOfHeld(known, p, removable, groups));
    // closed under predecessors, no order runs through a collected transaction
    return new Collected(removable, values, removableBefore - count(removable),
        orders != null ? orders : new OrderCarry.Orders(new int[0], new int[0]));
  }

  private static int count(boolean[] flags) {
    int n = 0;
    for (boolean f : flags) {
      n += f ? 1 : 0;
    }
    return n;
  }

  /**
   * Keeps every transaction that a held one reaches in the known graph (known and choice
   * edges), with its P-SCC, so that the collected transactions are closed under
   * predecessors: no path between two held transactions runs through a collected one, and
   * the held history, re-derived from the held transactions, keeps every order between them
   * (cobra's deletion keeps these edges in its graph; the held history has no other place
   * for them). Returns true when it kept one (the caller then runs the other rules again).
   * O(V + E).
   */
  private static boolean keepSuccessorsOfHeld(Csr known, Partition p, boolean[] removable,
      Groups groups) {
    int vertices = known.first.length - 1;
    int[] queue = new int[vertices];
    boolean[] seen = new boolean[vertices];
    int tail = 0;
    for (int v = 1; v < vertices; v++) { // vertex 0 is the initial state, before every one
      if (!removable[p.txnOf(v)]) {
        seen[v] = true;
        queue[tail++] = v;
      }
    }
    boolean changed = false;
    for (int head = 0; head < tail; head++) {
      int v = queue[head];
      for (int e = known.first[v]; e < known.first[v + 1]; e++) {
        int w = known.to[e];
        if (w > 0 && !seen[w]) {
          seen[w] = true;
          queue[tail++] = w;
          if (removable[p.txnOf(w)]) {
            groups.keepWith(p.txnOf(w), removable);
            changed = true;
          }
        }
      }
    }
    return changed;
  }

  /**
   * What a round collects: per transaction, removed; per operation, its held value; and how
   * many transactions the other rules would have removed that are held because a held
   * transaction precedes them (the closure under predecessors, {@link #keepSuccessorsOfHeld}).
   */
  record Collected(boolean[] removed, int[] values, int heldForOrder, OrderCarry.Orders orders) {}

  /**
   * Why nothing of {@code h} may be collected whatever the epochs, or null: a predicate read
   * counts every write in its range and a list read shows every append, so a later one may
   * depend on any collected write (cobra's argument is for reads of single versions).
   */
  static String whyNot(History h) {
    if (!h.predicates().isEmpty()) {
      return "the history has predicate reads (a later one counts every write in its range)";
    }
    if (!h.readLists().isEmpty()) {
      return "the history has list-append reads (a later list shows every append)";
    }
    return null;
  }

  /**
   * Keeps every fence after the first one held in the chain, so that the fences held are a
   * suffix of the chain: the first of them is then before every other writer of the fence
   * key held, which is what lets {@link HeldReads} make its read of a collected fence a read
   * of the initial state, and the epochs of the next round count from it.
   */
  private static void keepFenceSuffix(History h, Epochs epochs, boolean[] removable,
      Groups groups) {
    int key = io.isoverify.history.Fences.keyCode(h);
    int firstHeld = Integer.MAX_VALUE;
    for (int t = 0; t < h.txnCount(); t++) {
      if (!removable[t] && io.isoverify.history.Fences.isFence(h, t, key)) {
        firstHeld = Math.min(firstHeld, epochs.epoch[t]);
      }
    }
    for (int t = 0; t < h.txnCount(); t++) {
      if (removable[t] && epochs.epoch[t] > firstHeld
          && io.isoverify.history.Fences.isFence(h, t, key)) {
        groups.keepWith(t, removable);
      }
    }
  }

  /**
   * True when an old transaction that writes {@code key} is a successor of {@code v} in the
   * known graph (Definition 39), found along the key's WW edges and its WR edges to
   * read-modify-writes of the key (the paths that order its writers: chains, and the edges
   * between them); {@code seen} is scratch space, left clear. O(edges of the key walked).
   */
  private static boolean overwritten(Csr known, int v, int key, Partition p, Epochs epochs,
      History h, IntStack seen) {
    boolean found = false;
    seen.push(v);
    seen.mark(v);
    for (int i = 0; i < seen.size() && !found; i++) {
      int u = seen.get(i);
      for (int e = known.first[u]; e < known.first[u + 1] && !found; e++) {
        int w = known.to[e];
        if (known.key[e] != key || seen.marked(w)
            || known.type[e] != EdgeType.WW.ordinal() && (known.type[e] != EdgeType.WR.ordinal()
                || !writes(h, p.txnOf(w), key))) {
          continue;
        }
        found = epochs.old(p.txnOf(w));
        seen.push(w);
        seen.mark(w);
      }
    }
    seen.clear();
    return found;
  }

  /**
   * Per key, the largest {@link Epochs#after} of an old committed transaction that writes
   * it: a transaction of a smaller epoch that writes the key has that writer as a successor
   * in the known graph (through the fences), so it is obsolete on the key. O(operations).
   */
  private static int[] lastAfter(History h, int[] vertexOf, Epochs epochs) {
    int[] last = new int[h.keys().size()];
    java.util.Arrays.fill(last, Integer.MIN_VALUE);
    for (int t = 0; t < h.txnCount(); t++) {
      if (vertexOf[t] < 0 || !h.isCommitted(t) || !epochs.old(t)) {
        continue;
      }
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o).installsVersion() && h.opKey(o) >= 0) {
          last[h.opKey(o)] = Math.max(last[h.opKey(o)], epochs.after[t]);
        }
      }
    }
    return last;
  }

  private static boolean writes(History h, int t, int key) {
    if (t < 0) {
      return false;
    }
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key && h.opKind(o).installsVersion()) {
        return true;
      }
    }
    return false;
  }

  /** A worklist of vertices with their marks, cleared in the time of its size. */
  private static final class IntStack {
    private final boolean[] marked;
    private int[] items = new int[16];
    private int size;

    IntStack(int vertices) {
      marked = new boolean[vertices];
    }

    void push(int v) {
      if (size == items.length) {
        items = java.util.Arrays.copyOf(items, size * 2);
      }
      items[size++] = v;
    }

    int get(int i) {
      return items[i];
    }

    int size() {
      return size;
    }

    void mark(int v) {
      marked[v] = true;
    }

    boolean marked(int v) {
      return marked[v];
    }

    void clear() {
      for (int i = 0; i < size; i++) {
        marked[items[i]] = false;
      }
      size = 0;
    }
  }

  /**
   * The keys whose constraints cobra's P-SCC rule does not cover: those of the choice edges
   * (constraints the partition dropped) and those a component's WR constraint reads.
   */
  private static boolean[] openKeys(History h, Partition p) {
    boolean[] open = new boolean[h.keys().size()];
    for (int e = 0; e < p.choiceEdgeCount(); e++) {
      mark(open, p.choiceKey(e));
    }
    for (Component c : p.components()) {
      for (int j = 0; j < c.reads().count(); j++) {
        mark(open, c.reads().key(j));
      }
    }
    return open;
  }

  private static void mark(boolean[] open, int key) {
    if (key >= 0 && key < open.length) {
      open[key] = true;
    }
  }

  /**
   * The P-SCCs of a partition's transactions (its components; a transaction in none is a
   * group of its own): a transaction is kept back together with its whole group.
   */
  private static final class Groups {
    private final int[] groupOf;
    private final int[][] members;

    Groups(int n, Partition p) {
      groupOf = new int[n];
      java.util.Arrays.fill(groupOf, -1);
      members = new int[p.components().size()][];
      for (int c = 0; c < members.length; c++) {
        Component comp = p.components().get(c);
        int[] txns = new int[comp.vertexCount()];
        int k = 0;
        for (int i = 0; i < comp.vertexCount(); i++) {
          if (comp.txn(i) >= 0) {
            groupOf[comp.txn(i)] = c;
            txns[k++] = comp.txn(i);
          }
        }
        members[c] = java.util.Arrays.copyOf(txns, k);
      }
    }

    int count() {
      return members.length;
    }

    boolean all(int c, boolean[] removable) {
      for (int t : members[c]) {
        if (!removable[t]) {
          return false;
        }
      }
      return true;
    }

    void keep(int c, boolean[] removable) {
      for (int t : members[c]) {
        removable[t] = false;
      }
    }

    /** Keeps {@code t} and the rest of its P-SCC. */
    void keepWith(int t, boolean[] removable) {
      removable[t] = false;
      if (groupOf[t] >= 0) {
        keep(groupOf[t], removable);
      }
    }
  }

  /** The known and choice edges of a partition by source vertex (compressed rows). */
  static final class Csr {
    final int[] first;
    final int[] to;
    final byte[] type;
    final int[] key;

    private Csr(int[] first, int[] to, byte[] type, int[] key) {
      this.first = first;
      this.to = to;
      this.type = type;
      this.key = key;
    }

    static Csr of(int vertices, Partition p) {
      int known = p.knownEdgeCount();
      int m = known + p.choiceEdgeCount();
      int[] first = new int[vertices + 1];
      for (int e = 0; e < m; e++) {
        first[(e < known ? p.knownFrom(e) : p.choiceFrom(e - known)) + 1]++;
      }
      for (int v = 0; v < vertices; v++) {
        first[v + 1] += first[v];
      }
      int[] fill = java.util.Arrays.copyOf(first, vertices);
      int[] to = new int[m];
      byte[] type = new byte[m];
      int[] key = new int[m];
      for (int e = 0; e < m; e++) {
        boolean k = e < known;
        int c = k ? e : e - known;
        int at = fill[k ? p.knownFrom(c) : p.choiceFrom(c)]++;
        to[at] = k ? p.knownTo(c) : p.choiceTo(c);
        type[at] = (byte) (k ? p.knownType(c) : p.choiceType(c));
        key[at] = k ? p.knownKey(c) : p.choiceKey(c);
      }
      return new Csr(first, to, type, key);
    }
  }
}
