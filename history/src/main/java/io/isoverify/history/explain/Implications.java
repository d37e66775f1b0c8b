package io.isoverify.history.explain;

import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import java.util.List;

/**
 * What one anomaly says about the isolation levels, on the ladder
 * <pre>
 *   read uncommitted (PL-1) &lt; read committed (PL-2) &lt; SI &lt; SER &lt; SSER
 * </pre>
 * Adya proscribes G0 from PL-1 up, G1 (G1a, G1b, G1c) from PL-2 up; SI proscribes every
 * cycle without two adjacent anti-dependencies (G-single, G-nonadjacent; Cerone and Gotsman's
 * characterization, polysi Thm 6) but allows G2-item; SER proscribes every cycle; SSER also
 * every cycle through real-time edges, which the weaker levels do not order by. The
 * non-cycle anomalies other than G1a/G1b break the internal consistency every level assumes,
 * except non-repeatable reads, which read committed allows. Session order counts as part of
 * every level here (the "strong session" variants), so -process cycles rule out the same
 * levels as their plain form.
 */
public final class Implications {
  /** The ladder's rungs, weakest first, as people name them. */
  static final String READ_UNCOMMITTED = "read uncommitted";
  static final String READ_COMMITTED = "read committed";

  private Implications() {}

  /** The levels the verifier checks that this anomaly rules out, in Level order. */
  public static List<Level> rulesOut(Anomaly a, boolean realtime) {
    if (realtime) {
      return List.of(Level.SSER);
    }
    if (a == Anomaly.G2_ITEM) {
      return List.of(Level.SER, Level.SSER);
    }
    return List.of(Level.SER, Level.SI, Level.SSER);
  }

  /**
   * The strongest rung of the ladder the history could still satisfy as far as this anomaly
   * goes, or null when it rules out even read uncommitted.
   */
  public static String stillPossible(Anomaly a, boolean realtime) {
    if (realtime) {
      return Level.SER.name();
    }
    return switch (a) {
      case G2_ITEM -> Level.SI.name();
      case G_SINGLE, G_NONADJACENT, NON_REPEATABLE_READ -> READ_COMMITTED;
      case G1C, ABORTED_READ, INTERMEDIATE_READ -> READ_UNCOMMITTED;
      default -> null;
    };
  }
}
