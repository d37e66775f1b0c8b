package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.isoverify.history.History;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The shuffle's chunks through Java serialization (their varint columns,
 * {@link VarintColumns}) come back with every row's columns as they were. {@link KeyedRows}:
 * numeric and text keys and values in every mix (text as a dictionary: non-ASCII, empty and
 * repeated strings, equal ones back as one instance), absent values, read lists, resolved
 * ids, extreme longs (differences that overflow), a chunk filled only in part. {@link StretchRows}: numeric and
 * text sessions, timestamps absent (History.NO_TIME) and present. {@link TxnBlock} (the
 * transaction job's result, its columns as bulk bytes): every column and problem. Fixed seeds.
 */
class ChunkSerializationTest {
  @Test
  void numericRowsRoundTrip() throws Exception {
    for (long seed = 0; seed < 12; seed++) {
      Random r = new Random(seed);
      int capacity = 1 + r.nextInt(3_000);
      KeyedRows c = filled(r, capacity, false, false, seed % 3 == 0);
      assertSame(c, roundTrip(c), "seed " + seed);
    }
  }

  @Test
  void textRowsRoundTrip() throws Exception {
    Random r = new Random(11);
    KeyedRows c = filled(r, 500, true, true, true);
    KeyedRows back = roundTrip(c);
    assertSame(c, back, "text");
    assertNull(back.key);
    assertNull(back.value);
    assertNull(back.valued);
  }

  @Test
  void textKeysOrTextValuesAloneRoundTrip() throws Exception {
    // every mix of text and numbers, partly filled chunks, non-ASCII and empty strings, and
    // equal strings coming back as one instance
    for (long seed = 0; seed < 8; seed++) {
      Random r = new Random(seed);
      boolean textKeys = seed % 2 == 0;
      boolean textValues = seed % 4 < 2;
      KeyedRows c = filled(r, 1 + r.nextInt(3_000), textKeys, textValues, seed % 3 == 0);
      KeyedRows back = roundTrip(c);
      assertSame(c, back, "seed " + seed);
      if (textKeys && c.size > 1) {
        String[] keys = Arrays.copyOf(back.textKey, back.size);
        for (int i = 1; i < keys.length; i++) {
          for (int j = 0; j < i; j++) {
            assertEquals(keys[i].equals(keys[j]), keys[i] == keys[j], "seed " + seed);
          }
        }
      }
    }
  }

  @Test
  void stretchesRoundTrip() throws Exception {
    for (long seed = 0; seed < 6; seed++) {
      Random r = new Random(seed);
      boolean text = seed % 2 == 1;
      StretchRows c = new StretchRows(1 + r.nextInt(2_000), text);
      int n = r.nextInt(c.file.length + 1);
      for (int i = 0; i < n; i++) {
        c.file[i] = r.nextInt(3);
        c.row[i] = r.nextInt(4) == 0 ? r.nextLong() : i * 12L;
        c.count[i] = 1 + r.nextInt(15);
        c.txn[i] = i % 50 == 0 ? Long.MIN_VALUE : 1_000 + i + r.nextInt(5);
        if (text) {
          c.textSession[i] = i % 29 == 0 ? "séance-" + r.nextInt(3) : "s" + r.nextInt(20);
        } else {
          c.session[i] = r.nextInt(20) - 5;
        }
        c.pos[i] = r.nextInt();
        c.opPos[i] = r.nextInt(3);
        c.outcome[i] = (byte) r.nextInt(3);
        boolean timed = r.nextInt(3) > 0;
        c.start[i] = timed ? 1_700_000_000_000L + i * 10L : History.NO_TIME;
        c.end[i] = timed ? c.start[i] + r.nextInt(100) : History.NO_TIME;
        c.size++;
      }
      StretchRows back = (StretchRows) roundTrip(c);
      String where = "seed " + seed;
      assertEquals(n, back.size, where);
      assertArrayEquals(Arrays.copyOf(c.file, n), Arrays.copyOf(back.file, n), where);
      assertArrayEquals(Arrays.copyOf(c.row, n), Arrays.copyOf(back.row, n), where);
      assertArrayEquals(Arrays.copyOf(c.count, n), Arrays.copyOf(back.count, n), where);
      assertArrayEquals(Arrays.copyOf(c.txn, n), Arrays.copyOf(back.txn, n), where);
      for (int i = 0; i < n; i++) {
        assertEquals(c.session(i), back.session(i), where + " row " + i);
      }
      assertArrayEquals(Arrays.copyOf(c.pos, n), Arrays.copyOf(back.pos, n), where);
      assertArrayEquals(Arrays.copyOf(c.opPos, n), Arrays.copyOf(back.opPos, n), where);
      assertArrayEquals(Arrays.copyOf(c.outcome, n), Arrays.copyOf(back.outcome, n), where);
      assertArrayEquals(Arrays.copyOf(c.start, n), Arrays.copyOf(back.start, n), where);
      assertArrayEquals(Arrays.copyOf(c.end, n), Arrays.copyOf(back.end, n), where);
    }
  }

  @Test
  void listsOfNumbersThenOfTextGoAsObjects() throws Exception {
    Random r = new Random(5);
    KeyedRows c = filled(r, 400, false, false, false);
    int n = c.size;
    // row 0 has a list of numbers (filled gives every ninth row one): the last row's text
    // element comes after numbers were already written
    assertEquals(true, n > 1 && c.list[0] != null, "the fixture has rows with lists");
    c.list(n - 1, List.of("e", 7L));
    KeyedRows back = roundTrip(c);
    assertSame(c, back, "mixed lists");
    assertEquals(List.of("e", 7L), back.list[n - 1]);
  }

  @Test
  void transactionBlocksRoundTrip() throws Exception {
    for (long seed = 0; seed < 4; seed++) {
      Random r = new Random(seed);
      TxnBlock.Builder b = new TxnBlock.Builder();
      int n = seed == 0 ? 0 : r.nextInt(40_000);
      for (int i = 0; i < n; i++) {
        Object session = seed % 2 == 0 ? (Object) ("s" + r.nextInt(30)) : (Object) (long) r.nextInt(30);
        b.add(i % 1_000 == 0 ? Long.MIN_VALUE : r.nextLong(), session, r.nextInt(), (byte) r.nextInt(3),
            r.nextLong(), r.nextLong(), r.nextInt(16), i * 15L);
      }
      if (n > 10) {
        b.readingError(1, 17, "a row disagrees");
        b.groupError(5, 0, 99, "runs disagree");
        b.opError(3, "a gap");
      }
      TxnBlock want = b.build();
      TxnBlock got = roundTrip(want);
      String where = "seed " + seed;
      assertArrayEquals(want.txnId(), got.txnId(), where);
      assertArrayEquals(want.sessionLocal(), got.sessionLocal(), where);
      assertArrayEquals(want.pos(), got.pos(), where);
      assertArrayEquals(want.outcome(), got.outcome(), where);
      assertArrayEquals(want.start(), got.start(), where);
      assertArrayEquals(want.end(), got.end(), where);
      assertArrayEquals(want.opCount(), got.opCount(), where);
      assertArrayEquals(want.firstPos(), got.firstPos(), where);
      assertArrayEquals(want.sessions(), got.sessions(), where);
      assertArrayEquals(want.sessionFirst(), got.sessionFirst(), where);
      assertEquals(want.readingError(), got.readingError(), where);
      assertEquals(want.groupError(), got.groupError(), where);
      assertArrayEquals(want.opErrorAt(), got.opErrorAt(), where);
      assertArrayEquals(want.opError(), got.opError(), where);
    }
  }

  private static KeyedRows filled(Random r, int capacity, boolean textKeys, boolean textValues,
      boolean resolved) {
    KeyedRows c = new KeyedRows(capacity, textKeys, textValues, false);
    int n = r.nextInt(capacity + 1);
    long txn = r.nextLong();
    long pos = r.nextInt(1_000);
    for (int i = 0; i < n; i++) {
      txn = r.nextInt(4) == 0 ? r.nextLong() : txn + r.nextInt(3);
      pos = i % 97 == 0 ? Long.MIN_VALUE + r.nextInt(5) : pos + 1 + r.nextInt(20);
      c.rawTxn[i] = txn;
      c.opPos[i] = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(20);
      c.kind[i] = (byte) r.nextInt(8);
      c.pos[i] = pos;
      long k = i % 5 == 0 ? Long.MAX_VALUE - r.nextInt(3) : r.nextInt(100_000) - 50_000;
      boolean has = r.nextInt(4) != 0;
      if (textKeys) {
        c.textKey[i] = i % 17 == 0 ? "ключ-鍵-" + k % 7 : i % 19 == 0 ? "" : "k" + k % 300;
      } else {
        c.key[i] = k;
      }
      if (textValues) {
        c.textValue[i] = !has ? null : i % 23 == 0 ? "\uD83D\uDE00" + r.nextInt(3) : "v" + r.nextLong();
      } else {
        c.valued[i] = has;
        c.value[i] = has ? (i % 7 == 0 ? Long.MIN_VALUE : r.nextLong() >> r.nextInt(64)) : 0;
      }
      if (i % 9 == 0) {
        // text chunks' lists go as objects, numeric ones as varints
        c.list(i, textValues ? List.of("e" + i, "f") : List.of(1L, r.nextLong()));
      } else if (i % 11 == 0) {
        c.list(i, List.of());
      } else if (i % 13 == 0 && !textValues) {
        c.list(i, List.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, Long.MIN_VALUE));
      } else if (i % 17 == 0 && !textValues) {
        // as KeyChunks makes numeric lists: a primitive array
        c.list(i, new LongElements(new long[] {r.nextLong(), 3, Long.MAX_VALUE, -r.nextInt(9)}));
      }
      c.size++;
    }
    if (resolved) {
      c.txn = new int[n];
      c.op = new int[n];
      for (int i = 0; i < n; i++) {
        c.txn[i] = r.nextInt(1 << 30);
        c.op[i] = -r.nextInt(1 << 30);
      }
    }
    return c;
  }

  @SuppressWarnings("unchecked")
  private static <T> T roundTrip(T c) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(c);
    }
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  private static void assertSame(KeyedRows want, KeyedRows got, String where) {
    int n = want.size;
    assertEquals(n, got.size, where);
    assertArrayEquals(Arrays.copyOf(want.rawTxn, n), Arrays.copyOf(got.rawTxn, n), where);
    assertArrayEquals(Arrays.copyOf(want.opPos, n), Arrays.copyOf(got.opPos, n), where);
    assertArrayEquals(Arrays.copyOf(want.kind, n), Arrays.copyOf(got.kind, n), where);
    assertArrayEquals(Arrays.copyOf(want.pos, n), Arrays.copyOf(got.pos, n), where);
    if (want.key != null) {
      assertArrayEquals(Arrays.copyOf(want.key, n), Arrays.copyOf(got.key, n), where);
    } else {
      assertArrayEquals(Arrays.copyOf(want.textKey, n), Arrays.copyOf(got.textKey, n), where);
    }
    if (want.valued != null) {
      assertArrayEquals(Arrays.copyOf(want.valued, n), Arrays.copyOf(got.valued, n), where);
      assertArrayEquals(Arrays.copyOf(want.value, n), Arrays.copyOf(got.value, n), where);
    } else {
      assertArrayEquals(Arrays.copyOf(want.textValue, n), Arrays.copyOf(got.textValue, n),
          where);
    }
    assertArrayEquals(want.txn, got.txn, where);
    assertArrayEquals(want.op, got.op, where);
    for (int i = 0; i < n; i++) {
      assertEquals(want.list == null ? null : want.list[i],
          got.list == null ? null : got.list[i], where + " row " + i);
    }
  }
}
