package io.isoverify.engine;

import io.isoverify.checker.Check;
import io.isoverify.checker.ListAnomalyCheck;
import io.isoverify.checker.PredicateAnomalyCheck;
import io.isoverify.graph.Component;
import io.isoverify.graph.KeyedOperations;
import io.isoverify.graph.Partition;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.Beside;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.DuplicateWrite;
import io.isoverify.history.check.HistoryShape;
import io.isoverify.history.check.KeyGroups;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.ListOrders;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.PredicateObservations;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.solver.ComponentSolver;
import io.isoverify.solver.PartitionInput;
import io.isoverify.solver.SolveResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The whole check in one JVM: the non-cycle checks ({@link NonCycleChecks}) on the
 * History, then the {@link LevelPipeline} with graph-partitioning's {@link Partitioner} on
 * the History, the components solved on a pool of threads, and the {@link HistoryCertifier}
 * (every answer re-checked by the independent checker on the whole history; the list-append
 * anomalies found without search by checker's {@link ListAnomalyCheck}).
 */
public final class InProcessVerifier {
  private final VerifierOptions options;
  private final ProgressListener progress;
  private long graphInputNanos;

  public InProcessVerifier(VerifierOptions options) {
    this(options, ProgressListener.NONE);
  }

  public InProcessVerifier(VerifierOptions options, ProgressListener progress) {
    this.options = options;
    this.progress = progress;
  }

  /**
   * One result per requested level, in {@link Level} order. The polygraph's input (effective
   * writes, resolved reads) is built once, on the first level that needs it, and shared.
   */
  public Map<Level, LevelResult> verify(History h, Set<Level> levels) {
    return verify(h, levels, (level, partition) -> { });
  }

  /**
   * As {@link #verify(History, Set)}, handing each level's {@link Partition} (the pruned
   * polygraph and its components) to {@code partitions} once it is made: the seam the audit
   * in rounds reads its collection from, instead of building the polygraph a second time.
   * A level decided before its graph (a non-cycle violation) hands none.
   */
  public Map<Level, LevelResult> verify(History h, Set<Level> levels,
      java.util.function.BiConsumer<Level, Partition> partitions) {
    progress.retained("history", h);
    PolygraphInput[] input = new PolygraphInput[1];
    ListOrders[] lists = new ListOrders[1];
    // made in the non-cycle checks over their grouping of the operations by key
    java.util.function.Function<KeyGroups.Grouping, ListOrders> listOrdersOver = grouping -> {
      if (lists[0] == null) {
        lists[0] = ListOrders.of(h, LevelPipeline.EXAMPLES, grouping);
      }
      return lists[0];
    };
    Supplier<ListOrders> listOrders = () -> listOrdersOver.apply(null);
    // the per-key rules' results the non-cycle checks' run of the rules collects for the graph
    AtomicReference<List<KeyedOperations.Part>> keyed = new AtomicReference<>();
    // the observations are computed once, cached by history, in the non-cycle checks' phase,
    // which asks first; SSER's graph has the real-time edges, so its predicate reads need
    // fewer candidates
    Supplier<PolygraphInput> polygraph = () -> {
      if (input[0] == null) {
        progress.phase("graph input");
        long t0 = System.nanoTime();
        List<KeyedOperations.Part> parts = keyed.getAndSet(null);
        input[0] = parts == null
            ? PolygraphInput.of(h, observations(h, levels), listOrders.get())
            : PolygraphInput.of(h, observations(h, levels), listOrders.get(),
                KeyedOperations.assemble(parts, h));
        lists[0] = null; // the input holds the orders now
        graphInputNanos = System.nanoTime() - t0;
        progress.retained("polygraph input", input[0]);
      }
      return input[0];
    };
    java.util.function.Function<Level, UncheckedInformation> unchecked = level ->
        PredicateReads.of(h).unchecked(level);
    // the last level searched lets the input go; levels a stronger one implies are not
    // searched, so the last of the order is the last that can be (asked when the first graph
    // is: the order reads the predicate observations, which the non-cycle checks make and time)
    Level[] last = new Level[1];
    return verifyWith(h, levels, () -> polygraph.get().shape(listReads(h), h.predicates().size(),
        h::showTxn), (level, path, progress) -> {
          if (last[0] == null) {
            List<Level> order = LevelPipeline.order(levels, true, unchecked);
            last[0] = order.get(order.size() - 1);
          }
          // no local holds the input: the partitioner lets its parameter go once the known
          // graph is built, and a local here would keep it (a run makes this call once or
          // a few times, so it runs interpreted, where a local lives to the method's end)
          Partition p = Partitioner.partition(
              PredicateReads.of(h).forLevel(lastUse(input, polygraph, level == last[0]), level), level,
              options.partition().withProgress(progress), path);
          partitions.accept(level, p);
          return new PartitionInput(p);
        },
        unchecked, listOrdersOver, keyed::set);
  }

  /**
   * How long the last {@link #verify} spent making the polygraph's input from the History
   * (phase "graph input": {@link PolygraphInput#of}, once for every level); 0 when no level
   * needed it.
   */
  public long graphInputNanos() {
    return graphInputNanos;
  }

  /**
   * The shared input, made when first asked, which the verifier stops holding when {@code
   * last} ({@link LevelPipeline#lastUse}).
   */
  private static PolygraphInput lastUse(PolygraphInput[] input, Supplier<PolygraphInput> polygraph,
      boolean last) {
    polygraph.get(); // made into input[0] the first time
    return LevelPipeline.lastUse(input, last);
  }

  /** Operations with a read list, every outcome (what the Spark engine counts alike). */
  private static long listReads(History h) {
    return h.readLists().size();
  }

  /**
   * As {@link #verify}, with the shape of the history's transactions given by {@code shape}
   * and the solver input of each level made by {@code graphs}.
   */
  Map<Level, LevelResult> verifyWith(History h, Set<Level> levels, Supplier<HistoryShape> shape,
      LevelPipeline.Graphs graphs) {
    UncheckedInformation none = new UncheckedInformation(h.predicates().size());
    return verifyWith(h, levels, shape, graphs, level -> none,
        grouping -> ListOrders.of(h, LevelPipeline.EXAMPLES, grouping), parts -> { });
  }

  /**
   * The same, with what the graphs leave unchecked, per level, stated by the caller, the
   * read lists' orders from {@code lists} given the non-cycle checks' grouping of the
   * operations by key (computed once when the graphs need them too), and the per-key rules'
   * results for the polygraph handed to {@code keyed} from the non-cycle checks' run of the
   * rules (so the graph input does not group the operations and run the rules a second time).
   */
  Map<Level, LevelResult> verifyWith(History h, Set<Level> levels, Supplier<HistoryShape> shape,
      LevelPipeline.Graphs graphs,
      java.util.function.Function<Level, UncheckedInformation> unchecked,
      java.util.function.Function<KeyGroups.Grouping, ListOrders> lists,
      Consumer<List<KeyedOperations.Part>> keyed) {
    progress.phase("non-cycle checks");
    long t0 = System.nanoTime();
    // the predicate reads' scans run beside the other checks: SSER's always (the level order
    // asks what it leaves unchecked, LevelPipeline.order), the plain one unless SSER alone is
    // asked; together on three threads when the history is timed
    Beside<PredicateObservations> observations = h.predicates().isEmpty() ? null
        : Beside.start("predicate-reads", () -> {
          PredicateObservations.prepare(h, PredicateReads.plainNeeded(levels), true);
          return observations(h, levels);
        });
    NonCycleFindings plain = NonCycleChecks.findings(h, LevelPipeline.EXAMPLES, lists,
        KeyedOperations.Part::new, KeyedOperations.Part::add, keyed);
    NonCycleFindings found = (observations == null ? PredicateObservations.NONE
        : observations.join()).addedTo(plain, LevelPipeline.EXAMPLES);
    for (Certificate c : found.examples()) {
      if (ListAnomalyCheck.covers(c.anomaly()) || PredicateAnomalyCheck.covers(c.anomaly())) {
        Check check = ListAnomalyCheck.covers(c.anomaly()) ? ListAnomalyCheck.check(h, c)
            : PredicateAnomalyCheck.check(h, c);
        if (!check.valid()) {
          throw new IllegalStateException("the independent checker rejected the certificate "
              + CertificateSummary.of(h, c) + ": " + check.problem());
        }
      }
    }
    long nonCycle = System.nanoTime() - t0;
    ExecutorService pool = Executors.newFixedThreadPool(options.threads());
    try {
      return new LevelPipeline((components, level) -> solveAll(pool, components, level), progress)
          .verify(levels, found, nonCycle, shape, graphs, () -> duplicateReason(h, found.duplicate()),
              unchecked, new HistoryCertifier(h));
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * The observations the polygraph's input is built with, and whose mismatches the non-cycle
   * checks report (the same in both kinds: a returned row that no other version matches):
   * the plain ones when SER or SI is asked, else SSER's, so that a run of SSER alone never
   * makes the plain ones (their scan was 4 s of a thread on the blindw-pred 100k history).
   */
  private static PredicateObservations observations(History h, Set<Level> levels) {
    return PredicateReads.plainNeeded(levels) ? PredicateObservations.of(h)
        : PredicateObservations.realTime(h);
  }

  private List<SolveResult> solveAll(ExecutorService pool, List<Component> components, Level level) {
    List<Future<SolveResult>> futures = new ArrayList<>(components.size());
    AtomicInteger done = new AtomicInteger();
    int total = components.size();
    for (Component c : components) {
      futures.add(pool.submit(() -> {
        SolveResult r = ComponentSolver.solve(c, level, options.limits());
        progress.progress("components", done.incrementAndGet(), total);
        return r;
      }));
    }
    List<SolveResult> results = new ArrayList<>(components.size());
    try {
      for (Future<SolveResult> f : futures) {
        results.add(f.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while solving components", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof OutOfMemoryError oom) {
        throw oom; // the same answer as anywhere else: UNKNOWN, out of memory
      }
      throw new IllegalStateException("a component solve failed: " + e.getCause(), e.getCause());
    }
    return results;
  }

  private static String duplicateReason(History h, DuplicateWrite d) {
    return d.reason(h.showKey(d.key()), h.showValue(d.value()), h.showTxn(d.firstTxn()),
        h.showTxn(d.secondTxn()));
  }
}
