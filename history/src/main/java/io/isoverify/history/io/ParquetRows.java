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
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;

/**
 * Adds decoded rows ({@link ParquetRowBatch}) to a {@link HistoryBuilder}, the building half
 * of the reader: each row's columns go into a {@link RowFields} that
 * {@link RowRules#columnProblem} checks (nulls in required places, kind and outcome codes,
 * what pr rows and list reads carry); the builder checks how rows fit together. One instance
 * per file; nothing is allocated per row for integer histories (string ids cost one String
 * each, for the dictionary).
 */
final class ParquetRows {
  private final String file;
  private final HistoryBuilder builder;
  private final Fields fields = new Fields();
  /** read_list's element codes, reusing each key's last list. */
  private final ElementCodes readList = new ElementCodes();
  private final ElementCodes rowFields = new ElementCodes();
  /** Numbers row_fields' integers, which {@link ElementCodes} reads as codes. */
  private final Dictionary fieldNumbers = new Dictionary();

  ParquetRows(String file, HistoryBuilder builder) {
    this.file = file;
    this.builder = builder;
    fields.builder = builder;
  }

  /**
   * Adds row {@code r} of {@code batch}, named {@code row} in messages (the builder numbers
   * it {@code rowsBefore + row}, across the files read into it).
   */
  void add(ParquetRowBatch batch, int r, long row, long rowsBefore)
      throws InvalidHistoryException {
    Fields f = fields;
    HistoryBuilder b = builder;
    f.batch = batch;
    f.r = r;
    f.setKind(batch.kind[r]);
    f.setOutcome(batch.outcome[r]);
    int keyCode = f.has(RowFields.KEY) ? f.code(RowFields.KEY, b.keys()) : -1;
    f.valueCode = f.has(RowFields.VALUE) ? f.code(RowFields.VALUE, b.values()) : History.INITIAL;
    int n = readList.encode(batch.readList, r, b.values(), keyCode);
    f.lastElement = n > 0 ? readList.codes[n - 1] : History.INITIAL;
    f.setReadList(n, f.lastElement == f.valueCode);
    String problem = RowRules.columnProblem(f);
    if (problem != null) {
      throw InvalidHistoryException.atRow(file, row, problem);
    }
    int sessionCode = f.code(RowFields.SESSION, b.sessions());
    OpKind k = OpKind.ofOrdinal(f.kind());
    boolean pr = k == OpKind.PREDICATE_READ;
    // a pr row has no value (the rules checked it): NO_VALUE; a read without one: INITIAL
    int valueCode = pr ? History.NO_VALUE : f.valueCode;
    b.add(rowsBefore + row, sessionCode, f.number(RowFields.TXN), (int) f.number(RowFields.TXN_POS),
        (int) f.number(RowFields.OP_POS), k, keyCode, valueCode,
        Outcome.ofOrdinal(f.outcome()), f.time(RowFields.START_TS), f.time(RowFields.END_TS));
    if (f.listLength() >= 0) {
      b.attachReadList(readList.codes, f.listLength(), readList.same);
    }
    int fieldCount = rowFields.encode(batch.rowFields, r, fieldNumbers, -1);
    if (fieldCount >= 0 || fieldCount == RowFields.NULL_ELEMENT) {
      b.attachFields(writtenFields(row, k, fieldCount));
    }
    if (pr) {
      b.attachPredicate(new PredicateRead(f.number(RowFields.PRED_FIELD),
          f.number(RowFields.PRED_LOW), f.number(RowFields.PRED_HIGH),
          (int) f.number(RowFields.PRED_MATCHED)));
    }
  }

  /** The row fields of row_fields' current list of {@code n} (field, value pairs). */
  private WrittenFields writtenFields(long row, OpKind k, int n) throws InvalidHistoryException {
    String problem = RowRules.rowFieldsProblem(k, n);
    if (problem != null) {
      throw InvalidHistoryException.atRow(file, row, problem);
    }
    int[] codes = rowFields.codes;
    return WrittenFields.ofPairs(n, i -> fieldNumbers.longValue(codes[i]));
  }

