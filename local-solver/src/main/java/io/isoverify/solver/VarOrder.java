package io.isoverify.solver;

import java.util.Arrays;

/**
 * The decision order of {@link Cdcl}: a binary max-heap of variables by activity (VSIDS,
 * Moskewicz et al. 2001, with MiniSat's exponential bump), ties broken by the smaller
 * variable so that runs are deterministic. Insert, remove-max and bump are O(log V).
 */
final class VarOrder {
  private final double[] activity;
  private final int[] heap;
  /** index[v] = position of v in heap, or -1 when v is not in it. */
  private final int[] index;
  /** rank[v] breaks ties of activity (all of them, before the first conflict). */
  private final int[] rank;
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
  }

  boolean contains(int v) {
    return index[v] >= 0;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void insert(int v) {
    if (index[v] >= 0) {
      return;
    }
    heap[size] = v;
    index[v] = size;
    up(size++);
  }

  /** The variable removeMax would return; the order must not be empty. */
  int peekMax() {
    return heap[0];
  }

  /** Whether a is decided before b: more active, or as active and of lower rank. */
  boolean prefers(int a, int b) {
    return before(a, b);
  }

  int removeMax() {
    int top = heap[0];
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
    }
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
