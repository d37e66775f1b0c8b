package io.isoverify.cli;

import io.isoverify.engine.Engine;
import io.isoverify.engine.EngineChoice;
import io.isoverify.engine.InProcessEngine;
import io.isoverify.engine.LevelPipeline;
import io.isoverify.engine.RunReport;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.engine.VerifyRequest;
import io.isoverify.graph.AutoReachability;
import io.isoverify.graph.GpuMode;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityUnavailableException;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.check.Level;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.report.ReportFiles;
import io.isoverify.report.ReportText;
import io.isoverify.spark.engine.DistributedEngine;
import io.isoverify.spark.engine.GpuChoice;
import io.isoverify.spark.engine.SparkLog;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code verify [--level SER|SI|SSER]... [--format F] [--engine E] [--gpu G] [--out DIR] HISTORY}: the
 * one place that talks to the user. Exit codes: 0 every level holds, 1 a violation, 2 bad
 * input or usage, 3 unknown (a limit was reached, or an internal error).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = "Checks a transaction history for serializability (SER), snapshot isolation (SI) "
        + "and strict serializability (SSER).",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every level holds", "1:a level is violated", "2:bad input or usage",
        "3:unknown: a limit was reached"})
public final class VerifyCommand extends CliCommand {
  @Option(names = "--level", paramLabel = "LEVEL", description = "SER, SI, SSER or all; several "
      + "as SER,SI or by repeating the option (default SER).")
  List<String> levels = new ArrayList<>();

  @Option(names = "--format", description = "parquet, jsonl, cobra, dbcop, text, elle or vbox (default: detected).")
  String format;

  @Option(names = "--engine", description = "inprocess or spark (default: chosen by size).")
  String engine;

  @Option(names = "--gpu", paramLabel = "auto|on|off", description = "Build the pruning's "
      + "reachability index on a CUDA GPU: auto when one is found (default), on (an error, exit 2, "
      + "when none can be used), off.")
  String gpu = "auto";

  @Option(names = "--out", description = "Folder for report.json, report.txt, report.html, anomalies.parquet and one DOT (and SVG) drawing per anomaly.")
  Path out;

  @Option(names = "--run-id", description = "Names the run in the reports (default: derived from the input).")
  String runId;

  @Parameters(index = "0", paramLabel = "HISTORY", description = "The history: a file or a folder.")
  Path history;

  /**
   * The folder relative paths are taken from: the caller's when a {@link VerifyServer} runs
   * the command for it, null for this process's.
   */
  private final Path base;

  VerifyCommand(PrintStream stdout, PrintStream stderr) {
    this(stdout, stderr, null);
  }

