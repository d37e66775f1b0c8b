package io.isoverify.engine.bench;

import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.PhaseNanos;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.Partition;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.PartitionStats;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.testing.RepeatedValues;
import io.isoverify.history.testing.SharedCorpora;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.EnumSet;

/**
 * Timing of histories in which several transactions write the same value to a key
 * (veristrong's hyper-polygraph: reads with several candidate writers). A main, not a test:
 * <pre>
 *   java -cp ... io.isoverify.engine.bench.RepeatedValuesBench [TXNS [FRACTION]]
 * </pre>
 * Histories: the shared corpora's cobra twitter-1k and dbcop RH-1k (when the folder
 * shared/corpora is found), and a generated one: {@code bin/generate}'s workload (20
 * sessions, 8-15 operations, 100,000 keys, zipf 1.0, read ratio 0.5, the simulated database
 * at SER), TXNS transactions (100,000), with FRACTION (0.1) of each key's written values
 * replaced by its first ({@link RepeatedValues#share}). Per history and level (SER, SI) it
 * prints the verdict, the reads with several candidate writers before and after pruning and
 * how many candidates they were listed with,
 * the components and how many hold such reads, the time of each phase of the in-process
 * verifier, and the process CPU time spent (the machine may be shared).
 */
public final class RepeatedValuesBench {
  private RepeatedValuesBench() {
  }

  public static void main(String[] args) throws Exception {
    int txns = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    double fraction = args.length > 1 ? Double.parseDouble(args[1]) : 0.1;
    Path corpora = SharedCorpora.folder();
    if (corpora != null) {
      run("cobra twitter-1k-valid", HistoryFormat.ofCode("cobra")
          .read(corpora.resolve("cobra/twitter-1k-valid")));
      run("dbcop RH-1k-valid-duplicate-values", HistoryFormat.ofCode("dbcop")
          .read(corpora.resolve("dbcop/RH-1k-valid-duplicate-values/hist-00000/history.bincode")));
    } else {
      System.out.println("shared/corpora not found: the corpus histories are skipped");
    }
    long t0 = System.nanoTime();
    HistoryBuilderSink sink = new HistoryBuilderSink("generated");
    Simulator.run(new GeneralWorkload(8, 15, 0.5, KeyDistribution.zipf(100_000, 1.0)),
        Simulator.Config.of(20, txns, Isolation.of(Level.SER), 1), sink);
    History h = RepeatedValues.share(sink.history(), fraction, 1);
    System.out.printf("generated %d transactions, %.2f of the values shared, in %d ms%n",
        h.txnCount(), fraction, ms(System.nanoTime() - t0));
    run("generated " + txns + ", " + fraction + " shared", h);
  }

  private static void run(String name, History h) {
    System.out.printf("%s: %d transactions, %d operations, %d keys%n", name, h.txnCount(),
        h.opCount(), h.keys().size());
    PolygraphInput input = PolygraphInput.of(h);
    for (Level level : EnumSet.of(Level.SER, Level.SI)) {
      Partition p = Partitioner.partition(input, level, PartitionOptions.defaults());
      PartitionStats s = p.stats();
      long withReads = p.components().stream().filter(c -> c.reads().count() > 0).count();
      long cpu0 = cpu();
      long t0 = System.nanoTime();
      LevelResult r = new InProcessVerifier(VerifierOptions.defaults())
          .verify(h, EnumSet.of(level)).get(level);
      long wall = System.nanoTime() - t0;
      PhaseNanos n = r.nanos();
      System.out.printf("  %s %s%s: reads with several writers %d, listed with %d candidates,"
          + " open after pruning %d (left out %d); components %d, %d with such reads, largest %d%n",
          level, r.verdict(), r.reason().isEmpty() ? "" : " (" + r.reason() + ")",
          s.readConstraints(), s.readCandidates(), s.readConstraintsAfter(), s.readsLeftOut(),
          s.components(), withReads, s.largestComponent());
      System.out.printf("    verify %d ms (CPU %d ms) = non-cycle %d + graph %d + prune %d"
          + " + components %d + solve %d + check %d ms; conflicts %d%n", ms(wall),
          ms(cpu() - cpu0), ms(n.nonCycle()), ms(n.graph()), ms(n.prune()), ms(n.components()),
          ms(n.solve()), ms(n.check()), r.stats().conflicts());
    }
  }

  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static long ms(long nanos) {
    return nanos / 1_000_000;
  }
}
