package io.isoverify.history.io;

import static io.isoverify.history.io.ParquetHistorySchema.END_TS;
import static io.isoverify.history.io.ParquetHistorySchema.KEY;
import static io.isoverify.history.io.ParquetHistorySchema.KIND;
import static io.isoverify.history.io.ParquetHistorySchema.OP_POS;
import static io.isoverify.history.io.ParquetHistorySchema.OUTCOME;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_FIELD;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_HIGH;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_LOW;
import static io.isoverify.history.io.ParquetHistorySchema.PRED_MATCHED;
import static io.isoverify.history.io.ParquetHistorySchema.SESSION;
import static io.isoverify.history.io.ParquetHistorySchema.START_TS;
import static io.isoverify.history.io.ParquetHistorySchema.TXN;
import static io.isoverify.history.io.ParquetHistorySchema.TXN_POS;
import static io.isoverify.history.io.ParquetHistorySchema.VALUE;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.api.Binary;

/**
 * Reads the rows of one row group into a {@link HistoryBuilder}, checking what concerns a
 * single row (nulls in required places, kind and outcome codes, what pr rows and list reads
 * carry); the builder checks how rows fit together. Every column advances by exactly one
 * row per {@link #readRow}, so nothing is allocated per row for integer histories.
 */
final class ParquetRowGroup {
  private static final Binary[] KINDS = Stream.of(OpKind.values())
      .map(k -> Binary.fromString(k.code())).toArray(Binary[]::new);
  private static final Binary[] OUTCOMES = Stream.of(Outcome.values())
      .map(o -> Binary.fromString(o.code())).toArray(Binary[]::new);
  private static final String KIND_CODES = Stream.of(OpKind.values()).map(OpKind::code)
      .collect(Collectors.joining(", "));
  private static final String OUTCOME_CODES = Stream.of(Outcome.values()).map(Outcome::code)
      .collect(Collectors.joining(", "));

  private final String file;
  private final ParquetColumn session;
  private final ParquetColumn txn;
  private final ParquetColumn txnPos;
  private final ParquetColumn opPos;
  private final ParquetColumn kind;
  private final ParquetColumn key;
  private final ParquetColumn value;
  private final ParquetColumn outcome;
  private final ParquetColumn startTs;
  private final ParquetColumn endTs;
  private final ParquetListColumn readList;
  private final ParquetColumn[] predicate;

  /** The rows of one row group: {@code store} holds its pages; {@code lists} reads read_list. */
  ParquetRowGroup(String file, ParquetHistoryLayout l, PageReadStore store,
      ColumnReadStore lists) throws IOException {
    this.file = file;
    session = ParquetColumn.of(SESSION, l.session, store);
    txn = ParquetColumn.of(TXN, l.txn, store);
    txnPos = ParquetColumn.of(TXN_POS, l.txnPos, store);
    opPos = ParquetColumn.of(OP_POS, l.opPos, store);
    kind = ParquetColumn.of(KIND, l.kind, store);
    key = ParquetColumn.of(KEY, l.key, store);
    value = ParquetColumn.of(VALUE, l.value, store);
    outcome = ParquetColumn.of(OUTCOME, l.outcome, store);
    startTs = ParquetColumn.of(START_TS, l.startTs, store);
    endTs = ParquetColumn.of(END_TS, l.endTs, store);
    readList = ParquetListColumn.of(l.readList, l.readListLevel, lists, store);
    predicate = new ParquetColumn[] {ParquetColumn.of(PRED_FIELD, l.predField, store),
        ParquetColumn.of(PRED_LOW, l.predLow, store),
        ParquetColumn.of(PRED_HIGH, l.predHigh, store),
        ParquetColumn.of(PRED_MATCHED, l.predMatched, store)};
  }

