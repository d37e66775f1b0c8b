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
import java.util.function.BiFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Graph-partitioning's pruning: its live rounds test again only the constraints whose queries an index update
 * touched ({@link ReachabilityIndex#markChanges}); pruning less is still sound, so no
 * verdict would show a node left unmarked. This compares the fixpoint itself: the
 * constraints left, with the CPU index against the same index reporting every node changed
 * after each added arc (every live constraint tested every round), on random histories large
 * enough for several live rounds: the simulator's valid histories and their mutations (fixed
 * seeds). The same with rounds that switch between updating and rebuilding the index, against
 * the default rounds. Only runs where pruning found no violation are compared: a violation
 * ends pruning wherever it is found.
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
    sameFixpoints(level, seed, perSession, txns, 20, "with several rounds", (h, rnd) -> {
      PartitionOptions options = PartitionOptions.defaults().withThreads(1)
          .withIncrementalPruning(true).withDenseChains(1 + rnd.nextInt(4));
      Partition marked = Partitioner.partition(h, level, options);
      Partition full = Partitioner.partition(h, level,
          options.withReachability(new MarkingEverything()));
      return new Runs(full, marked, full.stats().pruneRounds() > 2);
    });
  }

  /**
   * Rounds that switch between updating the index and rebuilding it (the Pruner chooses by
   * {@link ReachabilityIndex#fillWork}, which {@link Flipping} makes alternate between
   * "rebuilds are dear" and "rebuilds are free" at each decision) reach the fixpoint of the
   * default rounds: a rebuilt index starts the next updating round over, testing every
   * constraint, not only those its predecessor's updates marked.
   */
  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"SER, 61, 12, 80", "SI, 62, 12, 80", "SSER, 63, 30, 200"})
  void roundsSwitchingBetweenUpdatesAndRebuildsReachTheSameFixpoint(Level level, long seed,
      int perSession, int txns) {
    sameFixpoints(level, seed, perSession, txns, 10, "switched both ways", (h, rnd) -> {
      PartitionOptions options = PartitionOptions.defaults().withThreads(2);
      Flipping flipping = new Flipping();
      Partition switching = Partitioner.partition(h, level, options.withReachability(flipping));
      Partition plain = Partitioner.partition(h, level, options);
      return new Runs(plain, switching,
          flipping.rebuildsAfterUpdates > 0 && flipping.updatesAfterRebuilds > 0);
    });
  }

  /** A reference run and the run under test on one history; whether it is of the kind tested. */
  private record Runs(Partition reference, Partition tested, boolean ofKind) {
  }

  /**
   * On 400 histories of the shape (valid ones and candidates with an anomaly, alternately),
   * the runs that found no violation leave the same constraints; over 100 of them are
   * compared, and over {@code least} are of the kind tested.
   */
  private static void sameFixpoints(Level level, long seed, int perSession, int txns,
      int least, String kind, BiFunction<History, Random, Runs> runs) {
    RandomHistories.Shape shape = new RandomHistories.Shape(3, 8, perSession, 6, 5, txns);
    Random rnd = new Random(seed);
    int compared = 0;
    int ofKind = 0;
    for (int round = 0; round < 400; round++) {
      long s = seed * 1000 + round;
      History h = round % 2 == 0 ? RandomHistories.valid(s, level, shape)
          : RandomHistories.candidate(s, level, shape).history();
      String text = h.source();
      Runs r = runs.apply(h, rnd);
      if (r.reference().violated() || r.tested().violated()) {
        continue;
      }
      compared++;
      if (r.ofKind()) {
        ofKind++;
      }
      assertEquals(r.reference().stats().constraintsAfter(),
          r.tested().stats().constraintsAfter(), text);
      assertEquals(r.reference().stats().readConstraintsAfter(),
          r.tested().stats().readConstraintsAfter(), text);
    }
    assertTrue(compared > 100 && ofKind > least,
        level + ": " + compared + " compared, " + ofKind + " " + kind);
  }

  /** An index that answers as the CPU index it wraps. */
  private static class Wrapped implements ReachabilityIndex {
    final ReachabilityIndex cpu;

    Wrapped(ChainCoverGraph graph, int threads) {
      cpu = ReachabilityBackends.cpu().build(graph, threads);
    }

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
      return cpu.addArc(u, v);
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
      cpu.markChanges(marks);
    }

    @Override
    public long fillWork() {
      return cpu.fillWork();
    }

    @Override
    public long updateWork() {
      return cpu.updateWork();
    }
  }

  /** A backend of {@link Wrapped} indexes, named for the test's reports. */
  private abstract static class TestBackend implements ReachabilityBackend {
    @Override
    public String unavailableReason() {
      return null;
    }
  }

  /**
   * The CPU index, whose fill work, asked before each round, is alternately far above and
   * far below any update cost; counts the switches the rounds make.
   */
  private static final class Flipping extends TestBackend {
    private long asked;
    private boolean updated;
    int rebuildsAfterUpdates;
    int updatesAfterRebuilds;
    private int builds;

    @Override
    public String name() {
      return "cpu, its fill work alternating";
    }

    @Override
    public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
      if (updated) {
        rebuildsAfterUpdates++;
      }
      updated = false;
      builds++;
      return new Wrapped(graph, threads) {
        @Override
        public boolean addArc(int u, int v) {
          if (!updated && builds > 1 && rebuildsAfterUpdates > 0) {
            updatesAfterRebuilds++;
          }
          updated = true;
          return super.addArc(u, v);
        }

        @Override
        public long fillWork() {
          return asked++ % 2 == 0 ? Long.MAX_VALUE / 4 : 0;
        }
      };
    }
  }

  /** The CPU index, except that each added arc marks every node as changed. */
  private static final class MarkingEverything extends TestBackend {
    @Override
    public String name() {
      return "cpu, marking every node";
    }

    @Override
    public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
      return new Wrapped(graph, threads) {
        private boolean[] marks;

        @Override
        public boolean addArc(int u, int v) {
          boolean added = cpu.addArc(u, v);
          if (added && marks != null) {
            Arrays.fill(marks, true);
          }
          return added;
        }

        @Override
        public void markChanges(boolean[] marks) {
          this.marks = marks;
        }
      };
    }
  }
}
