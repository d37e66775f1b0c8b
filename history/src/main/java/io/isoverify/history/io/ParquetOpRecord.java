package io.isoverify.history.io;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import java.util.Arrays;

/**
 * One operation row on its way to a Parquet file. A writer fills a single instance and
 * hands it over row after row, so writing 10^8 operations allocates no object per row
 * (strings aside). Ids are held both ways; the schema's {@link ParquetHistorySchema.IdType}
 * says which one {@link ParquetOpWriteSupport} writes. Timestamps use
 * {@link History#NO_TIME} for null.
 */
final class ParquetOpRecord {
  long session;
  String sessionText;
  long txn;
  int txnPos;
  int opPos;
  OpKind kind;
  Outcome outcome;
  boolean hasKey;
  long key;
  String keyText;
  boolean hasValue;
  long value;
  String valueText;
  long start = History.NO_TIME;
  long end = History.NO_TIME;

  /** True when the row carries a read_list (possibly empty); its elements follow. */
  boolean hasList;
  int listLength;
  long[] listValues = new long[16];
  String[] listTexts = new String[16];

  /** The predicate of a pr row, else null. */
  PredicateRead predicate;

  /** The row fields a write sets (vbox), else null. */
  WrittenFields fields;

  /** Starts a read_list; elements are added with {@link #addListElement}. */
  void startList() {
    hasList = true;
    listLength = 0;
  }

  void addListElement(long number, String text) {
    if (listLength == listValues.length) {
      listValues = Arrays.copyOf(listValues, listLength * 2);
      listTexts = Arrays.copyOf(listTexts, listLength * 2);
    }
    listValues[listLength] = number;
    listTexts[listLength] = text;
    listLength++;
  }
}
