package io.isoverify.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A serial order replays predicate reads (vbox): each returns exactly the rows whose field
 * lies in its range in the state it sees, its own writes included; an order that makes a
 * predicate read miss a matching row, or return one that does not match, is rejected with
 * the row named.
 */
class PredicateReplayTest {
  // T1 inserts x (field 1 = 5); T2's predicate read of [0, 9] returns nothing; T3 moves x out
  // of the range; T4 writes y in the range, then reads the range with its own row in it
  private static final History H = HistoryDsl.parse("s1: [i x 1 {1=5}]\ns2: [p 1 0 9 0]\n"
      + "s3: [w x 2 {1=50}]\ns4: [w y 3 {1=7}; p 1 0 9 1; w y 3 {1=7}]");

  @Test
  void anOrderInWhichEveryPredicateReadReturnsItsRangeIsAccepted() {
    assertEquals(Check.ok(), SerialReplay.check(H, new int[] {1, 0, 2, 3}, false));
    assertEquals(Check.ok(), SerialReplay.check(H, new int[] {0, 2, 1, 3}, false));
  }

  @Test
  void aMissedMatchingRowIsNamed() {
    assertEquals("the predicate read of T2 (field 1 in [0, 9]) did not return key x, which in "
        + "the witness's order matches it",
        SerialReplay.check(H, new int[] {0, 1, 2, 3}, false).problem());
  }

  @Test
  void aReturnedRowThatDoesNotMatchIsNamed() {
    // T2 sets field 2 only: x keeps field 1 = 50 from T1, out of T3's range
    History h = HistoryDsl.parse("s1: [i x 1 {1=50}]\ns2: [w x 2 {2=3}]\ns3: [p 1 0 9 1; r x 2]");
    assertEquals("the predicate read of T3 (field 1 in [0, 9]) returned key x, which in the "
        + "witness's order does not match it",
        SerialReplay.check(h, new int[] {0, 1, 2}, false).problem());
  }

  /**
   * 3,000 random histories of 4 rows and two fields (updates, inserts, deletes, predicate
   * reads returning the rows a plain replay finds, or those with one row added or left out),
   * replayed with random start points, in one part or several: the replay's answer is the
   * plain one's, a map of fields per row looked at in full for every read, and names the
   * same key.
   */
  @Test
  void agreesWithAPlainReplayOnRandomHistories() {
    SplittableRandom random = new SplittableRandom(20261128);
    int problems = 0;
    for (int run = 0; run < 3000; run++) {
      int txns = 2 + random.nextInt(6);
      List<List<long[]>> plan = new ArrayList<>();
      for (int t = 0; t < txns; t++) {
        List<long[]> ops = new ArrayList<>();
        for (int k = 1 + random.nextInt(4); k > 0; k--) {
          // {kind 0 write, 1 insert, 2 delete, 3 predicate read; key; f1 (-1: unset); f2; field; low; high}
          int kind = random.nextInt(4);
          long lo = random.nextInt(10);
          ops.add(new long[] {kind, random.nextInt(4), random.nextInt(3) == 0 ? -1 : random.nextInt(10),
              random.nextInt(3) == 0 ? -1 : random.nextInt(10), 1 + random.nextInt(2), lo,
              lo + random.nextInt(5)});
        }
        plan.add(ops);
      }
      int[] seen = new int[txns];
      int[] order = new int[txns];
      for (int i = 0; i < txns; i++) {
        order[i] = i;
        seen[i] = random.nextInt(3) == 0 ? random.nextInt(i + 1) : i;
      }
      // the returned rows: what a plain replay matches in the given order, sometimes perturbed
      List<TreeSet<Integer>> returned = new ArrayList<>();
      plainReplay(plan, seen, null, returned, null);
      // one key changed, sometimes more (several wrong rows: the smallest is named)
      for (TreeSet<Integer> r : returned) {
        for (int n = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : 0; n > 0; n--) {
          int y = random.nextInt(5); // key 4 is written by no one
          if (!r.remove(y)) {
            r.add(y);
          }
        }
      }
      History h = HistoryDsl.parse(text(plan, returned));
      // the replay names the smallest key by code: keys by first appearance
      List<Integer> byCode = new ArrayList<>();
      for (int c = 0; c < h.keys().size(); c++) {
        byCode.add(Integer.parseInt(h.keys().decode(c).toString().substring(1)));
      }
      String expected = plainReplay(plan, seen, returned, null, byCode);
      // in 1 to 3 parts: a part applies the writes before its first start point itself
      String actual = PredicateReplay.problem(h, order, seen, 1 + random.nextInt(3));
      String named = actual == null ? null : actual.replaceAll(".* key (x\\d).*", "$1");
      assertEquals(expected, named, "run " + run + ", start points " + Arrays.toString(seen)
          + ":\n" + text(plan, returned) + actual);
      problems += expected == null ? 0 : 1;
    }
    assertTrue(problems > 300 && problems < 2700, problems + " histories with a problem");
  }

