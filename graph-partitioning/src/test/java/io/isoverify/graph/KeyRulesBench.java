package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.io.ParquetHistoryReader;
import java.nio.file.Path;

/**
 * Benchmark main (not a test): the in-process per-key work on a Parquet history, the
 * non-cycle checks ({@link NonCycleChecks}) and the graph input ({@link PolygraphInput#of}),
 * each timed over several rounds (the first ones warm the JIT up).
 *
 * <pre>
 *   java -Xmx8g -cp ... io.isoverify.graph.KeyRulesBench HISTORY.parquet [rounds]
 * </pre>
 */
public final class KeyRulesBench {
  private KeyRulesBench() {}

  /** A hash of everything both results hold, to compare two builds on the same history. */
  private static String digest(NonCycleFindings f, PolygraphInput in) {
    StringBuilder b = new StringBuilder();
    b.append(f.counts().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey()).toList());
    b.append(f.duplicate());
    for (var c : f.examples()) {
      b.append(c.anomaly()).append(java.util.Arrays.toString(c.txns()))
          .append(java.util.Arrays.toString(c.keys())).append(java.util.Arrays.toString(c.ops()))
          .append(c.edges()).append(c.choices()).append('\n');
    }
    Operations o = in.ops;
    int[][] arrays = {o.writeKey, o.writeValue, o.writeTxn, o.readStart, o.readKey, o.readValue,
        o.readWriter};
    long arrayHash = java.util.Arrays.deepHashCode(arrays);
    return f.counts() + " " + f.examples().size() + " examples, text hash " + b.toString().hashCode()
        + ", arrays hash " + arrayHash + ", " + o.writeKey.length + " writes, " + o.readKey.length
        + " reads";
  }

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    History h = ParquetHistoryReader.read(Path.of(args[0]));
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    System.out.printf("read %d txns, %d ops, %d keys in %.2f s%n", h.txnCount(), h.opCount(),
        h.keys().size(), (System.nanoTime() - t0) / 1e9);
    java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
    for (int r = 0; r < rounds; r++) {
      long a = System.nanoTime();
      long ac = cpu.getCurrentThreadCpuTime();
      NonCycleFindings f = NonCycleChecks.findings(h, 100);
      long b = System.nanoTime();
      long bc = cpu.getCurrentThreadCpuTime();
      PolygraphInput in = PolygraphInput.of(h);
      long c = System.nanoTime();
      long cc = cpu.getCurrentThreadCpuTime();
      System.out.printf("round %d: non-cycle %.2f s (cpu %.2f s, %d findings), graph input %.2f s"
          + " (cpu %.2f s, %d txns)%n", r, (b - a) / 1e9, (bc - ac) / 1e9, f.total(), (c - b) / 1e9,
          (cc - bc) / 1e9, in.txnCount());
      if (r == 0) {
        System.out.println("digest " + digest(f, in));
        System.out.println("digest all " + digest(NonCycleChecks.findings(h, Integer.MAX_VALUE), in));
      }
    }
  }
}
