package io.isoverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.isoverify.engine.InProcessEngine;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.Fences;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistorySink;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cobra section 4.3's counter-example, with fences: T3 is frozen and overwritten on every key
 * it writes (a candidate to remove), but it is in constraints that later reads decide (R7(d),
 * R8(c)), closing the cycle T1 -> T4 -> T3 -> T1. The audit must keep T3 and find the
 * violation in the second round; the twin where T8 reads the other value of c holds.
 *
 * <p>Keys a=1, c=2, d=3, e=4, g=5; sessions A=1, B=2, C=3. Round one: A: T3 w(a,3) w(d,3),
 * F0, T9 r(d,3) w(d,9), F3, F6; B: T1 w(d,1) w(e,1), T4 r(e,1) w(a,4) w(c,4), F1, F4, F7;
 * C: T20 r(g,init) w(g,1), T21 r(g,1) w(g,2), T5 r(a,3) w(a,5) w(c,5), F2, F5, F8 (the
 * fences chained F0 -> F1 -> ... -> F8, so epochAgree is 6 and T1, T3, T4, T5, T9, T20, T21
 * and F0..F4 are old; T20 is the one transaction collected: T21's read of it becomes a read
 * of the initial state, which its chain starts from). Round two: A: T7 r(d,1); B: T8 r(c,5).
 */
class CounterExampleTest {
  @TempDir
  Path tmp;

  @Test
  void theFrozenOverwrittenTransactionInAnOpenConstraintIsKeptAndTheCycleFound()
      throws Exception {
    Path repo = tmp.resolve("repo");
    Audit.Outcome first = Audit.run(request(repo, roundOne()));
    assertEquals(0, first.exitCode(), first.lines().toString());
    java.util.Set<Long> held = held(repo, first.runId());
    assertTrue(held.contains(3L), "T3 was collected");
    assertFalse(held.contains(20L), "T20, frozen, overwritten by T21, in no constraint, was"
        + " not collected: the example would not test collection");
    Audit.Outcome second = Audit.run(request(repo, roundTwo(5)));
    assertEquals(1, second.exitCode(), second.lines().toString());
    assertEquals("VIOLATED", Manifest.read(repo).get("verdict.SER"));
    assertEquals(Verdict.VIOLATED, whole(roundTwo(5)));
  }

  @Test
  void theTwinHolds() throws Exception {
    Path repo = tmp.resolve("twin");
    Audit.run(request(repo, roundOne()));
    Audit.Outcome second = Audit.run(request(repo, roundTwo(4)));
    assertEquals(0, second.exitCode(), second.lines().toString());
    assertEquals(Verdict.HOLDS, whole(roundTwo(4)));
  }

  @Test
  void aReadOfACollectedWriteIsAViolationWithTheWholeHistorysCycle() throws Exception {
    Path repo = tmp.resolve("stale");
    Audit.Outcome first = Audit.run(request(repo, roundOne()));
    java.util.Set<Long> held = held(repo, first.runId());
    // F0 is in T3's P-SCC (T3 -> F0 -> T9 in session A, T9 and T1 in an open constraint on
    // d), so it stays, and with it every later fence (the fences held are a suffix of the
    // chain); T20 is collected
    assertTrue(held.contains(100L) && held.contains(108L), "a fence was collected");
    assertFalse(held.contains(20L), "T20 was not collected");
    Audit.Outcome second = Audit.run(request(repo, lateRead()));
    assertEquals(1, second.exitCode(), second.lines().toString());
    JsonNode ser = level(repo, second);
    assertEquals("VIOLATED", ser.get("verdict").asText());
    assertEquals("T200 read 5 = 1, written by T20, which the audit had collected as overwritten"
        + " before it; the cycles shown are the whole audited history's (1 partitions audited"
        + " before and 1 now, 17 transactions), read again and checked at once",
        ser.get("reason").asText());
    assertEquals("{\"G-single\":1,\"ReadOfCollectedWrite\":1}",
        ser.get("anomaly_counts").toString());
    // the cycle: T200 read T20's g = 1, which T21 overwrote; T21 precedes T200 through
    // session C and the fences, all collected or held, all read again
    JsonNode cycle = ser.get("anomalies").get(0);
    assertEquals(1, ser.get("anomalies").size());
    assertEquals("[\"T103 -SO-> T106\",\"T106 -WR(9223372036854775807=1006)-> T107\","
        + "\"T107 -WR(9223372036854775807=1007)-> T108\",\"T108 -SO-> T200\","
        + "\"T200 -RW(5=1)-> T21\",\"T21 -SO-> T5\",\"T5 -SO-> T102\","
        + "\"T102 -WR(9223372036854775807=1002)-> T103\"]", cycle.get("edges").toString());
    assertTrue(report(repo, second).get("recheck").asText().startsWith("every cycle"
        + " certificate re-checked"), report(repo, second).get("recheck").asText());
  }

  @Test
  void aReadOfACollectedWriteWhoseHistoryIsGoneIsAViolationThatSaysWhyItHasNoCycle()
      throws Exception {
    Path repo = tmp.resolve("gone");
    Path one = roundOne();
    String run = Audit.run(request(repo, one)).runId();
    java.nio.file.Files.delete(one);
    Audit.Outcome second = Audit.run(request(repo, lateRead()));
    assertEquals(1, second.exitCode(), second.lines().toString());
    JsonNode ser = level(repo, second);
    assertEquals("T200 read 5 = 1, written by T20, which the audit had collected as overwritten"
        + " before it; no certificate: partition " + one.toAbsolutePath() + " (audited in run "
        + run + ") is no longer there", ser.get("reason").asText());
    assertEquals("{\"ReadOfCollectedWrite\":1}", ser.get("anomaly_counts").toString());
    assertEquals(0, ser.get("anomalies").size());
  }

