package io.isoverify.engine;

import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.check.CheckPath;
import io.isoverify.solver.PartitionInput;
import io.isoverify.history.History;
import io.isoverify.history.check.HistoryShape;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.solver.NaivePolygraph;
import io.isoverify.solver.SolveLimits;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The ways tests run the pipeline on a history, at every level (tests only): over the
 * unpruned polygraph of {@link NaivePolygraph}, and over graph-partitioning's pruned
 * components once its {@code Partitioner} is implemented.
 */
final class Pipelines {
  /** Which graph the solver gets. */
  enum Encoding { UNPRUNED, PARTITIONED }

  private static final InProcessVerifier VERIFIER = new InProcessVerifier(
      new VerifierOptions(1, SolveLimits.defaults(), PartitionOptions.defaults().withThreads(1)));
  /** The same, the general path never taking graph-partitioning's fixed-order check. */
  private static final InProcessVerifier PRUNING = new InProcessVerifier(
      new VerifierOptions(1, SolveLimits.defaults(),
          PartitionOptions.defaults().withThreads(1).withFixedOrders(false)));
  private static final boolean PARTITIONER = partitionerAvailable();
  /** The unpruned polygraph is the general path's, whatever the history's shape. */
  private static final HistoryShape UNPRUNED_SHAPE = new HistoryShape(
      "the tests' unpruned polygraph", "the tests' unpruned polygraph");
  private static final HistoryShape GENERAL_SHAPE = new HistoryShape(
      "the tests' general path", "the tests' general path");

  private Pipelines() {
  }

  /** The encodings available in this build. */
  static EnumSet<Encoding> available() {
    return PARTITIONER ? EnumSet.allOf(Encoding.class) : EnumSet.of(Encoding.UNPRUNED);
  }

  static Map<Level, LevelResult> verify(History h, Encoding encoding) {
    return verify(h, encoding, EnumSet.allOf(Level.class));
  }

  static Map<Level, LevelResult> verify(History h, Encoding encoding, Set<Level> levels) {
    return encoding == Encoding.PARTITIONED ? VERIFIER.verify(h, levels)
        : VERIFIER.verifyWith(h, levels, () -> UNPRUNED_SHAPE,
            (level, path, progress) -> new NaivePolygraph(h, level));
  }

  /**
   * Every level on the path the history's shape chooses, the general one always with
   * pruning (never graph-partitioning's fixed-order check), so that it reports the shape's
   * reason.
   */
  static Map<Level, LevelResult> verifyByShape(History h) {
    return PRUNING.verify(h, EnumSet.allOf(Level.class));
  }

  /**
   * Every level on the general path (polygraph, pruning, solver), whatever the history's
   * shape, fixed version orders included.
   */
  static Map<Level, LevelResult> verifyGeneral(History h, Set<Level> levels) {
    PolygraphInput in = PolygraphInput.of(h);
    return VERIFIER.verifyWith(h, levels, () -> GENERAL_SHAPE,
        (level, path, progress) -> new PartitionInput(Partitioner.partition(in, level,
            PartitionOptions.defaults().withThreads(1).withFixedOrders(false),
            CheckPath.GENERAL)));
  }

  private static boolean partitionerAvailable() {
    try {
      VERIFIER.verify(HistoryDsl.parse("s1: [w x 1]"), EnumSet.of(Level.SER));
      return true;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }
}