  /** Reads the current row, named {@code row} in messages, and moves to the next. */
  void readRow(long row, HistoryBuilder b) throws InvalidHistoryException, IOException {
    present(session, row);
    int sessionCode = session.code(b.sessions());
    session.next();
    long txnId = requiredLong(txn, row);
    int position = requiredInt(txnPos, row);
    int opPosition = requiredInt(opPos, row);
    OpKind k = OpKind.ofOrdinal(code(kind, KINDS, row, KIND_CODES));
    Outcome o = Outcome.ofOrdinal(code(outcome, OUTCOMES, row, OUTCOME_CODES));
    boolean pr = k == OpKind.PREDICATE_READ;
    int keyCode = -1;
    if (key.hasValue()) {
      if (pr) {
        throw error(row, "a predicate read (pr) has no key, but key is " + key.show());
      }
      keyCode = key.code(b.keys());
    }
    key.next();
    int valueCode = pr ? History.NO_VALUE : History.INITIAL;
    if (value.hasValue()) {
      if (pr) {
        throw error(row, "a predicate read (pr) has no value, but value is " + value.show());
      }
      valueCode = value.code(b.values());
    }
    value.next();
    long start = optionalLong(startTs);
    long end = optionalLong(endTs);
    int listLength = readList(k, row, valueCode, b);
    PredicateRead p = predicate(pr, row);
    b.add(row, sessionCode, txnId, position, opPosition, k, keyCode, valueCode, o, start, end);
    if (listLength >= 0) {
      b.attachReadList(Arrays.copyOf(readList.codes(), listLength));
    }
    if (p != null) {
      b.attachPredicate(p);
    }
  }

  /** Reads the row's read_list; its length, or -1 when it has none. */
  private int readList(OpKind k, long row, int valueCode, HistoryBuilder b)
      throws InvalidHistoryException, IOException {
    int n = readList.read(b.values());
    if (n == ParquetListColumn.NO_LIST) {
      return -1;
    }
    if (n == ParquetListColumn.NULL_ELEMENT) {
      throw error(row, "read_list has a null element");
    }
    if (k != OpKind.READ) {
      throw error(row, "read_list is only for reads (r), not " + k.code());
    }
    int last = n == 0 ? History.INITIAL : readList.codes()[n - 1];
    if (last != valueCode) {
      throw error(row, "value " + showValue(b, valueCode)
          + " differs from the last element of read_list (" + showValue(b, last) + ")");
    }
    return n;
  }

  private static String showValue(HistoryBuilder b, int code) {
    return code == History.INITIAL ? "null" : b.values().show(code);
  }

  /** The predicate of a pr row (all four pred_ columns set); null for other rows. */
  private PredicateRead predicate(boolean pr, long row)
      throws InvalidHistoryException, IOException {
    for (ParquetColumn c : predicate) {
      if (c.hasValue() != pr) {
        throw error(row, pr
            ? "a predicate read (pr) needs pred_field, pred_low, pred_high and pred_matched, "
                + "but " + c.name + " is null"
            : c.name + " is set, but the pred_ columns are only for predicate reads (pr)");
      }
    }
    if (!pr) {
      for (ParquetColumn c : predicate) {
        c.next();
      }
      return null;
    }
    return new PredicateRead(requiredLong(predicate[0], row), requiredLong(predicate[1], row),
        requiredLong(predicate[2], row), requiredInt(predicate[3], row));
  }

  private void present(ParquetColumn c, long row) throws InvalidHistoryException {
    if (!c.hasValue()) {
      throw error(row, c.name + " is null, but the column is required");
    }
  }

  private long requiredLong(ParquetColumn c, long row) throws InvalidHistoryException, IOException {
    present(c, row);
    long v = c.longValue();
    c.next();
    return v;
  }

  private int requiredInt(ParquetColumn c, long row) throws InvalidHistoryException, IOException {
    long v = requiredLong(c, row);
    if (v != (int) v) {
      throw error(row, c.name + " " + v + " does not fit in 32 bits");
    }
    return (int) v;
  }

  private static long optionalLong(ParquetColumn c) throws IOException {
    long v = c.hasValue() ? c.longValue() : History.NO_TIME;
    c.next();
    return v;
  }

  /** The ordinal of the row's code in {@code codes}, e.g. a kind or an outcome. */
  private int code(ParquetColumn c, Binary[] codes, long row, String expected)
      throws InvalidHistoryException, IOException {
    present(c, row);
    Binary v = c.binaryValue();
    for (int i = 0; i < codes.length; i++) {
      if (codes[i].equals(v)) {
        c.next();
        return i;
      }
    }
    throw error(row, c.name + " " + c.show() + " is not one of " + expected);
  }

  private InvalidHistoryException error(long row, String problem) {
    return new InvalidHistoryException(file, "row " + row, problem);
  }
}
