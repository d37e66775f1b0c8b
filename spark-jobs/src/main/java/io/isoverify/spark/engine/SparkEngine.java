package io.isoverify.spark.engine;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.check.DuplicateWrite;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.NonCycleText;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.spark.report.LevelReport;
import io.isoverify.spark.stages.GraphInputStage;
import io.isoverify.spark.stages.HistoryStage;
import io.isoverify.spark.stages.KeyStage;
import io.isoverify.spark.stages.NameLookup;
import io.isoverify.spark.stages.NonCycleStage;
import io.isoverify.spark.stages.TxnColumns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * The verifier on Spark: the per-operation work as Spark stages (read and validate,
 * encode, non-cycle checks, the WR join and the writes and reads the graph needs), the
 * graph work on the driver from primitive arrays ({@link GraphPhase}). Gives the same
 * verdicts, counts and certificates as the in-process engine on the same history.
 */
public final class SparkEngine {
  private final SparkSession spark;
  private final int examples;
  private java.util.function.Consumer<String> onPhase = phase -> { };

  /** @param examples certificates kept per anomaly kind (the in-process engine's number) */
  public SparkEngine(SparkSession spark, int examples) {
    this.spark = spark;
    this.examples = examples;
  }

  /** Tells {@code listener} the name of each phase as it starts (for progress lines). */
  public SparkEngine onPhase(java.util.function.Consumer<String> listener) {
    this.onPhase = listener;
    return this;
  }

  /**
   * Checks the Parquet history at {@code path} (a file or a folder of part files, on any
   * filesystem Hadoop reads) for each level.
   *
   * @param display the name messages give the input (the user's spelling of the path)
   */
  public SparkRun check(String path, String display, List<Level> levels)
      throws InvalidHistoryException {
    LinkedHashMap<String, Long> phases = new LinkedHashMap<>();
    long t0 = System.nanoTime();
    onPhase.accept("read and validate");
    checkLocalLayout(path, display);
    HistoryStage.Result h = read(path, display);
    TxnColumns txns = h.txns();
    long t1 = System.nanoTime();
    phases.put("read and validate", t1 - t0);
    onPhase.accept("encode");
    KeyStage.Result keys = KeyStage.run(spark, h, examples);
    int[] keyFirstOp = keys.keyFirstOp();
    int keyCount = keys.keyCount();
    long t2 = System.nanoTime();
    phases.put("encode", t2 - t1);
    onPhase.accept("non-cycle checks");
    NonCycleFindings f = NonCycleStage.run(keys, txns, examples);
    long t3 = System.nanoTime();
    phases.put("non-cycle checks", t3 - t2);
    Names names = new Names();
    List<LevelReport> reports = new ArrayList<>();
    if (f.duplicate() != null) {
      String why = refusal(h, keyFirstOp, f.duplicate());
      for (Level level : levels) {
        reports.add(new LevelReport(level, Verdict.UNKNOWN, why, List.of(), Map.of(), null, t3 - t2));
      }
    } else if (!f.clean()) {
      for (Level level : levels) {
        reports.add(new LevelReport(level, Verdict.VIOLATED, null, f.examples(), f.counts(), null, t3 - t2));
      }
    } else {
      onPhase.accept("graph input");
      GraphInputStage.Arrays arrays = GraphInputStage.run(keys, txns.count());
      keys = null; // the blocks: the graph phase needs the driver's memory
      long t4 = System.nanoTime();
      phases.put("graph input", t4 - t3);
      onPhase.accept("graph");
      reports.addAll(GraphPhase.check(spark, txns, keyCount, arrays, levels, phases));
    }
    for (LevelReport r : reports) {
      names.add(r.certificates());
    }
    long ops = txns.opStart[txns.count()];
    Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
    boolean timestamps = false;
    for (Outcome o : Outcome.values()) {
      outcomes.put(o, 0L);
    }
    for (int t = 0; t < txns.count(); t++) {
      outcomes.merge(Outcome.ofOrdinal(txns.outcome[t]), 1L, Long::sum);
      timestamps |= txns.start[t] != History.NO_TIME;
    }
    Map<Integer, String> txnNames = new HashMap<>();
    for (int t : names.txns) {
      txnNames.put(t, "T" + txns.txnId[t]);
    }
    NameLookup lookup = names.lookup(spark, h, keyFirstOp);
    Map<Integer, String> keyNames = new HashMap<>();
    names.keys.forEach(k -> keyNames.put(k, lookup.key(keyFirstOp[k])));
    Map<Integer, String> valueNames = new HashMap<>();
    names.values.forEach(v -> valueNames.put(v, lookup.value(v)));
    long t5 = System.nanoTime();
    onPhase.accept("excerpt");
    Excerpt excerpt = ExcerptCertificates.of(spark, path, display, txns, reports, keyNames, valueNames);
    phases.put("excerpt", System.nanoTime() - t5);
    return new SparkRun(h.sessionNames().length, txns.count(), ops, keyCount,
        timestamps, outcomes, reports, phases, txnNames, keyNames, valueNames, excerpt);
  }

