package io.isoverify.engine.bench;

import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.PhaseNanos;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.EnumSet;
import java.util.Map;

/**
 * End-to-end timing of the in-process verifier (a main, not a test; see
 * local-solver/README.md for the command). Arguments:
 * {@code LEVEL TXNS SESSIONS OPS KEYS READ_RATIO}. Prints the time of each phase, the
 * solver statistics and the peak heap.
 */
public final class SolverBenchmark {
  private SolverBenchmark() {
  }

  public static void main(String[] args) {
    Level level = Level.valueOf(args[0]);
    int txns = Integer.parseInt(args[1]);
    int sessions = Integer.parseInt(args[2]);
    int ops = Integer.parseInt(args[3]);
    int keys = Integer.parseInt(args[4]);
    double reads = Double.parseDouble(args[5]);
    long t0 = System.nanoTime();
    History h = SerialHistories.generate(42, sessions, txns, ops, keys, reads);
    long generated = System.nanoTime() - t0;
    long t1 = System.nanoTime();
    Map<Level, LevelResult> results = new InProcessVerifier(VerifierOptions.defaults())
        .verify(h, EnumSet.of(level));
    long verified = System.nanoTime() - t1;
    LevelResult r = results.get(level);
    PhaseNanos p = r.nanos();
    System.out.printf("%s %d txns, %d sessions, %d ops, %d keys, read ratio %.2f: %s%n",
        level, txns, sessions, ops, keys, reads, r.verdict());
    System.out.printf("  generate %d ms; verify %d ms = non-cycle %d + graph %d + prune %d + components %d"
        + " + solve %d + check %d ms%n", ms(generated), ms(verified), ms(p.nonCycle()), ms(p.graph()),
        ms(p.prune()), ms(p.components()), ms(p.solve()), ms(p.check()));
    System.out.printf("  components %d, constraints %d, largest %d vertices, conflicts %d%n",
        r.stats().components(), r.stats().constraints(), r.stats().largestComponent(), r.stats().conflicts());
    // the machine may be shared: CPU time says what the run cost when wall time is inflated
    long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
    System.out.printf("  peak heap %d MiB, JVM uptime %d ms, process CPU %d ms, load average %.1f%n",
        peakHeapMiB(), ManagementFactory.getRuntimeMXBean().getUptime(), ms(cpu),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static long ms(long nanos) {
    return nanos / 1_000_000;
  }

  private static long peakHeapMiB() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak >> 20;
  }
}
