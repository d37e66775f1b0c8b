package io.isoverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.Fences;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.ParquetHistorySink;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stale read of a held writer whose overwriter was collected. Keys x=1, y=2, z=3; sessions
 * A=1, B=2. Round one: A: T1 w(x,1) w(y,1) w(z,1), F0, F2, F4, F6; B: T2 r(z,1) w(x,2),
 * T3 w(x,3), F1, F3, F5, F7 (fences chained F0 -> ... -> F7, epochAgree 6; T1, T2, T3 old,
 * in epochs -1 and 0, so no fence orders T1 before T3). T1 stays (the only writer of y), T3
 * stays (the last writer of x); T2 is frozen and overwritten by T3. Round two: A: T9 r(x,1),
 * which reads T1's x although T2 overwrote it and T2 precedes T9 (through the fences): the
 * whole history is VIOLATED, and so must the audit be, although T1 -> T2 -> T3 ran through
 * T2 only.
 *
 * <p>The audit once said HOLDS here: the held history is re-derived from the held
 * transactions, so the order T1 -> T3 that ran through the collected T2 was lost, and T9's
 * read was then decided by the constraint between T1 and T3 (T3 -> T1). T2 is collected, and
 * the order is carried as an order marker that T1 writes and T3 reads (OrderCarry).
 */
class HeldOrderTest {
  @TempDir
  Path tmp;

  @Test
  void aStaleReadOfAHeldWriterWhoseOverwriterWasCollectedIsFound() throws Exception {
    Path repo = tmp.resolve("repo");
    Audit.Outcome first = Audit.run(request(repo, roundOne()));
    assertEquals(0, first.exitCode(), first.lines().toString());
    // T2 and the old fences F0-F3 are collected; T1 -> T2 -> T3 and the fence chain are
    // carried as order markers (T1 -> T3 among them)
    assertTrue(first.lines().toString().contains("held 6, collected 5 this run (collected by "
        + "epochs (epochAgree 6); 3 orders between held transactions that ran through collected "
        + "ones carried as order markers)"), first.lines().toString());
    assertEquals(Verdict.VIOLATED, whole());
    Audit.Outcome second = Audit.run(request(repo, roundTwo()));
    assertEquals(1, second.exitCode(), first.lines() + " " + second.lines());
  }

  private static Audit.Request request(Path repo, Path partition) {
    return CounterExampleTest.request(repo, partition);
  }

  private Verdict whole() throws Exception {
    return CounterExampleTest.wholeSer(roundOne(), roundTwo());
  }

  private Path roundOne() throws Exception {
    Path p = tmp.resolve("one.parquet");
    long f = Fences.KEY;
    try (ParquetHistorySink s = new ParquetHistorySink(p)) {
      txn(s, 1, 1, 0, new long[][] {{'w', 1, 1}, {'w', 2, 1}, {'w', 3, 1}});
      txn(s, 2, 2, 0, new long[][] {{'r', 3, 1}, {'w', 1, 2}});
      txn(s, 2, 3, 1, new long[][] {{'w', 1, 3}});
      for (int i = 0; i <= 7; i++) {
        long session = i % 2 == 0 ? 1 : 2;
        int position = i % 2 == 0 ? 1 + i / 2 : 2 + i / 2;
        txn(s, session, 100 + i, position,
            i == 0 ? new long[][] {{'r', f, -1}, {'w', f, 1000}}
                : new long[][] {{'r', f, 999 + i}, {'w', f, 1000 + i}});
      }
    }
    return p;
  }

  private Path roundTwo() throws Exception {
    Path p = tmp.resolve("two.parquet");
    try (ParquetHistorySink s = new ParquetHistorySink(p)) {
      txn(s, 1, 9, 5, new long[][] {{'r', 1, 1}});
    }
    return p;
  }

  private static void txn(ParquetHistorySink s, long session, long id, int position,
      long[][] ops) throws Exception {
    CounterExampleTest.txn(s, session, id, position, ops);
  }
}