  /**
   * Replays the plan in order, transaction i over the first seen[i] then its own writes: with
   * {@code returned} null, adds each predicate read's matching rows to {@code out}; else
   * returns the key the replay names ("x3"): the first of {@code byCode} matching but not
   * returned, or returned, written and not matching, else the first returned row no one writes.
   */
  private static String plainReplay(List<List<long[]>> plan, int[] seen, List<TreeSet<Integer>> returned,
      List<TreeSet<Integer>> out, List<Integer> byCode) {
    TreeSet<Integer> written = new TreeSet<>();
    for (List<long[]> ops : plan) {
      for (long[] op : ops) {
        if (op[0] != 3) {
          written.add((int) op[1]);
        }
      }
    }
    // the predicate reads in plan order, looked at by start point as the replay sweeps
    List<Integer> firstRead = new ArrayList<>();
    int reads = 0;
    for (List<long[]> ops : plan) {
      firstRead.add(reads);
      reads += (int) ops.stream().filter(op -> op[0] == 3).count();
    }
    List<Integer> sweep = new ArrayList<>();
    for (int t = 0; t < plan.size(); t++) {
      sweep.add(t);
    }
    sweep.sort(java.util.Comparator.comparingInt(t -> seen[t]));
    for (int t : sweep) {
      int read = firstRead.get(t);
      Map<Integer, Map<Long, Long>> rows = new HashMap<>();
      for (int u = 0; u < seen[t]; u++) {
        for (long[] op : plan.get(u)) {
          apply(rows, op);
        }
      }
      for (long[] op : plan.get(t)) {
        if (op[0] != 3) {
          apply(rows, op);
          continue;
        }
        TreeSet<Integer> matching = new TreeSet<>();
        for (Map.Entry<Integer, Map<Long, Long>> e : rows.entrySet()) {
          Long v = e.getValue().get(op[4]);
          if (v != null && v >= op[5] && v <= op[6]) {
            matching.add(e.getKey());
          }
        }
        if (returned == null) {
          while (out.size() <= read) {
            out.add(null);
          }
          out.set(read++, matching);
          continue;
        }
        TreeSet<Integer> got = returned.get(read++);
        Integer first = null;
        Integer unwritten = null;
        for (int y : byCode) {
          boolean m = matching.contains(y);
          boolean r = got.contains(y);
          if (m != r && (m || written.contains(y))) {
            first = first == null ? y : first;
          } else if (r && !m && unwritten == null) {
            unwritten = y;
          }
        }
        first = first == null ? unwritten : first;
        if (first != null) {
          return "x" + first;
        }
      }
    }
    return null;
  }

  private static void apply(Map<Integer, Map<Long, Long>> rows, long[] op) {
    int y = (int) op[1];
    if (op[0] == 3) {
      return;
    }
    if (op[0] == 2) {
      rows.remove(y);
      return;
    }
    Map<Long, Long> row = op[0] == 1 || !rows.containsKey(y) ? new HashMap<>() : rows.get(y);
    for (int f = 1; f <= 2; f++) {
      if (op[1 + f] >= 0) {
        row.put((long) f, op[1 + f]);
      }
    }
    rows.put(y, row);
  }

  /** The plan as the test DSL, a session per transaction, written values unique. */
  private static String text(List<List<long[]>> plan, List<TreeSet<Integer>> returned) {
    StringBuilder s = new StringBuilder();
    int value = 1;
    int read = 0;
    for (int t = 0; t < plan.size(); t++) {
      s.append("s").append(t).append(": [");
      String sep = "";
      for (long[] op : plan.get(t)) {
        s.append(sep);
        sep = "; ";
        if (op[0] == 3) {
          TreeSet<Integer> r = returned.get(read++);
          s.append("p ").append(op[4]).append(' ').append(op[5]).append(' ').append(op[6])
              .append(' ').append(r.size());
          for (int y : r) {
            s.append("; r x").append(y).append(" init");
          }
          continue;
        }
        s.append("wid".charAt((int) op[0])).append(" x").append(op[1]).append(' ').append(value++);
        if (op[0] != 2 && (op[2] >= 0 || op[3] >= 0)) {
          s.append(" {").append(op[2] >= 0 ? "1=" + op[2] : "")
              .append(op[2] >= 0 && op[3] >= 0 ? " " : "").append(op[3] >= 0 ? "2=" + op[3] : "")
              .append('}');
        }
      }
      s.append("]\n");
    }
    return s.toString();
  }
}