  /** The read stage; a file Spark cannot decode is bad input, named in one line. */
  private HistoryStage.Result read(String path, String display) throws InvalidHistoryException {
    try {
      return HistoryStage.run(spark, path, display);
    } catch (InvalidHistoryException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      // SparkException and AnalysisException: checked, thrown undeclared from Scala code
      Throwable root = e;
      while (root.getCause() != null) {
        root = root.getCause();
      }
      String m = String.valueOf(root.getMessage());
      throw new InvalidHistoryException(display, "", "the Parquet data cannot be read: "
          + (m.indexOf('\n') < 0 ? m : m.substring(0, m.indexOf('\n'))), e);
    }
  }

  /** The codes the certificates mention, to look their names up once. */
  private static final class Names {
    final Set<Integer> txns = new TreeSet<>();
    final Set<Integer> keys = new TreeSet<>();
    final Set<Integer> values = new TreeSet<>();

    void add(List<Certificate> certs) {
      for (Certificate c : certs) {
        for (int t : c.txns()) {
          txns.add(t);
        }
        for (int k : c.keys()) {
          keys.add(k);
        }
        for (Edge e : c.edges()) {
          txns.add(e.from());
          txns.add(e.to());
          keys.add(e.key());
          values.add(e.value());
        }
      }
      txns.remove(-1);
      keys.remove(-1);
      values.remove(History.INITIAL);
      values.remove(History.NO_VALUE);
    }

    /** The rows that hold the names: a key's first operation; a value code is an operation. */
    NameLookup lookup(SparkSession spark, HistoryStage.Result h, int[] keyFirstOp) {
      Set<Integer> ops = new TreeSet<>(values);
      keys.forEach(key -> ops.add(keyFirstOp[key]));
      return NameLookup.of(spark, h, ops);
    }
  }

  private String refusal(HistoryStage.Result h, int[] keyFirstOp, DuplicateWrite d) {
    int keyOp = keyFirstOp[d.key()];
    NameLookup names = NameLookup.of(spark, h, new TreeSet<>(List.of(keyOp, d.value())));
    return NonCycleText.duplicateRefusal(d, NonCycleText.Names.of(t -> "T" + h.txns().txnId[t],
        k -> names.key(keyOp), names::value));
  }

  /**
   * For a local input, the checks ParquetHistoryReader makes before reading rows (not a
   * Parquet file, truncated, a missing or mistyped column), with its messages.
   */
  private static void checkLocalLayout(String path, String display) throws InvalidHistoryException {
    if (path.contains("://") && !path.startsWith("file:")) {
      return;
    }
    Path p = Path.of(path.startsWith("file:") ? java.net.URI.create(path).getPath() : path);
    if (!Files.exists(p)) {
      throw new InvalidHistoryException(display, "", "no such file or folder");
    }
    if (!Files.isDirectory(p)) {
      checkOne(p, display);
      return;
    }
    try (Stream<Path> s = Files.list(p)) {
      for (Path part : s.filter(f -> f.getFileName().toString().endsWith(".parquet")).sorted().toList()) {
        checkOne(part, part.toString());
      }
    } catch (IOException e) {
      throw new InvalidHistoryException(display, "", "cannot list the folder: " + e.getMessage(), e);
    }
  }

  private static void checkOne(Path file, String display) throws InvalidHistoryException {
    try {
      ParquetHistoryReader.checkLayout(file);
    } catch (InvalidHistoryException e) {
      throw new InvalidHistoryException(display, e.location(), e.problem(), e);
    }
  }
}
