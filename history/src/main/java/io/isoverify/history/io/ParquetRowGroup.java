package io.isoverify.history.io;

import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.validation.RowFields;
import io.isoverify.history.validation.RowRules;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.api.Binary;

/**
 * Reads the rows of one row group into a {@link HistoryBuilder}: each row's columns go into
 * a {@link RowFields} that {@link RowRules#columnProblem} checks (nulls in required places,
 * kind and outcome codes, what pr rows and list reads carry); the builder checks how rows
 * fit together. Every column advances by exactly one row per {@link #readRow}, so nothing
 * is allocated per row for integer histories.
 */
final class ParquetRowGroup {
  private static final Binary[] KINDS = Stream.of(OpKind.values())
      .map(k -> Binary.fromString(k.code())).toArray(Binary[]::new);
  private static final Binary[] OUTCOMES = Stream.of(Outcome.values())
      .map(o -> Binary.fromString(o.code())).toArray(Binary[]::new);
  private final String file;
  /** The single-valued columns, by {@link RowFields} number. */
  private final ParquetColumn[] columns;
  private final ParquetListColumn readList;
  private final ParquetListColumn rowFields;
  /** Numbers row_fields' integers for {@link ParquetListColumn}, which reads codes. */
  private final Dictionary fieldNumbers = new Dictionary();
  private final Fields fields = new Fields();

  /** The rows of one row group: {@code store} holds its pages. */
  ParquetRowGroup(String file, ParquetHistoryLayout l, PageReadStore store) throws IOException {
    this.file = file;
    ColumnDescriptor[] d = {l.session, l.txn, l.txnPos, l.opPos, l.kind, l.key, l.value,
        l.outcome, l.startTs, l.endTs, l.predField, l.predLow, l.predHigh, l.predMatched};
    columns = new ParquetColumn[d.length];
    for (int c = 0; c < d.length; c++) {
      columns[c] = ParquetColumn.of(RowFields.NAMES[c], d[c], store);
    }
    readList = ParquetListColumn.of("read_list", l.readList, l.readListLevel, store);
    rowFields = ParquetListColumn.of("row_fields", l.rowFields, l.rowFieldsLevel, store);
  }

  /** Reads the current row, named {@code row} in messages, and moves to the next. */
  void readRow(long row, HistoryBuilder b) throws InvalidHistoryException, IOException {
    readRow(row, 0, b);
  }

  /**
   * The same for a file that is one of several read into {@code b}: the builder numbers the
   * row {@code rowsBefore + row}, across the files.
   */
  void readRow(long row, long rowsBefore, HistoryBuilder b)
      throws InvalidHistoryException, IOException {
    Fields f = fields;
    f.builder = b;
    f.setKind(code(RowFields.KIND, KINDS));
    f.setOutcome(code(RowFields.OUTCOME, OUTCOMES));
    int keyCode = f.has(RowFields.KEY) ? columns[RowFields.KEY].code(b.keys()) : -1;
    f.valueCode = f.has(RowFields.VALUE) ? columns[RowFields.VALUE].code(b.values())
        : History.INITIAL;
    int n = readList.read(b.values(), keyCode);
    f.setReadList(n, f.lastElement(n) == f.valueCode);
    String problem = RowRules.columnProblem(f);
    if (problem != null) {
      throw InvalidHistoryException.atRow(file, row, problem);
    }
    int sessionCode = columns[RowFields.SESSION].code(b.sessions());
    OpKind k = OpKind.ofOrdinal(f.kind());
    boolean pr = k == OpKind.PREDICATE_READ;
    // a pr row has no value (the rules checked it): NO_VALUE; a read without one: INITIAL
    int valueCode = pr ? History.NO_VALUE : f.valueCode;
    b.add(rowsBefore + row, sessionCode, f.number(RowFields.TXN), (int) f.number(RowFields.TXN_POS),
        (int) f.number(RowFields.OP_POS), k, keyCode, valueCode,
        Outcome.ofOrdinal(f.outcome()), f.time(RowFields.START_TS), f.time(RowFields.END_TS));
    if (f.listLength() >= 0) {
      b.attachReadList(readList.codes(), f.listLength());
    }
    int fieldCount = rowFields.read(fieldNumbers, -1);
    if (fieldCount >= 0 || fieldCount == ParquetListColumn.NULL_ELEMENT) {
      b.attachFields(writtenFields(row, k, fieldCount));
    }
    if (pr) {
      b.attachPredicate(new PredicateRead(f.number(RowFields.PRED_FIELD),
          f.number(RowFields.PRED_LOW), f.number(RowFields.PRED_HIGH),
          (int) f.number(RowFields.PRED_MATCHED)));
    }
    for (ParquetColumn c : columns) {
      c.next();
    }
  }

  /** The row fields of row_fields' current list of {@code n} (field, value pairs). */
  private WrittenFields writtenFields(long row, OpKind k, int n) throws InvalidHistoryException {
    if (n < 0 || n % 2 != 0 || !k.installsVersion()) {
      throw InvalidHistoryException.atRow(file, row, !k.installsVersion()
          ? "row_fields is only for writes (w, ins, del, app), not " + k.code()
          : "row_fields must hold field, value pairs of integers, not "
              + (n < 0 ? "a null element" : n + " elements"));
    }
    WrittenFields out = new WrittenFields(new long[0], new long[0]);
    int[] codes = rowFields.codes();
    for (int i = 0; i < n; i += 2) {
      out = WrittenFields.over(out, new WrittenFields(
          new long[] {fieldNumbers.longValue(codes[i])},
          new long[] {fieldNumbers.longValue(codes[i + 1])}));
    }
    return out;
  }

  /** The ordinal of the column's code in {@code codes} (a kind or an outcome). */
  private int code(int column, Binary[] codes) {
    if (fields.has(column)) {
      Binary v = columns[column].binaryValue();
      for (int i = 0; i < codes.length; i++) {
        if (codes[i].equals(v)) {
          return i;
        }
      }
    }
    return RowFields.NOT_A_CODE;
  }

  /**
   * The current row's fields: presence and integers as the decoded pages hold them; kind
   * and outcome ordinals, the value's code and read_list as {@link #readRow} sets them.
   * What messages show comes from the columns and the dictionary, only on a problem.
   */
  private final class Fields extends RowFields {
    /** The value's code in the builder's dictionary, INITIAL when null. */
    int valueCode;
    HistoryBuilder builder;

    @Override
    public boolean has(int column) {
      return columns[column].hasValue();
    }

    @Override
    public long number(int column) {
      return columns[column].longValue();
    }

    /** The code of the last element of a read_list of length {@code n}; INITIAL for none. */
    private int lastElement(int n) {
      return n > 0 ? readList.codes()[n - 1] : History.INITIAL;
    }

    @Override
    protected String show(int column) {
      return columns[column].show();
    }

    @Override
    protected String showListValue(boolean last) {
      int code = last ? lastElement(listLength()) : valueCode;
      return code == History.INITIAL ? "null" : builder.values().show(code);
    }
  }
}
