package io.isoverify.history.check;

import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The non-cycle findings of a whole history from the tallies of its keys
 * ({@link NonCycleTally}: one in-process, one per partition on Spark), written once for both
 * engines:
 * <ul>
 *   <li>a duplicate append refuses the history ({@link DuplicateWrite}: list-append needs
 *       unique elements): the lowest one is reported, nothing else;</li>
 *   <li>the transactions that count: committed ones, and those with an unknown outcome that
 *       a counted transaction read from (the most permissive reading; a fixpoint over the
 *       tallies' unknown-outcome reads); aborted transactions' reads impose nothing;</li>
 *   <li>the count per anomaly (mtc Table I) over the counted readers, and the first
 *       {@code examples} certificates of each anomaly, all in {@link NonCycleFinding#ORDER}
 *       (by reading transaction, then program order).</li>
 * </ul>
 * Cost: O(transactions + pairs + k log k) for k kept findings; no object per transaction.
 */
public final class NonCycleReduce {
  private NonCycleReduce() {}

  /** A kept finding and the tally it came from (its key is that tally's). */
  private record Candidate(int part, NonCycleFinding finding) {}

  /**
   * @param keyCode for tally p, the key code of its key j is {@code keyCode[p][j]}; null
   *     when the tallies' keys are codes already
   * @param outcome per dense transaction id, its Outcome ordinal
   */
  public static NonCycleFindings reduce(List<NonCycleTally> parts, int[][] keyCode,
      byte[] outcome, int examples) {
    int dup = -1;
    for (int p = 0; p < parts.size(); p++) {
      int op = parts.get(p).dupOp;
      if (op >= 0 && (dup < 0 || op < parts.get(dup).dupOp)) {
        dup = p;
      }
    }
    if (dup >= 0) {
      NonCycleTally d = parts.get(dup);
      return new NonCycleFindings(List.of(), Map.of(), new DuplicateWrite(
          key(keyCode, dup, d.dupKey), d.dupValue, d.dupFirstTxn, d.dupSecondTxn));
    }
    boolean[] counted = counted(parts, outcome);
    long[] counts = new long[Anomaly.values().length];
    List<Candidate> candidates = new ArrayList<>();
    for (int p = 0; p < parts.size(); p++) {
      NonCycleTally part = parts.get(p);
      for (int a = 0; a < counts.length; a++) {
        counts[a] += part.counts[a];
      }
      for (NonCycleFinding e : part.kept()) {
        candidates.add(new Candidate(p, e));
      }
      for (NonCycleFinding e : part.unknown) {
        if (counted[e.readTxn()]) {
          counts[e.anomaly().ordinal()]++;
          candidates.add(new Candidate(p, e));
        }
      }
    }
    candidates.sort((x, y) -> NonCycleFinding.ORDER.compare(x.finding(), y.finding()));
    int[] kept = new int[counts.length];
    List<Certificate> certificates = new ArrayList<>();
    for (Candidate c : candidates) {
      NonCycleFinding f = c.finding();
      if (kept[f.anomaly().ordinal()]++ < examples) {
        certificates.add(f.withKey(key(keyCode, c.part(), f.key()))
            .certificate());
      }
    }
    Map<Anomaly, Long> byKind = new EnumMap<>(Anomaly.class);
    for (int a = 0; a < counts.length; a++) {
      if (counts[a] > 0) {
        byKind.put(Anomaly.values()[a], counts[a]);
      }
    }
    return new NonCycleFindings(certificates, byKind, null);
  }

  private static int key(int[][] keyCode, int part, int key) {
    return keyCode == null ? key : keyCode[part][key];
  }

  /**
   * The transactions that count: committed ones, plus unknown ones read (transitively) by
   * counted ones through the tallies' unknown-outcome reads. O(transactions + pairs).
   */
  public static boolean[] counted(List<NonCycleTally> parts, byte[] outcome) {
    int n = outcome.length;
    int[] readerStart = new int[n + 1];
    int pairs = 0;
    for (NonCycleTally part : parts) {
      for (int p = 0; p < part.pairCount(); p++) {
        readerStart[part.pairReader(p) + 1]++;
      }
      pairs += part.pairCount();
    }
    for (int t = 0; t < n; t++) {
      readerStart[t + 1] += readerStart[t];
    }
    int[] writer = new int[pairs];
    int[] fill = Arrays.copyOf(readerStart, n);
    for (NonCycleTally part : parts) {
      for (int p = 0; p < part.pairCount(); p++) {
        writer[fill[part.pairReader(p)]++] = part.pairWriter(p);
      }
    }
    boolean[] counted = new boolean[n];
    int[] stack = new int[n];
    int top = 0;
    for (int t = 0; t < n; t++) {
      if (outcome[t] == Outcome.COMMITTED.ordinal()) {
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
}
