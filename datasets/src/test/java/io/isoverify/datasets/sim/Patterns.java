package io.isoverify.datasets.sim;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test helper: renders chosen transactions of a history in a canonical text, so that tests
 * compare whole patterns. Sessions are numbered from the first one named, keys x, y, z from
 * {@code firstKey}, and written or read values a, b, c... in order of first appearance;
 * "init" is the initial state, a list read shows its list. Examples:
 * {@code "s1 committed: r(x)=init w(x)=b"}, {@code "s2 committed: app(x)=c r(y)=[a b]"};
 * a predicate read shows its field, bounds and match count, a write its row fields:
 * {@code "s0 committed: pr(1,v,v)=0 w(x)=a{1=v}"}.
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
        if (h.opKind(o) == OpKind.PREDICATE_READ) {
          PredicateRead p = h.predicate(o);
          b.append(" pr(").append(p.field()).append(',').append(fieldValue(p.low(), firstKey))
              .append(',').append(fieldValue(p.high(), firstKey)).append(")=")
              .append(p.matched());
          continue;
        }
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
        WrittenFields f = h.writtenFields(o);
        if (f != null) {
          for (int i = 0; i < f.field().length; i++) {
            b.append(i == 0 ? "{" : " ").append(f.field()[i]).append('=')
                .append(fieldValue(f.value()[i], firstKey));
          }
          b.append('}');
        }
      }
      out.add(b.toString());
    }
    return out;
  }

  /** A row field value; the injected patterns' value firstKey + 1 shows as "v". */
  private static String fieldValue(long value, long firstKey) {
    return value == firstKey + 1 ? "v" : Long.toString(value);
  }

  private static String letter(Map<Long, String> letters, long value) {
    return letters.computeIfAbsent(value, k -> String.valueOf((char) ('a' + letters.size())));
  }
}
