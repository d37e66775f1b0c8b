package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What predicate reads say, as observations (vbox 4.1): candidates, virtual keys, findings. */
class PredicateObservationsTest {
  @Test
  void anUnmatchedRowAllowsTheInitialStateAndTheVersionsThePredicateIsFalseOn() {
    // vbox's Figure 1 shape: T2 finds neither x with v=1 nor y with v=2
    History h = HistoryDsl.parse("s1: [i x 1 {1=0}; i y 2 {1=2}]\ns2: [p 1 1 1 0; p 1 2 2 0]\n"
        + "s3: [w y 3 {1=3}; w x 4 {1=1}]");
    PredicateObservations o = PredicateObservations.of(h);
    assertEquals(List.of("T2 x [init, T1]", "T2 y [init, T3]"), show(h, o));
    assertEquals(0, o.unchecked());
    assertEquals(0, o.virtualKeyCount());
  }

  @Test
  void aFieldSomeVersionsInheritIsOrderedOnAVirtualKey() {
    History h = HistoryDsl.parse("s1: [i x 1 {1=1}]\ns2: [w x 2 {2=5}]\ns3: [p 1 1 1 0]");
    PredicateObservations o = PredicateObservations.of(h);
    assertEquals(1, o.virtualKeyCount());
    int virtual = h.keys().size();
    assertEquals("x", h.showKey(o.realKey(virtual)));
    assertEquals(List.of(0), java.util.Arrays.stream(o.virtualWriters(0)).boxed().toList());
    assertEquals(List.of("T3 x' [init]"), show(h, o));
  }

  @Test
  void aReturnedRowNoVersionMatchesIsAFindingAndAFormatWithoutFieldsChecksNothing() {
    History h = HistoryDsl.parse("s1: [i x 1 {1=5}]\ns2: [p 1 0 1 1; r x 1]");
    NonCycleFindings f = PredicateObservations.of(h).addedTo(NonCycleChecks.findings(h, 10), 10);
    assertEquals(Map.of(Anomaly.PREDICATE_MISMATCH, 1L), f.counts());
    Certificate c = f.examples().get(0);
    assertEquals(List.of(1, 2), java.util.Arrays.stream(c.ops()).boxed().toList());
    assertNull(PredicateObservations.of(HistoryDsl.parse("s1: [i x 1 {1=5}]")).firstUnchecked());
  }

  /**
   * SSER's observations swept in two halves on two threads ({@link
   * PredicateObservationBuilder#realTime}) are one sweep's: the same observations and
   * candidates, virtual keys and their writers, mismatches and unchecked places, on random
   * timed histories (fixed seeds) whose predicate reads return rows, some wrongly, and whose
   * writes leave a field to the version before (virtual keys).
   */
  @Test
  void theTwoHalvesOfTheRealTimeSweepGiveOneSweepsObservations() {
    int observations = 0;
    int virtual = 0;
    int mismatched = 0;
    for (long seed = 0; seed < 400; seed++) {
      History h = HistoryDsl.parse(timedHistory(new java.util.Random(seed)));
      List<String> one = all(h, PredicateObservationBuilder.realTime(h,
          new PredicateObservationBuilder.Shared(h), false));
      List<String> halves = all(h, PredicateObservationBuilder.realTime(h,
          new PredicateObservationBuilder.Shared(h), true));
      assertEquals(one, halves, "seed " + seed);
      PredicateObservations o = PredicateObservationBuilder.realTime(h,
          new PredicateObservationBuilder.Shared(h)).finish(new PredicateObservationBuilder.Shared(h));
      observations += o.count();
      virtual += o.virtualKeyCount() > 0 ? 1 : 0;
      mismatched += one.stream().anyMatch(x -> x.startsWith("mismatch")) ? 1 : 0;
    }
    assertTrue(observations > 2_000 && virtual > 40 && mismatched > 40,
        observations + " observations, " + virtual + " histories with virtual keys, "
        + mismatched + " with mismatches");
  }

