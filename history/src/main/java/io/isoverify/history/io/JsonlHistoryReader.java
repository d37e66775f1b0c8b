package io.isoverify.history.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the JSON Lines form of a history: one transaction per line, for hand-made
 * examples and tests. The layout is documented in history/README.md:
 * <pre>
 * {"session": "s1", "txn": 7, "pos": 0, "outcome": "committed", "start": 10, "end": 20,
 *  "ops": [["w", "x", 1], ["r", "y", null], ["r", "l", [1, 2]], ["app", "l", 3]]}
 * </pre>
 * Keys and values are JSON integers or strings; a read's null value is the key's initial
 * state; a read whose value is an array is a list-append read of the whole list. A write
 * may carry its row's fields as a fourth element, {@code ["w", "x", 1, {"3": 7}]} (vbox:
 * integer fields and values); a predicate read is {@code ["pr", field, low, high, matched]}.
 */
public final class JsonlHistoryReader {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonlHistoryReader() {}

  public static History read(Path file) throws InvalidHistoryException {
    String name = file.toString();
    HistoryBuilder b = new HistoryBuilder(name, line -> "line " + line);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String text;
      long line = 0;
      while ((text = in.readLine()) != null) {
        line++;
        if (!text.isBlank()) {
          readTransaction(b, line, text);
        }
      }
    } catch (CharacterCodingException e) {
      // The reader decodes ahead of the line it returns: the failing line is not known.
      throw new InvalidHistoryException(name, "", "not JSON Lines (the file is not UTF-8 text)",
          e);
    } catch (IOException e) {
      throw new InvalidHistoryException(name, "", "cannot read the file: " + e.getMessage(), e);
    }
    return b.build();
  }

  private static void readTransaction(HistoryBuilder b, long line, String text)
      throws InvalidHistoryException {
    JsonNode t;
    try {
      t = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw fail(b, line, "not valid JSON: " + e.getOriginalMessage());
    }
    if (t == null || !t.isObject()) {
      throw fail(b, line, "expected one JSON object per line");
    }
    JsonNode session = required(b, line, t, "session");
    long txn = integer(b, line, required(b, line, t, "txn"), "txn");
    int pos = (int) integer(b, line, required(b, line, t, "pos"), "pos");
    Outcome outcome = Outcome.COMMITTED;
    if (t.has("outcome")) {
      outcome = Outcome.ofCode(t.get("outcome").asText());
      if (outcome == null) {
        throw fail(b, line, "outcome must be committed, aborted or unknown, not " + t.get("outcome"));
      }
    }
    long start = t.has("start") ? integer(b, line, t.get("start"), "start") : History.NO_TIME;
    long end = t.has("end") ? integer(b, line, t.get("end"), "end") : History.NO_TIME;
    JsonNode ops = required(b, line, t, "ops");
    if (!ops.isArray() || ops.isEmpty()) {
      throw fail(b, line, "ops must be a non-empty array of operations");
    }
    int sessionCode = code(b.sessions(), session);
    for (int i = 0; i < ops.size(); i++) {
      JsonNode op = ops.get(i);
      if (!op.isArray() || op.isEmpty()) {
        throw fail(b, line, "operation " + i + " must be an array like [\"r\", key, value]");
      }
      OpKind kind = OpKind.ofCode(op.get(0).asText());
      if (kind == null) {
        throw fail(b, line, "operation " + i + " has unknown kind " + op.get(0));
      }
      if (kind == OpKind.PREDICATE_READ) {
        if (op.size() != 5) {
          throw fail(b, line, "operation " + i + ": a predicate read is [\"pr\", field, low, high, matched]");
        }
        b.add(line, sessionCode, txn, pos, i, kind, -1, History.NO_VALUE, outcome, start, end);
        b.attachPredicate(new PredicateRead(integer(b, line, op.get(1), "field"),
            integer(b, line, op.get(2), "low"), integer(b, line, op.get(3), "high"),
            (int) integer(b, line, op.get(4), "matched")));
        continue;
      }
      boolean withFields = op.size() == 4 && kind.installsVersion() && op.get(3).isObject();
      if (op.size() != 3 && !withFields) {
        throw fail(b, line, "operation " + i + " must have three elements: [kind, key, value]"
            + " (a write four, with its row's fields: [kind, key, value, {\"field\": value}])");
      }
      JsonNode key = op.get(1);
      if (key.isNull() || key.isContainerNode()) {
        throw fail(b, line, "operation " + i + " has no key");
      }
      JsonNode value = op.get(2);
      if (value.isArray()) {
        int[] list = new int[value.size()];
        for (int j = 0; j < list.length; j++) {
          list[j] = code(b.values(), value.get(j));
        }
        int last = list.length == 0 ? History.INITIAL : list[list.length - 1];
        b.add(line, sessionCode, txn, pos, i, kind, code(b.keys(), key), last, outcome, start, end);
        b.attachReadList(list);
      } else {
        int v = value.isNull() ? History.INITIAL : code(b.values(), value);
        b.add(line, sessionCode, txn, pos, i, kind, code(b.keys(), key), v, outcome, start, end);
        if (withFields) {
          b.attachFields(fields(b, line, i, op.get(3)));
        }
      }
    }
  }

  /** A write's row fields, {"field": value} with integer fields and values (vbox). */
  private static WrittenFields fields(HistoryBuilder b, long line, int i, JsonNode object)
      throws InvalidHistoryException {
    WrittenFields out = null;
    for (var it = object.fields(); it.hasNext(); ) {
      var e = it.next();
      long field;
      try {
        field = Long.parseLong(e.getKey());
      } catch (NumberFormatException x) {
        throw fail(b, line, "operation " + i + ": field \"" + e.getKey() + "\" is not an integer");
      }
      long value = integer(b, line, e.getValue(), e.getKey());
      out = WrittenFields.over(out, new WrittenFields(new long[] {field}, new long[] {value}));
    }
    return out;
  }

  private static int code(Dictionary d, JsonNode n) {
    return n.isIntegralNumber() ? d.encode(n.asLong()) : d.encode(n.asText());
  }

  private static JsonNode required(HistoryBuilder b, long line, JsonNode t, String field)
      throws InvalidHistoryException {
    JsonNode n = t.get(field);
    if (n == null || n.isNull()) {
      throw fail(b, line, "missing field \"" + field + "\"");
    }
    return n;
  }

  private static long integer(HistoryBuilder b, long line, JsonNode n, String field)
      throws InvalidHistoryException {
    if (!n.isIntegralNumber()) {
      throw fail(b, line, "field \"" + field + "\" must be an integer, not " + n);
    }
    return n.asLong();
  }

  private static InvalidHistoryException fail(HistoryBuilder b, long line, String problem) {
    return new InvalidHistoryException(b.source(), "line " + line, problem);
  }
}
