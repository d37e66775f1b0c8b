package io.isoverify.history.io;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a history in the JSON Lines form that {@link JsonlHistoryReader} reads. */
public final class JsonlHistoryWriter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonlHistoryWriter() {}

  public static void write(History h, Path file) throws IOException {
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int t = 0; t < h.txnCount(); t++) {
        out.write(JSON.writeValueAsString(transaction(h, t)));
        out.write('\n');
      }
    }
  }

  static ObjectNode transaction(History h, int t) {
    ObjectNode n = JSON.createObjectNode();
    put(n, "session", h.sessions(), h.session(t));
    n.put("txn", h.txnId(t));
    n.put("pos", h.positionInSession(t));
    n.put("outcome", h.outcome(t).code());
    if (h.startTs(t) != History.NO_TIME) {
      n.put("start", h.startTs(t));
      n.put("end", h.endTs(t));
    }
    ArrayNode ops = n.putArray("ops");
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      ArrayNode op = ops.addArray();
      OpKind kind = h.opKind(o);
      op.add(kind.code());
      if (kind == OpKind.PREDICATE_READ) {
        PredicateRead p = h.predicate(o);
        op.add(p.field()).add(p.low()).add(p.high()).add(p.matched());
        continue;
      }
      add(op, h.keys(), h.opKey(o));
      int[] list = h.readList(o);
      if (list != null) {
        ArrayNode l = op.addArray();
        for (int v : list) {
          add(l, h.values(), v);
        }
      } else if (h.opValue(o) == History.INITIAL) {
        op.addNull();
      } else {
        add(op, h.values(), h.opValue(o));
      }
      WrittenFields f = h.writtenFields(o);
      if (f != null) {
        ObjectNode fields = op.addObject();
        for (int i = 0; i < f.field().length; i++) {
          fields.put(Long.toString(f.field()[i]), f.value()[i]);
        }
      }
    }
    return n;
  }

  private static void put(ObjectNode n, String field, Dictionary d, int code) {
    if (d.isString(code)) {
      n.put(field, (String) d.decode(code));
    } else {
      n.put(field, d.longValue(code));
    }
  }

  private static void add(ArrayNode a, Dictionary d, int code) {
    if (d.isString(code)) {
      a.add((String) d.decode(code));
    } else {
      a.add(d.longValue(code));
    }
  }
}
