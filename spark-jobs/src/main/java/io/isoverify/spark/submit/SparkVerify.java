package io.isoverify.spark.submit;

import io.isoverify.engine.LevelPipeline;
import io.isoverify.engine.RunReport;
import io.isoverify.engine.VerifyRequest;
import io.isoverify.graph.ReachabilityUnavailableException;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.check.Level;
import io.isoverify.report.ReportFiles;
import io.isoverify.report.ReportText;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.spark.engine.DistributedEngine;
import io.isoverify.spark.engine.SparkSessions;
import io.isoverify.spark.engine.StageProgress;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * The spark-submit entry point:
 * <pre>
 *   spark-submit --class io.isoverify.spark.submit.SparkVerify --master URL \
 *     spark-jobs-VERSION-submit.jar [--level SER|SI|SSER]... [--examples N] [--out DIR] HISTORY
 * </pre>
 * HISTORY is a Parquet file or folder on any filesystem Hadoop reads; {@code --out} is a
 * folder on the driver's local filesystem, where the report files are written as the
 * in-process command writes them ({@link ReportFiles}), rendered from the run's figures and
 * the excerpt of the history its certificates mention. The options can
 * also come as Spark settings: {@code --conf spark.verifier.level=SER,SI},
 * {@code --conf spark.verifier.examples=100}. Prints on stdout what the in-process command
 * prints (report.ReportText) and the progress of the Spark phases on stderr; exit codes as
 * bin/verify: 0 every level holds, 1 a violation, 2 bad input or usage, 3 unknown.
 */
@Command(name = "spark-verify", mixinStandardHelpOptions = true,
    description = "Checks a Parquet history on Spark for SER, SI and SSER.")
public final class SparkVerify implements Callable<Integer> {
  @Option(names = "--level", split = ",", description = "SER, SI or SSER; repeat for several (default SER).")
  List<Level> levels = new ArrayList<>();

  @Option(names = "--examples", description = "Certificates kept per anomaly kind (default 100).")
  Integer examples;

  @Option(names = "--master", description = "Spark master (default: spark.master, else local[*]).")
  String master;

  @Option(names = "--progress-seconds", description = "Seconds between progress lines (default 5).")
  long progressSeconds = 5;

  @Option(names = "--out", description = "Local folder on the driver for report.json, report.txt, "
      + "report.html, anomalies.parquet and the drawings.")
  Path outDir;

  @Option(names = "--run-id", description = "Names the run in the reports (default: derived from the input).")
  String runId;

  @Parameters(index = "0", paramLabel = "HISTORY")
  String history;

  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, String> extraConf;

  SparkVerify(PrintStream out, PrintStream err, Map<String, String> extraConf) {
    this.out = out;
    this.err = err;
    this.extraConf = extraConf;
  }

  public static void main(String[] args) {
    int code = run(args, System.out, System.err, Map.of());
    SparkSession.getActiveSession().foreach(s -> {
      s.stop();
      return null;
    });
    System.exit(code);
  }

  /**
   * Runs the command and returns its exit code; never exits the JVM.
   *
   * @param extraConf Spark settings for a session this call creates (e.g. spark.jars)
   */
  public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> extraConf) {
    return new CommandLine(new SparkVerify(out, err, extraConf))
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true))
        .execute(args);
  }

  @Override
  public Integer call() {
    try {
      SparkSession spark = SparkSessions.getOrCreate(master, extraConf);
      List<Level> wanted = levels(spark);
      int n = examples != null ? examples : Integer.parseInt(
          spark.conf().get("spark.verifier.examples", String.valueOf(LevelPipeline.EXAMPLES)));
      String id = runId != null ? runId : RunReport.deriveId(history + "|" + wanted);
      VerifyRequest request = new VerifyRequest(history, history, HistoryFormat.PARQUET, wanted, id);
      RunReport report;
      try (StageProgress p = StageProgress.attach(spark.sparkContext(), err, progressSeconds)) {
        report = new DistributedEngine(master, extraConf, n).run(request, p);
      }
      out.print(ReportText.render(report));
      if (outDir != null) {
        ReportFiles.write(report, outDir);
      }
      return report.exitCode();
    } catch (InvalidHistoryException e) {
      err.println("error: " + e.getMessage());
      return 2;
    } catch (IllegalArgumentException | ReachabilityUnavailableException e) {
      err.println("error: " + e.getMessage());
      return 2;
    } catch (OutOfMemoryError e) {
      err.println("UNKNOWN: out of memory (raise spark.driver.memory)");
      return 3;
    } catch (IOException | UncheckedIOException e) {
      err.println("error: the report files cannot be written to " + outDir + ": " + firstLine(e));
      return 2;
    } catch (Exception e) {
      // also Spark's own SparkException (a failed job), which Scala throws unchecked
      err.println("internal error: " + firstLine(e));
      return 3;
    }
  }

  private List<Level> levels(SparkSession spark) {
    List<Level> wanted = new ArrayList<>(levels);
    if (wanted.isEmpty()) {
      for (String l : spark.conf().get("spark.verifier.level", "SER").split(",")) {
        wanted.add(Level.valueOf(l.trim().toUpperCase(Locale.ROOT)));
      }
    }
    return new ArrayList<>(new LinkedHashSet<>(wanted));
  }

  private static String firstLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String m = String.valueOf(root.getMessage());
    int nl = m.indexOf('\n');
    return root.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
  }
}
