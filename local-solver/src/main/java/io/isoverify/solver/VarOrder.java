package io.isoverify.solver;

import java.util.Arrays;

/**
 * The decision order of {@link Cdcl}: variables by activity (VSIDS, Moskewicz et al. 2001,
 * with MiniSat's exponential bump), ties broken by the smaller rank so that runs are
 * deterministic. Variables that were bumped wait in a binary max-heap (insert, remove-max,
 * bump O(log V)); those never bumped, activity 0, all tie and so go by rank alone: they wait
 * in a bit set over ranks, scanned from the lowest rank that may be set (insert O(1),
 * remove-max O(1) amortised over a sweep). The order is exactly the one heap alone would
 * give; what changes is the cost on components of millions of constraints, where few
 * variables are ever bumped and a backjump puts back tens of thousands of them: with every
 * variable in one heap, its sift-downs were a third of the solve time (1M transactions in
 * 200 sessions, 16.9M constraints in one component).
 */
final class VarOrder {
  private final double[] activity;
  private final int[] heap;
  /** index[v] = position of v in heap, or -1 when v is not in it. */
  private final int[] index;
  /** rank[v] breaks ties of activity (all of them, before the first conflict). */
  private final int[] rank;
  /** The variable of each rank. */
  private final int[] ofRank;
  /** Bit r: the variable of rank r is in the order, never bumped (activity 0), not in heap. */
  private final long[] idle;
  private int idleCount;
  /** No idle bit below this rank. */
  private int idleFrom;
  private int size;
  private double increment = 1.0;

  /** @param rank a permutation of the variables: among equally active ones, lower rank first */
  VarOrder(int[] rank) {
    int vars = rank.length;
    this.rank = rank;
    activity = new double[vars];
    heap = new int[vars];
    index = new int[vars];
    Arrays.fill(index, -1);
    ofRank = new int[vars];
    for (int v = 0; v < vars; v++) {
      ofRank[rank[v]] = v;
    }
    idle = new long[(vars >>> 6) + 1];
  }

  boolean contains(int v) {
    return index[v] >= 0 || isIdle(v);
  }

  boolean isEmpty() {
    return size == 0 && idleCount == 0;
  }

  void insert(int v) {
    if (contains(v)) {
      return;
    }
    if (activity[v] == 0) {
      int r = rank[v];
      idle[r >>> 6] |= 1L << r;
      idleCount++;
      idleFrom = Math.min(idleFrom, r);
      return;
    }
    heap[size] = v;
    index[v] = size;
    up(size++);
  }

  /** The variable removeMax would return; the order must not be empty. */
  int peekMax() {
    int waiting = firstIdle();
    if (size == 0) {
      return waiting;
    }
    return waiting >= 0 && before(waiting, heap[0]) ? waiting : heap[0];
  }

  /** Whether a is decided before b: more active, or as active and of lower rank. */
  boolean prefers(int a, int b) {
    return before(a, b);
  }

  int removeMax() {
    int top = peekMax();
    if (index[top] < 0) {
      int r = rank[top];
      idle[r >>> 6] &= ~(1L << r);
      idleCount--;
      idleFrom = r + 1;
      return top;
    }
    index[top] = -1;
    size--;
    if (size > 0) {
      heap[0] = heap[size];
      index[heap[0]] = 0;
      down(0);
    }
    return top;
  }

  void bump(int v) {
    activity[v] += increment;
    if (activity[v] > 1e100) {
      for (int i = 0; i < activity.length; i++) {
        activity[i] *= 1e-100;
      }
      increment *= 1e-100;
    }
    if (index[v] >= 0) {
      up(index[v]);
    } else if (isIdle(v)) {
      int r = rank[v];
      idle[r >>> 6] &= ~(1L << r);
      idleCount--;
      heap[size] = v;
      index[v] = size;
      up(size++);
    }
  }

  private boolean isIdle(int v) {
    int r = rank[v];
    return (idle[r >>> 6] & (1L << r)) != 0;
  }

  /** The idle variable of lowest rank, or -1; moves idleFrom up to it. */
  private int firstIdle() {
    if (idleCount == 0) {
      return -1;
    }
    int w = idleFrom >>> 6;
    long word = idle[w] & (-1L << idleFrom);
    while (word == 0) {
      word = idle[++w];
    }
    idleFrom = (w << 6) + Long.numberOfTrailingZeros(word);
    return ofRank[idleFrom];
  }

  /** Called once per conflict: later bumps weigh more (decay 0.95). */
  void decay() {
    increment /= 0.95;
  }

  private boolean before(int a, int b) {
    return activity[a] > activity[b] || (activity[a] == activity[b] && rank[a] < rank[b]);
  }

  private void up(int i) {
    int v = heap[i];
    while (i > 0) {
      int parent = (i - 1) >> 1;
      if (!before(v, heap[parent])) {
        break;
      }
      heap[i] = heap[parent];
      index[heap[i]] = i;
      i = parent;
    }
    heap[i] = v;
    index[v] = i;
  }

  private void down(int i) {
    int v = heap[i];
    while (true) {
      int child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && before(heap[child + 1], heap[child])) {
        child++;
      }
      if (!before(heap[child], v)) {
        break;
      }
      heap[i] = heap[child];
      index[heap[i]] = i;
      i = child;
    }
    heap[i] = v;
    index[v] = i;
  }
}
