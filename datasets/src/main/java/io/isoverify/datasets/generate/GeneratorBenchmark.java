package io.isoverify.datasets.generate;

import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.WorkloadKind;
import io.isoverify.history.OpKind;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.Outcome;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * Benchmark main (not a test): generates transactions of a workload (by default the polysi
 * general workload: 20 sessions, 15 operations, 10k keys, zipfian, 50% reads; list-append
 * with its defaults, 1-4 operations; mt; lwt) into a sink that discards them, and prints
 * transactions per second and the peak heap. Arguments:
 * {@code [transactions (1000000)] [isolation (SER)] [workload (general)]}; run with a small
 * -Xmx to see that memory does not grow with the history.
 */
public final class GeneratorBenchmark {
  private GeneratorBenchmark() {}

  /** Counts what it is given and keeps nothing. */
  private static final class DiscardingSink implements HistorySink {
    long ops;

    @Override
    public void begin(long session, long txn, int position, Outcome outcome, long start,
        long end) {}

    @Override
    public void op(OpKind kind, long key, long value) {
      ops++;
    }

    @Override
    public void readInitial(long key) {
      ops++;
    }

    @Override
    public void readList(long key, long[] elements, int from, int length) {
      ops++;
    }

    @Override
    public void predicateRead(long field, long low, long high, int matched) {
      ops++;
    }

    @Override
    public void write(OpKind kind, long key, long value, WrittenFields fields) {
      ops++;
    }

    @Override
    public void end() {}

    @Override
    public void close() {}
  }

  public static void main(String[] args) throws IOException {
    long txns = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    Isolation isolation = args.length > 1 ? Isolation.valueOf(args[1]) : Isolation.SER;
    WorkloadKind kind = WorkloadKind.ofCliName(args.length > 2 ? args[2] : "general");
    String[] ops = kind.defaultOps().split("-");
    int minOps = Integer.parseInt(ops[0]);
    int maxOps = Integer.parseInt(ops[ops.length - 1]);
    // Warm up the JIT on a short run, then measure from a clean peak.
    Simulator.run(kind.create(minOps, maxOps, 0.5, KeyDistribution.zipf(10_000, 1.0)),
        Simulator.Config.of(20, 100_000, isolation, 1), new DiscardingSink());
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
    DiscardingSink sink = new DiscardingSink();
    long t0 = System.nanoTime();
    Simulator.Result r = Simulator.run(kind.create(minOps, maxOps, 0.5,
        KeyDistribution.zipf(10_000, 1.0)), Simulator.Config.of(20, txns, isolation, 7), sink);
    double seconds = (System.nanoTime() - t0) / 1e9;
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    System.out.printf("%s %s: %d transactions (%d committed, %d aborted), %d operations in %.2f s:"
        + " %.0f txn/s; peak heap %.1f MiB (max %.0f MiB); at most %d versions held%n",
        kind.cliName(), isolation, r.transactions(), r.committed(), r.aborted(), sink.ops, seconds,
        r.transactions() / seconds, peak / 1048576.0,
        Runtime.getRuntime().maxMemory() / 1048576.0, r.peakVersions());
  }
}
