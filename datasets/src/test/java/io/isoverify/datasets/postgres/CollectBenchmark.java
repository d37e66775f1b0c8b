package io.isoverify.datasets.postgres;

import io.isoverify.history.io.HistoryBuilderSink;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark main (not a test): collection throughput at each isolation level, on a
 * contended workload (8 keys, read-modify-write of 2) and a spread one (100,000 keys, 4),
 * recording into an in-memory history. Usage: {@code CollectBenchmark [JDBC-URL
 * [TRANSACTIONS [SESSIONS]]]}; without a URL it starts a cluster with bin/pg-cluster.
 */
public final class CollectBenchmark {
  private CollectBenchmark() {}

  public static void main(String[] args) throws Exception {
    long transactions = args.length > 1 ? Long.parseLong(args[1]) : 3000;
    int sessions = args.length > 2 ? Integer.parseInt(args[2]) : 8;
    if (args.length > 0) {
      run(args[0], transactions, sessions);
      return;
    }
    try (PostgresCluster cluster = PostgresCluster.start()) {
      run(cluster.jdbcUrl(), transactions, sessions);
    }
  }

  private static void run(String url, long transactions, int sessions) throws Exception {
    List<ReadModifyWriteWorkload> workloads = List.of(new ReadModifyWriteWorkload(8, 2),
        new ReadModifyWriteWorkload(100_000, 4));
    System.out.printf("%-16s %-24s %9s %9s %9s %10s %12s%n", "isolation", "workload",
        "committed", "aborted", "unknown", "seconds", "committed/s");
    for (ReadModifyWriteWorkload w : workloads) {
      String name = "rmw " + w.keysPerTxn() + " of " + w.keys() + " keys";
      for (PostgresIsolation level : PostgresIsolation.values()) {
        CollectorConfig config = CollectorConfig.of(url, level, sessions, transactions, 1L);
        CollectionResult r = new PostgresCollector(config).collect(w,
            new HistoryBuilderSink(level + " collection"));
        System.out.printf(Locale.ROOT, "%-16s %-24s %9d %9d %9d %10.2f %12.0f%n", level,
            name, r.committed(), r.aborted(), r.unknown(), r.elapsedNanos() / 1e9,
            r.committedPerSecond());
      }
    }
  }
}
