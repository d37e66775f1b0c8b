package io.isoverify.datasets.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.PredicateRwWorkload;
import io.isoverify.datasets.workload.TxnPlan;
import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.io.HistorySink;
import io.isoverify.history.io.JsonlHistoryReader;
import io.isoverify.history.io.JsonlHistorySink;
import io.isoverify.history.io.JsonlHistoryWriter;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistorySink;
import io.isoverify.history.testing.BruteForceOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Row inserts and predicate deletes on the simulated database: a deleted row is absent to
 * every later predicate (the deleting transaction's own, and others'), is no candidate in
 * the row index, and goes to the history as a delete without fields; an insert goes as an
 * insert with both fields. Pred-rw histories go through Parquet and JSON Lines whole, and the
 * predicate anomalies inject into pred-rw runs as they do into blindw-pred ones.
 */
class RowInsertDeleteTest {
  /** A fixed list of transactions for one session, then empty reads of field 1. */
  private static final class Script extends PlannedWorkload {
    private final List<Consumer<TxnPlan>> txns;
    private int next;

    Script(List<Consumer<TxnPlan>> txns) {
      this.txns = txns;
    }

    @Override
    public void plan(int session, SplittableRandom random, TxnPlan out) {
      out.clear();
      txns.get(next++).accept(out);
    }

    @Override
    public long keys() {
      return 10;
    }

    @Override
    public WorkloadFamily family() {
      return WorkloadFamily.PREDICATE;
    }
  }

  /**
   * T0 loads rows 0 (1, 5), 1 (1, 6), 2 (2, 5); T1 deletes where v2 = 5 (rows 0 and 2), then
   * reads group 1 (row 1 only: its own delete hides row 0) and inserts row 3 (1, 7); T2
   * reads groups 1-2 (rows 1 and 3) and v2 = 5 (none); T3 deletes group 1 (rows 1 and 3) and
   * reads groups 1-2 (none). One session, so every level runs them one after the other.
   */
  @ParameterizedTest
  @EnumSource(Isolation.class)
  void deletedRowsAreAbsentAndInsertsAreInsertsWithTheirFields(Isolation isolation)
      throws Exception {
    Script script = new Script(List.of(
        p -> {
          p.rowWrite(0, 1, 5);
          p.rowWrite(1, 1, 6);
          p.rowWrite(2, 2, 5);
        },
        p -> {
          p.predicateDelete(2, 5, 5);
          p.predicateRead(1, 1, 1);
          p.rowInsert(3, 1, 7);
        },
        p -> {
          p.predicateRead(1, 1, 2);
          p.predicateRead(2, 5, 5);
        },
        p -> {
          p.predicateDelete(1, 1, 1);
          p.predicateRead(1, 1, 2);
        }));
    HistoryBuilderSink sink = new HistoryBuilderSink("script");
    Simulator.run(script, Simulator.Config.of(1, 4, isolation, 1), sink);
    History h = sink.history();
    assertEquals(List.of(
        "w(0){1=1,2=5} w(1){1=1,2=6} w(2){1=2,2=5}",
        "pr(2,5,5)=2 del(0) del(2) pr(1,1,1)=1 r(1) ins(3){1=1,2=7}",
        "pr(1,1,2)=2 r(1) r(3) pr(2,5,5)=0",
        "pr(1,1,1)=2 del(1) del(3) pr(1,1,2)=0"), render(h), isolation.name());
    for (Level level : Level.values()) {
      assertTrue(BruteForceOracle.holds(h, level), isolation + " " + level);
    }
  }

