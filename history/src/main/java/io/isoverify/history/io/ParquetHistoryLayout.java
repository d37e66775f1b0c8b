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
import static io.isoverify.history.io.ParquetHistorySchema.READ_LIST;
import static io.isoverify.history.io.ParquetHistorySchema.ROW_FIELDS;
import static io.isoverify.history.io.ParquetHistorySchema.SESSION;
import static io.isoverify.history.io.ParquetHistorySchema.START_TS;
import static io.isoverify.history.io.ParquetHistorySchema.TXN;
import static io.isoverify.history.io.ParquetHistorySchema.TXN_POS;
import static io.isoverify.history.io.ParquetHistorySchema.VALUE;

import io.isoverify.history.InvalidHistoryException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The columns of one Parquet file, checked against {@link ParquetHistorySchema}: every
 * required column present, every column of an accepted type. The descriptor of a column
 * the file lacks is null (only the optional ones may be missing).
 */
final class ParquetHistoryLayout {
  private static final Set<PrimitiveTypeName> INTEGER =
      EnumSet.of(PrimitiveTypeName.INT64, PrimitiveTypeName.INT32);
  private static final Set<PrimitiveTypeName> ID = EnumSet.of(PrimitiveTypeName.INT64,
      PrimitiveTypeName.INT32, PrimitiveTypeName.BINARY);
  private static final Set<PrimitiveTypeName> TEXT = EnumSet.of(PrimitiveTypeName.BINARY);

  final ColumnDescriptor session;
  final ColumnDescriptor txn;
  final ColumnDescriptor txnPos;
  final ColumnDescriptor opPos;
  final ColumnDescriptor kind;
  final ColumnDescriptor key;
  final ColumnDescriptor value;
  final ColumnDescriptor outcome;
  final ColumnDescriptor startTs;
  final ColumnDescriptor endTs;
  final ColumnDescriptor readList;
  /** The definition level at which a row's read_list is present (empty or not). */
  final int readListLevel;
  final ColumnDescriptor predField;
  final ColumnDescriptor predLow;
  final ColumnDescriptor predHigh;
  final ColumnDescriptor predMatched;
  /** row_fields (vbox: a write's fields as field, value pairs), or null when absent. */
  final ColumnDescriptor rowFields;
  final int rowFieldsLevel;

  private final String file;
  private final MessageType schema;

  ParquetHistoryLayout(String file, MessageType schema) throws InvalidHistoryException {
    this.file = file;
    this.schema = schema;
    session = column(SESSION, true, ID);
    txn = column(TXN, true, INTEGER);
    txnPos = column(TXN_POS, true, INTEGER);
    opPos = column(OP_POS, true, INTEGER);
    kind = column(KIND, true, TEXT);
    key = column(KEY, true, ID);
    value = column(VALUE, true, ID);
    outcome = column(OUTCOME, true, TEXT);
    startTs = column(START_TS, false, INTEGER);
    endTs = column(END_TS, false, INTEGER);
    readList = listColumn(READ_LIST, value.getPrimitiveType().getPrimitiveTypeName()
        == PrimitiveTypeName.BINARY ? TEXT : INTEGER, " (the value column's kind)");
    readListLevel = readList == null ? 0 : schema.getMaxDefinitionLevel(READ_LIST);
    predField = column(PRED_FIELD, false, INTEGER);
    predLow = column(PRED_LOW, false, INTEGER);
    predHigh = column(PRED_HIGH, false, INTEGER);
    predMatched = column(PRED_MATCHED, false, INTEGER);
    rowFields = listColumn(ROW_FIELDS, INTEGER, "");
    rowFieldsLevel = rowFields == null ? 0 : schema.getMaxDefinitionLevel(ROW_FIELDS);
  }

  private ColumnDescriptor column(String name, boolean required, Set<PrimitiveTypeName> accepted)
      throws InvalidHistoryException {
    if (!schema.containsField(name)) {
      if (required) {
        throw error(name, "the required column is missing (expected " + describe(accepted) + ")");
      }
      return null;
    }
    Type t = schema.getType(name);
    if (!t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)
        || !accepted.contains(t.asPrimitiveType().getPrimitiveTypeName())) {
      throw error(name, "expected " + describe(accepted) + ", found " + describe(t));
    }
    return schema.getColumnDescription(new String[] {name});
  }

  /**
   * An optional LIST column of one leaf: read_list, whose elements have the value column's
   * kind (integer or string), or row_fields (integers). Null when absent.
   */
  private ColumnDescriptor listColumn(String name, Set<PrimitiveTypeName> accepted,
      String why) throws InvalidHistoryException {
    if (!schema.containsField(name)) {
      return null;
    }
    String expected = "a LIST of " + describe(accepted) + why;
    Type t = schema.getType(name);
    List<ColumnDescriptor> leaves = schema.getColumns().stream()
        .filter(c -> c.getPath()[0].equals(name)).toList();
    if (t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED) || leaves.size() != 1
        || leaves.get(0).getMaxRepetitionLevel() != 1) {
      throw error(name, "expected " + expected + ", found " + describe(t));
    }
    PrimitiveType element = leaves.get(0).getPrimitiveType();
    if (!accepted.contains(element.getPrimitiveTypeName())) {
      throw error(name, "expected " + expected + ", found a LIST of " + describe(element));
    }
    return leaves.get(0);
  }

  private static String describe(Set<PrimitiveTypeName> accepted) {
    if (accepted.equals(TEXT)) {
      return "STRING";
    }
    return accepted.equals(INTEGER) ? "INT64 or INT32" : "INT64, INT32 or STRING";
  }

  private static String describe(Type t) {
    if (!t.isPrimitive()) {
      return "a group";
    }
    PrimitiveType p = t.asPrimitiveType();
    String name = p.getLogicalTypeAnnotation() == null ? p.getPrimitiveTypeName().name()
        : p.getPrimitiveTypeName() + " (" + p.getLogicalTypeAnnotation() + ")";
    return t.isRepetition(Type.Repetition.REPEATED) ? "a repeated " + name : name;
  }

  private InvalidHistoryException error(String column, String problem) {
    return new InvalidHistoryException(file, "column \"" + column + "\"", problem);
  }
}
