package io.isoverify.spark.submit;

import io.isoverify.audit.Audit;
import io.isoverify.audit.AuditArgs;
import io.isoverify.history.InvalidHistoryException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The spark-submit entry point of the audit:
 * <pre>
 *   spark-submit --class io.isoverify.spark.submit.SparkAudit spark-jobs-VERSION-submit.jar \
 *     --repository DIR [--tag KEY=VALUE]... [--level L]... PARTITION...
 * </pre>
 * It runs the rounds on the driver with the in-process pipeline, the same code as
 * {@code bin/audit} (audit module), and starts no Spark job: a round holds only the carried
 * transactions and the new partitions, which the design keeps to what one JVM holds, and the
 * Spark engine has no seam yet to take the carried transactions as a prefix. DIR and the
 * partitions are paths on the driver's filesystem (a mounted share on a cluster). Prints what
 * bin/audit prints; exit codes as bin/audit: 0 holds, 1 violated, 2 bad input or usage (the
 * repository unchanged), 3 unknown.
 */
@Command(name = "spark-audit", mixinStandardHelpOptions = true,
    description = "Audits history partitions in rounds on the Spark driver.")
public final class SparkAudit implements Callable<Integer> {
  @Option(names = "--repository", required = true, paramLabel = "DIR")
  Path repository;

  @Option(names = "--tag", paramLabel = "KEY=VALUE")
  List<String> tags = new ArrayList<>();

  @Option(names = "--level", paramLabel = "LEVEL")
  List<String> levels = new ArrayList<>();

  @Parameters(paramLabel = "PARTITION", arity = "1..*")
  List<Path> partitions = new ArrayList<>();

  private final PrintStream out;
  private final PrintStream err;

  SparkAudit(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command and returns its exit code; never exits the JVM. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine cl = new CommandLine(new SparkAudit(out, err))
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true));
    cl.setParameterExceptionHandler((e, a) -> {
      err.println("error: " + e.getMessage());
      return 2;
    });
    return cl.execute(args);
  }

  @Override
  public Integer call() {
    try {
      Audit.Outcome outcome = Audit.run(AuditArgs.request(repository, tags, levels,
          partitions));
      outcome.lines().forEach(out::println);
      return outcome.exitCode();
    } catch (InvalidHistoryException | IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return 2;
    } catch (Exception e) {
      err.println("internal error: " + e);
      return 3;
    }
  }
}
