package io.isoverify.solver;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Tiny random histories for the differential tests, until datasets' RandomHistories
 * lands (then this goes). Transactions run one at a time in a random interleaving of the
 * sessions; each read returns the current value with probability {@code fresh}, else any
 * value ever written to the key or the initial state, so both valid and invalid histories
 * come out. Written values are unique per history.
 */
final class SmallHistories {
  private SmallHistories() {
  }

  static History next(SplittableRandom rnd) {
    int sessions = 1 + rnd.nextInt(3);
    int txns = 2 + rnd.nextInt(5);
    int keys = 1 + rnd.nextInt(3);
    double fresh = new double[] {1.0, 0.85, 0.5}[rnd.nextInt(3)];
    boolean timed = rnd.nextInt(3) == 0;
    HistoryBuilder b = new HistoryBuilder("random");
    int[] current = new int[keys];
    java.util.Arrays.fill(current, History.INITIAL);
    List<List<Integer>> written = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      written.add(new ArrayList<>(List.of(History.INITIAL)));
      b.keys().encode("k" + k);
    }
    int[] position = new int[sessions];
    long[] lastEnd = new long[sessions];
    long clock = 0;
    int nextValue = 1;
    try {
      for (int t = 0; t < txns; t++) {
        int s = rnd.nextInt(sessions);
        int session = b.sessions().encode("s" + s);
        int r = rnd.nextInt(10);
        Outcome outcome = r == 0 ? Outcome.ABORTED : r == 1 ? Outcome.UNKNOWN : Outcome.COMMITTED;
        lastEnd[s] = Math.max(lastEnd[s], clock);
        long start = timed ? lastEnd[s] : History.NO_TIME;
        long end = timed ? lastEnd[s] + 1 + rnd.nextInt(3) : History.NO_TIME;
        lastEnd[s] = end;
        clock += rnd.nextInt(3);
        int ops = 1 + rnd.nextInt(3);
        int[] local = current.clone();
        for (int o = 0; o < ops; o++) {
          int k = rnd.nextInt(keys);
          if (rnd.nextBoolean()) {
            int value = rnd.nextDouble() < fresh ? local[k]
                : written.get(k).get(rnd.nextInt(written.get(k).size()));
            b.add(o, session, t + 1, position[s], o, OpKind.READ, k,
                value == History.INITIAL ? History.INITIAL : b.values().encode((long) value), outcome, start, end);
          } else {
            int value = nextValue++;
            local[k] = value;
            written.get(k).add(value);
            b.add(o, session, t + 1, position[s], o, OpKind.WRITE, k, b.values().encode((long) value),
                outcome, start, end);
          }
        }
        position[s]++;
        if (outcome != Outcome.ABORTED && (outcome == Outcome.COMMITTED || rnd.nextBoolean())) {
          current = local;
        }
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }
}
