package io.isoverify.history.io;

import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.OrderMarkers;
import io.isoverify.history.io.ParquetHistorySchema.IdType;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes any {@link History} in the canonical Parquet form that
 * {@link ParquetHistoryReader} reads: integer or string sessions, keys and values, list
 * reads, predicate reads, timestamps. Transactions go out in the history's order (by
 * session, then position), operations in program order. The file appears by an atomic
 * rename once complete.
 *
 * <p>A Parquet column has one type, so a history whose keys (or values, or sessions) mix
 * integers and strings cannot be written; that is reported rather than converted, which
 * would turn the integers into strings on the way back.
 */
public final class ParquetHistoryWriter {
  private ParquetHistoryWriter() {}

  public static void write(History h, Path file) throws IOException, InvalidHistoryException {
    write(h, t -> true, file);
  }

  /**
   * Writes the transactions {@code keep} accepts (dense ids), in their order: an excerpt of
   * {@code h} in the same canonical form, e.g. the transactions an audit carries to its next
   * round. At least one transaction must be kept (a history has operations).
   */
  public static void write(History h, java.util.function.IntPredicate keep, Path file)
      throws IOException, InvalidHistoryException {
    write(h, keep, o -> true, file);
  }

  /**
   * The same, leaving out the operations {@code keepOp} refuses (operation ids; the others
   * are renumbered 0..k-1 in their order). Every kept transaction must keep an operation.
   */
  public static void write(History h, java.util.function.IntPredicate keep,
      java.util.function.IntPredicate keepOp, Path file)
      throws IOException, InvalidHistoryException {
    write(h, keep, keepOp, h::opValue, file);
  }

  /**
   * The same, each operation {@code o} kept with the value code {@code valueOf(o)} (a code
   * of {@code h.values()}, or {@link History#INITIAL}) instead of its own: an audit's held
   * read whose writer it collected, made a read of the version before it that it holds.
   */
  public static void write(History h, java.util.function.IntPredicate keep,
      java.util.function.IntPredicate keepOp, java.util.function.IntUnaryOperator valueOf,
      Path file) throws IOException, InvalidHistoryException {
    write(h, keep, keepOp, valueOf, new int[0], new int[0], new long[0], file);
  }

