package io.isoverify.datasets.sim;

import io.isoverify.history.History;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test helper: renders chosen transactions of a history in a canonical text, so that tests
 * compare whole patterns. Sessions are numbered from the first one named, keys x, y, z from
 * {@code firstKey}, and written or read values a, b, c... in order of first appearance;
 * "init" is the initial state, a list read shows its list. Examples:
 * {@code "s1 committed: r(x)=init w(x)=b"}, {@code "s2 committed: app(x)=c r(y)=[a b]"}.
 */
final class Patterns {
  private Patterns() {}

  static int txnIndex(History h, long id) {
    for (int t = 0; t < h.txnCount(); t++) {
      if (h.txnId(t) == id) {
        return t;
      }
    }
    throw new AssertionError("no transaction T" + id);
  }

  static List<String> render(History h, List<Long> ids, long firstKey) {
    Map<Long, String> letters = new HashMap<>();
    long firstSession = (Long) h.sessions().decode(h.session(txnIndex(h, ids.get(0))));
    List<String> out = new ArrayList<>();
    for (long id : ids) {
      int t = txnIndex(h, id);
      StringBuilder b = new StringBuilder();
      long session = (Long) h.sessions().decode(h.session(t));
      b.append('s').append(session - firstSession).append(' ').append(h.outcome(t).code())
          .append(':');
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        long key = h.keys().longValue(h.opKey(o));
        b.append(' ').append(h.opKind(o).code()).append('(')
            .append((char) ('x' + (key - firstKey))).append(")=");
        int[] list = h.readList(o);
        if (list != null) {
          b.append('[');
          for (int i = 0; i < list.length; i++) {
            b.append(i == 0 ? "" : " ").append(letter(letters, h.values().longValue(list[i])));
          }
          b.append(']');
        } else if (h.opValue(o) == History.INITIAL) {
          b.append("init");
        } else {
          b.append(letter(letters, h.values().longValue(h.opValue(o))));
        }
      }
      out.add(b.toString());
    }
    return out;
  }

  private static String letter(Map<Long, String> letters, long value) {
    return letters.computeIfAbsent(value, k -> String.valueOf((char) ('a' + letters.size())));
  }
}
