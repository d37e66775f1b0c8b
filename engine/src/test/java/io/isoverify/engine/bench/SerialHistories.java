package io.isoverify.engine.bench;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Large valid histories for the benchmark: transactions of random sessions executed one
 * at a time on a key-value map, so they satisfy SER, SI and SSER. Each operation reads
 * (with probability {@code readRatio}) or writes a fresh value to a uniformly chosen key.
 */
final class SerialHistories {
  private SerialHistories() {
  }

  static History generate(long seed, int sessions, int txns, int ops, int keys, double readRatio) {
    SplittableRandom rnd = new SplittableRandom(seed);
    HistoryBuilder b = new HistoryBuilder("benchmark, seed " + seed);
    for (int k = 0; k < keys; k++) {
      b.keys().encode("k" + k);
    }
    for (int s = 0; s < sessions; s++) {
      b.sessions().encode("s" + s);
    }
    int[] current = new int[keys];
    Arrays.fill(current, History.INITIAL);
    int[] position = new int[sessions];
    long row = 0;
    long value = 1;
    try {
      for (int t = 0; t < txns; t++) {
        int s = rnd.nextInt(sessions);
        for (int o = 0; o < ops; o++) {
          int k = rnd.nextInt(keys);
          if (rnd.nextDouble() < readRatio) {
            b.add(row++, s, t + 1, position[s], o, OpKind.READ, k, current[k], Outcome.COMMITTED,
                History.NO_TIME, History.NO_TIME);
          } else {
            current[k] = b.values().encode(value++);
            b.add(row++, s, t + 1, position[s], o, OpKind.WRITE, k, current[k], Outcome.COMMITTED,
                History.NO_TIME, History.NO_TIME);
          }
        }
        position[s]++;
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }
}