  @Test
  void aReadOfACollectedWriteWhoseHistoryChangedHasNoCycle() throws Exception {
    Path repo = tmp.resolve("changed");
    Path one = roundOne();
    String run = Audit.run(request(repo, one)).runId();
    java.nio.file.Files.write(one, new byte[] {1}, java.nio.file.StandardOpenOption.APPEND);
    Audit.Outcome second = Audit.run(request(repo, lateRead()));
    assertEquals(1, second.exitCode(), second.lines().toString());
    assertTrue(level(repo, second).get("reason").asText().endsWith("; no certificate: partition "
        + one.toAbsolutePath() + " (audited in run " + run + ") has changed since"),
        level(repo, second).toString());
  }

  private static JsonNode report(Path repo, Audit.Outcome run) throws Exception {
    return new ObjectMapper().readTree(repo.resolve("runs").resolve(run.runId())
        .resolve("report.json").toFile());
  }

  /** The one level of a run's report.json. */
  private static JsonNode level(Path repo, Audit.Outcome run) throws Exception {
    JsonNode levels = report(repo, run).get("levels");
    assertEquals(1, levels.size());
    return levels.get(0);
  }

  /** Session C reads g = 1 again, which T21 overwrote before the fences that follow it. */
  private Path lateRead() throws Exception {
    Path late = tmp.resolve("late.parquet");
    try (ParquetHistorySink s = new ParquetHistorySink(late)) {
      txn(s, 3, 200, 6, new long[][] {{'r', 5, 1}});
    }
    return late;
  }

  /** The ids of the transactions the repository holds after run {@code runId}. */
  static java.util.Set<Long> held(Path repo, String runId) throws Exception {
    History h = ParquetHistoryReader.read(repo.resolve("state").resolve(runId)
        .resolve(AuditState.CARRIED));
    java.util.Set<Long> ids = new java.util.HashSet<>();
    for (int t = 0; t < h.txnCount(); t++) {
      ids.add(h.txnId(t));
    }
    return ids;
  }

  /** An audit at SER of one partition. */
  static Audit.Request request(Path repo, Path partition) {
    return new Audit.Request(repo, List.of(partition), Map.of(), List.of(Level.SER),
        VerifierOptions.defaults());
  }

  private Verdict whole(Path second) throws Exception {
    return wholeSer(roundOne(), second);
  }

  /** The SER verdict of the files read as one history. */
  static Verdict wholeSer(Path... files) throws Exception {
    History h = ParquetHistoryReader.read(List.of(files), "whole");
    return new InProcessEngine().check(h, List.of(Level.SER), new LinkedHashMap<>(),
        ProgressListener.NONE).get(0).verdict();
  }

  private Path roundOne() throws Exception {
    Path p = tmp.resolve("one.parquet");
    long f = Fences.KEY;
    try (ParquetHistorySink s = new ParquetHistorySink(p)) {
      txn(s, 1, 3, 0, new long[][] {{'w', 1, 3}, {'w', 3, 3}});
      txn(s, 2, 1, 0, new long[][] {{'w', 3, 1}, {'w', 4, 1}});
      txn(s, 2, 4, 1, new long[][] {{'r', 4, 1}, {'w', 1, 4}, {'w', 2, 4}});
      txn(s, 3, 20, 0, new long[][] {{'r', 5, -1}, {'w', 5, 1}});
      txn(s, 3, 21, 1, new long[][] {{'r', 5, 1}, {'w', 5, 2}});
      txn(s, 3, 5, 2, new long[][] {{'r', 1, 3}, {'w', 1, 5}, {'w', 2, 5}});
      txn(s, 1, 100, 1, new long[][] {{'r', f, -1}, {'w', f, 1000}});
      txn(s, 1, 9, 2, new long[][] {{'r', 3, 3}, {'w', 3, 9}});
      long[] session = {2, 3, 1, 2, 3, 1, 2, 3};
      int[] position = {2, 3, 3, 3, 4, 4, 4, 5};
      for (int i = 1; i <= 8; i++) {
        txn(s, session[i - 1], 100 + i, position[i - 1],
            new long[][] {{'r', f, 999 + i}, {'w', f, 1000 + i}});
      }
    }
    return p;
  }

  private Path roundTwo(long c) throws Exception {
    Path p = tmp.resolve("two-" + c + ".parquet");
    try (ParquetHistorySink s = new ParquetHistorySink(p)) {
      txn(s, 1, 7, 5, new long[][] {{'r', 3, 1}});
      txn(s, 2, 8, 5, new long[][] {{'r', 2, c}});
    }
    return p;
  }

  /** One committed transaction; a read of value -1 reads the initial state. */
  static void txn(ParquetHistorySink s, long session, long id, int position,
      long[][] ops) throws Exception {
    s.begin(session, id, position, Outcome.COMMITTED, Long.MIN_VALUE, Long.MIN_VALUE);
    for (long[] op : ops) {
      if (op[0] == 'r' && op[2] < 0) {
        s.readInitial(op[1]);
      } else {
        s.op(op[0] == 'r' ? OpKind.READ : OpKind.WRITE, op[1], op[2]);
      }
    }
    s.end();
  }
}
