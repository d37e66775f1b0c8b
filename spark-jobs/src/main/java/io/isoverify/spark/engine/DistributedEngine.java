package io.isoverify.spark.engine;

import io.isoverify.engine.Engine;
import io.isoverify.engine.HistoryFigures;
import io.isoverify.engine.LevelPipeline;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.RunReport;
import io.isoverify.engine.VerifyRequest;
import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.history.io.ParquetHistoryWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark engine behind the {@link Engine} seam: the per-operation work as Spark stages
 * and the one {@link LevelPipeline} on the driver ({@link SparkEngine}), the result restated
 * on the excerpt of the history its certificates mention. It reads every format the
 * in-process engine reads: Parquet directly (a file or a folder of part files, on any
 * filesystem Hadoop reads); a peer format (cobra, dbcop, text, elle, vbox, jsonl) is
 * converted on the way in to a temporary Parquet file (phase "convert"; it is loaded into
 * one JVM to be converted, as bin/convert does), removed after the run.
 */
public final class DistributedEngine implements Engine {
  private final String master;
  private final Map<String, String> conf;
  private final int examples;

  /**
   * @param master the Spark master (null: spark.master, else local[*])
   * @param conf further Spark settings for a session this engine creates
   * @param examples certificates kept per non-cycle anomaly kind
   */
  public DistributedEngine(String master, Map<String, String> conf, int examples) {
    this.master = master;
    this.conf = Map.copyOf(conf);
    this.examples = examples;
  }

  /** An embedded local[*] engine with the pipeline's number of examples. */
  public static DistributedEngine embedded() {
    return new DistributedEngine(null, Map.of(), LevelPipeline.EXAMPLES);
  }

  @Override
  public RunReport run(VerifyRequest request, ProgressListener progress)
      throws InvalidHistoryException, IOException {
    Path converted = null;
    String path = request.path();
    try {
      if (request.format() != HistoryFormat.PARQUET) {
        progress.phase("convert");
        History h = request.format().read(request.localPath());
        converted = Files.createTempFile("isoverify-", ".parquet");
        Files.delete(converted);
        ParquetHistoryWriter.write(h, converted);
        path = converted.toString();
      }
      SparkSession spark = SparkSessions.getOrCreate(master, conf);
      SparkRun run;
      try (TaskProgress tasks = TaskProgress.attach(spark.sparkContext(), progress)) {
        run = new SparkEngine(spark, examples, progress).check(path, request.display(), request.levels());
      }
      return report(request, run);
    } finally {
      if (converted != null) {
        Files.deleteIfExists(converted);
      }
    }
  }

  /**
   * The report of a Spark run: the whole history's figures, phases and counts from the run;
   * certificates and their explanations on the excerpt of the history they mention.
   */
  static RunReport report(VerifyRequest request, SparkRun run) {
    HistoryFigures figures = new HistoryFigures(run.sessions(), run.transactions(),
        HistoryFigures.codes(run.outcomes()), run.operations(), run.keys(), run.timestamps());
    return new RunReport(request.runId(), request.display(), request.format().code(), figures,
        run.excerpt().history(), run.excerpt().levels(), run.phaseNanos(), run.excerpt().recheck());
  }
}
