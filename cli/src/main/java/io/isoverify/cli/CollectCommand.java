package io.isoverify.cli;

import io.isoverify.datasets.generate.HistorySinks;
import io.isoverify.datasets.postgres.CollectionException;
import io.isoverify.datasets.postgres.CollectionResult;
import io.isoverify.datasets.postgres.CollectorConfig;
import io.isoverify.datasets.postgres.PostgresCollector;
import io.isoverify.datasets.postgres.PostgresIsolation;
import io.isoverify.datasets.workload.Workload;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code collect}: runs a workload (the same options as {@code generate}) against a real
 * PostgreSQL at one isolation level and writes the history, streaming, to a .parquet or
 * .jsonl file. Exit 0 on success; 2 on bad usage; 3 when the database fails, with
 * PostgreSQL's message and SQLState on one line and no partial file left behind.
 */
@Command(name = "collect", mixinStandardHelpOptions = true,
    description = "Record a history by running a workload against a real PostgreSQL.")
public final class CollectCommand implements Callable<Integer> {
  /** The exit code of a collection the database made fail. */
  public static final int DATABASE_FAILED = 3;

  @Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--jdbc", required = true, paramLabel = "URL",
      description = "JDBC URL with the user, as bin/pg-cluster start prints it")
  String jdbcUrl;

  @Option(names = "--isolation", defaultValue = "serializable",
      description = "serializable, repeatable-read, read-committed (default: ${DEFAULT-VALUE})")
  String isolation;

  @Option(names = "--sessions", defaultValue = "8",
      description = "client sessions, one thread and connection each (default: ${DEFAULT-VALUE})")
  int sessions;

  @Option(names = "--txns", defaultValue = "2000",
      description = "workload transactions in total, over all sessions; one aborted by the"
          + " database is retried as a new transaction (default: ${DEFAULT-VALUE})")
  long txns;

  @Option(names = "--seed", defaultValue = "0", description = "(default: ${DEFAULT-VALUE})")
  long seed;

  @Mixin
  WorkloadOptions workload;

  @Option(names = "--table", defaultValue = CollectorConfig.DEFAULT_TABLE,
      description = "the key-value table; dropped and recreated (default: ${DEFAULT-VALUE})")
  String table;

  @Option(names = "--no-preload",
      description = "start from an empty table rather than one row per key")
  boolean noPreload;

  @Option(names = "--max-retries", defaultValue = "1000",
      description = "retries of an aborted transaction before it is given up"
          + " (default: ${DEFAULT-VALUE})")
  int maxRetries;

  @Parameters(index = "0", paramLabel = "OUTPUT",
      description = "the history file: NAME.parquet or NAME.jsonl")
  Path output;

  /** Runs the command on {@code args} and returns its exit code; never exits the JVM. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = CliCommand.configure(new CommandLine(new CollectCommand()));
    cl.setOut(out);
    cl.setErr(err);
    return cl.execute(args);
  }

  public static void main(String[] args) {
    System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    CollectorConfig config;
    Workload w;
    HistorySink sink;
    try {
      config = new CollectorConfig(jdbcUrl, level(), sessions, txns, seed, !noPreload, table,
          maxRetries, workload.values());
      w = workload.create();
      PostgresCollector.checkWorkload(w);
      config.checkPreload(w.keys());
      sink = HistorySinks.open(output);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    CollectionResult r;
    try (sink) {
      r = new PostgresCollector(config).collect(w, sink);
    } catch (CollectionException e) {
      Files.deleteIfExists(output);
      spec.commandLine().getErr().println("error: " + e.getMessage());
      return DATABASE_FAILED;
    }
    spec.commandLine().getOut().printf(Locale.ROOT,
        "ran %d transactions (%d committed, %d aborted, %d unknown; %d given up) at %s"
            + " in %.2f s (%.0f committed/s); wrote %s%n",
        r.attempts(), r.committed(), r.aborted(), r.unknown(), r.abandoned(),
        config.isolation().cliName(), r.elapsedNanos() / 1e9, r.committedPerSecond(), output);
    return 0;
  }

  private PostgresIsolation level() {
    PostgresIsolation level = PostgresIsolation.ofCliName(isolation);
    if (level == null) {
      throw new IllegalArgumentException("unknown isolation level " + isolation
          + "; known: serializable, repeatable-read, read-committed");
    }
    return level;
  }
}
