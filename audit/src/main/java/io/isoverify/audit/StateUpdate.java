package io.isoverify.audit;

import io.isoverify.history.History;
import java.util.HashMap;
import java.util.Map;

/** The state a round leaves: audited ids merged, sessions advanced, tombstones added. */
final class StateUpdate {
  private StateUpdate() {}

  /** O(audited ids + transactions of the round + writes collected). */
  static AuditState next(AuditState s, History h, boolean[] isNew, boolean[] removed) {
    AuditState n = new AuditState();
    // audited ids: the old ones (held flags updated) and the new ones, ascending
    int fresh = 0;
    for (boolean b : isNew) {
      fresh += b ? 1 : 0;
    }
    long[] newIds = new long[fresh];
    boolean[] oldHeld = s.held.clone();
    int f = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      if (isNew[t]) {
        newIds[f++] = h.txnId(t);
      } else {
        int i = s.find(h.txnId(t));
        oldHeld[i] = !removed[t];
      }
    }
    java.util.Arrays.sort(newIds);
    LongSet removedNew = new LongSet();
    for (int t = 0; t < h.txnCount(); t++) {
      if (isNew[t] && removed[t]) {
        removedNew.add(h.txnId(t));
      }
    }
    n.ids = new long[s.ids.length + fresh];
    n.held = new boolean[n.ids.length];
    int a = 0;
    int b = 0;
    for (int i = 0; i < n.ids.length; i++) {
      if (b >= fresh || (a < s.ids.length && s.ids[a] < newIds[b])) {
        n.ids[i] = s.ids[a];
        n.held[i] = oldHeld[a++];
      } else {
        n.ids[i] = newIds[b];
        n.held[i] = !removedNew.contains(newIds[b++]);
      }
    }
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
    // tombstones: the old ones and every write of a collected transaction
    for (int i = 0; i < s.tombKeys.size(); i++) {
      copy(s.tombKeys, i, n.tombKeys);
      copy(s.tombValues, i, n.tombValues);
      n.addTombstoneWriter(s.tombWriter[i]);
    }
    for (int t = 0; t < h.txnCount(); t++) {
      if (!removed[t]) {
        continue;
      }
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o).installsVersion() && h.opKey(o) >= 0 && h.opValue(o) >= 0) {
          n.tombKeys.add(h.keys(), h.opKey(o));
          n.tombValues.add(h.values(), h.opValue(o));
          n.addTombstoneWriter(h.txnId(t));
        }
      }
    }
    return n;
  }

  private static void copy(Ids from, int i, Ids to) {
    if (from.isText(i)) {
      to.addText(from.text(i));
    } else {
      to.addNumber(from.number(i));
    }
  }
}
