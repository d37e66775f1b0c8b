package io.isoverify.spark.stages;

import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.DuplicateWrite;
import io.isoverify.history.check.NonCycleFindings;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The non-cycle checks' results from the per-key job's blocks, with the results of
 * history's NonCycleChecks: the same duplicate-write refusal (the lowest duplicate
 * operation), the same count per anomaly, the same first certificates of each kind in the
 * same order (by transaction, then program order). Values in certificates carry Spark
 * value codes ({@link KeyStage}).
 *
 * <p>On the driver only: the transactions that count (committed, plus unknown ones read
 * from, a fixpoint over the reads of unknown transactions' values), then the unknown
 * readers' findings that count are added to the committed readers' counts and kept
 * findings. O(transactions + pairs + kept findings); no Spark job.
 */
public final class NonCycleStage {
  private NonCycleStage() {}

  public static NonCycleFindings run(KeyStage.Result keys, TxnColumns txns, int examples) {
    List<KeyBlock> blocks = keys.blocks();
    KeyBlock dup = null;
    int dupBlock = -1;
    for (int b = 0; b < blocks.size(); b++) {
      KeyBlock k = blocks.get(b);
      if (k.dupOp() >= 0 && (dup == null || k.dupOp() < dup.dupOp())) {
        dup = k;
        dupBlock = b;
      }
    }
    if (dup != null) {
      return new NonCycleFindings(List.of(), Map.of(), new DuplicateWrite(
          keys.keyCode()[dupBlock][dup.dupKey()], dup.dupValue(), dup.dupFirstTxn(),
          dup.dupSecondTxn()));
    }
    boolean[] counted = counted(blocks, txns);
    long[] counts = new long[Anomaly.values().length];
    List<Certificate> all = new ArrayList<>();
    List<TxnAnomalies.Finding> candidates = new ArrayList<>();
    List<Integer> candidateBlock = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      KeyBlock k = blocks.get(b);
      for (int a = 0; a < counts.length; a++) {
        counts[a] += k.counts()[a];
      }
      for (TxnAnomalies.Finding f : k.kept()) {
        candidates.add(f);
        candidateBlock.add(b);
      }
      for (TxnAnomalies.Finding f : k.unknown()) {
        if (counted[f.txn()]) {
          counts[f.anomaly()]++;
          candidates.add(f);
          candidateBlock.add(b);
        }
      }
    }
    Integer[] order = new Integer[candidates.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (x, y) -> KeyBlock.ORDER.compare(candidates.get(x), candidates.get(y)));
    int[] kept = new int[counts.length];
    for (int i : order) {
      TxnAnomalies.Finding f = candidates.get(i);
      if (kept[f.anomaly()]++ < examples) {
        all.add(certificate(f, keys.keyCode()[candidateBlock.get(i)][f.key()]));
      }
    }
    Map<Anomaly, Long> byKind = new EnumMap<>(Anomaly.class);
    for (int a = 0; a < counts.length; a++) {
      if (counts[a] > 0) {
        byKind.put(Anomaly.values()[a], counts[a]);
      }
    }
    return new NonCycleFindings(all, byKind, null);
  }

  /** Committed transactions, plus unknown ones read (transitively) by counted ones. */
  private static boolean[] counted(List<KeyBlock> blocks, TxnColumns txns) {
    int n = txns.count();
    int[] readerStart = new int[n + 1];
    int pairs = 0;
    for (KeyBlock b : blocks) {
      for (int r : b.pairReader()) {
        readerStart[r + 1]++;
      }
      pairs += b.pairReader().length;
    }
    for (int t = 0; t < n; t++) {
      readerStart[t + 1] += readerStart[t];
    }
    int[] writer = new int[pairs];
    int[] fill = java.util.Arrays.copyOf(readerStart, n);
    for (KeyBlock b : blocks) {
      for (int p = 0; p < b.pairReader().length; p++) {
        writer[fill[b.pairReader()[p]]++] = b.pairWriter()[p];
      }
    }
    boolean[] counted = new boolean[n];
    int[] stack = new int[n];
    int top = 0;
    for (int t = 0; t < n; t++) {
      if (txns.outcome[t] == Outcome.COMMITTED.ordinal()) {
        counted[t] = true;
        stack[top++] = t;
      }
    }
    while (top > 0) {
      int t = stack[--top];
      for (int i = readerStart[t]; i < readerStart[t + 1]; i++) {
        int w = writer[i];
        if (!counted[w]) {
          counted[w] = true;
          stack[top++] = w;
        }
      }
    }
    return counted;
  }

  private static Certificate certificate(TxnAnomalies.Finding f, int key) {
    Anomaly a = Anomaly.values()[f.anomaly()];
    List<Edge> edges = f.txns().length == 2 && a != Anomaly.NOT_MY_OWN_WRITE
        ? List.of(new Edge(f.txns()[1], f.txns()[0], EdgeType.WR, key, f.edgeValue()))
        : List.of();
    return new Certificate(a, f.txns(), new int[] {key}, f.ops(), edges);
  }
}
