package io.isoverify.engine;

import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.testing.BruteForceOracle;
import io.isoverify.solver.Describe;
import io.isoverify.solver.SolveLimits;
import io.isoverify.solver.Witness;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;


/**
 * The pipeline's verdicts against the brute-force oracle on {@value #SEEDS} valid and
 * {@value #SEEDS} mutated random small histories per level (datasets' RandomHistories,
 * fixed seeds) over graph-partitioning's pruned components, and on the first
 * {@value #UNPRUNED_SEEDS} seeds over the unpruned polygraph of the tests. Every answer
 * also passes the independent checker (the pipeline throws otherwise).
 */
class DifferentialTest {
  private static final int SEEDS = 5_000;
  /** The unpruned encoding is a second opinion on the solver; a fifth of the seeds keeps CI short. */
  private static final int UNPRUNED_SEEDS = 1_000;

  @ParameterizedTest
  @EnumSource(Level.class)
  void unprunedPolygraphAgreesWithTheOracle(Level level) {
    compare(level, UNPRUNED_SEEDS, h -> Pipelines.verify(h, Pipelines.Encoding.UNPRUNED, EnumSet.of(level)));
  }

  @ParameterizedTest
  @EnumSource(Level.class)
  void partitionedComponentsAgreeWithTheOracle(Level level) {
    assumeTrue(Pipelines.available().contains(Pipelines.Encoding.PARTITIONED),
        "graph-partitioning's Partitioner is not implemented yet");
    compare(level, SEEDS, h -> Pipelines.verify(h, Pipelines.Encoding.PARTITIONED, EnumSet.of(level)));
  }

  /**
   * The same with every key's chains ordered by graph-partitioning's session-group path
   * ({@code SessionChainOrdering}), which the defaults take only for keys of over 256 chains
   * (hot keys of large histories): its forced edges and the pairs it leaves out must lose no
   * violation and invent none.
   */
  @ParameterizedTest
  @EnumSource(Level.class)
  void sessionGroupOrderingAgreesWithTheOracle(Level level) {
    InProcessVerifier verifier = new InProcessVerifier(new VerifierOptions(1, SolveLimits.defaults(),
        PartitionOptions.defaults().withThreads(1).withDenseChains(1)));
    compare(level, SEEDS, h -> verifier.verify(h, EnumSet.of(level)));
  }

  private static void compare(Level level, int seeds, Function<History, Map<Level, LevelResult>> run) {
    compare(level, seeds, run, (seed, h) -> h);
  }

  /**
   * The valid and the mutated random history of each seed, as {@code transform} makes them,
   * run and decided by the oracle; the witnesses of those that hold, in order.
   */
  static List<Witness> compare(Level level, int seeds,
      Function<History, Map<Level, LevelResult>> run, BiFunction<Long, History, History> transform) {
    int violated = 0;
    List<Witness> witnesses = new ArrayList<>();
    for (long seed = 0; seed < seeds; seed++) {
      for (History original : new History[] {RandomHistories.valid(seed, level),
          RandomHistories.candidate(seed, level).history()}) {
        History h = transform.apply(seed, original);
        LevelResult r = run.apply(h).get(level);
        boolean holds = BruteForceOracle.holds(h, level);
        assertEquals(holds ? Verdict.HOLDS : Verdict.VIOLATED, r.verdict(),
            h.source() + "\n" + Describe.of(h) + r);
        if (holds) {
          assertNotNull(r.witness());
          witnesses.add(r.witness());
        } else {
          violated++;
          assertFalse(r.certificates().isEmpty());
        }
      }
    }
    // the mutations must break the level often enough for the comparison to mean something
    assertTrue(violated > seeds / 5, level + ": only " + violated + " violations");
    return witnesses;
  }
}
