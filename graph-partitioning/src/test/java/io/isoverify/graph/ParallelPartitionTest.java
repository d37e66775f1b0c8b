package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The threads change nothing: constraint avoidance ({@link ChainOrdering#resolve}, runs of
 * keys on threads) and the rounds that rebuilt the index ({@link Pruner}, blocks of
 * constraints tested on threads) give, with 4 threads, the partition one thread gives: the
 * same known edges in the same order, the same constraints, components, cycles and counts.
 * On random histories of a few hundred transactions from a serial run of a database with a
 * few stale reads (fixed seeds), so that both holding histories and violations (found by
 * pruning or left to the components) are compared.
 */
class ParallelPartitionTest {

  @ParameterizedTest(name = "{0} seed {1} dense chains {2}")
  @CsvSource({"SER, 51, 256", "SI, 52, 256", "SSER, 53, 256", "SER, 54, 2", "SI, 55, 2"})
  void fourThreadsPartitionAsOne(Level level, long seed, int dense) {
    Random rnd = new Random(seed);
    PartitionOptions one = PartitionOptions.defaults().withThreads(1).withDenseChains(dense);
    PartitionOptions four = one.withThreads(4);
    int violated = 0;
    int manyConstraints = 0;
    int rounds = 60;
    for (int round = 0; round < rounds; round++) {
      String text = serialRun(rnd, 150 + rnd.nextInt(250), level == Level.SSER);
      History h = HistoryDsl.parse(text);
      Partition a = Partitioner.partition(h, level, one);
      Partition b = Partitioner.partition(h, level, four);
      assertEquals(describe(a), describe(b), level + " round " + round + ":\n" + text);
      violated += a.violated() ? 1 : 0;
      manyConstraints += a.stats().constraintsBefore() > 4 * Pruner.MIN_TEST_BLOCK ? 1 : 0;
    }
    // the comparison means something only with both outcomes, and with rounds of several
    // blocks of constraints on the threads
    assertTrue(manyConstraints > rounds / 3, "histories with many constraints " + manyConstraints);
    assertTrue(violated > rounds / 10 && violated < rounds * 9 / 10, "violated " + violated);
  }

  /**
   * A serial run of {@code txns} transactions in 16 sessions on 6 keys (half of the accesses
   * on key 0): blind writes and read-modify-writes of unique values; one read in 25 returns an
   * older value (a violation at every level, mostly). With timestamps, a transaction may
   * start before earlier ones end.
   */
  private static String serialRun(Random rnd, int txns, boolean timestamps) {
    int sessions = 16;
    int keys = 6;
    List<List<Integer>> written = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      written.add(new ArrayList<>());
    }
    StringBuilder[] lines = new StringBuilder[sessions];
    long[] clock = new long[sessions];
    for (int s = 0; s < sessions; s++) {
      lines[s] = new StringBuilder("s" + s + ":");
    }
    int value = 1;
    for (int t = 0; t < txns; t++) {
      List<String> body = new ArrayList<>();
      boolean[] used = new boolean[keys];
      for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
        int k = rnd.nextBoolean() ? 0 : rnd.nextInt(keys);
        if (used[k]) {
          continue;
        }
        used[k] = true;
        List<Integer> versions = written.get(k);
        if (rnd.nextInt(3) == 0) {
          int back = rnd.nextInt(50) == 0 ? 1 + rnd.nextInt(3) : 0;
          int at = versions.size() - 1 - back;
          body.add("r k" + k + " " + (at < 0 ? "init" : versions.get(at)));
        }
        if (rnd.nextInt(4) != 0) {
          body.add("w k" + k + " " + value);
          versions.add(value++);
        }
      }
      if (body.isEmpty()) {
        continue;
      }
      int s = rnd.nextInt(sessions);
      lines[s].append(" [").append(String.join("; ", body)).append(']');
      if (timestamps) {
        // a transaction may start up to 600 steps before its turn: real time leaves pairs
        // unordered (a session's transactions never overlap)
        long start = Math.max(clock[s], 2L * t - rnd.nextInt(600));
        clock[s] = 2L * t + 2;
        lines[s].append('@').append(start).append('-').append(2L * t + 1);
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

  /** Everything a partition holds but its timings, as text. */
  private static String describe(Partition p) {
    StringBuilder out = new StringBuilder();
    PartitionStats s = p.stats();
    out.append(List.of(s.vertices(), s.soEdges(), s.wrEdges(), s.wwEdges(), s.rwEdges(),
        s.rtEdges(), s.chains(), s.orderedChainPairs(), s.constraintsBefore(),
        s.constraintsAfter(), s.components(), s.largestComponent(), s.readConstraints(),
        s.readConstraintsAfter(), s.pruneRounds())).append('\n');
    out.append("known");
    for (int e = 0; e < p.knownEdgeCount(); e++) {
      out.append(' ').append(p.knownFrom(e)).append('-').append(p.knownType(e)).append('-')
          .append(p.knownTo(e)).append(':').append(p.knownKey(e));
    }
    out.append("\nchoices");
    for (int e = 0; e < p.choiceEdgeCount(); e++) {
      out.append(' ').append(p.choiceFrom(e)).append('-').append(p.choiceType(e)).append('-')
          .append(p.choiceTo(e)).append(':').append(p.choiceKey(e));
    }
    out.append("\nknown cycle ").append(p.knownCycle());
    out.append("\nconflict ").append(p.conflictCycles()).append(' ').append(p.conflictRead());
    out.append("\nfixed reads");
    for (int i = 0; i < p.fixedReadCount(); i++) {
      out.append(' ').append(p.fixedReader(i)).append('<').append(p.fixedWriter(i)).append(':')
          .append(p.fixedKey(i));
    }
    for (Component c : p.components()) {
      out.append("\ncomponent");
      for (int v = 0; v < c.vertexCount(); v++) {
        out.append(' ').append(c.txn(v));
      }
      out.append(" known ").append(c.knownEdgeCount()).append(" constraints ")
          .append(c.constraintCount());
      for (int k = 0; k < c.constraintCount(); k++) {
        for (int side = 0; side < 2; side++) {
          out.append(side == 0 ? " (" : " | ");
          for (int e = c.sideBegin(k, side); e < c.sideEnd(k, side); e++) {
            out.append(c.sideFrom(e)).append('-').append(c.sideType(e)).append('-')
                .append(c.sideTo(e)).append(' ');
          }
        }
        out.append(')');
      }
    }
    return out.toString();
  }
}
