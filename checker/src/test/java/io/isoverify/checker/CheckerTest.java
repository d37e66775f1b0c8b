package io.isoverify.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The independent checker accepts right answers and names what is wrong with bad ones. */
class CheckerTest {
  // indices: 0 = T1 writes x, 1 = T2 reads y (after T1 in s1), 2 = T3 reads x, writes y
  private static final History CHAIN = HistoryDsl.parse(
      "s1: [w x 1] [r y 2]\ns2: [r x 1; w y 2]");

  @Test
  void serialReplay() {
    assertEquals(Check.ok(), SerialReplay.check(CHAIN, new int[] {0, 2, 1}, false));
    assertEquals("T3 read x = 1 but in the witness order it sees init",
        SerialReplay.check(CHAIN, new int[] {2, 0, 1}, false).problem());
    assertEquals("the witness leaves out the committed T2",
        SerialReplay.check(CHAIN, new int[] {0, 2}, false).problem());
    assertEquals("the witness puts T2 before T1, which session s1 ran first",
        SerialReplay.check(CHAIN, new int[] {2, 1, 0}, false).problem());
  }

  @Test
  void realTimeOrder() {
    History h = HistoryDsl.parse("s1: [w x 1]@0-1\ns2: [r x init]@2-3");
    assertEquals(Check.ok(), SerialReplay.check(h, new int[] {1, 0}, false));
    assertEquals("the witness puts T1 (ended at 1) after T2 (started at 2)",
        SerialReplay.check(h, new int[] {1, 0}, true).problem());
  }

  @Test
  void snapshotReplay() {
    History skew = HistoryDsl.parse("s1: [r x init; r y init; w x 1]\ns2: [r x init; r y init; w y 1]");
    assertEquals(Check.ok(), SnapshotReplay.check(skew, new int[] {0, 1}, new int[] {0, 0}));
    assertEquals("T2 read x = init but its snapshot in the witness holds 1 written by T1",
        SnapshotReplay.check(skew, new int[] {0, 1}, new int[] {0, 1}).problem());
    History lost = HistoryDsl.parse("s1: [r x init; w x 1]\ns2: [r x init; w x 2]");
    assertEquals("T2 and T1 both write x and run concurrently in the witness",
        SnapshotReplay.check(lost, new int[] {0, 1}, new int[] {0, 0}).problem());
    History session = HistoryDsl.parse("s1: [w x 1] [r x init]");
    assertEquals("T2 starts before T1, its predecessor in session s1, commits",
        SnapshotReplay.check(session, new int[] {0, 1}, new int[] {0, 0}).problem());
  }

  @Test
  void cycles() {
    History h = HistoryDsl.parse("s1: [w x 1; w y 1]\ns2: [r x init; r y 1]");
    Edge wr = new Edge(0, 1, EdgeType.WR, key(h, "y"), value(h, 1));
    Edge rw = new Edge(1, 0, EdgeType.RW, key(h, "x"), History.INITIAL);
    assertEquals(Check.ok(), CycleCheck.check(h, Level.SER, List.of(wr, rw)));
    assertEquals(Check.ok(), CycleCheck.check(h, Level.SI, List.of(rw, wr)));
    Edge wrongValue = new Edge(0, 1, EdgeType.WR, key(h, "x"), value(h, 1));
    assertEquals("T1 -WR-> T2 on x = 1 is not supported by the history",
        CycleCheck.check(h, Level.SER, List.of(wrongValue, rw)).problem());
    assertEquals("edges " + wr + " and " + wr + " do not meet: not a cycle",
        CycleCheck.check(h, Level.SER, List.of(wr, wr)).problem());
  }

