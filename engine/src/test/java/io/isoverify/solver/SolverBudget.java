package io.isoverify.solver;

import io.isoverify.engine.bench.RetainedBytes;
import io.isoverify.graph.Component;
import io.isoverify.graph.Partition;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.formats.HistoryFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The solver's share of the memory budget (a main, not a test): runs LEVEL on HISTORY in
 * process up to its partition ({@link ComponentProbe#partitionOf}), prints the five largest components (transactions, known
 * edges, constraints, side edges, retained bytes), then builds the solver for the largest
 * one and prints the bytes each of its structures adds ({@link RetainedBytes}): the base
 * edges, the acyclicity theory's arrays, the CDCL's. In this package because those types
 * are package-private.
 *
 * <pre>java -Xmx12g ... io.isoverify.solver.SolverBudget HISTORY.parquet SI</pre>
 */
public final class SolverBudget {
  private SolverBudget() {
  }

  public static void main(String[] args) throws Exception {
    History h = HistoryFormat.readDetected(Path.of(args[0]));
    Level level = Level.valueOf(args[1]);
    Partition partition = ComponentProbe.partitionOf(h, level);
    List<Component> cs = new ArrayList<>(partition.components());
    cs.sort((a, b) -> Integer.compare(b.vertexCount(), a.vertexCount()));
    System.out.printf(Locale.ROOT, "%s %s: %d transactions; after pruning %d known edges, %d components%n",
        args[0], level, h.txnCount(), partition.knownEdgeCount(), cs.size());
    for (int i = 0; i < Math.min(5, cs.size()); i++) {
      Component c = cs.get(i);
      int sides = c.constraintCount() == 0 ? 0 : c.sideEnd(c.constraintCount() - 1, 1);
      System.out.printf(Locale.ROOT,
          "component %d: %d transactions, %d known edges, %d constraints, %d side edges, %d reads: %.1f MB%n",
          i, c.vertexCount(), c.knownEdgeCount(), c.constraintCount(), sides, c.reads().count(),
          new RetainedBytes().add(c) / 1e6);
    }
    if (cs.isEmpty()) {
      return;
    }
    Component c = cs.get(0);
    boolean snapshot = level == Level.SI;
    RetainedBytes counted = new RetainedBytes();
    counted.add(c);
    BaseEdges base = new BaseEdges(c);
    List<int[]> implied = SmallCycles.of(base, snapshot);
    boolean[] all = Cdcl.allActive(base);
    long t0 = System.nanoTime();
    Cdcl search = new Cdcl(base, snapshot, all, implied);
    Cdcl.Outcome outcome = search.search(Long.MAX_VALUE, Long.MAX_VALUE);
    System.out.printf(Locale.ROOT, "largest component solved: %s in %d ms; %s%n", outcome,
        (System.nanoTime() - t0) / 1_000_000, search.statsLine());
    System.out.println("| solver structure | MB | bytes per transaction of the component |");
    System.out.println("|---|---|---|");
    row("base edges (literals)", counted.add(base), c.vertexCount());
    row("small-cycle clauses", counted.add(implied), c.vertexCount());
    Object theory = field(search, "theory");
    long fixed = 0;
    for (String array : new String[] {"kOutStart", "kSucc", "kBase", "kInStart", "kPred"}) {
      fixed += counted.add(field(theory, array));
    }
    row("theory: the known arcs' static layer", fixed, c.vertexCount());
    row("theory: the rest (order, decided edges, scratch)", counted.add(theory), c.vertexCount());
    row("CDCL (assignment, trail, clauses, decision order)", counted.add(search), c.vertexCount());
  }

  private static void row(String name, long bytes, int txns) {
    System.out.printf(Locale.ROOT, "| %s | %.1f | %.0f |%n", name, bytes / 1e6, (double) bytes / txns);
  }

  private static Object field(Object o, String name) throws ReflectiveOperationException {
    java.lang.reflect.Field f = o.getClass().getDeclaredField(name);
    f.setAccessible(true);
    return f.get(o);
  }
}