  VerifyCommand(PrintStream stdout, PrintStream stderr, Path base) {
    super(stdout, stderr);
    this.base = base;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command and returns its exit code; never exits the JVM. */
  public static int run(String[] args, PrintStream stdout, PrintStream stderr) {
    return execute(new VerifyCommand(stdout, stderr), args);
  }

  /**
   * {@link #run(String[], PrintStream, PrintStream)} for a caller in folder {@code base}: the
   * history and --out are taken from there; reports show the history as given.
   */
  static int run(String[] args, PrintStream stdout, PrintStream stderr, Path base) {
    return execute(new VerifyCommand(stdout, stderr, base), args);
  }

  @Override
  int run() throws Exception {
    if (engine != null && !engine.equals("inprocess") && !engine.equals("spark")) {
      throw new UsageException("--engine must be inprocess or spark, not " + engine);
    }
    List<Level> wanted = LevelOption.parse(levels);
    ReachabilityBackend reachability = reachability(gpu);
    if (base == null) {
      return check(history, out, wanted, reachability);
    }
    Path file = base.resolve(history);
    Path outDir = out == null ? null : base.resolve(out);
    try {
      return check(file, outDir, wanted, reachability);
    } catch (InvalidHistoryException e) {
      throw new InvalidHistoryException(asGiven(e.file()), e.location(), e.problem(),
          e.getCause());
    } catch (UsageException e) {
      throw new UsageException(asGiven(e.getMessage()));
    }
  }

  /**
   * A message of a run for a server's caller with the paths named as the caller gave them:
   * the history and --out, then (when both were relative) any other path in the caller's
   * folder, such as a part file or the existing parent of --out.
   */
  private String asGiven(String message) {
    if (message == null) {
      return null;
    }
    String shown = message;
    List<Path> given = out == null ? List.of(history) : List.of(history, out);
    List<Path> sorted = new ArrayList<>(given);
    // the longer first, so that neither is replaced inside the other
    sorted.sort(java.util.Comparator.comparingInt((Path p) -> -base.resolve(p).toString().length()));
    for (Path p : sorted) {
      shown = shown.replace(base.resolve(p).toString(), p.toString());
    }
    if (given.stream().noneMatch(Path::isAbsolute)) {
      shown = shown.replace(base.toString() + java.io.File.separator, "");
    }
    return shown;
  }

  /**
   * Verifies {@code file} and writes the reports into {@code outDir} (or none when null):
   * the paths as this process opens them, which a server's caller gave relative to its folder
   * (whose messages {@link #run()} words with the paths as given).
   */
  private int check(Path file, Path outDir, List<Level> wanted,
      ReachabilityBackend reachability) throws Exception {
    if (outDir != null) {
      OutFolder.check(outDir);
    }
    HistoryFormat fmt = HistoryInput.format(file, format);
    VerifyRequest request = new VerifyRequest(file.toString(), history.toString(), fmt, wanted,
        runId != null ? runId : deriveRunId(file, wanted));
    Engine chosen;
    if ("spark".equals(engine) || (engine == null && EngineChoice.prefersSpark())) {
      SparkLog.enable();
      stderr.println("spark: Spark's own log (warnings and errors) goes to " + SparkLog.file());
      chosen = new DistributedEngine(null, Map.of(GpuChoice.GPU_CONF, gpu), LevelPipeline.EXAMPLES);
    } else {
      VerifierOptions d = VerifierOptions.defaults();
      chosen = new InProcessEngine(new VerifierOptions(d.threads(), d.limits(),
          d.partition().withReachability(reachability)));
    }
    if (reachability != ReachabilityBackends.cpu() && !(reachability instanceof AutoReachability)) {
      stderr.println("gpu: the reachability index is built by the " + reachability.name()
          + " backend (--gpu " + gpu + ")");
    }
    RunReport report;
    try (ProgressRenderer progress = ProgressRenderer.start(stderr)) {
      report = chosen.run(request, progress);
    }
    if (reachability instanceof AutoReachability auto && auto.acceleratedName() != null) {
      stderr.println("gpu: the reachability index was built by the " + auto.acceleratedName()
          + " backend (--gpu auto; on the CPU when a build fails there, and for graphs under "
          + AutoReachability.MIN_NODES + " nodes)");
    }
    stdout.print(ReportText.render(report));
    if (outDir != null) {
      ReportFiles.write(report, outDir);
    }
    return report.exitCode();
  }

  /**
   * The reachability backend {@code --gpu} asks for here (the embedded Spark engine's
   * driver and executors are this JVM too): auto the CUDA one where a device is (the CPU
   * when a build fails there), else the CPU; on the CUDA one or a usage error saying why
   * not; off the CPU.
   */
  static ReachabilityBackend reachability(String gpu) throws UsageException {
    try {
      GpuMode mode = GpuMode.parse(gpu, "--gpu");
      return mode == GpuMode.AUTO ? new AutoReachability() : ReachabilityBackends.select(mode);
    } catch (IllegalArgumentException | ReachabilityUnavailableException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** Same input, same levels, same id: reports stay deterministic. */
  private static String deriveRunId(Path history, List<Level> wanted) throws Exception {
    return RunReport.deriveId(history.toAbsolutePath().normalize() + "|" + sizeOf(history) + "|" + wanted);
  }

  private static long sizeOf(Path p) throws java.io.IOException {
    if (!Files.isDirectory(p)) {
      return Files.size(p);
    }
    try (var s = Files.walk(p)) {
      return s.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }
}
