package io.isoverify.cli;

import io.isoverify.audit.Audit;
import io.isoverify.audit.AuditArgs;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code audit --repository DIR [--tag KEY=VALUE]... [--level L]... PARTITION...}: verifies
 * the partitions after everything the repository holds (audit module: rounds, results table,
 * reports). Exit codes as {@code verify}: 0 holds, 1 violated, 2 bad input or usage (the
 * repository unchanged), 3 unknown.
 */
@Command(name = "audit", mixinStandardHelpOptions = true,
    description = "Verifies history partitions in rounds, after everything an audit repository"
        + " already holds, and appends the verdicts to its results table.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the audited history holds at every level",
        "1:a level is violated", "2:bad input or usage (the repository is unchanged)",
        "3:unknown: a limit was reached, or an internal error"})
public final class AuditCommand extends CliCommand {
  @Option(names = "--repository", required = true, paramLabel = "DIR",
      description = "The audit repository (created when missing).")
  Path repository;

  @Option(names = "--tag", paramLabel = "KEY=VALUE",
      description = "A tag recorded with the run's rows in the results table; repeatable.")
  List<String> tags = new ArrayList<>();

  @Option(names = "--level", paramLabel = "LEVEL", description = "SER, SI, SSER or all;"
      + " several as SER,SI or by repeating the option. Fixed by the repository's first run"
      + " (default SER); only a repository of SER alone collects old transactions.")
  List<String> levels = new ArrayList<>();

  @Parameters(paramLabel = "PARTITION", arity = "1..*",
      description = "Parquet history files, in order, each a continuation of the ones before.")
  List<Path> partitions = new ArrayList<>();

  AuditCommand(PrintStream stdout, PrintStream stderr) {
    super(stdout, stderr);
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command and returns its exit code; never exits the JVM. */
  public static int run(String[] args, PrintStream stdout, PrintStream stderr) {
    return execute(new AuditCommand(stdout, stderr), args);
  }

  @Override
  int run() throws Exception {
    Audit.Request request;
    try {
      request = AuditArgs.request(repository, tags, levels, partitions);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Audit.Outcome outcome = Audit.run(request);
    outcome.lines().forEach(stdout::println);
    return outcome.exitCode();
  }
}
