package io.isoverify.spark.engine;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import java.util.List;

/**
 * Many small histories side by side in one: history i's sessions, transaction ids and keys
 * are offset by i * 1,000,000 (values stay as they are: keys never meet, so values stay
 * unique per key; read lists, predicate reads and row fields are kept). Transactions of
 * different parts share nothing, so every per-transaction and per-key result of the union is
 * the union of the parts' results: one Spark run checks hundreds of histories. (Not so with
 * predicate reads, which range over every key: a union's predicate reads see the other
 * parts' rows, so its verdict is not the parts'; both engines still check the same union.)
 */
public final class HistoryUnion {
  private static final long STRIDE = 1_000_000L;

  private HistoryUnion() {}

  public static History of(List<History> parts) throws InvalidHistoryException {
    HistoryBuilder b = new HistoryBuilder("union");
    long row = 0;
    for (int i = 0; i < parts.size(); i++) {
      History h = parts.get(i);
      for (int t = 0; t < h.txnCount(); t++) {
        int session = b.sessions().encode(i * STRIDE + number(h.sessions().decode(h.session(t))));
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          int key = h.opKey(o) < 0 ? -1 : b.keys().encode(i * STRIDE + number(h.keys().decode(h.opKey(o))));
          int value = h.opValue(o) < 0 ? h.opValue(o) : b.values().encode(h.values().decode(h.opValue(o)));
          b.add(++row, session, i * STRIDE + h.txnId(t), h.positionInSession(t), o - h.firstOp(t),
              h.opKind(o), key, value, h.outcome(t), h.startTs(t), h.endTs(t));
          int[] list = h.readList(o);
          if (list != null) {
            int[] codes = new int[list.length];
            for (int e = 0; e < list.length; e++) {
              codes[e] = b.values().encode(h.values().decode(list[e]));
            }
            b.attachReadList(codes);
          }
          if (h.writtenFields(o) != null) {
            b.attachFields(h.writtenFields(o));
          }
          if (h.predicate(o) != null) {
            b.attachPredicate(h.predicate(o));
          }
        }
      }
    }
    return b.build();
  }

  private static long number(Object o) {
    return o instanceof Number n ? n.longValue() : o.toString().hashCode() & 0xffffL;
  }
}