  /**
   * The same, with order markers ({@link OrderMarkers}): for each i, transaction
   * {@code from[i]} (dense id, kept) writes marker {@code marker[i]} (value 1) after its
   * own operations, and {@code to[i]} reads it before its own: an audit's order between two
   * held transactions that ran through collected ones.
   */
  public static void write(History h, java.util.function.IntPredicate keep,
      java.util.function.IntPredicate keepOp, java.util.function.IntUnaryOperator valueOf,
      int[] from, int[] to, long[] marker, Path file)
      throws IOException, InvalidHistoryException {
    Markers reads = new Markers(OpKind.READ, to, marker);
    Markers writes = new Markers(OpKind.WRITE, from, marker);
    IdType sessionType = idType(h, h.sessions(), "session ids");
    IdType keyType = idType(h, h.keys(), "keys");
    IdType valueType = idType(h, h.values(), "values");
    ParquetOpRecord row = new ParquetOpRecord();
    try (ParquetOpWriter out = new ParquetOpWriter(file,
        ParquetHistorySchema.schema(sessionType, keyType, valueType))) {
      for (int t = 0; t < h.txnCount(); t++) {
        if (!keep.test(t)) {
          continue;
        }
        int session = h.session(t);
        row.session = number(h.sessions(), session);
        row.sessionText = text(h.sessions(), session);
        row.txn = h.txnId(t);
        row.txnPos = h.positionInSession(t);
        row.outcome = h.outcome(t);
        row.start = h.startTs(t);
        row.end = h.endTs(t);
        int position = reads.write(t, 0, row, out, keyType, valueType);
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (keepOp.test(o)) {
            fill(h, o, row);
            int value = valueOf.applyAsInt(o);
            if (value != h.opValue(o)) {
              row.hasValue = value >= 0;
              row.value = row.hasValue ? number(h.values(), value) : 0;
              row.valueText = row.hasValue ? text(h.values(), value) : null;
            }
            row.opPos = position++;
            out.write(row);
          }
        }
        writes.write(t, position, row, out, keyType, valueType);
      }
      out.commit();
    }
  }

  /**
   * The order markers one kind of operation adds: marker {@code marker[i]} is read (or
   * written) by transaction {@code end[i]}; transactions are asked for in ascending order.
   */
  private static final class Markers {
    private final OpKind kind;
    private final int[] end;
    private final long[] marker;
    private final int[] byEnd;
    private int next;

    Markers(OpKind kind, int[] end, long[] marker) {
      this.kind = kind;
      this.end = end;
      this.marker = marker;
      this.byEnd = IndexSort.byKey(java.util.Arrays.stream(end).asLongStream().toArray(),
          end.length);
    }

    /**
     * Writes t's markers (value 1, in the history's types) from operation position
     * {@code position}; returns the next position.
     */
    int write(int t, int position, ParquetOpRecord row, ParquetOpWriter out, IdType keyType,
        IdType valueType) throws IOException {
      while (next < byEnd.length && end[byEnd[next]] < t) {
        next++;
      }
      for (; next < byEnd.length && end[byEnd[next]] == t; next++) {
        long m = marker[byEnd[next]];
        row.kind = kind;
        row.hasKey = true;
        row.key = keyType == IdType.INT64 ? OrderMarkers.key(m) : 0;
        row.keyText = keyType == IdType.INT64 ? null : OrderMarkers.name(m);
        row.hasValue = true;
        row.value = 1;
        row.valueText = valueType == IdType.INT64 ? null : "1";
        row.hasList = false;
        row.predicate = null;
        row.fields = null;
        row.opPos = position++;
        out.write(row);
      }
      return position;
    }
  }

  private static void fill(History h, int o, ParquetOpRecord row) {
    row.kind = h.opKind(o);
    int key = h.opKey(o);
    row.hasKey = key >= 0;
    if (row.hasKey) {
      row.key = number(h.keys(), key);
      row.keyText = text(h.keys(), key);
    }
    int value = h.opValue(o);
    row.hasValue = value >= 0;
    if (row.hasValue) {
      row.value = number(h.values(), value);
      row.valueText = text(h.values(), value);
    }
    int[] list = h.readList(o);
    row.hasList = list != null;
    if (list != null) {
      row.startList();
      for (int v : list) {
        row.addListElement(number(h.values(), v), text(h.values(), v));
      }
    }
    row.predicate = row.kind == OpKind.PREDICATE_READ ? h.predicate(o) : null;
    row.fields = h.writtenFields(o);
  }

  private static long number(Dictionary d, int code) {
    return d.isString(code) ? 0 : d.longValue(code);
  }

  private static String text(Dictionary d, int code) {
    return d.isString(code) ? (String) d.decode(code) : null;
  }

  /** The one column type that holds every entry of {@code d}; INT64 when it is empty. */
  private static IdType idType(History h, Dictionary d, String what)
      throws InvalidHistoryException {
    int firstString = -1;
    int firstNumber = -1;
    for (int c = 0; c < d.size() && (firstString < 0 || firstNumber < 0); c++) {
      if (d.isString(c)) {
        firstString = firstString < 0 ? c : firstString;
      } else {
        firstNumber = firstNumber < 0 ? c : firstNumber;
      }
    }
    if (firstString >= 0 && firstNumber >= 0) {
      throw new InvalidHistoryException(h.source(), "", "cannot write it as Parquet: its "
          + what + " mix integers and strings (" + d.show(firstNumber) + " and \""
          + d.show(firstString) + "\"), and a Parquet column holds one type");
    }
    return firstString >= 0 ? IdType.STRING : IdType.INT64;
  }
}
