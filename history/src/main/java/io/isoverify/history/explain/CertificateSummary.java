package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import java.util.List;

/**
 * The one sentence a person reads for a certificate, made from the record and the history
 * its ids refer to (the whole history in process, a Spark run's excerpt of it): every
 * engine's certificates are worded here and nowhere else. Non-cycle anomalies (mtc Table I)
 * are worded from their operations, whose order each check fixes (the read last, except for
 * ThinAirRead and FutureRead, where it comes first); a cycle is its class and its edges,
 * "T1 -WW(x=1)-> T2 -RW(x=init)-> T1", after how many constraints closed it under every
 * choice, and the reads whose writer it holds for whichever candidate wrote it ("whichever
 * of T3, T9 wrote the x=5 that T12 read"; of a predicate read's observation, "whichever of
 * init, T3 wrote the version of x that T12's predicate read saw"). O(operations + edges +
 * candidate writers of the certificate).
 */
public final class CertificateSummary {
  private CertificateSummary() {}

  /** "field 3 in [1, 4]": a predicate read's predicate. */
  private static String predicate(History h, int o) {
    return ExplanationText.predicate(h.predicate(o));
  }

  /** The certificate in one line. */
  public static String of(History h, Certificate c) {
    if (c.anomaly().isCycle()) {
      return cycle(h, c);
    }
    int[] o = c.ops();
    String t = txn(h, c.txns()[0]);
    String key = h.showKey(c.keys()[0]);
    String other = c.txns().length > 1 ? txn(h, c.txns()[1]) : null;
    return switch (c.anomaly()) {
      case THIN_AIR_READ -> read(h, t, key, o[0]) + ", a value no transaction wrote";
      case FUTURE_READ -> read(h, t, key, o[0]) + (h.readList(o[0]) != null
          ? ", holding " + value(h, o[1]) + ", before appending it itself"
          : " before writing that value itself");
      case ABORTED_READ -> read(h, t, key, o[1]) + (h.readList(o[1]) != null
          ? ", holding " + value(h, o[0]) + ", appended by " + other + ", which aborted"
          : ", written by " + other + ", which aborted");
      case INTERMEDIATE_READ -> read(h, t, key, o[2]) + ", which " + other
          + " wrote and then overwrote with " + value(h, o[1]);
      case NOT_MY_OWN_WRITE -> t + " wrote " + key + " = " + value(h, o[0]) + " but then read "
          + value(h, o[1]) + (other != null ? ", written by " + other : "");
      case NOT_MY_LAST_WRITE -> t + " wrote " + key + " = " + value(h, o[0]) + ", then "
          + value(h, o[1]) + ", but read " + value(h, o[2]);
      case INCOMPATIBLE_ORDER -> read(h, t, key, o[1]) + " but " + other + " read " + key + " = "
          + list(h, o[0]) + ": neither list is a prefix of the other";
      case DUPLICATE_ELEMENTS -> read(h, t, key, o[0]) + ", which holds " + repeated(h, o[0])
          + " twice";
      case NON_REPEATABLE_READ -> t + " read " + key + " twice and saw " + value(h, o[0]) + " then "
          + value(h, o[1]);
      case PREDICATE_MISMATCH -> t + "'s predicate read (" + predicate(h, o[0]) + ") returned "
          + key + ", but no version of " + key + " matches it";
      default -> throw new IllegalArgumentException("not a non-cycle anomaly: " + c.anomaly());
    };
  }

  /**
   * "every choice of 2 version-order constraints closes a cycle, e.g. G-single: T1 -...-> T1";
   * with reads whose writer is open, "whichever of T3, T9 wrote the x=5 that T12 read, a
   * cycle closes, e.g. with T12 reading x from T3: G-single: ...".
   */
  private static String cycle(History h, Certificate c) {
    StringBuilder s = new StringBuilder();
    List<WrConstraint> reads = c.reads();
    for (int i = 0; i < reads.size(); i++) {
      WrConstraint r = reads.get(i);
      s.append(i == 0 ? "whichever of " : " and whichever of ");
      for (int j = 0; j < r.writers().length; j++) {
        s.append(j == 0 ? "" : ", ").append(txn(h, r.writers()[j]));
      }
      if (byPredicate(h, r)) {
        s.append(" wrote the version of ").append(h.showKey(r.key())).append(" that ")
            .append(txn(h, r.reader())).append("'s predicate read saw");
      } else {
        s.append(" wrote the ").append(h.showKey(r.key())).append('=').append(h.showValue(r.value()))
            .append(" that ").append(txn(h, r.reader())).append(" read");
      }
    }
    int versionOrders = c.choices() - reads.size();
    if (versionOrders > 0) {
      s.append(reads.isEmpty() ? "" : ", ").append("every choice of ").append(versionOrders)
          .append(" version-order constraint").append(versionOrders == 1 ? "" : "s")
          .append(" closes a cycle, e.g. ");
    } else if (!reads.isEmpty()) {
      s.append(", a cycle closes, e.g. ");
    }
    for (int i = 0; i < reads.size(); i++) {
      WrConstraint r = reads.get(i);
      s.append(i == 0 ? "with " : i == reads.size() - 1 ? " and " : ", ")
          .append(txn(h, r.reader())).append(byPredicate(h, r) ? "'s predicate read seeing " : " reading ")
          .append(h.showKey(r.key()))
          .append(" from ").append(txn(h, r.assumed())).append(i == reads.size() - 1 ? ": " : "");
    }
    s.append(c.anomaly().displayName()).append(": ");
    for (Edge e : c.edges()) {
      s.append(txn(h, e.from())).append(" -").append(label(h, e)).append("-> ");
    }
    return s.append(txn(h, c.edges().get(0).from())).toString();
  }

  /** Whether a read with open writer is a predicate read's observation of its row. */
  private static boolean byPredicate(History h, WrConstraint r) {
    return StepFinder.restsOnPredicate(h, r.reader(), r.key(), r.value());
  }

  /** A transaction by the id the file gave it; the virtual initial transaction is "init". */
  public static String txn(History h, int t) {
    return t < 0 ? "init" : h.showTxn(t);
  }

  /** "T1 -WR(x=1)-> T2", "T3 -SO-> T4". */
  public static String edge(History h, Edge e) {
    return txn(h, e.from()) + " -" + label(h, e) + "-> " + txn(h, e.to());
  }

  /** "WR(x=1)", "WW(x=2)", "SO". */
  private static String label(History h, Edge e) {
    String label = e.type().name();
    if (e.key() >= 0) {
      label += "(" + h.showKey(e.key())
          + (e.value() == -1 && e.type() == EdgeType.WW ? "" : "=" + h.showValue(e.value())) + ")";
    }
    return label;
  }

  /** "T1 read x = 3", or, for a list-append read, the whole list: "T1 read x = [1 2 3]". */
  private static String read(History h, String t, String key, int op) {
    return t + " read " + key + " = " + (h.readList(op) != null ? list(h, op) : value(h, op));
  }

  /** The first element a read list holds twice. */
  private static String repeated(History h, int op) {
    int[] list = h.readList(op);
    for (int i = 1; i < list.length; i++) {
      for (int j = 0; j < i; j++) {
        if (list[j] == list[i]) {
          return h.showValue(list[i]);
        }
      }
    }
    return "an element";
  }

  private static String list(History h, int op) {
    StringBuilder s = new StringBuilder("[");
    for (int v : h.readList(op)) {
      s.append(s.length() > 1 ? " " : "").append(h.showValue(v));
    }
    return s.append(']').toString();
  }

  private static String value(History h, int op) {
    return h.showValue(h.opValue(op));
  }
}
