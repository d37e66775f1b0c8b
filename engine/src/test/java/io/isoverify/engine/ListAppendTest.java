package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.formats.HistoryFormat;
import io.isoverify.history.testing.BruteForceOracle;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.history.testing.SharedCorpora;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Elle's list-append anomalies (Kingsbury and Alvaro, VLDB 2020, sections 4.2-4.4): one
 * hand-made history each, with its valid twin; at every level (SER, SI, SSER) the verdict
 * and the whole text of the certificate. The version order comes from the read lists, so
 * no constraint is left for these.
 */
class ListAppendTest {
  private static final String HOLDS = "HOLDS";

  @Test
  void listsReadInOppositeOrdersIsG0() {
    String g0 = "G0: T1 -WW(x=1)-> T2 -WW(y=2)-> T1";
    expect("s1: [a x 1; a y 1]\ns2: [a x 2; a y 2]\ns3: [r x (1 2); r y (2 1)]", g0, g0, g0);
    holds("s1: [a x 1; a y 1]\ns2: [a x 2; a y 2]\ns3: [r x (1 2); r y (1 2)]");
  }

  @Test
  void eachReadingTheOthersAppendIsG1c() {
    String g1c = "G1c: T1 -WR(x=1)-> T2 -WR(y=1)-> T1";
    expect("s1: [a x 1; r y (1)]\ns2: [a y 1; r x (1)]", g1c, g1c, g1c);
    holds("s1: [a x 1; r y ()]\ns2: [a y 1; r x (1)]");
  }

  @Test
  void readSkewOfListsIsGSingle() {
    String single = "G-single: T1 -WR(y=1)-> T2 -RW(x=init)-> T1";
    expect("s1: [a x 1; a y 1]\ns2: [r x (); r y (1)]", single, single, single);
    holds("s1: [a x 1; a y 1]\ns2: [r x (1); r y (1)]");
  }

  @Test
  void writeSkewOfListsIsG2ItemButSnapshotIsolated() {
    String item = "G2-item: T1 -RW(x=init)-> T2 -RW(y=init)-> T1";
    expect("s1: [r x (); a y 1]\ns2: [r y (); a x 1]", item, HOLDS, item);
    holds("s1: [r x (); a y 1]\ns2: [r y (1); a x 1]");
  }

  @Test
  void twoAppendsOntoTheSameListAreALostUpdateEvenUnderSnapshotIsolation() {
    String lost = "G-single: T1 -WW(x=1)-> T2 -RW(x=init)-> T1";
    expect("s1: [r x (); a x 1]\ns2: [r x (); a x 2]\ns3: [r x (1 2)]", lost, lost, lost);
    holds("s1: [r x (); a x 1]\ns2: [r x (1); a x 2]\ns3: [r x (1 2)]");
  }

  @Test
  void unobservedAppendComesAfterEveryObservedOne() {
    // T2's append of 2 is in no read list, so it follows T1's 1; T3 read [1], so T3 -RW-> T2
    String item = "G2-item: T2 -RW(y=init)-> T3 -RW(x=1)-> T2";
    expect("s1: [a x 1]\ns2: [a x 2; r y ()]\ns3: [a y 1; r x (1)]", item, HOLDS, item);
    holds("s1: [a x 1]\ns2: [a x 2; r y ()]\ns3: [a y 1; r x (1 2)]");
    holds("s1: [a x 1]\ns2: [a x 2]\ns3: [r x (1)]");
  }

  @Test
  void listsNeitherPrefixOfTheOtherAreIncompatibleOrder() {
    String text = "T4 read x = [2 1] but T3 read x = [1 2]: neither list is a prefix of the other";
    expect("s1: [a x 1]\ns2: [a x 2]\ns3: [r x (1 2)]\ns4: [r x (2 1)]", text, text, text);
    holds("s1: [a x 1]\ns2: [a x 2]\ns3: [r x (1 2)]\ns4: [r x (1)]");
  }

  @Test
  void anElementTwiceIsDuplicateElements() {
    String text = "T2 read x = [1 1], which holds 1 twice";
    expect("s1: [a x 1]\ns2: [r x (1 1)]", text, text, text);
    holds("s1: [a x 1]\ns2: [r x (1)]");
  }

  @Test
  void anAbortedAppendInTheListIsG1a() {
    String text = "T3 read x = [1 2], holding 1, appended by T1, which aborted";
    expect("s1: [a x 1]!\ns2: [a x 2]\ns3: [r x (1 2)]", text, text, text);
    holds("s1: [a x 1]\ns2: [a x 2]\ns3: [r x (1 2)]");
  }

  @Test
  void aListEndingInsideOneTransactionsAppendsIsG1b() {
    String text = "T2 read x = [1], which T1 wrote and then overwrote with 2";
    expect("s1: [a x 1; a x 2]\ns2: [r x (1)]", text, text, text);
    holds("s1: [a x 1; a x 2]\ns2: [r x (1 2)]");
    String split = "T3 read x = [1 2 3], which T1 wrote and then overwrote with 3";
    expect("s1: [a x 1; a x 3]\ns2: [a x 2]\ns3: [r x (1 2 3)]", split, split, split);
    holds("s1: [a x 1; a x 3]\ns2: [a x 2]\ns3: [r x (1 3 2)]");
  }

  @Test
  void anElementNobodyAppendedIsThinAir() {
    String text = "T2 read x = [9 2], a value no transaction wrote";
    expect("s1: [a x 2]\ns2: [r x (9 2)]", text, text, text);
    holds("s1: [a x 9; a x 2]\ns2: [r x (9 2)]");
  }

  @Test
  void thePapersExampleIsNotSerializableNorSnapshotIsolated() throws Exception {
    // Elle's paper (section 2): T4 (the file's op 4, the paper's T3) appended 4 to 256 and read
    // [1 2 4], so T6's append of 3, in no read list, came after it (WW); T6 read 255 without
    // T2's 8 (RW); T4 read T2's 8 (WR). The paper reads the first as RW and calls the cycle
    // G2-item, allowed by SI; but T4 and T6 both append to 256, so under SI one committed
    // before the other started, and either way a read contradicts it: the oracle agrees.
    History h = HistoryFormat.ofCode("elle").read(SharedCorpora.entry("elle/paper-example.edn"));
    String cycle = "G-single: T2 -WR(255=8)-> T4 -WW(256=4)-> T6 -RW(255=5)-> T2";
    assertEquals(List.of(cycle, cycle, cycle), outcomes(h));
    for (Level level : Level.values()) {
      assertFalse(BruteForceOracle.holds(h, level), level.name());
    }
  }

  private static void holds(String dsl) {
    expect(dsl, HOLDS, HOLDS, HOLDS);
  }

  /** The first certificate's text (or HOLDS) at SER, SI and SSER, over the partitioned graph. */
  private static void expect(String dsl, String ser, String si, String sser) {
    History h = HistoryDsl.parse(dsl);
    assertEquals(List.of(ser, si, sser), outcomes(h), dsl);
  }

  static List<String> outcomes(History h) {
    Map<Level, LevelResult> r = Pipelines.verify(h, Pipelines.Encoding.PARTITIONED);
    List<String> out = new ArrayList<>();
    for (Level level : Level.values()) {
      LevelResult lr = r.get(level);
      if (lr.verdict() == Verdict.HOLDS) {
        out.add(HOLDS);
      } else if (lr.verdict() == Verdict.VIOLATED) {
        Certificate c = lr.certificates().get(0);
        out.add(CertificateSummary.of(h, c));
      } else {
        out.add(lr.verdict() + ": " + lr.reason());
      }
    }
    return out;
  }
}
