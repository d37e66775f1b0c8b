package io.isoverify.audit;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.ParquetCodecs;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistorySchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The session, transaction id and position of every row of a history's Parquet file, read
 * from those three columns alone (Parquet's column projection: the other columns' pages are
 * never read or decoded), for {@link Continuity}: the round then reads each partition once,
 * with the held transactions. The file's layout is checked first with the history reader's
 * messages; a row with a missing value is passed over here and refused by the round's read.
 * O(rows).
 */
final class PartitionScan {
  /** One row: its session (a number, or {@code text} when the column is text), id, position. */
  interface Row {
    void accept(long session, String text, long txn, long position)
        throws InvalidHistoryException;
  }

  private PartitionScan() {}

  static void scan(Path file, Row row) throws InvalidHistoryException {
    ParquetHistoryReader.checkLayout(file);
    String name = file.toString();
    ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
        .withCodecFactory(new ParquetCodecs()).build();
    try (ParquetFileReader in = ParquetFileReader.open(new LocalInputFile(file), options)) {
      MessageType schema = in.getFooter().getFileMetaData().getSchema();
      String createdBy = in.getFooter().getFileMetaData().getCreatedBy();
      List<Type> fields = List.of(schema.getType(ParquetHistorySchema.SESSION),
          schema.getType(ParquetHistorySchema.TXN), schema.getType(ParquetHistorySchema.TXN_POS));
      MessageType projection = new MessageType(schema.getName(), fields);
      in.setRequestedSchema(projection);
      ColumnDescriptor session = projection.getColumnDescription(
          new String[] {ParquetHistorySchema.SESSION});
      ColumnDescriptor txn = projection.getColumnDescription(
          new String[] {ParquetHistorySchema.TXN});
      ColumnDescriptor pos = projection.getColumnDescription(
          new String[] {ParquetHistorySchema.TXN_POS});
      boolean text = session.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY;
      for (PageReadStore pages = in.readNextRowGroup(); pages != null;
          pages = in.readNextRowGroup()) {
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, new Skip(3), projection,
            createdBy);
        ColumnReader s = store.getColumnReader(session);
        ColumnReader t = store.getColumnReader(txn);
        ColumnReader p = store.getColumnReader(pos);
        for (long r = 0; r < pages.getRowCount(); r++) {
          boolean defined = defined(s) && defined(t) && defined(p);
          if (defined) {
            row.accept(text ? 0 : number(s), text ? s.getBinary().toStringUsingUTF8() : null,
                number(t), number(p));
          }
          s.consume();
          t.consume();
          p.consume();
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new InvalidHistoryException(name, "", "cannot read the file: " + e.getMessage(), e);
    }
  }

  private static boolean defined(ColumnReader c) {
    return c.getCurrentDefinitionLevel() == c.getDescriptor().getMaxDefinitionLevel();
  }

  private static long number(ColumnReader c) {
    return c.getDescriptor().getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT32
        ? c.getInteger() : c.getLong();
  }

  /** Converters the column readers ask for and this scan never feeds. */
  private static final class Skip extends GroupConverter {
    private final PrimitiveConverter[] columns;

    Skip(int n) {
      columns = new PrimitiveConverter[n];
      for (int i = 0; i < n; i++) {
        columns[i] = new PrimitiveConverter() {};
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return columns[fieldIndex];
    }

    @Override
    public void start() {}

    @Override
    public void end() {}
  }
}
