package io.isoverify.solver;

import io.isoverify.history.History;

/** A history as text for failure messages (tests only). */
public final class Describe {
  private Describe() {
  }

  public static String of(History h) {
    StringBuilder sb = new StringBuilder();
    for (int t = 0; t < h.txnCount(); t++) {
      sb.append(h.sessionName(h.session(t))).append(' ').append(h.showTxn(t)).append(' ')
          .append(h.outcome(t).code()).append(" [");
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        sb.append(h.opKind(o).code()).append(' ').append(h.showKey(h.opKey(o))).append(' ')
            .append(h.showValue(h.opValue(o))).append(o + 1 < h.endOp(t) ? "; " : "");
      }
      sb.append(']');
      if (h.startTs(t) != History.NO_TIME) {
        sb.append('@').append(h.startTs(t)).append('-').append(h.endTs(t));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
