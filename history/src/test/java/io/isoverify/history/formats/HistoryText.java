package io.isoverify.history.formats;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a history one transaction a line, so tests can assert whole converted histories:
 * {@code "s1 T7 committed [10,20] w(x,1) r(y,init) r(l,[1 2]) pr(f,0,9,2)"} (the time span
 * only when the transaction has client timestamps).
 */
final class HistoryText {
  private HistoryText() {}

  static List<String> lines(History h) {
    List<String> out = new ArrayList<>();
    for (int t = 0; t < h.txnCount(); t++) {
      StringBuilder s = new StringBuilder();
      s.append(h.sessionName(h.session(t))).append(' ').append(h.showTxn(t)).append(' ')
          .append(h.outcome(t).code());
      if (h.startTs(t) != History.NO_TIME) {
        s.append(" [").append(h.startTs(t)).append(',').append(h.endTs(t)).append(']');
      }
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        s.append(' ').append(op(h, o));
      }
      out.add(s.toString());
    }
    return out;
  }

  private static String op(History h, int o) {
    OpKind k = h.opKind(o);
    if (k == OpKind.PREDICATE_READ) {
      PredicateRead p = h.predicate(o);
      return "pr(" + p.field() + "," + p.low() + "," + p.high() + "," + p.matched() + ")";
    }
    String value = h.showValue(h.opValue(o));
    int[] list = h.readList(o);
    if (list != null) {
      StringBuilder l = new StringBuilder("[");
      for (int i = 0; i < list.length; i++) {
        l.append(i == 0 ? "" : " ").append(h.showValue(list[i]));
      }
      value = l.append(']').toString();
    }
    return k.code() + "(" + h.showKey(h.opKey(o)) + "," + value + ")";
  }
}
