package io.isoverify.history.io;

import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.apache.parquet.schema.Types.MessageTypeBuilder;

/**
 * The canonical Parquet layout of a history: one row per operation. The Spark stages read
 * the same columns, so the names here are the contract (history/README.md has the table).
 * <pre>
 *   session    INT64 | STRING   required  session id
 *   txn        INT64            required  transaction id, unique in the file
 *   txn_pos    INT32            required  position of the transaction in its session
 *   op_pos     INT32            required  position of the operation in its transaction, 0..k-1
 *   kind       STRING           required  an OpKind code: r, w, pr, ins, del, app
 *   key        INT64 | STRING   optional  null only on pr
 *   value      INT64 | STRING   optional  null on r = the key's initial state; null on pr
 *   outcome    STRING           required  committed | aborted | unknown
 *   start_ts   INT64            optional  client clock when the transaction started
 *   end_ts     INT64            optional  client clock when it ended
 *   read_list  LIST of value    optional  list-append reads: the whole list, oldest first
 *   pred_field, pred_low, pred_high INT64, pred_matched INT32  optional, pr rows only
 *   row_fields LIST of INT64    optional  writes (vbox): the row fields they set, as
 *                                         field, value pairs
 * </pre>
 * Writers always write every column (the optional ones null where unused); readers accept
 * INT32 for any integer column, nullable declarations of required columns (nulls are then
 * rejected row by row), and files without start_ts, end_ts, read_list, the pred_ columns or
 * row_fields (a file without row_fields does not say what its writes set: its predicate
 * reads cannot be evaluated).
 */
public final class ParquetHistorySchema {
  public static final String SESSION = "session";
  public static final String TXN = "txn";
  public static final String TXN_POS = "txn_pos";
  public static final String OP_POS = "op_pos";
  public static final String KIND = "kind";
  public static final String KEY = "key";
  public static final String VALUE = "value";
  public static final String OUTCOME = "outcome";
  public static final String START_TS = "start_ts";
  public static final String END_TS = "end_ts";
  public static final String READ_LIST = "read_list";
  public static final String PRED_FIELD = "pred_field";
  public static final String PRED_LOW = "pred_low";
  public static final String PRED_HIGH = "pred_high";
  public static final String PRED_MATCHED = "pred_matched";
  public static final String ROW_FIELDS = "row_fields";

  /** Key-value metadata that names the layout and its version in every written file. */
  public static final String FORMAT_KEY = "isoverify.history.format";
  public static final String FORMAT_VERSION = "1";

  /** How session ids, keys or values are stored: 64-bit integers or UTF-8 strings. */
  public enum IdType {
    INT64,
    STRING
  }

  private ParquetHistorySchema() {}

  /** The schema for the given kinds of session ids, keys and values. */
  public static MessageType schema(IdType session, IdType key, IdType value) {
    MessageTypeBuilder b = Types.buildMessage();
    id(b, session, Repetition.REQUIRED, SESSION);
    b.required(PrimitiveTypeName.INT64).named(TXN);
    b.required(PrimitiveTypeName.INT32).named(TXN_POS);
    b.required(PrimitiveTypeName.INT32).named(OP_POS);
    b.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(KIND);
    id(b, key, Repetition.OPTIONAL, KEY);
    id(b, value, Repetition.OPTIONAL, VALUE);
    b.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(OUTCOME);
    b.optional(PrimitiveTypeName.INT64).named(START_TS);
    b.optional(PrimitiveTypeName.INT64).named(END_TS);
    // The standard three-level LIST, as Spark and Arrow write it.
    b.optionalGroup().as(LogicalTypeAnnotation.listType())
        .repeatedGroup().addField(
            value == IdType.STRING
                ? Types.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                    .named("element")
                : Types.required(PrimitiveTypeName.INT64).named("element"))
        .named("list")
        .named(READ_LIST);
    b.optional(PrimitiveTypeName.INT64).named(PRED_FIELD);
    b.optional(PrimitiveTypeName.INT64).named(PRED_LOW);
    b.optional(PrimitiveTypeName.INT64).named(PRED_HIGH);
    b.optional(PrimitiveTypeName.INT32).named(PRED_MATCHED);
    b.optionalGroup().as(LogicalTypeAnnotation.listType())
        .repeatedGroup().addField(Types.required(PrimitiveTypeName.INT64).named("element"))
        .named("list")
        .named(ROW_FIELDS);
    return b.named("history");
  }

  private static void id(MessageTypeBuilder b, IdType type, Repetition repetition, String name) {
    if (type == IdType.STRING) {
      b.primitive(PrimitiveTypeName.BINARY, repetition).as(LogicalTypeAnnotation.stringType())
          .named(name);
    } else {
      b.primitive(PrimitiveTypeName.INT64, repetition).named(name);
    }
  }
}
