package io.isoverify.audit;

import io.isoverify.history.History;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** The state a round leaves: audited ids merged, sessions advanced. */
final class StateUpdate {
  private StateUpdate() {}

  /** O(ranges + transactions of the round + their sort). */
  static AuditState next(AuditState s, History h, boolean[] isNew) {
    AuditState n = new AuditState();
    // audited ids: the old ranges and the new ids
    int fresh = 0;
    for (boolean b : isNew) {
      fresh += b ? 1 : 0;
    }
    long[] newIds = new long[fresh];
    int f = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      if (isNew[t]) {
        newIds[f++] = h.txnId(t);
      }
    }
    Arrays.sort(newIds);
    n.lo = s.lo;
    n.hi = s.hi;
    n.addIds(newIds);
    // sessions: the old ones, then advanced by the round's transactions
    Map<Object, Integer> index = new HashMap<>();
    for (int i = 0; i < s.sessionNames.size(); i++) {
      Object name = s.sessionNames.isText(i) ? s.sessionNames.text(i) : s.sessionNames.number(i);
      index.put(name, i);
      if (s.sessionNames.isText(i)) {
        n.sessionNames.addText(s.sessionNames.text(i));
      } else {
        n.sessionNames.addNumber(s.sessionNames.number(i));
      }
      n.addSession(s.lastPosition[i], s.lastTxn[i]);
    }
    for (int x = 0; x < h.sessionCount(); x++) {
      int last = h.endTxnOfSession(x) - 1;
      Integer i = index.get(h.sessions().decode(x));
      if (i == null) {
        n.sessionNames.add(h.sessions(), x);
        n.addSession(h.positionInSession(last), h.txnId(last));
      } else if (h.positionInSession(last) > n.lastPosition[i]) {
        n.lastPosition[i] = h.positionInSession(last);
        n.lastTxn[i] = h.txnId(last);
      }
    }
    return n;
  }
}
