package io.isoverify.audit;

import io.isoverify.history.Dictionary;
import java.util.Arrays;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.Types;

/**
 * A growable column of history ids (keys, values, session names) as the files have them:
 * 64-bit integers, or strings. Primitive longs; the strings only when there are any.
 * Stored in Parquet as two optional columns, {@code NAME_int} (INT64) and {@code NAME_str}.
 */
final class Ids {
  private long[] numbers = new long[16];
  private String[] texts;
  private int size;

  int size() {
    return size;
  }

  /** Adds code {@code code} of {@code d}, as the original. */
  void add(Dictionary d, int code) {
    if (d.isString(code)) {
      addText((String) d.decode(code));
    } else {
      addNumber(d.longValue(code));
    }
  }

  void addNumber(long v) {
    grow();
    numbers[size++] = v;
  }

  void addText(String s) {
    grow();
    if (texts == null) {
      texts = new String[numbers.length];
    }
    texts[size++] = s;
  }

  private void grow() {
    if (size == numbers.length) {
      numbers = Arrays.copyOf(numbers, size * 2);
      if (texts != null) {
        texts = Arrays.copyOf(texts, size * 2);
      }
    }
  }

  boolean isText(int i) {
    return texts != null && texts[i] != null;
  }

  long number(int i) {
    return numbers[i];
  }

  String text(int i) {
    return texts[i];
  }

  /** The code of entry {@code i} in {@code d}, or -1 when {@code d} never saw it. */
  int find(Dictionary d, int i) {
    return isText(i) ? d.find(texts[i]) : findNumber(d, numbers[i]);
  }

  private static int findNumber(Dictionary d, long v) {
    int c = d.find(v);
    return c >= 0 && !d.isString(c) ? c : -1;
  }

  /** How entry {@code i} is shown in messages. */
  String show(int i) {
    return isText(i) ? "\"" + texts[i] + "\"" : Long.toString(numbers[i]);
  }

  /** Adds the two optional columns of {@code name} to a schema. */
  static <T> Types.GroupBuilder<T> columns(Types.GroupBuilder<T> b, String name) {
    return b.optional(org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64)
        .named(name + "_int")
        .optional(org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY)
        .as(org.apache.parquet.schema.LogicalTypeAnnotation.stringType()).named(name + "_str");
  }

  void write(Group row, String name, int i) {
    if (isText(i)) {
      row.add(name + "_str", Binary.fromString(texts[i]));
    } else {
      row.add(name + "_int", numbers[i]);
    }
  }

  void read(Group row, String name) {
    if (row.getFieldRepetitionCount(name + "_str") > 0) {
      addText(row.getString(name + "_str", 0));
    } else {
      addNumber(row.getLong(name + "_int", 0));
    }
  }
}
