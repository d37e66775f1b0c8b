package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.check.Level;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.util.Random;

/**
 * Benchmark main (not a test): partitions a synthetic history made from a serial execution
 * (so it satisfies every level) and prints the time per phase and the peak heap. Wall
 * times suffer from other load on the machine; with 1 thread the CPU time of the calling
 * thread is the whole work.
 *
 * <pre>
 *   java -cp ... io.isoverify.graph.PartitionBenchmark [txns sessions ops keys readPercent threads]
 * </pre>
 * Defaults: 100000 transactions, 20 sessions, 8 operations, 10000 keys, 50% reads, 2 threads.
 */
public final class PartitionBenchmark {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  private PartitionBenchmark() {
  }

  public static void main(String[] args) throws InvalidHistoryException {
    int txns = arg(args, 0, 100_000);
    int sessions = arg(args, 1, 20);
    int ops = arg(args, 2, 8);
    int keys = arg(args, 3, 10_000);
    int readPercent = arg(args, 4, 50);
    int threads = arg(args, 5, 2);
    long t0 = System.nanoTime();
    History h = serialHistory(txns, sessions, ops, keys, readPercent, new Random(42));
    System.out.printf("history: %d txns, %d sessions, %d ops/txn, %d keys, %d%% reads, built in %d ms%n",
        txns, sessions, ops, keys, readPercent, (System.nanoTime() - t0) / 1_000_000);
    // warm-up, so that the first measured run does not pay for the JIT
    History small = serialHistory(20_000, sessions, ops, keys, readPercent, new Random(7));
    for (Level level : Level.values()) {
      Partitioner.partition(small, level, PartitionOptions.defaults().withThreads(threads));
    }
    for (boolean incremental : new boolean[] {false, true}) {
      System.out.println(incremental ? "incremental pruning:" : "index rebuilt per pruning round:");
      PartitionOptions options = PartitionOptions.defaults().withThreads(threads)
          .withIncrementalPruning(incremental);
      for (Level level : Level.values()) {
        run(h, level, options);
      }
    }
  }

  private static void run(History h, Level level, PartitionOptions options) {
    {
      resetPeaks();
      long cpu = CPU.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      Partition p = Partitioner.partition(h, level, options);
      long total = System.nanoTime() - start;
      cpu = CPU.getCurrentThreadCpuTime() - cpu;
      PartitionStats s = p.stats();
      System.out.printf("%-4s total %6d ms (this thread's cpu %6d ms) | graph %6d ms, prune %6d ms (%d rounds), components %6d ms"
              + " | peak heap %5d MiB%n", level, total / 1_000_000, cpu / 1_000_000, s.graphNanos() / 1_000_000,
          s.pruneNanos() / 1_000_000, s.pruneRounds(), s.componentsNanos() / 1_000_000,
          peakHeap() >> 20);
      System.out.printf("     vertices %d, SO %d WR %d WW %d RW %d RT %d, chains %d, ordered pairs %d,"
              + " constraints %d -> %d, components %d (largest %d), violated %b%n",
          s.vertices(), s.soEdges(), s.wrEdges(), s.wwEdges(), s.rwEdges(), s.rtEdges(),
          s.chains(), s.orderedChainPairs(), s.constraintsBefore(), s.constraintsAfter(),
          s.components(), s.largestComponent(), p.violated());
    }
  }

  /**
   * Runs transactions one at a time (sessions picked at random), each read returning the
   * current value and each write a fresh one; client timestamps follow the serial order.
   */
  static History serialHistory(int txns, int sessions, int ops, int keys, int readPercent,
      Random rnd) throws InvalidHistoryException {
    HistoryBuilder b = new HistoryBuilder("synthetic");
    int[] sessionCode = new int[sessions];
    for (int s = 0; s < sessions; s++) {
      sessionCode[s] = b.sessions().encode("s" + s);
    }
    int[] keyCode = new int[keys];
    for (int k = 0; k < keys; k++) {
      keyCode[k] = b.keys().encode("k" + k);
    }
    int[] current = new int[keys];
    java.util.Arrays.fill(current, History.INITIAL);
    int[] position = new int[sessions];
    long nextValue = 1;
    long row = 0;
    for (int t = 0; t < txns; t++) {
      int s = rnd.nextInt(sessions);
      long start = 10L * t;
      for (int o = 0; o < ops; o++) {
        int k = rnd.nextInt(keys);
        if (rnd.nextInt(100) < readPercent) {
          b.add(row++, sessionCode[s], t, position[s], o, OpKind.READ, keyCode[k], current[k],
              Outcome.COMMITTED, start, start + 5);
        } else {
          int v = b.values().encode(nextValue++);
          current[k] = v;
          b.add(row++, sessionCode[s], t, position[s], o, OpKind.WRITE, keyCode[k], v,
              Outcome.COMMITTED, start, start + 5);
        }
      }
      position[s]++;
    }
    return b.build();
  }

  private static void resetPeaks() {
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
  }

  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  private static int arg(String[] args, int i, int fallback) {
    return args.length > i ? Integer.parseInt(args[i]) : fallback;
  }
}
