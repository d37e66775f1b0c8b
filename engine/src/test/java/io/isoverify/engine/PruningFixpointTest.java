package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.Partition;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityIndex;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Graph-partitioning's pruning: its live rounds test again only the constraints whose queries an index update
 * touched ({@link ReachabilityIndex#markChanges}); pruning less is still sound, so no
 * verdict would show a node left unmarked. This compares the fixpoint itself: the
 * constraints left, with the CPU index against the same index reporting every node changed
 * after each added arc (every live constraint tested every round), on random histories large
 * enough for several live rounds: the simulator's valid histories and their mutations (fixed
 * seeds). Only runs where pruning found no violation are compared: a violation ends pruning
 * wherever it is found.
 */
class PruningFixpointTest {
  /**
   * 3-8 sessions of up to {@code perSession} transactions (at most {@code txns}), up to 6
   * operations on up to 5 keys. SSER's runs are longer: real time orders most of a short run,
   * and its pruning seldom takes several rounds there.
   */
  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"SER, 51, 12, 80", "SI, 52, 12, 80", "SSER, 53, 30, 200"})
  void markedRoundsReachTheFixpointOfFullRounds(Level level, long seed, int perSession,
      int txns) {
    RandomHistories.Shape shape = new RandomHistories.Shape(3, 8, perSession, 6, 5, txns);
    Random rnd = new Random(seed);
    int compared = 0;
    int severalRounds = 0;
    for (int round = 0; round < 400; round++) {
      long s = seed * 1000 + round;
      History h = round % 2 == 0 ? RandomHistories.valid(s, level, shape)
          : RandomHistories.candidate(s, level, shape).history();
      String text = h.source();
      PartitionOptions options = PartitionOptions.defaults().withThreads(1)
          .withIncrementalPruning(true).withDenseChains(1 + rnd.nextInt(4));
      Partition marked = Partitioner.partition(h, level, options);
      Partition full = Partitioner.partition(h, level,
          options.withReachability(new MarkingEverything()));
      if (marked.violated() || full.violated()) {
        continue;
      }
      compared++;
      if (full.stats().pruneRounds() > 2) {
        severalRounds++;
      }
      assertEquals(full.stats().constraintsAfter(), marked.stats().constraintsAfter(), text);
      assertEquals(full.stats().readConstraintsAfter(), marked.stats().readConstraintsAfter(), text);
    }
    assertTrue(compared > 100 && severalRounds > 20,
        level + ": " + compared + " compared, " + severalRounds + " with several rounds");
  }

  /** The CPU index, except that each added arc marks every node as changed. */
  private static final class MarkingEverything implements ReachabilityBackend {
    @Override
    public String name() {
      return "cpu, marking every node";
    }

    @Override
    public String unavailableReason() {
      return null;
    }

    @Override
    public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
      ReachabilityIndex cpu = ReachabilityBackends.cpu().build(graph, threads);
      return new ReachabilityIndex() {
        private boolean[] marks;

        @Override
        public int vertexCount() {
          return cpu.vertexCount();
        }

        @Override
        public boolean reaches(int u, int v) {
          return cpu.reaches(u, v);
        }

        @Override
        public boolean addArc(int u, int v) {
          boolean added = cpu.addArc(u, v);
          if (added && marks != null) {
            Arrays.fill(marks, true);
          }
          return added;
        }

        @Override
        public int chainOf(int v) {
          return cpu.chainOf(v);
        }

        @Override
        public int positionOf(int v) {
          return cpu.positionOf(v);
        }

        @Override
        public int earliest(int u, int c) {
          return cpu.earliest(u, c);
        }

        @Override
        public void markChanges(boolean[] marks) {
          this.marks = marks;
        }
      };
    }
  }
}