  /**
   * A list column's element codes, row by row. Per key code it keeps the numbers and codes
   * of the last list read from it: Elle's reads of a key return growing prefixes of one
   * list, so a read's elements are looked up in the dictionary only from the first one that
   * differs from the key's last read (a hash lookup per element read was most of the load
   * time of a list-append history).
   */
  private static final class ElementCodes {
    int[] codes = new int[16];
    /**
     * How many leading codes of the last list {@link #encode}d are those of the list encoded
     * before it for the same key (0 when not compared).
     */
    int same;
    private long[][] keyRaw = new long[0][];
    private int[][] keyCodes = new int[0][];
    private int[] keyLength = new int[0];

    /**
     * Row r's list, a read of the key coded {@code key} (or -1), into {@link #codes},
     * encoded in {@code d}; returns its length, {@link RowFields#NO_LIST} or
     * {@link RowFields#NULL_ELEMENT}.
     */
    int encode(ParquetRowBatch.Lists lists, int r, Dictionary d, int key) {
      same = 0;
      int n = lists.length[r];
      if (n <= 0) {
        return n;
      }
      int from = lists.start[r];
      if (codes.length < n) {
        codes = new int[Math.max(n, codes.length * 2)];
      }
      if (lists.binary) {
        for (int i = 0; i < n; i++) {
          codes[i] = d.encode(lists.strings[from + i].toStringUsingUTF8());
        }
        return n;
      }
      long[] raw = lists.raw;
      if (key < 0) {
        for (int i = 0; i < n; i++) {
          codes[i] = d.encode(raw[from + i]);
        }
        return n;
      }
      long[] lastRaw = key < keyRaw.length ? keyRaw[key] : null;
      int lastLength = lastRaw == null ? 0 : keyLength[key];
      int bound = Math.min(n, lastLength);
      int same = bound == 0 ? 0 : Arrays.mismatch(lastRaw, 0, bound, raw, from, from + bound);
      same = same < 0 ? bound : same;
      if (same > 0) {
        System.arraycopy(keyCodes[key], 0, codes, 0, same);
      }
      for (int i = same; i < n; i++) {
        codes[i] = d.encode(raw[from + i]);
      }
      remember(key, raw, from, n, same);
      this.same = same;
      return n;
    }

    /** Keeps the list just read as key's last one; its first {@code same} entries already are. */
    private void remember(int key, long[] raw, int from, int n, int same) {
      if (key >= keyRaw.length) {
        int size = Math.max(key + 1, keyRaw.length * 2);
        keyRaw = Arrays.copyOf(keyRaw, size);
        keyCodes = Arrays.copyOf(keyCodes, size);
        keyLength = Arrays.copyOf(keyLength, size);
      }
      if (keyRaw[key] == null || keyRaw[key].length < n) {
        int size = Math.max(n, keyLength[key] * 3 / 2 + 1);
        keyRaw[key] = keyRaw[key] == null ? new long[size] : Arrays.copyOf(keyRaw[key], size);
        keyCodes[key] = keyCodes[key] == null ? new int[size] : Arrays.copyOf(keyCodes[key], size);
      }
      System.arraycopy(raw, from + same, keyRaw[key], same, n - same);
      System.arraycopy(codes, same, keyCodes[key], same, n - same);
      keyLength[key] = n;
    }
  }

  /**
   * The current row's fields, read from the batch: presence and integers as decoded; kind
   * and outcome ordinals, the value's code and read_list as {@link #add} sets them. What
   * messages show comes from the batch and the dictionary, only on a problem.
   */
  private static final class Fields extends RowFields {
    ParquetRowBatch batch;
    int r;
    /** The value's code in the builder's dictionary, INITIAL when null. */
    int valueCode;
    HistoryBuilder builder;
    int lastElement = History.INITIAL;

    @Override
    public boolean has(int column) {
      return batch.has[column][r];
    }

    @Override
    public long number(int column) {
      return batch.longs[column][r];
    }

    /** The dictionary code of the column's value: as a 64-bit integer, or as a UTF-8 string. */
    int code(int column, Dictionary d) {
      Binary[] s = batch.binaries[column];
      return s != null ? d.encode(s[r].toStringUsingUTF8()) : d.encode(batch.longs[column][r]);
    }

    @Override
    protected String show(int column) {
      Binary[] s = batch.binaries[column];
      return s != null ? RowFields.quoted(s[r].toStringUsingUTF8())
          : Long.toString(batch.longs[column][r]);
    }

    @Override
    protected String showListValue(boolean last) {
      int code = last ? lastElement : valueCode;
      return code == History.INITIAL ? "null" : builder.values().show(code);
    }
  }
}
