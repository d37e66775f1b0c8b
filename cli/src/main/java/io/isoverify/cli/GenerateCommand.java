package io.isoverify.cli;

import io.isoverify.datasets.generate.HistorySinks;
import io.isoverify.datasets.generate.PartitionedSink;
import io.isoverify.datasets.sim.Injection;
import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.WorkloadKind;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.io.HistorySink;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
 * {@code generate}: runs a workload against the simulated database and writes the history,
 * streaming, to a .parquet or .jsonl file. With {@code --inject} one anomaly is added on
 * purpose and its label is printed and written beside the output as
 * {@code OUTPUT.injection.json}. Same options and seed give a byte-identical file.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
    description = "Generate a history by running a workload on a simulated database.")
public final class GenerateCommand implements Callable<Integer> {
  @Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  WorkloadOptions workload;

  @Option(names = "--sessions", defaultValue = "20",
      description = "client sessions (default: ${DEFAULT-VALUE})")
  int sessions;

  @Option(names = "--txns", defaultValue = "2000",
      description = "transactions in total, over all sessions (default: ${DEFAULT-VALUE})")
  long txns;

  @Option(names = "--isolation", defaultValue = "SER",
      description = "SER, SI, SSER, RC, RA, CAUSAL (default: ${DEFAULT-VALUE})")
  String isolation;

  @Option(names = "--inject",
      description = "an anomaly to inject once, e.g. LOST_UPDATE or LostUpdate")
  String inject;

  @Option(names = "--seed", defaultValue = "0", description = "(default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--unknown-rate", defaultValue = "0",
      description = "fraction of transactions whose outcome the client never learns"
          + " (default: ${DEFAULT-VALUE})")
  double unknownRate;

  @Option(names = "--conflict-retries", defaultValue = "0",
      description = "SER, SSER, SI: how many times the database runs a transaction again,"
          + " unseen by the client, when it fails validation, before it answers aborted"
          + " (default: ${DEFAULT-VALUE})")
  int conflictRetries;

  @Option(names = "--staleness", defaultValue = "64",
      description = "how many clock ticks back a stale snapshot may read"
          + " (default: ${DEFAULT-VALUE})")
  long staleness;

  @Option(names = "--partitions", paramLabel = "N",
      description = "write the history as N Parquet files part-00000.parquet ... in the folder"
          + " OUTPUT, in the order the transactions end (each a continuation of those before:"
          + " bin/audit takes them one by one, bin/verify OUTPUT the whole)")
  Integer partitions;

  @Parameters(index = "0", paramLabel = "OUTPUT",
      description = "the history file: NAME.parquet or NAME.jsonl (a folder with --partitions)")
  Path output;

  /** Runs the command on {@code args} and returns its exit code; never exits the JVM. */
  public static int run(String... args) {
    return commandLine().execute(args);
  }

  /** Like {@link #run(String...)}, with the command's output and errors going to the writers. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = commandLine();
    cl.setOut(out);
    cl.setErr(err);
    return cl.execute(args);
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  private static CommandLine commandLine() {
    CommandLine cl = CliCommand.configure(new CommandLine(new GenerateCommand()));
    cl.getCommandSpec().usageMessage().footer(footer());
    return cl;
  }

  /** The help's footer: the workloads in a line each, and what --inject takes for each. */
  static String footer() {
    StringBuilder b = new StringBuilder("%nWorkloads (datasets/README.md says more):%n")
        .append("  general, blindw-rw, blindw-rh, tpcc, rubis, twitter: reads and writes of")
        .append(" registers%n")
        .append("  list-append: Elle's appends and whole-list reads, --ops (1-4) per")
        .append(" transaction, --read-ratio of them reads; a key is replaced by a fresh one")
        .append(" after --appends-per-key appends%n")
        .append("  mt: mtc's mini-transactions: one or two reads, each write after a read of")
        .append(" its key; --read-ratio of them read-only%n")
        .append("  lwt: mtc's lightweight transactions: per key one insert-if-not-exists,")
        .append(" then compare-and-sets%n")
        .append("  blindw-pred: vbox's BlindW-Pred: --keys rows of two fields, loaded first,")
        .append(" then read-only transactions of --ops (4) range predicate reads and write-only")
        .append(" ones of --ops predicate updates%n")
        .append("  pred-rw: --keys rows of two fields, loaded first, then --ops (1-2) pairs of")
        .append(" a predicate read of a group of rows and an insert into it or a predicate")
        .append(" delete (predicate write skew under SI)%n")
        .append("--inject takes, per workload:%n");
    for (WorkloadKind k : new WorkloadKind[] {WorkloadKind.GENERAL, WorkloadKind.LIST_APPEND,
        WorkloadKind.MT, WorkloadKind.LWT, WorkloadKind.BLINDW_PRED, WorkloadKind.PRED_RW}) {
      b.append("  ").append(k == WorkloadKind.GENERAL ? "registers" : k.cliName()).append(':');
      for (Anomaly a : Simulator.injectable(k.family())) {
        b.append(' ').append(a.name());
      }
      b.append("%n");
    }
    return b.toString();
  }

