package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.BruteForceOracle;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The partition, with every component solved by trying all choices, decides the level as
 * the brute-force oracle of the history module does, on small random histories without
 * non-cycle anomalies (fixed seeds). This checks the polygraph, constraint avoidance,
 * pruning and P-SCC together: a wrong forced edge, a lost constraint or a wrongly dropped
 * one changes some verdict.
 */
class DifferentialTest {

  @ParameterizedTest(name = "{0} seed {1} incremental {2}")
  @CsvSource({"SER, 31, true", "SI, 32, true", "SSER, 33, true", "SER, 34, false",
      "SI, 35, false", "SSER, 36, false"})
  void verdictEqualsBruteForce(Level level, long seed, boolean incremental) {
    verdictEqualsBruteForce(level, seed, PartitionOptions.defaults().withThreads(1)
        .withIncrementalPruning(incremental));
  }

  private void verdictEqualsBruteForce(Level level, long seed, PartitionOptions options) {
    Random rnd = new Random(seed);
    int violations = 0;
    int rounds = 300;
    for (int round = 0; round < rounds; round++) {
      String text = randomHistory(rnd, level == Level.SI ? 6 : 7, level == Level.SSER);
      History h = HistoryDsl.parse(text);
      Partition p = Partitioner.partition(h, level, options);
      boolean expected = BruteForceOracle.holds(h, level);
      assertEquals(expected, holds(p, level), level + " round " + round + ":\n" + text);
      if (!expected) {
        violations++;
      }
    }
    // both verdicts must be well represented for the comparison to mean something
    assertTrue(violations > rounds / 10 && violations < rounds * 9 / 10, "violations " + violations);
  }

  /**
   * The same comparison with every key's chains resolved by {@link SessionChainOrdering},
   * the path hot keys take (more than {@link PartitionOptions#denseChains()} chains).
   */
  @ParameterizedTest(name = "{0} seed {1} session-chain ordering")
  @CsvSource({"SER, 41, false", "SI, 42, false", "SSER, 43, false"})
  void sessionChainOrderingEqualsBruteForce(Level level, long seed, boolean incremental) {
    verdictEqualsBruteForce(level, seed, PartitionOptions.defaults().withThreads(1)
        .withIncrementalPruning(incremental).withDenseChains(1));
  }

  /** Random history: unique values per key, reads only of values some other txn writes. */
  static String randomHistory(Random rnd, int maxTxns, boolean timestamps) {
    int sessions = 1 + rnd.nextInt(4);
    int txns = 2 + rnd.nextInt(maxTxns - 1);
    int keys = 1 + rnd.nextInt(3);
    // ops[t] = list of {kind 0 read / 1 write, key, value}
    List<List<int[]>> ops = new ArrayList<>();
    List<List<int[]>> writesOfKey = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      writesOfKey.add(new ArrayList<>());
    }
    int nextValue = 1;
    for (int t = 0; t < txns; t++) {
      List<int[]> list = new ArrayList<>();
      boolean[] read = new boolean[keys];
      boolean[] written = new boolean[keys];
      int count = 1 + rnd.nextInt(3);
      for (int i = 0; i < count; i++) {
        int k = rnd.nextInt(keys);
        if (rnd.nextBoolean() && !read[k] && !written[k]) {
          read[k] = true;
          list.add(new int[] {0, k, 0});
        } else if (!written[k]) {
          written[k] = true;
          int[] w = {1, k, nextValue++};
          list.add(w);
          writesOfKey.get(k).add(new int[] {t, w[2]});
        }
      }
      ops.add(list);
    }
    StringBuilder[] lines = new StringBuilder[sessions];
    long[] clock = new long[sessions];
    for (int s = 0; s < sessions; s++) {
      lines[s] = new StringBuilder("s" + s + ":");
    }
    for (int t = 0; t < txns; t++) {
      List<String> body = new ArrayList<>();
      for (int[] op : ops.get(t)) {
        if (op[0] == 1) {
          body.add("w k" + op[1] + " " + op[2]);
          continue;
        }
        List<int[]> candidates = new ArrayList<>();
        for (int[] w : writesOfKey.get(op[1])) {
          if (w[0] != t) {
            candidates.add(w);
          }
        }
        int pick = rnd.nextInt(candidates.size() + 1);
        body.add("r k" + op[1] + " " + (pick == candidates.size() ? "init" : candidates.get(pick)[1]));
      }
      int s = rnd.nextInt(sessions);
      lines[s].append(" [").append(String.join("; ", body)).append(']');
      if (rnd.nextInt(10) == 0) {
        lines[s].append('?');
      }
      if (timestamps) {
        long start = clock[s] + rnd.nextInt(6);
        long end = start + rnd.nextInt(8);
        clock[s] = end + 1;
        lines[s].append('@').append(start).append('-').append(end);
      }
    }
    StringBuilder text = new StringBuilder();
    for (StringBuilder line : lines) {
      if (line.indexOf("[") >= 0) {
        text.append(line).append('\n');
      }
    }
    return text.toString();
  }

  /** The verdict: no violation found by pruning, and each component has an acyclic choice. */
  static boolean holds(Partition p, Level level) {
    if (p.violated()) {
      return false;
    }
    for (Component c : p.components()) {
      if (!solvable(c, level)) {
        return false;
      }
    }
    return true;
  }

  private static boolean solvable(Component c, Level level) {
    int k = c.constraintCount();
    assertTrue(k <= 16, "component too large for the brute force: " + k);
    for (int mask = 0; mask < (1 << k); mask++) {
      int n = c.vertexCount();
      boolean[][] dep = new boolean[n][n];
      boolean[][] rw = new boolean[n][n];
      for (int e = 0; e < c.knownEdgeCount(); e++) {
        mark(dep, rw, c.knownFrom(e), c.knownTo(e), c.knownType(e));
      }
      for (int i = 0; i < k; i++) {
        int side = (mask >> i) & 1;
        for (int e = c.sideBegin(i, side); e < c.sideEnd(i, side); e++) {
          mark(dep, rw, c.sideFrom(e), c.sideTo(e), c.sideType(e));
        }
      }
      if (acyclic(dep, rw, level == Level.SI)) {
        return true;
      }
    }
    return false;
  }

  private static void mark(boolean[][] dep, boolean[][] rw, int u, int v, int type) {
    if (type == EdgeType.RW.ordinal()) {
      rw[u][v] = true;
    } else {
      dep[u][v] = true;
    }
  }

  /** SER: Dep u RW acyclic; SI: Dep u (Dep ; RW) acyclic (polysi Definition 11). */
  private static boolean acyclic(boolean[][] dep, boolean[][] rw, boolean si) {
    int n = dep.length;
    boolean[][] r = new boolean[n][n];
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        if (dep[a][b] || !si && rw[a][b]) {
          r[a][b] = true;
        }
        for (int m = 0; si && m < n; m++) {
          if (dep[a][m] && rw[m][b]) {
            r[a][b] = true;
          }
        }
      }
    }
    for (int m = 0; m < n; m++) {
      for (int a = 0; a < n; a++) {
        for (int b = 0; a != m && r[a][m] && b < n; b++) {
          r[a][b] |= r[m][b];
        }
      }
    }
    for (int a = 0; a < n; a++) {
      if (r[a][a]) {
        return false;
      }
    }
    return true;
  }
}
