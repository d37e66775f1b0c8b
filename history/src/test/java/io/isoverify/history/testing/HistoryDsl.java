package io.isoverify.history.testing;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;

/**
 * A tiny text form for hand-made test histories, one line per session:
 * <pre>
 *   s1: [w x 1; w y 1] [r x 1]
 *   s2: T7[r x init; w x 2]! [r y 1]?@10-20
 * </pre>
 * Operations are {@code r KEY VALUE} or {@code w KEY VALUE}; the value {@code init} is the
 * key's initial state. List-append (Elle): {@code a KEY VALUE} appends, {@code r KEY (1 2 3)}
 * reads the whole list, oldest first ({@code r KEY ()} the empty one). After a transaction: {@code !} aborted, {@code ?} unknown outcome,
 * {@code @START-END} client timestamps. {@code T<id>} before the bracket sets the
 * transaction id; otherwise ids count 1, 2, ... in order of appearance (labelled ones
 * included). Keys are strings, values integers. {@code #} starts a comment.
 *
 * <p>Rows with fields (vbox): a write may set integer fields, {@code w x 1 {1=5 2=7}};
 * {@code i x 1 {1=5}} inserts the row (fields it does not set are absent), {@code d x 1}
 * deletes it (value: the tombstone's). A predicate read {@code p FIELD LOW HIGH N} reads
 * the rows whose field lies in [LOW, HIGH]; the N operations after it are the rows it
 * returned, ordinary reads ({@code p 1 0 9 1; r x 1}).
 */
public final class HistoryDsl {
  private HistoryDsl() {}

  /** Parses the text; malformed text is a test bug, so it throws IllegalArgumentException. */
  public static History parse(String text) {
    HistoryBuilder b = new HistoryBuilder("dsl", line -> "line " + line);
    long nextId = 1;
    String[] lines = text.split("\n");
    try {
      for (int ln = 0; ln < lines.length; ln++) {
        String line = lines[ln].replaceAll("#.*", "").trim();
        if (line.isEmpty()) {
          continue;
        }
        int colon = line.indexOf(':');
        if (colon < 0) {
          throw new IllegalArgumentException("line " + (ln + 1) + ": expected 'session: [..] ..'");
        }
        int session = b.sessions().encode(line.substring(0, colon).trim());
        String rest = line.substring(colon + 1);
        int pos = 0;
        int i = 0;
        while (i < rest.length()) {
          char c = rest.charAt(i);
          if (Character.isWhitespace(c)) {
            i++;
            continue;
          }
          long id = nextId;
          if (c == 'T') {
            int open = rest.indexOf('[', i);
            id = Long.parseLong(rest.substring(i + 1, open).trim());
            i = open;
          }
          if (rest.charAt(i) != '[') {
            throw new IllegalArgumentException("line " + (ln + 1) + ": expected '[' at " + rest.substring(i));
          }
          int close = rest.indexOf(']', i);
          String body = rest.substring(i + 1, close);
          i = close + 1;
          Outcome outcome = Outcome.COMMITTED;
          long start = History.NO_TIME;
          long end = History.NO_TIME;
          while (i < rest.length() && "!?@".indexOf(rest.charAt(i)) >= 0) {
            char s = rest.charAt(i);
            if (s == '!') {
              outcome = Outcome.ABORTED;
              i++;
            } else if (s == '?') {
              outcome = Outcome.UNKNOWN;
              i++;
            } else {
              int j = i + 1;
              while (j < rest.length() && !Character.isWhitespace(rest.charAt(j))
                  && "!?".indexOf(rest.charAt(j)) < 0) {
                j++;
              }
              String[] times = rest.substring(i + 1, j).split("-");
              start = Long.parseLong(times[0]);
              end = Long.parseLong(times[1]);
              i = j;
            }
          }
          addTransaction(b, ln + 1, session, id, pos++, body, outcome, start, end);
          nextId = Math.max(nextId, id) + 1;
        }
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static void addTransaction(HistoryBuilder b, long line, int session, long id, int pos,
      String body, Outcome outcome, long start, long end) throws InvalidHistoryException {
    String[] ops = body.split(";");
    for (int k = 0; k < ops.length; k++) {
      String op = ops[k].trim();
      if (op.startsWith("p ")) {
        String[] p = op.split("\\s+");
        b.add(line, session, id, pos, k, OpKind.PREDICATE_READ, -1, History.NO_VALUE, outcome,
            start, end);
        b.attachPredicate(new PredicateRead(Long.parseLong(p[1]), Long.parseLong(p[2]),
            Long.parseLong(p[3]), Integer.parseInt(p[4])));
        continue;
      }
      WrittenFields fields = null;
      int brace = op.indexOf('{');
      if (brace >= 0) {
        String[] pairs = op.substring(brace + 1, op.indexOf('}')).trim().split("\\s+");
        long[] f = new long[pairs.length];
        long[] v = new long[pairs.length];
        for (int j = 0; j < pairs.length; j++) {
          f[j] = Long.parseLong(pairs[j].split("=")[0]);
          v[j] = Long.parseLong(pairs[j].split("=")[1]);
        }
        fields = WrittenFields.over(null, null);
        for (int j = 0; j < f.length; j++) {
          fields = WrittenFields.over(fields, new WrittenFields(new long[] {f[j]}, new long[] {v[j]}));
        }
        op = op.substring(0, brace).trim();
      }
      if (op.startsWith("i ") || op.startsWith("d ")) {
        String[] parts = op.split("\\s+");
        b.add(line, session, id, pos, k, op.startsWith("i ") ? OpKind.INSERT : OpKind.DELETE,
            b.keys().encode(parts[1]), b.values().encode(Long.parseLong(parts[2])), outcome,
            start, end);
        if (fields != null) {
          b.attachFields(fields);
        }
        continue;
      }
      int open = op.indexOf('(');
      String[] parts = (open < 0 ? op : op.substring(0, open)).trim().split("\\s+");
      boolean list = open >= 0 && parts.length == 2 && parts[0].equals("r");
      if (!list && (parts.length != 3 || !(parts[0].equals("r") || parts[0].equals("w")
          || parts[0].equals("a")))) {
        throw new IllegalArgumentException("line " + line + ": bad operation '" + ops[k] + "'");
      }
      OpKind kind = parts[0].equals("r") ? OpKind.READ
          : parts[0].equals("a") ? OpKind.APPEND : OpKind.WRITE;
      int key = b.keys().encode(parts[1]);
      if (list) {
        String inner = op.substring(open + 1, op.indexOf(')')).trim();
        String[] elements = inner.isEmpty() ? new String[0] : inner.split("\\s+");
        int[] codes = new int[elements.length];
        for (int e = 0; e < codes.length; e++) {
          codes[e] = b.values().encode(Long.parseLong(elements[e]));
        }
        int value = codes.length == 0 ? History.INITIAL : codes[codes.length - 1];
        b.add(line, session, id, pos, k, kind, key, value, outcome, start, end);
        b.attachReadList(codes);
        continue;
      }
      int value = parts[2].equals("init") ? History.INITIAL : b.values().encode(Long.parseLong(parts[2]));
      b.add(line, session, id, pos, k, kind, key, value, outcome, start, end);
      if (fields != null) {
        b.attachFields(fields);
      }
    }
  }
}