  /** Exit code when the output cannot be written. */
  static final int IO_FAILURE = 1;

  @Override
  public Integer call() {
    PlannedWorkload w;
    Simulator.Config config;
    try {
      w = workload.create();
      config = new Simulator.Config(sessions, txns, isolationLevel(), seed, unknownRate,
          staleness, inject == null ? null : anomaly(inject), 0, conflictRetries,
          workload.values());
      checkInjectable(w, config.inject());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    HistorySink sink = openSink();
    try {
      write(w, config, sink);
      return 0;
    } catch (IOException e) {
      // One line naming the file; a half-written history is removed, not left to be read.
      spec.commandLine().getErr().println("error: " + output + ": cannot write the history: "
          + e.getMessage());
      try {
        Files.deleteIfExists(output);
        Files.deleteIfExists(labelFile());
      } catch (IOException ignored) {
        // the message above already says the file is unusable
      }
      return IO_FAILURE;
    }
  }

  private void write(PlannedWorkload w, Simulator.Config config, HistorySink sink)
      throws IOException {
    Simulator.Result result;
    try (sink) {
      result = Simulator.run(w, config, sink);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.printf("wrote %d transactions (%d committed, %d aborted, %d unknown) to %s%n",
        result.transactions(), result.committed(), result.aborted(), result.unknown(), output);
    if (result.retried() > 0) {
      out.printf("the database retried %d failed validations unseen (--conflict-retries %d)%n",
          result.retried(), conflictRetries);
    }
    if (result.injection() != null) {
      Injection i = result.injection();
      out.printf("injected %s: transactions %s on keys %s: %s%n", i.anomaly().displayName(),
          i.txns(), i.keys(), i.description());
      Files.writeString(labelFile(), InjectionJson.of(i), StandardCharsets.UTF_8);
    }
    out.flush();
  }

  private HistorySink openSink() {
    try {
      if (partitions != null) {
        return new PartitionedSink(output, partitions, txns);
      }
      return HistorySinks.open(output);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          output + ": cannot create the output file: " + e.getMessage());
    }
  }

  private Path labelFile() {
    return output.resolveSibling(output.getFileName() + ".injection.json");
  }

  private Isolation isolationLevel() {
    try {
      return Isolation.valueOf(isolation.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown isolation level " + isolation + "; known: SER, SI, SSER, RC, RA, CAUSAL");
    }
  }

  /**
   * Refuses an anomaly the workload's histories cannot take, naming the workloads that can.
   *
   * @throws IllegalArgumentException one line: the anomaly, the workload, where it fits
   */
  private void checkInjectable(PlannedWorkload w, Anomaly anomaly) {
    if (anomaly == null || Simulator.injectable(w.family()).contains(anomaly)) {
      return;
    }
    StringBuilder fits = new StringBuilder();
    for (WorkloadKind k : WorkloadKind.values()) {
      if (Simulator.injectable(k.family()).contains(anomaly)) {
        fits.append(fits.length() == 0 ? "" : ", ").append(k.cliName());
      }
    }
    StringBuilder takes = new StringBuilder();
    for (Anomaly a : Simulator.injectable(w.family())) {
      takes.append(takes.length() == 0 ? "" : ", ").append(a.name());
    }
    String name = workload.workloadKind().cliName();
    throw new IllegalArgumentException("cannot inject " + anomaly.name() + " into --workload "
        + name + " (" + w.family().description() + "); it fits --workload " + fits + "; "
        + name + " takes " + takes);
  }

  /** An anomaly by its enum name (LOST_UPDATE, lost-update) or display name (LostUpdate). */
  static Anomaly anomaly(String name) {
    String normalized = name.trim().replace('-', '_');
    for (Anomaly a : Simulator.injectable()) {
      if (a.name().equalsIgnoreCase(normalized) || a.displayName().equalsIgnoreCase(name.trim())) {
        return a;
      }
    }
    StringBuilder known = new StringBuilder();
    for (Anomaly a : Simulator.injectable()) {
      known.append(known.length() == 0 ? "" : ", ").append(a.name());
    }
    throw new IllegalArgumentException("cannot inject " + name + "; injectable: " + known);
  }
}