  @Test
  void antiDependenciesAloneAreNoSiCycle() {
    History skew = HistoryDsl.parse("s1: [r x init; r y init; w x 1]\ns2: [r x init; r y init; w y 1]");
    List<Edge> cycle = List.of(new Edge(0, 1, EdgeType.RW, key(skew, "y"), History.INITIAL),
        new Edge(1, 0, EdgeType.RW, key(skew, "x"), History.INITIAL));
    assertEquals(Check.ok(), CycleCheck.check(skew, Level.SER, cycle));
    assertEquals("two consecutive anti-dependencies " + cycle.get(0) + ", " + cycle.get(1)
        + " are allowed under SI", CycleCheck.check(skew, Level.SI, cycle).problem());
  }

  @Test
  void conflicts() {
    // T1 and T2 both read x = init and write x: either write order closes a cycle (lost update)
    History lost = HistoryDsl.parse("s1: [r x init; w x 1]\ns2: [r x init; w x 2]");
    int x = key(lost, "x");
    List<Edge> first = List.of(new Edge(0, 1, EdgeType.WW, x, value(lost, 1)),
        new Edge(1, 0, EdgeType.RW, x, History.INITIAL));
    List<Edge> second = List.of(new Edge(1, 0, EdgeType.WW, x, value(lost, 2)),
        new Edge(0, 1, EdgeType.RW, x, History.INITIAL));
    ConflictEvidence both = new ConflictEvidence(List.of(), List.of(first), List.of(second));
    assertEquals(Check.ok(), ConflictCheck.check(lost, Level.SI, both));
    ConflictEvidence oneSideOnly = new ConflictEvidence(List.of(), List.of(first),
        List.of(List.of(new Edge(1, 0, EdgeType.WW, x, value(lost, 2)))));
    assertEquals("choosing side 1 of the conflict's constraints leaves no cycle",
        ConflictCheck.check(lost, Level.SI, oneSideOnly).problem());
  }

  /** veristrong's Figure 2b: T3 read x = 1, which T1 and T2 wrote (indices 0, 1, 2). */
  private static final History FIGURE_2B = HistoryDsl.parse(
      "s1: [r y 1; w x 1]\ns2: [w y 1; w x 1]\ns3: [r y init; r x 1]");

  /** A read's conflict is re-checked with each of its candidate writers, edges derived here. */
  @Test
  void conflictsOverAReadsWriters() {
    History h = FIGURE_2B;
    int x = key(h, "x");
    int y = key(h, "y");
    int read = h.firstOp(2) + 1;
    WrConstraint t3 = new WrConstraint(2, read, x, value(h, 1), new int[] {0, 1}, 0);
    List<Edge> known = List.of(new Edge(1, 0, EdgeType.WR, y, value(h, 1)),
        new Edge(2, 1, EdgeType.RW, y, History.INITIAL));
    assertEquals(Check.ok(), ConflictCheck.check(h, Level.SER,
        new ConflictEvidence(known, List.of(), List.of(), List.of(t3))));
    assertEquals("choosing T3 reading x from T1 leaves no cycle", ConflictCheck.check(h, Level.SER, new ConflictEvidence(known.subList(0, 1),
            List.of(), List.of(), List.of(t3))).problem());
    WrConstraint notAWriter = new WrConstraint(2, read, x, value(h, 1), new int[] {0, 2}, 0);
    assertEquals("T3 is no candidate writer of the x = 1 that T3 read", ConflictCheck.check(h,
        Level.SER, new ConflictEvidence(known, List.of(), List.of(), List.of(notAWriter))).problem());
  }

