package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The unpruned polygraph of a small history as one component (tests only; cobra section
 * 3.1 without chains or pruning): known SO, WR, RT (SSER) edges and the RW edges from
 * readers of the initial state; one constraint per pair of writers of a key, side 0
 * "first before second" (WW plus RW from the first's readers), side 1 the reverse. A
 * second encoding beside graph-partitioning's, for differential tests of the solver
 * pipeline. O(n^2) edges: tiny histories only. Assumes unique written values per key.
 */
public final class NaivePolygraph implements SolverInput {
  private static final int SO = EdgeType.SO.ordinal();
  private static final int WR = EdgeType.WR.ordinal();
  private static final int WW = EdgeType.WW.ordinal();
  private static final int RW = EdgeType.RW.ordinal();
  private static final int RT = EdgeType.RT.ordinal();

  private final int[] txnOf;
  private final int[] vertexOf;
  private final List<int[]> known = new ArrayList<>();
  private final Component component;

  public NaivePolygraph(History h, Level level) {
    boolean[] in = included(h);
    vertexOf = new int[h.txnCount()];
    Arrays.fill(vertexOf, -1);
    List<Integer> txns = new ArrayList<>(List.of(Component.INITIAL_TXN));
    for (int t = 0; t < h.txnCount(); t++) {
      if (in[t]) {
        vertexOf[t] = txns.size();
        txns.add(t);
      }
    }
    txnOf = txns.stream().mapToInt(Integer::intValue).toArray();
    int prev = -1;
    for (int t = 0; t < h.txnCount(); t++) {
      if (prev >= 0 && h.session(prev) != h.session(t)) {
        prev = -1;
      }
      if (in[t]) {
        if (prev >= 0) {
          known.add(new int[] {vertexOf[prev], vertexOf[t], SO, -1});
        }
        prev = t;
      }
    }
    for (int a : txnOf) {
      for (int b : txnOf) {
        if (level == Level.SSER && a >= 0 && b >= 0 && h.endTs(a) != History.NO_TIME
            && h.startTs(b) != History.NO_TIME && h.endTs(a) < h.startTs(b)) {
          known.add(new int[] {vertexOf[a], vertexOf[b], RT, -1});
        }
      }
    }
    List<int[]> sides = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    for (int k = 0; k < h.keys().size(); k++) {
      List<Integer> writers = new ArrayList<>();
      for (int t : txnOf) {
        if (t >= 0 && lastWrite(h, t, k) != History.NO_VALUE) {
          writers.add(vertexOf[t]);
        }
      }
      for (int r : txnOf) {
        int value = r < 0 ? History.NO_VALUE : externalRead(h, r, k);
        if (value == History.INITIAL) {
          known.add(new int[] {0, vertexOf[r], WR, k});
          for (int w : writers) {
            if (w != vertexOf[r]) {
              known.add(new int[] {vertexOf[r], w, RW, k});
            }
          }
        } else if (value != History.NO_VALUE) {
          int writer = writerOf(h, k, value);
          int w = writer < 0 ? -1 : vertexOf[writer];
          if (w >= 0 && w != vertexOf[r]) {
            known.add(new int[] {w, vertexOf[r], WR, k});
          }
        }
      }
      for (int i = 0; i < writers.size(); i++) {
        for (int j = i + 1; j < writers.size(); j++) {
          for (int s = 0; s < 2; s++) {
            int first = s == 0 ? writers.get(i) : writers.get(j);
            int second = s == 0 ? writers.get(j) : writers.get(i);
            starts.add(sides.size());
            sides.add(new int[] {first, second, WW, k});
            for (int r = 1; r < txnOf.length; r++) {
              if (r != second && externalRead(h, txnOf[r], k) == lastWrite(h, txnOf[first], k)) {
                sides.add(new int[] {r, second, RW, k});
              }
            }
          }
        }
      }
    }
    starts.add(sides.size());
    component = new Component(txnOf, col(known, 0), col(known, 1), bytes(known), col(known, 3),
        starts.stream().mapToInt(Integer::intValue).toArray(), col(sides, 0), col(sides, 1),
        bytes(sides), col(sides, 3));
  }

  /** Committed transactions, plus unknown-outcome ones an included transaction reads from. */
  private static boolean[] included(History h) {
    boolean[] in = new boolean[h.txnCount()];
    for (int t = 0; t < h.txnCount(); t++) {
      in[t] = h.isCommitted(t);
    }
    for (boolean changed = true; changed; ) {
      changed = false;
      for (int r = 0; r < h.txnCount(); r++) {
        for (int o = h.firstOp(r); in[r] && o < h.endOp(r); o++) {
          int w = h.opKey(o) < 0 || h.opValue(o) < 0 ? -1 : writerOf(h, h.opKey(o), h.opValue(o));
          if (w >= 0 && !in[w] && !h.isAborted(w)) {
            in[w] = true;
            changed = true;
          }
        }
      }
    }
    return in;
  }

  private static int writerOf(History h, int key, int value) {
    for (int t = 0; t < h.txnCount(); t++) {
      if (lastWrite(h, t, key) == value) {
        return t;
      }
    }
    return -1;
  }

  private static int lastWrite(History h, int t, int key) {
    int v = History.NO_VALUE;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key && h.opKind(o).installsVersion()) {
        v = h.opValue(o);
      }
    }
    return v;
  }

  private static int externalRead(History h, int t, int key) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKey(o) == key) {
        return h.opKind(o).installsVersion() ? History.NO_VALUE : h.opValue(o);
      }
    }
    return History.NO_VALUE;
  }

  private static int[] col(List<int[]> rows, int c) {
    return rows.stream().mapToInt(r -> r[c]).toArray();
  }

  private static byte[] bytes(List<int[]> rows) {
    byte[] b = new byte[rows.size()];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) rows.get(i)[2];
    }
    return b;
  }

  @Override
  public int vertexCount() {
    return txnOf.length;
  }

  @Override
  public int txnOf(int v) {
    return txnOf[v];
  }

  @Override
  public int edgeCount() {
    return known.size();
  }

  @Override
  public int from(int e) {
    return known.get(e)[0];
  }

  @Override
  public int to(int e) {
    return known.get(e)[1];
  }

  @Override
  public int type(int e) {
    return known.get(e)[2];
  }

  @Override
  public List<Edge> knownCycle() {
    return null;
  }

  @Override
  public List<List<Edge>> conflictCycles() {
    return null;
  }

  @Override
  public List<Component> components() {
    return component.constraintCount() == 0 && component.knownEdgeCount() == 0 ? List.of() : List.of(component);
  }

  @Override
  public long graphNanos() {
    return 0;
  }

  @Override
  public long pruneNanos() {
    return 0;
  }

  @Override
  public long componentsNanos() {
    return 0;
  }
}
