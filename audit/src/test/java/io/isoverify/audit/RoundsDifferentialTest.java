package io.isoverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.isoverify.datasets.generate.PartitionedSink;
import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.BlindWorkload;
import io.isoverify.datasets.workload.FencedWorkload;
import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.MiniTransactionWorkload;
import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.UniformKeys;
import io.isoverify.engine.InProcessEngine;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.ParquetHistoryReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict after the last round equals the verdict on the whole history: generated
 * histories (serializable, snapshot isolation and read committed databases, so anomalies that
 * span partitions are common; general, blind-write and mini-transaction workloads), with and
 * without fences, split into 2 to 8 partitions audited
 * one to three at a time, over fixed seeds. SER alone is the case that collects.
 */
class RoundsDifferentialTest {
  @TempDir
  Path tmp;

  private static final Isolation[] DATABASES = {Isolation.SER, Isolation.SI, Isolation.RC};

  @Test
  void serRoundsAgreeWithTheWholeHistory() throws Exception {
    long collectedCommitted = differential(List.of(Level.SER), 48);
    assertTrue(collectedCommitted > 0,
        "the SER runs collected no committed transaction: the test would not test GC");
  }

  @Test
  void siSserAndAllLevelsAgreeWithTheWholeHistory() throws Exception {
    differential(List.of(Level.SI), 8);
    differential(List.of(Level.SSER), 8);
    differential(List.of(Level.SER, Level.SI, Level.SSER), 8);
  }

  /**
   * Makes one committed read of the last partition return a value its key had in a
   * partition at least two before (a stale read that spans partitions; the writer may have been
   * collected by then), rewriting the part files in place. Integer histories only.
   */
  private static void staleRead(Path parts, SplittableRandom r) throws Exception {
    List<Path> files = ParquetHistoryReader.partFiles(parts);
    if (files.size() < 3) {
      return;
    }
    Map<Long, List<Long>> early = new java.util.HashMap<>(); // key -> values written early
    for (Path f : files.subList(0, files.size() - 2)) {
      History h = ParquetHistoryReader.read(f);
      for (int o = 0; o < h.opCount(); o++) {
        if (h.opKind(o) == io.isoverify.history.OpKind.WRITE && h.isCommitted(h.txnOfOp(o))) {
          early.computeIfAbsent(h.keys().longValue(h.opKey(o)), k -> new java.util.ArrayList<>())
              .add(h.values().longValue(h.opValue(o)));
        }
      }
    }
    readOneOf(files.get(files.size() - 1), early, r);
  }

  /**
   * Makes one committed read of {@code file} return a value a transaction the repository
   * collected wrote to its key (from the tombstones: a read of a collected write), rewriting
   * the file in place; false when the repository collected no write of a key the file reads.
   */
  private static boolean readOfCollectedWrite(Path repo, Path file, SplittableRandom r)
      throws Exception {
    Map<Long, List<Long>> collected = new java.util.TreeMap<>(); // key -> values
    Path dir = repo.resolve(Tombstones.FOLDER);
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (java.util.stream.Stream<Path> segments = Files.list(dir)) {
      for (Path segment : segments.sorted().toList()) {
        for (org.apache.parquet.example.data.Group g : ParquetTable.read(segment)) {
          Ids key = new Ids();
          Ids value = new Ids();
          key.read(g, "key");
          value.read(g, "value");
          collected.computeIfAbsent(key.number(0), k -> new java.util.ArrayList<>())
              .add(value.number(0));
        }
      }
    }
    return readOneOf(file, collected, r);
  }

