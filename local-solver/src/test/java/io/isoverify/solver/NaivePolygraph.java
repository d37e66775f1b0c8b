package io.isoverify.solver;

import io.isoverify.graph.Component;
import io.isoverify.graph.ComponentReads;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The unpruned hyper-polygraph of a small history as one component (tests only; cobra
 * section 3.1 and veristrong Definition 3.1 without chains or pruning): known SO, WR, RT
 * (SSER) edges and the RW edges from readers of the initial state; one constraint per pair
 * of writers of a key, side 0 "first before second" (WW plus RW from the first's readers),
 * side 1 the reverse; a read whose value several included transactions wrote is a WR
 * constraint over them (each candidate's WR edge), and its RW edge to the second of a pair
 * is derived from "the first is its writer" and the pair's side. A second encoding beside
 * graph-partitioning's, for differential tests of the solver pipeline. O(n^2) edges: tiny
 * histories only. Transactions of unknown outcome count when some read of a counted one has
 * no other candidate writer; reads with several candidates some of which were left out so
 * are counted ({@link #readsLeftOut}) as graph-partitioning counts them.
 */
public final class NaivePolygraph extends EdgeRowsInput {
  private static final int SO = EdgeType.SO.ordinal();
  private static final int WR = EdgeType.WR.ordinal();
  private static final int WW = EdgeType.WW.ordinal();
  private static final int RW = EdgeType.RW.ordinal();
  private static final int RT = EdgeType.RT.ordinal();

  private final int[] txnOf;
  private final int[] vertexOf;
  private final Component component;
  private int leftOut;
  private int unexplained;

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
    Reads reads = new Reads();
    for (int k = 0; k < h.keys().size(); k++) {
      List<Integer> writers = new ArrayList<>();
      for (int t : txnOf) {
        if (t >= 0 && lastWrite(h, t, k) != History.NO_VALUE) {
          writers.add(vertexOf[t]);
        }
      }
      // per reader vertex of k: its one writer vertex (0: initial), -1 none, -2 a WR constraint
      int[] writerOf = new int[txnOf.length];
      int firstRead = reads.count();
      for (int r = 1; r < txnOf.length; r++) {
        writerOf[r] = -1;
        int value = externalRead(h, txnOf[r], k);
        if (value == History.INITIAL) {
          writerOf[r] = 0;
          known.add(new int[] {0, r, WR, k});
          for (int w : writers) {
            if (w != r) {
              known.add(new int[] {r, w, RW, k});
            }
          }
        } else if (value != History.NO_VALUE) {
          List<Integer> cands = new ArrayList<>();
          boolean skipped = false;
          for (int t : candidates(h, txnOf[r], k, value)) {
            if (vertexOf[t] >= 0) {
              cands.add(vertexOf[t]);
            } else {
              skipped = true;
            }
          }
          leftOut += skipped && !cands.isEmpty() ? 1 : 0;
          unexplained += skipped && cands.isEmpty() ? 1 : 0;
          if (cands.size() == 1) {
            writerOf[r] = cands.get(0);
            known.add(new int[] {cands.get(0), r, WR, k});
          } else if (cands.size() > 1) {
            writerOf[r] = -2;
            reads.add(r, k, cands, txnOf);
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
              if (r != second && writerOf[r] == first) {
                sides.add(new int[] {r, second, RW, k});
              }
            }
            reads.derive(firstRead, first, second, k, (starts.size() - 1) / 2, s);
          }
        }
      }
    }
    starts.add(sides.size());
    component = new Component(txnOf, col(known, 0), col(known, 1), bytes(known), col(known, 3),
        starts.stream().mapToInt(Integer::intValue).toArray(), col(sides, 0), col(sides, 1),
        bytes(sides), col(sides, 3), reads.build());
  }

  /**
   * The WR constraints as they are found (reader vertex, key, candidate writer vertices,
   * one WR edge each) and the RW edges derived from a candidate and a pair's side.
   */
  private static final class Reads {
    final List<int[]> reads = new ArrayList<>();
    final List<Integer> candStart = new ArrayList<>(List.of(0));
    final List<Integer> writerVertex = new ArrayList<>();
    final List<Integer> writerTxn = new ArrayList<>();
    final List<int[]> derived = new ArrayList<>();

    int count() {
      return reads.size();
    }

    void add(int reader, int key, List<Integer> cands, int[] txnOf) {
      reads.add(new int[] {reader, key});
      for (int w : cands) {
        writerVertex.add(w);
        writerTxn.add(txnOf[w]);
      }
      candStart.add(writerVertex.size());
    }

    /** For reads from {@code from} on: R -RW-> second when first is R's writer and side s holds. */
    void derive(int from, int first, int second, int key, int constraint, int side) {
      for (int j = from; j < reads.size(); j++) {
        int reader = reads.get(j)[0];
        for (int i = candStart.get(j); i < candStart.get(j + 1); i++) {
          if (writerVertex.get(i) == first && reader != second) {
            derived.add(new int[] {reader, second, key, constraint, side, i});
          }
        }
      }
    }

    ComponentReads build() {
      if (reads.isEmpty()) {
        return ComponentReads.NONE;
      }
      int cands = writerVertex.size();
      int[] edgeStart = new int[cands + 1];
      int[] from = new int[cands];
      int[] to = new int[cands];
      byte[] type = new byte[cands];
      int[] key = new int[cands];
      for (int j = 0; j < reads.size(); j++) {
        for (int i = candStart.get(j); i < candStart.get(j + 1); i++) {
          edgeStart[i + 1] = i + 1;
          from[i] = writerVertex.get(i);
          to[i] = reads.get(j)[0];
          type[i] = (byte) WR;
          key[i] = reads.get(j)[1];
        }
      }
      return new ComponentReads(col(reads, 0), col(reads, 1),
          candStart.stream().mapToInt(Integer::intValue).toArray(),
          writerTxn.stream().mapToInt(Integer::intValue).toArray(), edgeStart, from, to, type,
          key, col(derived, 0), col(derived, 1), col(derived, 2), col(derived, 3),
          col(derived, 4), col(derived, 5), null);
    }
  }

  /**
   * Committed transactions, plus unknown-outcome ones an included transaction reads from
   * when no other transaction may have written what it read.
   */
  private static boolean[] included(History h) {
    boolean[] in = new boolean[h.txnCount()];
    for (int t = 0; t < h.txnCount(); t++) {
      in[t] = h.isCommitted(t);
    }
    for (boolean changed = true; changed; ) {
      changed = false;
      for (int r = 0; r < h.txnCount(); r++) {
        for (int k = 0; in[r] && k < h.keys().size(); k++) {
          int value = externalRead(h, r, k);
          List<Integer> cands = value < 0 ? List.of() : candidates(h, r, k, value);
          if (cands.size() == 1 && !in[cands.get(0)]) {
            in[cands.get(0)] = true;
            changed = true;
          }
        }
      }
    }
    return in;
  }

  /** The transactions but t that did not abort and whose last write of key has the value. */
  private static List<Integer> candidates(History h, int t, int key, int value) {
    List<Integer> out = new ArrayList<>();
    for (int w = 0; w < h.txnCount(); w++) {
      if (w != t && !h.isAborted(w) && lastWrite(h, w, key) == value) {
        out.add(w);
      }
    }
    return out;
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
  public int readsLeftOut() {
    return leftOut;
  }

  @Override
  public int readsUnexplained() {
    return unexplained;
  }

  @Override
  public List<Component> components() {
    return component.constraintCount() == 0 && component.reads().count() == 0
        && component.knownEdgeCount() == 0 ? List.of() : List.of(component);
  }
}
