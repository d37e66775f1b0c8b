package io.isoverify.history.io;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Measures the Parquet history format on a generated read/write history (a main, not a
 * test): sink write rows/s, reader rows/s, writer rows/s, and file bytes per million
 * operations. Usage: {@code ParquetHistoryBenchmark [operations] [folder]}, by default
 * 10^7 operations in the system temp folder. Transactions have 4 operations (half reads,
 * half writes of unique values) over 10^5 keys, in 1000 interleaved sessions with client
 * timestamps; 2% abort and 1% end unknown. Fixed seed.
 */
public final class ParquetHistoryBenchmark {
  private static final int OPS_PER_TXN = 4;
  private static final int SESSIONS = 1000;
  private static final int KEYS = 100_000;

  private ParquetHistoryBenchmark() {}

  public static void main(String[] args) throws Exception {
    long ops = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
    Path folder = Path.of(args.length > 1 ? args[1] : System.getProperty("java.io.tmpdir"));
    Path sinkFile = folder.resolve("bench-sink.parquet");
    Path writerFile = folder.resolve("bench-writer.parquet");
    try {
      long t0 = System.nanoTime();
      long c0 = cpu();
      generate(sinkFile, ops / OPS_PER_TXN);
      report("sink write", ops, System.nanoTime() - t0, cpu() - c0);
      long size = Files.size(sinkFile);
      System.out.printf("file size: %d bytes, %.2f MB per million operations%n", size,
          size / 1e6 / (ops / 1e6));

      History h = null;
      for (int run = 1; run <= 3; run++) {
        h = null;
        System.gc();
        t0 = System.nanoTime();
        c0 = cpu();
        h = ParquetHistoryReader.read(sinkFile);
        report("read (run " + run + ")", h.opCount(), System.nanoTime() - t0, cpu() - c0);
      }
      t0 = System.nanoTime();
      c0 = cpu();
      ParquetHistoryWriter.write(h, writerFile);
      report("writer write", h.opCount(), System.nanoTime() - t0, cpu() - c0);
    } finally {
      Files.deleteIfExists(sinkFile);
      Files.deleteIfExists(writerFile);
    }
  }

  static void generate(Path file, long txns) throws Exception {
    SplittableRandom random = new SplittableRandom(42);
    long[] lastValue = new long[KEYS];
    int[] position = new int[SESSIONS];
    long clock = 0;
    try (ParquetHistorySink sink = new ParquetHistorySink(file)) {
      for (long t = 0; t < txns; t++) {
        int s = (int) (t % SESSIONS);
        int roll = random.nextInt(100);
        Outcome outcome = roll < 2 ? Outcome.ABORTED : roll < 3 ? Outcome.UNKNOWN
            : Outcome.COMMITTED;
        clock += 1 + random.nextInt(3);
        sink.begin(s, t, position[s]++, outcome, clock, clock + 1 + random.nextInt(50));
        for (int o = 0; o < OPS_PER_TXN; o++) {
          int key = random.nextInt(KEYS);
          if (o % 2 == 0) {
            if (lastValue[key] == 0) {
              sink.readInitial(key);
            } else {
              sink.op(OpKind.READ, key, lastValue[key]);
            }
          } else {
            long value = t * OPS_PER_TXN + o;
            sink.op(OpKind.WRITE, key, value);
            lastValue[key] = value;
          }
        }
        sink.end();
      }
    }
  }

  /** The main thread's CPU time: on a shared machine it says more than the wall clock. */
  private static long cpu() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  private static void report(String what, long rows, long nanos, long cpuNanos) {
    System.out.printf("%-14s %,d rows in %.2f s: %,.0f rows/s (main thread CPU %.2f s: "
        + "%,.0f rows/s)%n", what, rows, nanos / 1e9, rows / (nanos / 1e9), cpuNanos / 1e9,
        rows / (cpuNanos / 1e9));
  }
}