  /**
   * A plain scan that stops at the candidate cap, given SSER's mismatches ({@link
   * PredicateObservations#stoppedAtCap}), says what the whole plain scan says: the same
   * observations and candidates, the same first reason, the same mismatches in the same
   * order, and a lower bound of its unchecked places, on the random timed histories above with
   * caps of 1 to 8 candidates.
   */
  @Test
  void aPlainScanStoppedAtTheCapWithSsersMismatchesSaysWhatTheWholeScanSays() {
    int stopped = 0;
    int mismatchedAfter = 0;
    for (long seed = 0; seed < 400; seed++) {
      History h = HistoryDsl.parse(timedHistory(new java.util.Random(seed)));
      PredicateObservations sser = PredicateObservationBuilder.realTime(h,
          new PredicateObservationBuilder.Shared(h)).finish(new PredicateObservationBuilder.Shared(h));
      for (long cap : new long[] {1, 3, 8}) {
        PredicateObservationBuilder.Shared one = new PredicateObservationBuilder.Shared(h);
        PredicateObservations whole = PredicateObservationBuilder.plain(h, one, false, cap)
            .finish(one);
        PredicateObservationBuilder.Shared other = new PredicateObservationBuilder.Shared(h);
        PredicateObservationBuilder scan = PredicateObservationBuilder.plain(h, other, true, cap);
        PredicateObservations part = scan.finish(other);
        String at = "seed " + seed + ", cap " + cap;
        if (!scan.stopped()) {
          assertEquals(all(h, whole), all(h, part), at);
          continue;
        }
        stopped++;
        PredicateObservations given = part.stoppedAtCap(sser);
        assertEquals(show(h, whole), show(h, given), at);
        assertEquals(whole.firstUnchecked(), given.firstUnchecked(), at);
        assertTrue(given.uncheckedIsLowerBound() && given.unchecked() > 0
            && given.unchecked() <= whole.unchecked(), at);
        List<String> expected = mismatches(h, whole);
        assertEquals(expected, mismatches(h, given), at);
        mismatchedAfter += expected.size() > mismatches(h, part).size() ? 1 : 0;
      }
    }
    assertTrue(stopped > 1_000 && mismatchedAfter > 500, stopped + " scans stopped, "
        + mismatchedAfter + " with mismatches after the cap");
  }

  private static List<String> mismatches(History h, PredicateObservations o) {
    List<String> out = new ArrayList<>();
    for (Certificate c : o.addedTo(NonCycleChecks.findings(h, 10), 1_000).examples()) {
      out.add(java.util.Arrays.toString(c.ops()));
    }
    return out;
  }

  /** Everything an observations object says, one line per fact. */
  private static List<String> all(History h, PredicateObservationBuilder scan) {
    return all(h, scan.finish(new PredicateObservationBuilder.Shared(h)));
  }

  private static List<String> all(History h, PredicateObservations o) {
    List<String> out = new ArrayList<>(show(h, o));
    for (int v = 0; v < o.virtualKeyCount(); v++) {
      out.add("virtual " + h.showKey(o.realKey(h.keys().size() + v)) + " "
          + java.util.Arrays.toString(o.virtualWriters(v)));
    }
    out.add("unchecked " + o.unchecked() + " " + o.firstUnchecked());
    for (Certificate c : o.addedTo(NonCycleChecks.findings(h, 10), 1_000).examples()) {
      out.add("mismatch " + java.util.Arrays.toString(c.ops()));
    }
    return out;
  }

  /**
   * Sessions of timed transactions (some aborted, some of unknown outcome, some untimed):
   * inserts, deletes, writes of one field or both, and predicate reads on field 1 returning
   * up to two rows at values some transaction wrote.
   */
  private static String timedHistory(java.util.Random r) {
    StringBuilder b = new StringBuilder();
    String[] keys = {"x", "y", "z"};
    int value = 1;
    int sessions = 3 + r.nextInt(3);
    for (int s = 0; s < sessions; s++) {
      b.append('s').append(s).append(':');
      long clock = r.nextInt(4);
      for (int i = 3 + r.nextInt(6); i > 0; i--) {
        List<String> ops = new ArrayList<>();
        if (r.nextInt(2) == 0) {
          int low = r.nextInt(10);
          int rows = r.nextInt(3);
          ops.add("p 1 " + low + " " + (low + r.nextInt(8)) + " " + rows);
          for (int k = 0; k < rows; k++) {
            ops.add("r " + keys[k + r.nextInt(keys.length - k)] + " " + (1 + r.nextInt(value + 3)));
          }
        }
        for (int k = 1 + r.nextInt(2); k > 0; k--) {
          String key = keys[r.nextInt(keys.length)];
          int kind = r.nextInt(10);
          ops.add(kind == 0 ? "d " + key + " " + value
              : kind == 1 ? "i " + key + " " + value + " {1=" + r.nextInt(15) + "}"
              : kind < 4 ? "w " + key + " " + value + " {2=" + r.nextInt(15) + "}"
              : "w " + key + " " + value + " {1=" + r.nextInt(15) + " 2=" + r.nextInt(15) + "}");
          value++;
        }
        b.append(" [").append(String.join("; ", ops)).append(']');
        int outcome = r.nextInt(12);
        b.append(outcome == 0 ? "!" : outcome == 1 ? "?" : "");
        long begin = clock + r.nextInt(3);
        long end = begin + r.nextInt(6);
        clock = end + r.nextInt(3);
        if (r.nextInt(10) != 0) {
          b.append('@').append(begin).append('-').append(end);
        }
      }
      b.append('\n');
    }
    return b.toString();
  }

  private static List<String> show(History h, PredicateObservations o) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < o.count(); i++) {
      List<String> c = new ArrayList<>();
      for (int j = o.candStart(i); j < o.candEnd(i); j++) {
        c.add(o.candTxn(j) < 0 ? "init" : h.showTxn(o.candTxn(j)));
      }
      String key = o.key(i) < h.keys().size() ? h.showKey(o.key(i)) : h.showKey(o.realKey(o.key(i))) + "'";
      out.add(h.showTxn(o.reader(i)) + " " + key + " " + c);
    }
    return out;
  }
}
