package io.isoverify.solver;

import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.Component;
import io.isoverify.graph.Partition;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.formats.HistoryFormat;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

/**
 * The solver on one large component, without the pipeline around it (a main, not a test):
 * {@code dump HISTORY LEVEL FILE} runs the pipeline up to the components and writes the
 * largest one to FILE (Java serialization, as the Spark engine ships it); {@code solve FILE
 * LEVEL [SECONDS [HISTORY]]} reads it back and runs one search, printing its outcome, its time
 * and the search's counters ({@link Cdcl#statsLine}); with HISTORY, the component's vertices
 * get that history's end timestamps ({@link Component#withTimes}) for the first order. A change to the search is measured on the
 * same component in minutes instead of a whole run. In this package because the solver's
 * types are package-private.
 *
 * <pre>java -Xmx12g ... io.isoverify.solver.ComponentProbe dump sessions200.parquet SER /tmp/c.bin
 * java -Xmx10g ... io.isoverify.solver.ComponentProbe solve /tmp/c.bin SER 600 sessions200.parquet</pre>
 */
public final class ComponentProbe {
  private ComponentProbe() {
  }

  /** Thrown by the partition listener to end the run before the solver starts. */
  private static final class Stop extends RuntimeException {
    Stop() {
      super(null, null, false, false);
    }
  }

  /** The partition of one level, the pipeline stopped before solving it. */
  static Partition partitionOf(History h, Level level) {
    Partition[] kept = new Partition[1];
    try {
      new InProcessVerifier(VerifierOptions.defaults()).verify(h, EnumSet.of(level), (l, p) -> {
        kept[0] = p;
        throw new Stop();
      });
    } catch (Stop expected) {
      // the partition is kept
    }
    if (kept[0] == null) {
      throw new IllegalStateException("the level was decided before its graph was partitioned");
    }
    return kept[0];
  }

  public static void main(String[] args) throws Exception {
    if (args[0].equals("dump")) {
      History h = HistoryFormat.readDetected(Path.of(args[1]));
      List<Component> cs = partitionOf(h, Level.valueOf(args[2])).components();
      Component c = cs.stream().max(Comparator.comparingInt(Component::vertexCount)).orElseThrow();
      try (ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(
          Files.newOutputStream(Path.of(args[3])), 1 << 20))) {
        out.writeObject(c);
      }
      System.out.printf(Locale.ROOT, "dumped %d transactions, %d constraints%n", c.vertexCount(),
          c.constraintCount());
      return;
    }
    Component c;
    try (ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(
        Files.newInputStream(Path.of(args[1])), 1 << 20))) {
      c = (Component) in.readObject();
    }
    if (args.length > 4) {
      // the first order by the transactions' end times, as the pipeline gives a component of
      // a history with timestamps
      History h = HistoryFormat.readDetected(Path.of(args[4]));
      long[] times = new long[c.vertexCount()];
      for (int v = 0; v < times.length; v++) {
        times[v] = c.txn(v) < 0 ? Long.MIN_VALUE : h.endTs(c.txn(v));
      }
      c = c.withTimes(times);
    }
    boolean snapshot = Level.valueOf(args[2]) == Level.SI;
    int sides = c.constraintCount() == 0 ? 0 : c.sideEnd(c.constraintCount() - 1, 1);
    System.out.printf(Locale.ROOT,
        "%d transactions, %d known edges, %d constraints, %d side edges, %d reads%n",
        c.vertexCount(), c.knownEdgeCount(), c.constraintCount(), sides, c.reads().count());
    long t0 = System.nanoTime();
    BaseEdges base = new BaseEdges(c);
    List<int[]> implied = SmallCycles.of(base, snapshot);
    boolean[] all = Cdcl.allActive(base);
    long t1 = System.nanoTime();
    Cdcl search = new Cdcl(base, snapshot, all, implied);
    long t2 = System.nanoTime();
    long limit = args.length > 3 ? Long.parseLong(args[3]) * 1_000_000_000L : Long.MAX_VALUE / 2;
    Cdcl.Outcome outcome = search.search(Long.MAX_VALUE, System.nanoTime() + limit);
    long t3 = System.nanoTime();
    System.out.printf(Locale.ROOT, "base edges and small cycles %d ms, search set up %d ms, "
        + "search %s in %d ms; %s%n", (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, outcome,
        (t3 - t2) / 1_000_000, search.statsLine());
  }
}
