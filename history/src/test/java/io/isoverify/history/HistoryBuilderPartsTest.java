package io.isoverify.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link HistoryBuilder#build()} copies operations into transaction order in parts on
 * parallel threads: every part count gives the same History as one part, and on invalid
 * rows the same first problem. Random histories with fixed seeds: rows in shuffled session
 * interleavings, transactions split into runs that arrive apart, operations out of position
 * order within a run, transaction ids rising along each session or not, read lists on some
 * reads, predicates on some reads and row fields on some writes (each found after the build at
 * its row's transaction and position); invalid ones with a gap or a repeat in
 * operation positions, two transactions at one session position, or timestamps going back.
 */
class HistoryBuilderPartsTest {
  private static final int[] PARTS = {2, 3, 7};

  /** One operation row, as a reader hands it to the builder. */
  private record Row(int session, long txn, int txnPos, int opPos, OpKind kind, int key,
      int value, int[] list, long start, long end, PredicateRead predicate,
      WrittenFields fields) {
    Row(int session, long txn, int txnPos, int opPos, OpKind kind, int key, int value,
        int[] list, long start, long end) {
      this(session, txn, txnPos, opPos, kind, key, value, list, start, end, null, null);
    }
  }

  @Test
  void everyPartCountBuildsTheSameHistory() throws Exception {
    for (int seed = 0; seed < 300; seed++) {
      List<Row> rows = rows(new Random(seed));
      History one = build(rows, 1);
      attachmentsAtTheirRows(one, rows, "seed " + seed);
      for (int t = 1; t < one.txnCount(); t++) {
        if (one.session(t) == one.session(t - 1)) {
          assertEquals(true, one.positionInSession(t - 1) < one.positionInSession(t),
              "seed " + seed + ": transactions in session order");
        }
      }
      for (int parts : PARTS) {
        assertSame(one, build(rows, parts), "seed " + seed + ", " + parts + " parts");
      }
    }
  }

  @Test
  void everyPartCountFindsTheSameFirstProblem() throws Exception {
    int invalid = 0;
    for (int seed = 0; seed < 600; seed++) {
      Random rnd = new Random(seed);
      List<Row> rows = rows(rnd);
      int problems = 1 + rnd.nextInt(3);
      for (int i = 0; i < problems; i++) {
        int r = rnd.nextInt(rows.size());
        Row x = rows.get(r);
        switch (rnd.nextInt(3)) {
          case 0 -> rows.set(r, new Row(x.session, x.txn, x.txnPos, x.opPos + 1 + rnd.nextInt(2),
              x.kind, x.key, x.value, x.list, x.start, x.end)); // a gap or a repeat
          case 1 -> withTxnPos(rows, x.txn, Math.max(0, x.txnPos - 1)); // a session position twice
          default -> withTimes(rows, x.txn, 5, 4); // ends before it starts, or time goes back
        }
      }
      String expected = problem(rows, 1);
      if (expected == null) {
        continue;
      }
      invalid++;
      for (int parts : PARTS) {
        assertEquals(expected, problem(rows, parts), "seed " + seed + ", " + parts + " parts");
      }
    }
    assertEquals(true, invalid > 500, "most mutated histories are invalid: " + invalid);
  }

  /** Transaction txn moved to another session position, on every row of it. */
  private static void withTxnPos(List<Row> rows, long txn, int txnPos) {
    for (int i = 0; i < rows.size(); i++) {
      Row x = rows.get(i);
      if (x.txn == txn) {
        rows.set(i, new Row(x.session, x.txn, txnPos, x.opPos, x.kind, x.key, x.value, x.list,
            x.start, x.end));
      }
    }
  }

  /** Transaction txn given other timestamps, on every row of it. */
  private static void withTimes(List<Row> rows, long txn, long start, long end) {
    for (int i = 0; i < rows.size(); i++) {
      Row x = rows.get(i);
      if (x.txn == txn) {
        rows.set(i, new Row(x.session, x.txn, x.txnPos, x.opPos, x.kind, x.key, x.value, x.list,
            start, end));
      }
    }
  }

  private static List<Row> rows(Random rnd) {
    int sessions = 1 + rnd.nextInt(4);
    boolean timed = rnd.nextBoolean();
    boolean idsInSessionOrder = rnd.nextBoolean();
    List<List<Row>> runs = new ArrayList<>();
    List<Long> ids = new ArrayList<>();
    for (long id = 100; id < 200; id++) {
      ids.add(id);
    }
    Collections.shuffle(ids, rnd);
    int made = 0;
    long txn = idsInSessionOrder ? 100 : ids.get(0);
    for (int s = 0; s < sessions; s++) {
      int txns = 1 + rnd.nextInt(12);
      long clock = 0;
      for (int p = 0; p < txns; p++) {
        long start = timed ? clock + rnd.nextInt(3) : History.NO_TIME;
        long end = timed ? start + rnd.nextInt(3) : History.NO_TIME;
        clock = timed ? end : 0;
        List<Row> ops = new ArrayList<>();
        int n = 1 + rnd.nextInt(4);
        for (int o = 0; o < n; o++) {
          int kind = rnd.nextInt(3);
          int key = rnd.nextInt(3);
          int[] list = kind == 2 ? new int[] {rnd.nextInt(5), rnd.nextInt(5)} : null;
          PredicateRead predicate = kind == 0 && rnd.nextInt(3) == 0
              ? new PredicateRead(1 + rnd.nextInt(2), rnd.nextInt(5), 5 + rnd.nextInt(5),
                  rnd.nextInt(3)) : null;
          WrittenFields fields = kind == 1 && rnd.nextBoolean()
              ? new WrittenFields(new long[] {1, 2 + rnd.nextInt(2)},
                  new long[] {rnd.nextInt(50), rnd.nextInt(50)}) : null;
          ops.add(new Row(s, txn, p, o, kind == 1 ? OpKind.WRITE : OpKind.READ, key,
              kind == 1 ? rnd.nextInt(9) : list != null ? list[1] : rnd.nextInt(9), list,
              start, end, predicate, fields));
        }
        Collections.shuffle(ops, rnd);
        int cut = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(n) : n;
        runs.add(new ArrayList<>(ops.subList(0, cut)));
        if (cut < n) {
          runs.add(new ArrayList<>(ops.subList(cut, n)));
        }
        txn = idsInSessionOrder ? txn + 1 + rnd.nextInt(3) : ids.get(++made);
      }
    }
    Collections.shuffle(runs, rnd);
    List<Row> rows = new ArrayList<>();
    runs.forEach(rows::addAll);
    return rows;
  }

  private static HistoryBuilder builder(List<Row> rows, int parts) throws InvalidHistoryException {
    HistoryBuilder b = new HistoryBuilder("random");
    b.copyInParts(parts);
    for (int i = 0; i < rows.size(); i++) {
      Row x = rows.get(i);
      b.add(i + 1, b.sessions().encode("s" + x.session), x.txn, x.txnPos, x.opPos, x.kind,
          b.keys().encode("k" + x.key), b.values().encode("v" + x.value), Outcome.COMMITTED,
          x.start, x.end);
      if (x.list != null) {
        int[] codes = new int[x.list.length];
        for (int j = 0; j < codes.length; j++) {
          codes[j] = b.values().encode("v" + x.list[j]);
        }
        b.attachReadList(codes);
      }
      if (x.predicate != null) {
        b.attachPredicate(x.predicate);
      }
      if (x.fields != null) {
        b.attachFields(x.fields);
      }
    }
    return b;
  }

  /** Every row's predicate and fields at its operation of h, and no other operation's. */
  private static void attachmentsAtTheirRows(History h, List<Row> rows, String where) {
    java.util.Map<Long, Integer> txnOf = new java.util.HashMap<>();
    for (int t = 0; t < h.txnCount(); t++) {
      txnOf.put(h.txnId(t), t);
    }
    int predicates = 0;
    int fields = 0;
    for (Row x : rows) {
      int o = h.firstOp(txnOf.get(x.txn)) + x.opPos;
      assertEquals(x.predicate, h.predicate(o), where + ", row of operation " + o);
      assertEquals(x.fields, h.writtenFields(o), where + ", row of operation " + o);
      predicates += x.predicate != null ? 1 : 0;
      fields += x.fields != null ? 1 : 0;
    }
    assertEquals(predicates, h.predicates().size(), where);
    assertEquals(fields, h.writtenFields().size(), where);
  }

  private static History build(List<Row> rows, int parts) throws InvalidHistoryException {
    return builder(rows, parts).build();
  }

  private static String problem(List<Row> rows, int parts) {
    try {
      builder(rows, parts).build();
      return null;
    } catch (InvalidHistoryException e) {
      assertNotNull(e.getMessage());
      return e.getMessage();
    }
  }

  private static void assertSame(History a, History b, String where) {
    assertEquals(a.txnCount(), b.txnCount(), where);
    assertEquals(a.opCount(), b.opCount(), where);
    if (a.txnCount() == 0) {
      fail(where + ": empty history");
    }
    for (int t = 0; t < a.txnCount(); t++) {
      String at = where + ", transaction " + t;
      assertEquals(a.txnId(t), b.txnId(t), at);
      assertEquals(a.session(t), b.session(t), at);
      assertEquals(a.positionInSession(t), b.positionInSession(t), at);
      assertEquals(a.outcome(t), b.outcome(t), at);
      assertEquals(a.startTs(t), b.startTs(t), at);
      assertEquals(a.endTs(t), b.endTs(t), at);
      assertEquals(a.firstOp(t), b.firstOp(t), at);
      assertEquals(a.endOp(t), b.endOp(t), at);
    }
    for (int s = 0; s < a.sessionCount(); s++) {
      assertEquals(a.firstTxnOfSession(s), b.firstTxnOfSession(s), where);
    }
    for (int o = 0; o < a.opCount(); o++) {
      String at = where + ", operation " + o;
      assertEquals(a.opKind(o), b.opKind(o), at);
      assertEquals(a.opKey(o), b.opKey(o), at);
      assertEquals(a.opValue(o), b.opValue(o), at);
      assertArrayEquals(a.readList(o), b.readList(o), at);
      assertEquals(a.predicate(o), b.predicate(o), at);
      assertEquals(a.writtenFields(o), b.writtenFields(o), at);
    }
  }
}