  private static List<String> render(History h) {
    List<String> out = new ArrayList<>();
    for (int t = 0; t < h.txnCount(); t++) {
      StringBuilder b = new StringBuilder();
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        b.append(b.length() == 0 ? "" : " ");
        if (h.opKind(o) == OpKind.PREDICATE_READ) {
          PredicateRead p = h.predicate(o);
          b.append("pr(").append(p.field()).append(',').append(p.low()).append(',')
              .append(p.high()).append(")=").append(p.matched());
          continue;
        }
        b.append(h.opKind(o).code()).append('(').append(h.keys().longValue(h.opKey(o)))
            .append(')');
        WrittenFields f = h.writtenFields(o);
        if (h.opKind(o) == OpKind.DELETE) {
          assertNull(f, "a delete sets no field");
        }
        for (int i = 0; f != null && i < f.field().length; i++) {
          b.append(i == 0 ? "{" : ",").append(f.field()[i]).append('=').append(f.value()[i]);
        }
        b.append(f == null ? "" : "}");
      }
      out.add(b.toString());
    }
    return out;
  }

  /**
   * A tombstone has no index entry: once the row's older versions are freed, no range of
   * either field finds it; while they are held, the key is a candidate whose latest version
   * is deleted.
   */
  @Test
  void theRowIndexNeverOffersATombstone() {
    VersionStore store = new VersionStore();
    store.installRow(7, 100, 1, Long.MIN_VALUE, new long[] {3, 4}, 0);
    store.installTombstone(7, 101, 2, Long.MIN_VALUE);
    assertEquals(List.of(7L), lookup(store, 1), "the older version is held");
    assertTrue(store.deleted(store.versionAt(7, Long.MAX_VALUE)));
    assertFalse(store.deleted(store.versionAt(7, 1)));
    store.installRow(8, 102, 3, 3, new long[] {3, 4}, 0);
    store.installTombstone(8, 103, 4, 4);
    assertEquals(List.of(7L), lookup(store, 1), "row 8's only held version is its tombstone");
    assertEquals(List.of(7L), lookup(store, 2));
  }

  private static List<Long> lookup(VersionStore store, int field) {
    RowIndex.LongBuffer out = new RowIndex.LongBuffer();
    store.rows().lookup(field, 0, 1000, out);
    out.sortDistinct();
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < out.size; i++) {
      keys.add(out.data[i]);
    }
    return keys;
  }

  /** Parquet and JSON Lines take inserts with fields and deletes without: both read back whole. */
  @Test
  void parquetAndJsonLinesHoldAPredRwHistory(@TempDir Path dir) throws Exception {
    Simulator.Config config = Simulator.Config.of(4, 80, Isolation.SI, 5);
    HistoryBuilderSink built = new HistoryBuilderSink("built");
    Simulator.run(new PredicateRwWorkload(1, 2, 12), config, built);
    Path parquet = dir.resolve("h.parquet");
    Path jsonl = dir.resolve("h.jsonl");
    for (HistorySink sink : new HistorySink[] {new ParquetHistorySink(parquet),
        new JsonlHistorySink(jsonl)}) {
      try (sink) {
        Simulator.run(new PredicateRwWorkload(1, 2, 12), config, sink);
      }
    }
    String expected = canonical(built.history(), dir.resolve("built.jsonl"));
    assertTrue(expected.contains("[\"ins\",") && expected.contains("[\"del\","), expected);
    assertEquals(expected, canonical(ParquetHistoryReader.read(parquet), dir.resolve("p.jsonl")));
    assertEquals(expected, canonical(JsonlHistoryReader.read(jsonl), dir.resolve("j.jsonl")));
  }

  private static String canonical(History h, Path file) throws Exception {
    JsonlHistoryWriter.write(h, file);
    return Files.readString(file);
  }

  /**
   * The predicate anomalies inject into pred-rw runs: the pattern's rows are keys the
   * workload reserved and never inserts, their field 1 (above every group) is outside every
   * predicate of the workload and they set no field 2, so a strictly serializable run with the
   * pattern violates exactly the levels the label says.
   */
  @ParameterizedTest
  @EnumSource(value = Anomaly.class, names = {"PHANTOM", "PREDICATE_WRITE_SKEW",
      "PREDICATE_READ_SKEW"})
  void predicateAnomaliesInjectIntoPredRw(Anomaly anomaly) throws Exception {
    assertTrue(Simulator.injectable(WorkloadFamily.PREDICATE).contains(anomaly));
    for (long seed = 0; seed < 12; seed++) {
      PredicateRwWorkload w = new PredicateRwWorkload(1, 2, 5);
      HistoryBuilderSink sink = new HistoryBuilderSink("injected");
      Simulator.Result r = Simulator.run(w, Simulator.Config.of(3, 6, Isolation.SSER, seed)
          .withInjection(anomaly), sink);
      History h = sink.history();
      Injection label = r.injection();
      for (int t = 0; t < h.txnCount(); t++) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (h.opKind(o) != OpKind.PREDICATE_READ && !label.txns().contains(h.txnId(t))) {
            long key = h.keys().longValue(h.opKey(o));
            assertFalse(label.keys().contains(key), "T" + h.txnId(t) + " uses key " + key);
          }
        }
      }
      for (Level level : Level.values()) {
        assertEquals(!label.violates().contains(level), BruteForceOracle.holds(h, level),
            anomaly + " seed " + seed + " at " + level);
      }
    }
  }
}
