package io.isoverify.history.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import org.junit.jupiter.api.Test;

/** The oracle on the textbook anomalies, each with the levels it breaks. */
class BruteForceOracleTest {
  private static void expect(String history, boolean ser, boolean si, boolean sser) {
    History h = HistoryDsl.parse(history);
    assertEquals(ser, BruteForceOracle.holds(h, Level.SER), "SER");
    assertEquals(si, BruteForceOracle.holds(h, Level.SI), "SI");
    assertEquals(sser, BruteForceOracle.holds(h, Level.SSER), "SSER");
  }

  @Test
  void serialHistoryHoldsEverywhere() {
    expect("""
        a: [w x 1; w y 1] [r x 2; w y 3]
        b: [r x 1; w x 2] [r y 3]
        """, true, true, true);
  }

  @Test
  void predicateReadsReturnExactlyTheMatchingRowsTheReaderSees() {
    // a phantom: the predicate read misses the row its transaction then reads
    expect("a: [p 1 0 9 0; r x 1]\nb: [i x 1 {1=5}]", false, false, false);
    expect("a: [p 1 0 9 1; r x 1; r x 1]\nb: [i x 1 {1=5}]", true, true, true);
    // predicate write skew: SI allows it
    expect("a: [p 1 1 1 0; i x 1 {1=1}]\nb: [p 1 1 1 0; i y 2 {1=1}]", false, true, false);
    // an update of field 2 keeps field 1 of the version before; a delete removes the row
    expect("a: [i x 1 {1=1}] [w x 2 {2=4}] [p 1 1 1 1; r x 2]", true, true, true);
    expect("a: [i x 1 {1=1}] [d x 2] [p 1 1 1 0]", true, true, true);
    expect("a: [i x 1 {1=1}] [d x 2] [p 1 1 1 1; r x 2]", false, false, false);
  }

  @Test
  void writeSkewBreaksOnlySer() {
    expect("""
        a: [r x init; r y init; w x 1]
        b: [r x init; r y init; w y 2]
        """, false, true, false);
  }

  @Test
  void lostUpdateBreaksSerAndSi() {
    expect("""
        a: [r x init; w x 1]
        b: [r x init; w x 2]
        """, false, false, false);
  }

  @Test
  void longForkBreaksSerAndSi() {
    expect("""
        w1: [w x 1]
        w2: [w y 1]
        r1: [r x 1; r y init]
        r2: [r x init; r y 1]
        """, false, false, false);
  }

  @Test
  void readSkewBreaksSerAndSi() {
    expect("""
        a: [w x 1; w y 1]
        b: [r x 1; r y init]
        """, false, false, false);
  }

  @Test
  void staleReadAfterRealTimeBreaksOnlySser() {
    expect("""
        a: [w x 1]@1-2
        b: [r x init]@3-4
        """, true, true, false);
  }

  @Test
  void sessionOrderCounts() {
    expect("""
        a: [w x 1] [r x init]
        """, false, false, false);
  }

  @Test
  void abortedWritesAreInvisible() {
    expect("""
        a: [w x 1]!
        b: [r x 1]
        """, false, false, false);
  }

  @Test
  void unknownOutcomeMayHaveCommittedOrNot() {
    expect("""
        a: [w x 1]?
        b: [r x 1]
        c: [w y 1]?
        d: [r y init]
        """, true, true, true);
  }

  /**
   * veristrong's Figure 2b: T3 reads x = 1, which both T1 and T2 wrote; whichever it read
   * from closes a cycle (T2 -WR(y)-> T1, T3 -RW(y)-> T2).
   */
  @Test
  void aReadOfARepeatedValueMayComeFromAnyWriterButEachHereClosesACycle() {
    expect("""
        a: [r y 1; w x 1]
        b: [w y 1; w x 1]
        c: [r y init; r x 1]
        """, false, false, false);
    // valid twin: T3 saw y = 1, so it may read x after both
    expect("""
        a: [r y 1; w x 1]
        b: [w y 1; w x 1]
        c: [r y 1; r x 1]
        """, true, true, true);
  }

  /**
   * veristrong's Figure 3: T1 and T2 both write x = 1, T2 then T3 in one session; T3 read 1
   * from T1 with T1 after T2 (Figure 3c), so it holds.
   */
  @Test
  void aReadOfARepeatedValueHoldsWhenOneWriterFits() {
    expect("""
        a: [w x 1]
        b: [w x 1] [r x 1]
        """, true, true, true);
    expect("""
        a: [w x 1]
        b: [w x 1] [w x 2] [r x 1]
        """, true, true, true);
    expect("""
        a: [w x 1]@1-2
        b: [w x 1]@3-4 [w x 2]@5-6 [r x 1]@7-8
        """, true, true, false);
  }

  @Test
  void labelsSetTransactionIds() {
    History h = HistoryDsl.parse("s: T7[w x 1] [r x 1]\nt: [r x init]!@5-9");
    assertEquals(7, h.txnId(0));
    assertEquals(8, h.txnId(1));
    assertEquals(9, h.txnId(2));
    assertEquals(5, h.startTs(2));
    assertEquals(io.isoverify.history.Outcome.ABORTED, h.outcome(2));
  }
}
