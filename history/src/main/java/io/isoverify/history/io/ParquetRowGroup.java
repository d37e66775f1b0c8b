package io.isoverify.history.io;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.validation.RowFields;
import java.io.IOException;
import java.util.stream.Stream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.api.Binary;

/**
 * The columns of one row group, decoded into {@link ParquetRowBatch}es a batch at a time
 * (the decoding half of the reader, {@link ParquetDecoder}): every column advances by
 * exactly one row per row filled. O(columns + list elements) per row, nothing allocated.
 */
final class ParquetRowGroup {
  private static final Binary[] KINDS = Stream.of(OpKind.values())
      .map(k -> Binary.fromString(k.code())).toArray(Binary[]::new);
  private static final Binary[] OUTCOMES = Stream.of(Outcome.values())
      .map(o -> Binary.fromString(o.code())).toArray(Binary[]::new);
  /** The single-valued columns, by {@link RowFields} number. */
  private final ParquetColumn[] columns;
  private final ParquetListColumn readList;
  private final ParquetListColumn rowFields;

  /** The last string seen and its code, per column (kind, outcome): see {@link #code}. */
  private final Binary[] lastString = new Binary[RowFields.NAMES.length];
  private final byte[] lastCode = new byte[RowFields.NAMES.length];

  /** The rows of one row group: {@code store} holds its pages. */
  ParquetRowGroup(ParquetHistoryLayout l, PageReadStore store) throws IOException {
    ColumnDescriptor[] d = {l.session, l.txn, l.txnPos, l.opPos, l.kind, l.key, l.value,
        l.outcome, l.startTs, l.endTs, l.predField, l.predLow, l.predHigh, l.predMatched};
    columns = new ParquetColumn[d.length];
    for (int c = 0; c < d.length; c++) {
      columns[c] = ParquetColumn.of(RowFields.NAMES[c], d[c], store);
    }
    readList = ParquetListColumn.of(ParquetHistorySchema.READ_LIST, l.readList, l.readListLevel,
        store);
    rowFields = ParquetListColumn.of(ParquetHistorySchema.ROW_FIELDS, l.rowFields,
        l.rowFieldsLevel, store);
  }

  /**
   * Decodes the next {@code rows} rows into {@code b} after its {@link ParquetRowBatch#size}
   * rows, counting each in {@code size} once it is whole: after a failure, size is the row
   * that failed. A column at a time over the rows all single-valued columns hold in their
   * current pages (array copies), then the lists row by row.
   */
  void fill(ParquetRowBatch b, int rows) throws IOException {
    int end = b.size + rows;
    while (b.size < end) {
      int from = b.size;
      int k = end - from;
      for (ParquetColumn col : columns) {
        k = Math.min(k, col.rowsInPage());
      }
      for (int c = 0; c < columns.length; c++) {
        ParquetColumn col = columns[c];
        col.copy(k, b.has[c], b.longs[c], col.isBinary() ? b.binaries(c) : null, from);
      }
      for (int r = from; r < from + k; r++) {
        b.kind[r] = code(b, RowFields.KIND, r, KINDS);
        b.outcome[r] = code(b, RowFields.OUTCOME, r, OUTCOMES);
        readList.read(b.readList, r);
        rowFields.read(b.rowFields, r);
        b.size = r + 1;
      }
      for (ParquetColumn col : columns) {
        col.skip(k);
      }
    }
  }

  /**
   * The ordinal of row r's code in {@code codes} (a kind or an outcome). A dictionary-encoded
   * column hands out the same Binary for the same string, so the last one's code is kept
   * and found by identity: comparing bytes on every row was a third of the decoding time.
   */
  private byte code(ParquetRowBatch b, int column, int r, Binary[] codes) {
    if (b.has[column][r] && b.binaries[column] != null) {
      Binary v = b.binaries[column][r];
      if (v == lastString[column]) {
        return lastCode[column];
      }
      byte code = RowFields.NOT_A_CODE;
      for (int i = 0; i < codes.length; i++) {
        if (codes[i].equals(v)) {
          code = (byte) i;
          break;
        }
      }
      lastString[column] = v;
      lastCode[column] = code;
      return code;
    }
    return RowFields.NOT_A_CODE;
  }
}
