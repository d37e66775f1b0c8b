package io.isoverify.spark.engine;

import io.isoverify.engine.DeferredCertifier;
import io.isoverify.engine.LevelPipeline;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.PredicateReads;
import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.DuplicateWrite;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.ListOrders;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.check.PredicateObservations;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.spark.stages.GraphInputStage;
import io.isoverify.spark.stages.HistoryStage;
import io.isoverify.spark.stages.KeyStage;
import io.isoverify.spark.stages.ListStage;
import io.isoverify.spark.stages.NameLookup;
import io.isoverify.spark.stages.NonCycleStage;
import io.isoverify.spark.stages.PredicateStage;
import io.isoverify.spark.stages.TxnColumns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * The verifier on Spark: the per-operation work as Spark stages (read and validate,
 * encode, non-cycle checks and Elle's list rules, the WR join and the writes, reads and list
 * orders the graph needs), the graph work on the driver from primitive arrays
 * ({@link GraphPhase}). Gives the same
 * verdicts, counts and certificates as the in-process engine on the same history.
 */
public final class SparkEngine {
  private final SparkSession spark;
  private final int examples;
  private final ProgressListener progress;

  /**
   * @param examples certificates kept per anomaly kind ({@link LevelPipeline#EXAMPLES} by
   *     default)
   * @param progress told of each phase as it starts, and of counts inside phases
   */
  public SparkEngine(SparkSession spark, int examples, ProgressListener progress) {
    this.spark = spark;
    this.examples = examples;
    this.progress = progress;
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
    phase("read and validate");
    checkLocalLayout(path, display);
    HistoryStage.Result h = read(path, display);
    TxnColumns txns = h.txns();
    long t1 = System.nanoTime();
    phases.put("read and validate", t1 - t0);
    phase("encode");
    KeyStage.Result keys = KeyStage.run(spark, h, examples);
    int[] keyFirstOp = keys.keyFirstOp();
    int keyCount = keys.keyCount();
    long t2 = System.nanoTime();
    phases.put("encode", t2 - t1);
    phase("non-cycle checks");
    ListOrders lists = ListStage.run(keys, txns, examples).lists();
    History whole = h.predicateReads() ? PredicateStage.wholeHistory(h, keys) : null;
    PredicateReads predicates = predicates(h, keys, levels, whole);
    PredicateObservations observed = predicates.forFindings(levels);
    NonCycleFindings f = observed.addedTo(NonCycleStage.run(keys, txns, lists, examples),
        examples);
    long t3 = System.nanoTime();
    phases.put("non-cycle checks", t3 - t2);
    // held in an array that the graph phase empties: no local here keeps the arrays
    GraphInputStage.Arrays[] arrays = {null};
    if (f.clean()) {
      phase("graph input");
      arrays[0] = GraphInputStage.run(keys, txns.count(), lists);
      phases.put("graph input", System.nanoTime() - t3);
    }
    keys = null; // the blocks: the graph phase needs the driver's memory
    Map<Level, LevelResult> results = GraphPhase.check(spark, txns, keyCount, arrays, f, t3 - t2,
        new LinkedHashSet<>(levels), () -> refusal(h, keyFirstOp, f.duplicate()), predicates,
        h.readLists(), whole == null ? new DeferredCertifier() : new ReplayingCertifier(whole),
        progress, phases);
    List<LevelReport> reports = realKeys(LevelReport.of(levels, results, phases, whole != null),
        observed);
    Names names = new Names();
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
    NameLookup lookup = names.lookup(spark, h, keyFirstOp);
    Map<Integer, String> keyNames = new HashMap<>();
    names.keys.forEach(k -> keyNames.put(k, lookup.key(keyFirstOp[k])));
    long t5 = System.nanoTime();
    phase("excerpt");
    Excerpt excerpt = ExcerptCertificates.of(spark, path, display, txns, reports, keyNames,
        predicates);
    phases.put("excerpt", System.nanoTime() - t5);
    return new SparkRun(h.sessionNames().length, txns.count(), ops, keyCount,
        timestamps, outcomes, phases, excerpt);
  }

  /**
   * The predicate reads and what they say, in this run's ids: made on {@code whole} as
   * in-process, each kind on first use, when the driver read the history whole
   * ({@link PredicateStage#wholeHistory}, a local input); else the part they need brought to
   * the driver by Spark SQL jobs ({@link PredicateStage#run}).
   */
  private PredicateReads predicates(HistoryStage.Result h, KeyStage.Result keys,
      List<Level> levels, History whole) {
    if (!h.predicateReads()) {
      return PredicateReads.NONE;
    }
    if (whole != null) {
      PredicateObservations.prepare(whole, PredicateReads.plainNeeded(levels), true);
      return PredicateReads.of(whole);
    }
    PredicateStage.Result p = PredicateStage.run(spark, h, keys);
    return p.predicateReads() == 0 ? PredicateReads.NONE
        : new PredicateReads(p.predicateReads(), p.plain(), p.realTime());
  }

