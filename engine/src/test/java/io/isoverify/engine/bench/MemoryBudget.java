package io.isoverify.engine.bench;

import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.formats.HistoryFormat;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The memory budget of the in-process pipeline (a main, not a test): loads HISTORY, runs one
 * LEVEL, and prints the bytes each structure the pipeline retains adds (history columns and
 * dictionaries, polygraph input, known graph and chains, the known edge list after pruning,
 * constraints, reachability index and pruning, components; {@link RetainedBytes}, measured
 * when the pipeline hands the structure over), per transaction, with the live heap after a
 * full GC at that moment (structures the pipeline holds only in local variables, such as the
 * components' input arcs, show there and nowhere else), and the live heap at the start of
 * each phase (what the solver holds shows there, in the "solve" line, above the structures
 * before it).
 *
 * <p>Run it with the flags of config/jvm-opens.properties: without {@code java.util}
 * opened, {@link RetainedBytes} cannot look inside a {@code List}, and the components count
 * as nothing.
 *
 * <pre>java -Xmx16g $OPENS ... io.isoverify.engine.bench.MemoryBudget HISTORY.parquet SER</pre>
 */
public final class MemoryBudget {
  private MemoryBudget() {
  }

  public static void main(String[] args) throws Exception {
    Path path = Path.of(args[0]);
    Level level = Level.valueOf(args[1]);
    History h = HistoryFormat.readDetected(path);
    long txns = h.txnCount();
    RetainedBytes sizer = new RetainedBytes();
    Map<String, Long> structures = new LinkedHashMap<>();
    Map<String, Long> liveAtPhase = new LinkedHashMap<>();
    Map<String, Long> liveAfter = new LinkedHashMap<>();
    ProgressListener probe = new ProgressListener() {
      @Override
      public void phase(String name) {
        liveAtPhase.putIfAbsent(name, liveHeap());
      }

      @Override
      public void progress(String what, long done, long total) {}

      @Override
      public void retained(String structure, Object root) {
        structures.merge(structure, root == null ? 0 : sizer.add(root), Long::sum);
        liveAfter.putIfAbsent(structure, liveHeap());
      }
    };
    long t0 = System.nanoTime();
    Map<Level, LevelResult> r = new InProcessVerifier(VerifierOptions.defaults(), probe)
        .verify(h, EnumSet.of(level));
    long ms = (System.nanoTime() - t0) / 1_000_000;
    System.out.printf(Locale.ROOT, "%s: %d transactions (%d committed), %d operations; %s %s in %d ms%n",
        path.getFileName(), txns, committed(h), h.opCount(), level, r.get(level).verdict(), ms);
    System.out.println("| structure | MB | bytes per transaction | live heap once handed over, bytes per transaction |");
    System.out.println("|---|---|---|---|");
    long total = 0;
    for (Map.Entry<String, Long> e : structures.entrySet()) {
      total += e.getValue();
      System.out.printf(Locale.ROOT, "| %s | %.1f | %.0f | %.0f |%n", e.getKey(),
          e.getValue() / 1e6, (double) e.getValue() / txns,
          (double) liveAfter.get(e.getKey()) / txns);
    }
    row("all structures", total, txns);
    System.out.println();
    System.out.println("| phase starts | live heap MB | bytes per transaction |");
    System.out.println("|---|---|---|");
    for (Map.Entry<String, Long> e : liveAtPhase.entrySet()) {
      row(e.getKey(), e.getValue(), txns);
    }
  }

  private static void row(String name, long bytes, long txns) {
    System.out.printf(Locale.ROOT, "| %s | %.1f | %.0f |%n", name, bytes / 1e6,
        (double) bytes / txns);
  }

  private static long committed(History h) {
    long c = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      if (h.outcome(t) == io.isoverify.history.Outcome.COMMITTED) {
        c++;
      }
    }
    return c;
  }

  private static long liveHeap() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