  /** A witness states the writer of every read whose value two transactions installed. */
  @Test
  void witnessesStateTheWriterOfEachReadOfARepeatedValue() {
    History h = HistoryDsl.parse("s1: [w x 1]\ns2: [w x 1] [r x 1]");
    int x = key(h, "x");
    assertEquals(Check.ok(), SerialReplay.check(h, new int[] {1, 0, 2}, false, new int[] {2},
        new int[] {x}, new int[] {0}));
    assertEquals("the witness says T3 read x from T2, but in its order it sees the version of T1",
        SerialReplay.check(h, new int[] {1, 0, 2}, false, new int[] {2}, new int[] {x},
            new int[] {1}).problem());
    assertEquals("the witness does not say which of the transactions that wrote x = 1 T3 read",
        SerialReplay.check(h, new int[] {1, 0, 2}, false).problem());
    assertEquals(Check.ok(), SnapshotReplay.check(h, new int[] {0, 1, 2}, new int[] {0, 1, 2},
        new int[] {2}, new int[] {x}, new int[] {1}));
    assertEquals("the witness says T3 read x from T1, but in its order it sees the version of T2",
        SnapshotReplay.check(h, new int[] {0, 1, 2}, new int[] {0, 1, 2}, new int[] {2},
            new int[] {x}, new int[] {0}).problem());
  }

  /**
   * A value three transactions installed on x, and another on y: the read of x must be
   * stated, the read of y (its value installed once) need not; a writer stated twice for one
   * read counts as its last statement.
   */
  @Test
  void statedWritersCountInstallersPerKeyAndTakeTheLastStatement() {
    History h = HistoryDsl.parse("s1: [w x 1; w y 1]\ns2: [w x 1]\ns3: [w x 1]\n"
        + "s4: [r x 1; r y 1]");
    int x = key(h, "x");
    int[] order = {0, 1, 2, 3};
    assertEquals("the witness does not say which of the transactions that wrote x = 1 T4 read",
        SerialReplay.check(h, order, false).problem());
    assertEquals(Check.ok(), SerialReplay.check(h, order, false, new int[] {3}, new int[] {x},
        new int[] {2}));
    assertEquals(Check.ok(), SerialReplay.check(h, order, false, new int[] {3, 3},
        new int[] {x, x}, new int[] {0, 2}));
    assertEquals("the witness says T4 read x from T1, but in its order it sees the version of T3",
        SerialReplay.check(h, order, false, new int[] {3, 3}, new int[] {x, x},
            new int[] {2, 0}).problem());
  }

  /** A cycle that assumes a read's writer: the writer must be a candidate, the RW edges fit. */
  @Test
  void cyclesAssumingAReadsWriter() {
    History h = FIGURE_2B;
    int x = key(h, "x");
    int y = key(h, "y");
    List<Edge> cycle = List.of(new Edge(0, 2, EdgeType.WR, x, value(h, 1)),
        new Edge(2, 1, EdgeType.RW, y, History.INITIAL), new Edge(1, 0, EdgeType.WR, y, value(h, 1)));
    WrConstraint t3 = new WrConstraint(2, h.firstOp(2) + 1, x, value(h, 1), new int[] {0, 1}, 0);
    assertEquals(Check.ok(), CycleCheck.check(h, Level.SER, cycle, List.of(t3)));
    WrConstraint stranger = new WrConstraint(2, h.firstOp(2) + 1, x, value(h, 1), new int[] {0, 1}, 2);
    assertEquals("the certificate assumes T3 read x = 1 from T3, which is not one of its candidate"
        + " writers", CycleCheck.check(h, Level.SER, cycle, List.of(stranger)).problem());
    // with T2 as its writer, T3 -RW(x)-> T2 would have T2 overwrite its own version
    List<Edge> own = List.of(new Edge(2, 1, EdgeType.RW, x, value(h, 1)),
        new Edge(1, 2, EdgeType.WR, x, value(h, 1)));
    WrConstraint fromT2 = new WrConstraint(2, h.firstOp(2) + 1, x, value(h, 1), new int[] {0, 1}, 1);
    assertEquals("T2 cannot overwrite the version T3 read of x: the certificate assumes it wrote"
        + " that version", CycleCheck.check(h, Level.SER, own, List.of(fromT2)).problem());
  }

  private static int key(History h, String name) {
    for (int k = 0; k < h.keys().size(); k++) {
      if (h.showKey(k).equals(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException(name);
  }

  private static int value(History h, long v) {
    return h.values().find(v);
  }
}
