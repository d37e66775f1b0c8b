package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The sweep of {@link RealTimeVersions} against the definitions it implements, on random
 * timed histories (fixed seeds): a reader R may have seen a committed timed definer w iff
 * start(w) &lt;= end(R) and no committed timed definer u has end(w) &lt; start(u) and end(u)
 * &lt; start(R); other definers always; the initial state iff no committed timed definer
 * ended before start(R). Ties, overlapping and untimed transactions, deletes and writes that
 * leave the field to the version before are all drawn. A key's one live definer answered from
 * its slot ({@link RealTimeVersions#sole}) is checked the same way, with the walk that would
 * refresh the slot left out at random. A range query gives exactly the keys with such a
 * definer in the range (one whose definer lies in the reader's future is not given). A third
 * of the seeds ask a fresh sweep ({@link RealTimeVersions#freshSweep}) of time lines whose
 * first sweep went to the end.
 */
class RealTimeVersionsTest {
  private static final int SEEDS = 300;

  @Test
  void liveVersionsAndRangesAreThoseRealTimeAllows() {
    long queries = 0;
    long live = 0;
    long soles = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      History h = HistoryDsl.parse(randomHistory(new Random(seed), seed % 2 == 0));
      VersionTable v = new VersionTable(h);
      RealTimeVersions rt = new RealTimeVersions(h, v);
      if (seed % 3 == 1) {
        // a sweep of its own over time lines another sweep has gone through to the end
        sweepToTheEnd(h, v, rt);
        rt = rt.freshSweep();
      }
      Random r = new Random(~seed);
      for (int t : RealTimeVersions.readersByStart(h)) {
        for (int f = 0; f < v.fieldCount(); f++) {
          for (int y = 0; y < h.keys().size(); y++) {
            List<Integer> expected = expectedLive(h, v, f, y, t);
            int sole = rt.sole(f, y, t);
            if (sole >= 0) {
              // as the observations use it: the slot alone, the walk left for a later reader
              assertEquals(List.of(sole), expected, "seed " + seed + " reader " + h.showTxn(t));
              assertEquals(v.txn(sole), rt.soleTxn(f, y));
              long low = r.nextInt(12);
              long high = low + r.nextInt(6);
              assertEquals(v.matches(f, sole, low, high) == 1, rt.soleMatches(f, y, low, high));
              soles++;
            }
            if (sole < 0 || r.nextBoolean()) {
              IntList out = new IntList();
              rt.liveDefiners(f, y, t, out);
              out.sortDistinct();
              assertEquals(expected, list(out), "seed " + seed + " reader " + h.showTxn(t));
            }
            assertEquals(initialLive(h, v, f, y, t), rt.initialLive(f, y, t), "seed " + seed);
            queries++;
            live += expected.size();
          }
          long low = r.nextInt(12);
          long high = low + r.nextInt(6);
          IntList keys = new IntList();
          rt.keysInRange(f, low, high, t, keys);
          keys.sortDistinct();
          TreeSet<Integer> found = new TreeSet<>(list(keys));
          for (int y = 0; y < h.keys().size(); y++) {
            boolean inRange = false;
            for (int at : expectedLive(h, v, f, y, t)) {
              inRange |= v.txn(at) != t && v.matches(f, at, low, high) == 1;
            }
            assertEquals(inRange, found.contains(y), "seed " + seed + " key " + h.showKey(y));
          }
        }
      }
    }
    assertTrue(queries > 20_000 && live > queries / 2 && soles > queries / 10,
        queries + " queries, " + live + " live, " + soles + " answered by a key's slot");
  }

  /** Asks {@code rt} about every key and a range of every field for every reader, by start. */
  private static void sweepToTheEnd(History h, VersionTable v, RealTimeVersions rt) {
    for (int t : RealTimeVersions.readersByStart(h)) {
      for (int f = 0; f < v.fieldCount(); f++) {
        for (int y = 0; y < h.keys().size(); y++) {
          rt.liveDefiners(f, y, t, new IntList());
        }
        rt.keysInRange(f, 0, 20, t, new IntList());
      }
    }
  }

  @Test
  void readersOutOfStartOrderAreRefused() {
    History h = HistoryDsl.parse("s1: [w x 1 {1=1}]@1-2 [p 1 0 9 0]@5-6\ns2: [p 1 0 9 0]@3-4");
    VersionTable v = new VersionTable(h);
    RealTimeVersions rt = new RealTimeVersions(h, v);
    assertEquals(List.of(0, 2, 1), java.util.Arrays.stream(RealTimeVersions.readersByStart(h)).boxed().toList());
    IntList out = new IntList();
    rt.liveDefiners(0, 0, 1, out);
    assertThrows(IllegalStateException.class, () -> rt.initialLive(0, 0, 2));
  }

  private static List<Integer> expectedLive(History h, VersionTable v, int f, int y, int t) {
    List<Integer> out = new ArrayList<>();
    for (int w = v.first(y); w < v.end(y); w++) {
      if (!v.defines(f, w)) {
        continue;
      }
      int tw = v.txn(w);
      if (!timed(h, tw)) {
        out.add(w);
        continue;
      }
      boolean shadowed = false;
      for (int u = v.first(y); u < v.end(y); u++) {
        int tu = v.txn(u);
        shadowed |= v.defines(f, u) && timed(h, tu) && h.endTs(tw) < h.startTs(tu)
            && h.endTs(tu) < h.startTs(t);
      }
      if (!shadowed && h.startTs(tw) <= h.endTs(t)) {
        out.add(w);
      }
    }
    return out;
  }

  private static boolean initialLive(History h, VersionTable v, int f, int y, int t) {
    for (int u = v.first(y); u < v.end(y); u++) {
      if (v.defines(f, u) && timed(h, v.txn(u)) && h.endTs(v.txn(u)) < h.startTs(t)) {
        return false;
      }
    }
    return true;
  }

  private static boolean timed(History h, int t) {
    return h.isCommitted(t) && h.startTs(t) != History.NO_TIME;
  }

  private static List<Integer> list(IntList l) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < l.size(); i++) {
      out.add(l.get(i));
    }
    return out;
  }

  /**
   * 3-5 sessions of 3-8 transactions on keys x, y, z; times drawn small, so ties happen.
   * Clean: every transaction committed and timed, short and spread out, as a database's log
   * with client clocks gives (the case a key's slot answers most).
   */
  private static String randomHistory(Random r, boolean clean) {
    StringBuilder b = new StringBuilder();
    int value = 1;
    String[] keys = {"x", "y", "z"};
    int sessions = 3 + r.nextInt(3);
    for (int s = 0; s < sessions; s++) {
      b.append('s').append(s).append(':');
      long clock = r.nextInt(4);
      int txns = 3 + r.nextInt(6);
      for (int i = 0; i < txns; i++) {
        List<String> ops = new ArrayList<>();
        if (r.nextInt(3) == 0) {
          ops.add("p " + (1 + r.nextInt(2)) + " 0 20 0");
        }
        int writes = 1 + r.nextInt(2);
        for (int k = 0; k < writes; k++) {
          String key = keys[r.nextInt(keys.length)];
          int kind = r.nextInt(10);
          String op = kind == 0 ? "d " + key + " " + value
              : kind == 1 ? "i " + key + " " + value + " {1=" + r.nextInt(15) + "}"
              : kind < 4 ? "w " + key + " " + value + " {2=" + r.nextInt(15) + "}"
              : "w " + key + " " + value + " {1=" + r.nextInt(15) + " 2=" + r.nextInt(15) + "}";
          value++;
          ops.add(op);
        }
        b.append(" [").append(String.join("; ", ops)).append(']');
        int outcome = clean ? 2 : r.nextInt(12);
        b.append(outcome == 0 ? "!" : outcome == 1 ? "?" : "");
        long begin = clock + r.nextInt(3);
        long end = begin + r.nextInt(clean ? 2 : 6);
        clock = end + (clean ? 1 + r.nextInt(8) : r.nextInt(2));
        if (clean || r.nextInt(10) != 0) {
          b.append('@').append(begin).append('-').append(end);
        }
      }
      b.append('\n');
    }
    return b.toString();
  }
}
