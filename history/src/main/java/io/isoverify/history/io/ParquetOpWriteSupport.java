package io.isoverify.history.io;

import io.isoverify.history.History;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Turns {@link ParquetOpRecord}s into Parquet records of {@link ParquetHistorySchema},
 * straight into the column writers (no intermediate Group object per row).
 */
final class ParquetOpWriteSupport extends WriteSupport<ParquetOpRecord> {
  private static final Binary[] KIND_CODES = new Binary[OpKind.values().length];
  private static final Binary[] OUTCOME_CODES = new Binary[Outcome.values().length];

  static {
    for (OpKind k : OpKind.values()) {
      KIND_CODES[k.ordinal()] = Binary.fromString(k.code());
    }
    for (Outcome o : Outcome.values()) {
      OUTCOME_CODES[o.ordinal()] = Binary.fromString(o.code());
    }
  }

  private final MessageType schema;
  private final boolean stringSessions;
  private final boolean stringKeys;
  private final boolean stringValues;
  private RecordConsumer out;

  ParquetOpWriteSupport(MessageType schema) {
    this.schema = schema;
    this.stringSessions = isString(schema, ParquetHistorySchema.SESSION);
    this.stringKeys = isString(schema, ParquetHistorySchema.KEY);
    this.stringValues = isString(schema, ParquetHistorySchema.VALUE);
  }

  private static boolean isString(MessageType schema, String column) {
    return schema.getType(column).asPrimitiveType().getPrimitiveTypeName()
        == PrimitiveTypeName.BINARY;
  }

  /** Abstract in Parquet, though deprecated there; the plain-configuration one is used. */
  @Override
  @SuppressWarnings("deprecation")
  public WriteContext init(Configuration configuration) {
    return context();
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return context();
  }

  private WriteContext context() {
    return new WriteContext(schema,
        Map.of(ParquetHistorySchema.FORMAT_KEY, ParquetHistorySchema.FORMAT_VERSION));
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.out = recordConsumer;
  }

  @Override
  public void write(ParquetOpRecord r) {
    out.startMessage();
    id(0, ParquetHistorySchema.SESSION, stringSessions, r.session, r.sessionText);
    longField(1, ParquetHistorySchema.TXN, r.txn);
    intField(2, ParquetHistorySchema.TXN_POS, r.txnPos);
    intField(3, ParquetHistorySchema.OP_POS, r.opPos);
    binaryField(4, ParquetHistorySchema.KIND, KIND_CODES[r.kind.ordinal()]);
    if (r.hasKey) {
      id(5, ParquetHistorySchema.KEY, stringKeys, r.key, r.keyText);
    }
    if (r.hasValue) {
      id(6, ParquetHistorySchema.VALUE, stringValues, r.value, r.valueText);
    }
    binaryField(7, ParquetHistorySchema.OUTCOME, OUTCOME_CODES[r.outcome.ordinal()]);
    if (r.start != History.NO_TIME) {
      longField(8, ParquetHistorySchema.START_TS, r.start);
    }
    if (r.end != History.NO_TIME) {
      longField(9, ParquetHistorySchema.END_TS, r.end);
    }
    if (r.hasList) {
      writeList(r);
    }
    if (r.predicate != null) {
      longField(11, ParquetHistorySchema.PRED_FIELD, r.predicate.field());
      longField(12, ParquetHistorySchema.PRED_LOW, r.predicate.low());
      longField(13, ParquetHistorySchema.PRED_HIGH, r.predicate.high());
      intField(14, ParquetHistorySchema.PRED_MATCHED, r.predicate.matched());
    }
    if (r.fields != null) {
      writeFields(r.fields);
    }
    out.endMessage();
  }

  private void writeList(ParquetOpRecord r) {
    out.startField(ParquetHistorySchema.READ_LIST, 10);
    out.startGroup();
    if (r.listLength > 0) {
      out.startField("list", 0);
      for (int i = 0; i < r.listLength; i++) {
        out.startGroup();
        out.startField("element", 0);
        if (stringValues) {
          out.addBinary(Binary.fromString(r.listTexts[i]));
        } else {
          out.addLong(r.listValues[i]);
        }
        out.endField("element", 0);
        out.endGroup();
      }
      out.endField("list", 0);
    }
    out.endGroup();
    out.endField(ParquetHistorySchema.READ_LIST, 10);
  }

  /** row_fields: the write's fields as field, value pairs. */
  private void writeFields(WrittenFields f) {
    out.startField(ParquetHistorySchema.ROW_FIELDS, 15);
    out.startGroup();
    if (f.field().length > 0) {
      out.startField("list", 0);
      for (int i = 0; i < 2 * f.field().length; i++) {
        out.startGroup();
        out.startField("element", 0);
        out.addLong(i % 2 == 0 ? f.field()[i / 2] : f.value()[i / 2]);
        out.endField("element", 0);
        out.endGroup();
      }
      out.endField("list", 0);
    }
    out.endGroup();
    out.endField(ParquetHistorySchema.ROW_FIELDS, 15);
  }

  private void id(int index, String name, boolean asString, long number, String text) {
    out.startField(name, index);
    if (asString) {
      out.addBinary(Binary.fromString(text));
    } else {
      out.addLong(number);
    }
    out.endField(name, index);
  }

  private void longField(int index, String name, long v) {
    out.startField(name, index);
    out.addLong(v);
    out.endField(name, index);
  }

  private void intField(int index, String name, int v) {
    out.startField(name, index);
    out.addInteger(v);
    out.endField(name, index);
  }

  private void binaryField(int index, String name, Binary v) {
    out.startField(name, index);
    out.addBinary(v);
    out.endField(name, index);
  }
}
