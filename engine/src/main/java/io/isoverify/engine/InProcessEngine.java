package io.isoverify.engine;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.check.Level;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The engine that holds the whole history in this JVM: it reads the history in its format
 * (phase "load"), runs the {@link InProcessVerifier} on it and reports every level. Suited
 * to histories that fit one JVM's memory (spark-jobs/README.md gives the bytes per
 * transaction); beyond that, the Spark engine on a cluster ({@link EngineChoice}).
 */
public final class InProcessEngine implements Engine {
  private final VerifierOptions options;

  public InProcessEngine() {
    this(VerifierOptions.defaults());
  }

  public InProcessEngine(VerifierOptions options) {
    this.options = options;
  }

  @Override
  public RunReport run(VerifyRequest request, ProgressListener progress) throws InvalidHistoryException {
    LinkedHashMap<String, Long> phases = new LinkedHashMap<>();
    progress.phase("load");
    long t0 = System.nanoTime();
    History h = request.format().read(request.localPath());
    phases.put("load", System.nanoTime() - t0);
    List<LevelReport> levels = check(h, request.levels(), phases, progress);
    return new RunReport(request.runId(), request.display(), request.format().code(),
        HistoryFigures.of(h), h, levels, phases, HistoryCertifier.RECHECK);
  }

  /** The levels of a history already in memory, their phase times added to {@code phases}. */
  public List<LevelReport> check(History h, List<Level> levels, LinkedHashMap<String, Long> phases,
      ProgressListener progress) {
    return check(h, levels, phases, progress, (level, partition) -> { });
  }

  /**
   * The same, handing each level's pruned polygraph to {@code partitions}
   * ({@link InProcessVerifier#verify(History, java.util.Set, java.util.function.BiConsumer)}).
   */
  public List<LevelReport> check(History h, List<Level> levels, LinkedHashMap<String, Long> phases,
      ProgressListener progress,
      java.util.function.BiConsumer<Level, io.isoverify.graph.Partition> partitions) {
    InProcessVerifier verifier = new InProcessVerifier(options, progress);
    Map<Level, LevelResult> results = verifier.verify(h, new LinkedHashSet<>(levels), partitions);
    List<LevelReport> reports = LevelReport.of(levels, results, phases);
    if (verifier.graphInputNanos() > 0) {
      putAfter(phases, "non-cycle checks", "graph input", verifier.graphInputNanos());
    }
    return reports;
  }

  /** Puts {@code name} into {@code phases} right after {@code before} (at the end without it). */
  private static void putAfter(LinkedHashMap<String, Long> phases, String before, String name,
      long nanos) {
    LinkedHashMap<String, Long> rest = new LinkedHashMap<>();
    boolean after = !phases.containsKey(before);
    for (Map.Entry<String, Long> e : phases.entrySet()) {
      if (after) {
        rest.put(e.getKey(), e.getValue());
      }
      after |= e.getKey().equals(before);
    }
    rest.keySet().forEach(phases::remove);
    phases.put(name, nanos);
    phases.putAll(rest);
  }
}
