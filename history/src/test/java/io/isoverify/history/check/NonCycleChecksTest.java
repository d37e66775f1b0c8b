package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.testing.HistoryDsl;
import java.util.List;
import java.util.Map;
import io.isoverify.history.explain.CertificateSummary;
import org.junit.jupiter.api.Test;

/** One invalid history per anomaly, asserting the whole finding, and its valid twin. */
class NonCycleChecksTest {
  /** The history of the last {@link #only} call, which its certificate's ids refer to. */
  private History last;

  private Certificate only(String text, Anomaly expected) {
    History h = HistoryDsl.parse(text);
    last = h;
    NonCycleFindings f = NonCycleChecks.findings(h, 10);
    assertNull(f.duplicate());
    assertEquals(Map.of(expected, 1L), f.counts(), "counts");
    Certificate c = f.examples().get(0);
    assertEquals(expected, c.anomaly());
    return c;
  }

  private static void clean(String text) {
    NonCycleFindings f = NonCycleChecks.findings(HistoryDsl.parse(text), 10);
    assertTrue(f.clean(), () -> "expected no finding, got " + f);
  }

  private static long[] ids(History h, int[] txns) {
    long[] out = new long[txns.length];
    for (int i = 0; i < txns.length; i++) {
      out[i] = h.txnId(txns[i]);
    }
    return out;
  }

  @Test
  void thinAirRead() {
    String bad = "a: [w x 1]\nb: [r x 2]";
    Certificate c = only(bad, Anomaly.THIN_AIR_READ);
    History h = HistoryDsl.parse(bad);
    assertArrayEquals(new long[] {2}, ids(h, c.txns()));
    assertEquals("T2 read x = 2, a value no transaction wrote", CertificateSummary.of(last, c));
    clean("a: [w x 1]\nb: [r x 1]");
  }

  @Test
  void abortedRead() {
    String bad = "a: [w x 1]!\nb: [r x 1]";
    Certificate c = only(bad, Anomaly.ABORTED_READ);
    assertArrayEquals(new long[] {2, 1}, ids(HistoryDsl.parse(bad), c.txns()));
    assertEquals("T2 read x = 1, written by T1, which aborted", CertificateSummary.of(last, c));
    clean("a: [w x 1]! [w x 2]\nb: [r x 2]");
  }

  @Test
  void intermediateRead() {
    Certificate c = only("a: [w x 1; w x 2]\nb: [r x 1]", Anomaly.INTERMEDIATE_READ);
    assertEquals("T2 read x = 1, which T1 wrote and then overwrote with 2", CertificateSummary.of(last, c));
    clean("a: [w x 1; w x 2]\nb: [r x 2]");
  }

  @Test
  void futureRead() {
    Certificate c = only("a: [r x 1; w x 1]", Anomaly.FUTURE_READ);
    assertEquals("T1 read x = 1 before writing that value itself", CertificateSummary.of(last, c));
    clean("a: [r x init; w x 1]");
  }

  @Test
  void notMyOwnWrite() {
    Certificate c = only("a: [w x 1]\nb: [w x 2; r x 1]", Anomaly.NOT_MY_OWN_WRITE);
    assertEquals("T2 wrote x = 2 but then read 1, written by T1", CertificateSummary.of(last, c));
    clean("a: [w x 1]\nb: [w x 2; r x 2]");
  }

  @Test
  void notMyLastWrite() {
    Certificate c = only("a: [w x 1; w x 2; r x 1]", Anomaly.NOT_MY_LAST_WRITE);
    assertEquals("T1 wrote x = 1, then 2, but read 1", CertificateSummary.of(last, c));
    clean("a: [w x 1; w x 2; r x 2]");
  }

  @Test
  void nonRepeatableReads() {
    Certificate c = only("a: [w x 1]\nb: [r x init; r x 1; r x 1]", Anomaly.NON_REPEATABLE_READ);
    assertEquals("T2 read x twice and saw init then 1", CertificateSummary.of(last, c));
    clean("a: [w x 1]\nb: [r x 1; r x 1]");
  }

  @Test
  void abortedAndUnreadUnknownReadersImposeNothing() {
    clean("a: [r x 7]!\nb: [r y 9]?");
  }

  @Test
  void unknownWriterReadByCommittedCounts() {
    // T1's reads count because committed T2 read from it; unread, they would not.
    Certificate c = only("a: [r z 5; w y 1]?\nb: [r y 1]", Anomaly.THIN_AIR_READ);
    assertEquals("T1 read z = 5, a value no transaction wrote", CertificateSummary.of(last, c));
    clean("a: [r z 5; w y 1]?\nb: [r y init]");
  }

  @Test
  void duplicateAppendsAreRefusedNamingKeyAndValue() {
    History h = HistoryDsl.parse("a: [a x 1]\nb: [a x 1]");
    NonCycleFindings f = NonCycleChecks.findings(h, 10);
    assertNotNull(f.duplicate());
    assertEquals("x", h.showKey(f.duplicate().key()));
    assertEquals("1", h.showValue(f.duplicate().value()));
    assertEquals(List.of(), f.examples());
    clean("a: [w x 1; w x 1]");
    clean("a: [w x 1]\nb: [w x 1]\nc: [r x 1]");
  }

  /**
   * A read of a value several transactions wrote (veristrong's candidate writers) is an
   * anomaly found without search only when no candidate is left: every writer of the value
   * aborted, overwrote it, or is the reader; the certificate names the first other writer.
   */
  @Test
  void aReadWithSeveralWritersIsANonCycleAnomalyOnlyWhenNoneCanBeItsWriter() {
    clean("a: [w x 1]!\nb: [w x 1]\nc: [r x 1]");
    clean("a: [w x 1; w x 2]\nb: [w x 1]\nc: [r x 1]");
    Certificate aborted = only("a: [w x 1]!\nb: [w x 1; w x 2]\nc: [r x 1]", Anomaly.ABORTED_READ);
    assertEquals("T3 read x = 1, written by T1, which aborted", CertificateSummary.of(last, aborted));
    Certificate intermediate = only("a: [w x 1; w x 2]\nb: [w x 1]!\nc: [r x 1]",
        Anomaly.INTERMEDIATE_READ);
    assertEquals("T3 read x = 1, which T1 wrote and then overwrote with 2",
        CertificateSummary.of(last, intermediate));
    Certificate future = only("a: [r x 1; w x 1]\nb: [w x 1]!", Anomaly.ABORTED_READ);
    assertEquals("T1 read x = 1, written by T2, which aborted", CertificateSummary.of(last, future));
    only("a: [r x 1; w x 1]", Anomaly.FUTURE_READ);
    clean("a: [r x 1; w x 1]\nb: [w x 1]");
  }
}