  /**
   * Makes one committed read of {@code file} of a key in {@code values} return one of that
   * key's values there, chosen by {@code r}; false when the file reads none of those keys.
   */
  private static boolean readOneOf(Path file, Map<Long, List<Long>> values, SplittableRandom r)
      throws Exception {
    History h = ParquetHistoryReader.read(file);
    List<Integer> reads = new java.util.ArrayList<>();
    for (int o = 0; o < h.opCount(); o++) {
      if (h.opKind(o) == io.isoverify.history.OpKind.READ && h.isCommitted(h.txnOfOp(o))
          && values.containsKey(h.keys().longValue(h.opKey(o)))) {
        reads.add(o);
      }
    }
    if (reads.isEmpty()) {
      return false;
    }
    int mutated = reads.get(r.nextInt(reads.size()));
    List<Long> of = values.get(h.keys().longValue(h.opKey(mutated)));
    long stale = of.get(r.nextInt(of.size()));
    Path tmp = file.resolveSibling("mutated.parquet");
    try (io.isoverify.history.io.ParquetHistorySink s =
        new io.isoverify.history.io.ParquetHistorySink(tmp)) {
      for (int t = 0; t < h.txnCount(); t++) {
        s.begin(h.sessions().longValue(h.session(t)), h.txnId(t), h.positionInSession(t),
            h.outcome(t), h.startTs(t), h.endTs(t));
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          long key = h.keys().longValue(h.opKey(o));
          if (o == mutated) {
            s.op(io.isoverify.history.OpKind.READ, key, stale);
          } else if (h.opValue(o) == History.INITIAL) {
            s.readInitial(key);
          } else {
            s.op(h.opKind(o), key, h.values().longValue(h.opValue(o)));
          }
        }
        s.end();
      }
    }
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return true;
  }

  /**
   * The general workload (reads and blind or read-modify-write writes) for most seeds; every
   * fifth seed blind writes with read-only transactions (cobra's BlindW, whose P-SCCs are
   * collected whole), every fifth from the third on mini-transactions (read-modify-write
   * chains from the initial state, whose held reads become reads of the initial state).
   */
  private static PlannedWorkload workload(int seed, SplittableRandom r) {
    UniformKeys keys = new UniformKeys(4 + r.nextInt(8));
    return switch (seed % 5) {
      case 1 -> new BlindWorkload(1, 4, 0.5 + 0.4 * r.nextDouble(), keys);
      case 3 -> new MiniTransactionWorkload(0.3, keys);
      default -> new GeneralWorkload(1, 4, 0.5, keys);
    };
  }

  /** Rounds, over the seeds of one level set, that found reads of collected writes. */
  private int collectedReads;

  /**
   * Checks that each level a run found VIOLATED shows a cycle in its report.json (a read of a
   * collected write too: the whole audited history, read again, gives it); returns 1 when the
   * run found reads of collected writes, else 0.
   */
  private static int certified(Path repo, Audit.Outcome run, String what) throws Exception {
    if (!run.changed()) {
      return 0;
    }
    int found = 0;
    for (JsonNode l : new ObjectMapper().readTree(repo.resolve("runs").resolve(run.runId())
        .resolve("report.json").toFile()).get("levels")) {
      if (l.get("verdict").asText().equals("VIOLATED")) {
        assertTrue(l.get("anomalies").size() > 0, what + ": no cycle shown: " + l);
      }
      found = l.get("anomaly_counts").has("ReadOfCollectedWrite") ? 1 : found;
    }
    return found;
  }

  /**
   * Returns the committed transactions collected over all seeds (those collected beyond the
   * history's aborted ones, which go whenever they are old).
   */
  private long differential(List<Level> levels, int seeds) throws Exception {
    long collected = 0;
    int violated = 0;
    int violatedAfterCollection = 0;
    collectedReads = 0;
    // -Daudit.seeds=N runs N seeds instead (a longer search, by hand)
    seeds = Integer.getInteger("audit.seeds", seeds);
    for (int seed = 0; seed < seeds; seed++) {
      SplittableRandom r = new SplittableRandom(seed * 7919L + levels.size());
      int partitions = 2 + r.nextInt(7);
      int txns = 30 + r.nextInt(90);
      Path folder = tmp.resolve(String.join("-", levels.stream().map(Level::name).toList()) + "-" + seed);
      PlannedWorkload w = workload(seed, r);
      if (seed % 4 != 3) {
        w = new FencedWorkload(w, 1 + r.nextInt(4));
      }
      Isolation db = DATABASES[r.nextInt(DATABASES.length)];
      try (PartitionedSink sink = new PartitionedSink(folder.resolve("parts"), partitions, txns)) {
        Simulator.run(w, Simulator.Config.of(2 + r.nextInt(3), txns, db, seed), sink);
      }
      if (db == Isolation.SER && seed % 3 == 0) {
        staleRead(folder.resolve("parts"), r);
      }
      List<Path> parts = ParquetHistoryReader.partFiles(folder.resolve("parts"));
      Path repo = folder.resolve("repo");
      // a SER repository, every third seed from the second: the last partition, audited
      // alone, reads a write the repository collected (when it collected one of a key read)
      boolean collectedRead = levels.equals(List.of(Level.SER)) && db != Isolation.RC
          && seed % 3 == 1 && parts.size() > 1;
      int end = collectedRead ? parts.size() - 1 : parts.size();
      Audit.Outcome last = null;
      for (int i = 0; i < parts.size(); ) {
        int take = i == end ? 1 : Math.min(end - i, 1 + r.nextInt(3));
        if (i == end) {
          readOfCollectedWrite(repo, parts.get(end), r);
        }
        last = Audit.run(new Audit.Request(repo, parts.subList(i, i + take), Map.of(), levels,
            VerifierOptions.defaults()));
        i += take;
        collectedReads += certified(repo, last, "seed " + seed);
        if (System.getProperty("audit.debug") != null) {
          System.out.println(last.lines());
        }
      }
      History whole = ParquetHistoryReader.read(folder.resolve("parts"));
      Map<Level, String> expected = new LinkedHashMap<>();
      for (LevelReport l : new InProcessEngine().check(whole, levels, new LinkedHashMap<>(),
          ProgressListener.NONE)) {
        expected.put(l.level(), l.verdict().name());
      }
      Manifest m = Manifest.read(repo);
      for (Level l : levels) {
        assertEquals(expected.get(l), m.get("verdict." + l), "seed " + seed + ", " + db
            + ", " + partitions + " partitions, " + l + ": " + last.lines());
        violated += "VIOLATED".equals(expected.get(l)) ? 1 : 0;
      }
      long aborted = 0;
      for (int t = 0; t < whole.txnCount(); t++) {
        aborted += whole.isCommitted(t) ? 0 : 1;
      }
      collected += Math.max(0, m.count("collected") - aborted);
      if (m.count("collected") > 0 && "VIOLATED".equals(m.get("verdict." + levels.get(0)))) {
        violatedAfterCollection++;
      }
      if (System.getProperty("audit.debug") != null) {
        System.out.println("seed " + seed + " " + db + " " + partitions + " parts, " + txns
            + " txns: " + expected + ", collected " + m.count("collected") + ", held "
            + m.get("held"));
      }
      assertEquals(whole.txnCount(), m.count("transactions"));
    }
    assertTrue(violated > 0, "no seed violated " + levels);
    assertTrue(levels.size() > 1 || levels.get(0) != Level.SER || collectedReads > 0,
        "no round read a collected write: its certificate would not be tested");
    assertTrue(levels.size() > 1 || levels.get(0) != Level.SER || violatedAfterCollection > 0,
        "no seed was violated after the audit had collected transactions");
    return collected;
  }
}