  /**
   * The reports with every key code of their certificates a key of the history: the graph
   * orders a field some versions of a key inherit as a virtual key of its own (history's
   * {@link PredicateObservations#realKey}); the in-process certificates name the key.
   */
  private static List<LevelReport> realKeys(List<LevelReport> reports, PredicateObservations o) {
    if (o.virtualKeyCount() == 0) {
      return reports;
    }
    List<LevelReport> out = new java.util.ArrayList<>();
    for (LevelReport l : reports) {
      out.add(new LevelReport(l.level(), l.verdict(), l.reason(),
          l.certificates().stream().map(c -> realKeys(c, o)).toList(), l.counts(), l.witness(),
          l.elapsedNanos(), l.path()));
    }
    return out;
  }

  private static Certificate realKeys(Certificate c, PredicateObservations o) {
    int[] keys = c.keys().clone();
    for (int i = 0; i < keys.length; i++) {
      keys[i] = keys[i] < 0 ? keys[i] : o.realKey(keys[i]);
    }
    List<Edge> edges = c.edges().stream().map(e -> new Edge(e.from(), e.to(), e.type(),
        e.key() < 0 ? e.key() : o.realKey(e.key()), e.value())).toList();
    List<WrConstraint> reads = c.reads().stream().map(r -> new WrConstraint(r.reader(), r.op(),
        o.realKey(r.key()), r.value(), r.writers(), r.assumed())).toList();
    return new Certificate(c.anomaly(), c.txns(), keys, c.ops(), edges, c.choices(), reads);
  }

  private void phase(String name) {
    progress.phase(name);
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

  /** The key codes the certificates mention, to look their names up once. */
  private static final class Names {
    final Set<Integer> keys = new TreeSet<>();

    void add(List<Certificate> certs) {
      for (Certificate c : certs) {
        for (int k : c.keys()) {
          keys.add(k);
        }
        for (Edge e : c.edges()) {
          keys.add(e.key());
        }
      }
      keys.remove(-1);
    }

    /** The rows that hold the names: a key's first operation. */
    NameLookup lookup(SparkSession spark, HistoryStage.Result h, int[] keyFirstOp) {
      Set<Integer> ops = new TreeSet<>();
      keys.forEach(key -> ops.add(keyFirstOp[key]));
      return NameLookup.of(spark, h, ops);
    }
  }

  private String refusal(HistoryStage.Result h, int[] keyFirstOp, DuplicateWrite d) {
    int keyOp = keyFirstOp[d.key()];
    NameLookup names = NameLookup.of(spark, h, new TreeSet<>(List.of(keyOp, d.value())));
    TxnColumns txns = h.txns();
    return d.reason(names.key(keyOp), names.value(d.value()), "T" + txns.txnId[d.firstTxn()],
        "T" + txns.txnId[d.secondTxn()]);
  }

  /**
   * For a local input, the checks ParquetHistoryReader makes before reading rows (not a
   * Parquet file, truncated, a missing or mistyped column), with its messages.
   */
  private static void checkLocalLayout(String path, String display) throws InvalidHistoryException {
    Path p = HistoryStage.localPath(path);
    if (p == null) {
      return;
    }
    if (!Files.exists(p)) {
      throw new InvalidHistoryException(display, "", "no such file or folder");
    }
    if (!Files.isDirectory(p)) {
      checkOne(p, display);
      return;
    }
    try (Stream<Path> s = Files.list(p)) {
      List<Path> parts = s.filter(f -> f.getFileName().toString().endsWith(".parquet")).sorted().toList();
      for (Path part : parts) {
        checkOne(part, part.toString());
      }
      if (parts.isEmpty() && !hasDataFiles(p)) {
        throw new InvalidHistoryException(display, "", "no Parquet part files (*.parquet) in the folder");
      }
    } catch (IOException e) {
      throw new InvalidHistoryException(display, "", "cannot list the folder: " + e.getMessage(), e);
    }
  }

  /**
   * Whether Spark finds anything to read in {@code folder}: a file, at any depth, whose name
   * does not start with "_" or "." (Spark skips those, such as _SUCCESS and .crc files).
   */
  private static boolean hasDataFiles(Path folder) throws IOException {
    try (Stream<Path> s = Files.walk(folder)) {
      return s.filter(Files::isRegularFile).anyMatch(f -> visible(folder.relativize(f)));
    }
  }

  private static boolean visible(Path relative) {
    for (Path name : relative) {
      if (name.toString().startsWith("_") || name.toString().startsWith(".")) {
        return false;
      }
    }
    return true;
  }

  private static void checkOne(Path file, String display) throws InvalidHistoryException {
    try {
      ParquetHistoryReader.checkLayout(file);
    } catch (InvalidHistoryException e) {
      throw new InvalidHistoryException(display, e.location(), e.problem(), e);
    }
  }
}
