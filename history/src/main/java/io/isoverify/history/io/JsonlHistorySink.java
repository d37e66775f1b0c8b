package io.isoverify.history.io;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.History;
import io.isoverify.history.WrittenFields;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A {@link HistorySink} that streams the JSON Lines form {@link JsonlHistoryReader} reads,
 * one transaction per line, with integer sessions, keys and values:
 * <pre>
 * {"session":0,"txn":7,"pos":0,"outcome":"committed","start":10,"end":20,"ops":[["w",3,1],["r",4,null],["r",5,[2,6]]]}
 * </pre>
 * The line is built in a reused buffer, so writing allocates nothing per operation, and the
 * same calls give the same bytes.
 */
public final class JsonlHistorySink implements HistorySink {
  private final Writer out;
  private final StringBuilder line = new StringBuilder(256);
  private boolean firstOp;

  public JsonlHistorySink(Path file) throws IOException {
    this(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
  }

  /** Writes to {@code out}, which this sink closes. */
  public JsonlHistorySink(Writer out) {
    this.out = out instanceof BufferedWriter ? out : new BufferedWriter(out, 1 << 16);
  }

  @Override
  public void begin(long session, long txn, int positionInSession, Outcome outcome, long start,
      long end) {
    line.setLength(0);
    line.append("{\"session\":").append(session).append(",\"txn\":").append(txn)
        .append(",\"pos\":").append(positionInSession).append(",\"outcome\":\"")
        .append(outcome.code()).append('"');
    if (start != History.NO_TIME) {
      line.append(",\"start\":").append(start).append(",\"end\":").append(end);
    }
    line.append(",\"ops\":[");
    firstOp = true;
  }

  @Override
  public void op(OpKind kind, long key, long value) {
    opStart(kind, key).append(value).append(']');
  }

  @Override
  public void readInitial(long key) {
    opStart(OpKind.READ, key).append("null]");
  }

  @Override
  public void readList(long key, long[] elements, int from, int length) {
    StringBuilder b = opStart(OpKind.READ, key).append('[');
    for (int i = 0; i < length; i++) {
      b.append(i == 0 ? "" : ",").append(elements[from + i]);
    }
    b.append("]]");
  }

  @Override
  public void predicateRead(long field, long low, long high, int matched) {
    line.append(firstOp ? "" : ",").append("[\"").append(OpKind.PREDICATE_READ.code())
        .append("\",").append(field).append(',').append(low).append(',').append(high)
        .append(',').append(matched).append(']');
    firstOp = false;
  }

  /** A write with its row fields as the operation's fourth element, {@code {"3":7}}. */
  @Override
  public void write(OpKind kind, long key, long value, WrittenFields fields) {
    StringBuilder b = opStart(kind, key).append(value);
    if (fields != null) {
      b.append(",{");
      for (int i = 0; i < fields.field().length; i++) {
        b.append(i == 0 ? "\"" : ",\"").append(fields.field()[i]).append("\":")
            .append(fields.value()[i]);
      }
      b.append('}');
    }
    b.append(']');
  }

  private StringBuilder opStart(OpKind kind, long key) {
    if (!firstOp) {
      line.append(',');
    }
    firstOp = false;
    return line.append("[\"").append(kind.code()).append("\",").append(key).append(',');
  }

  @Override
  public void end() throws IOException {
    line.append("]}\n");
    out.append(line);
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
