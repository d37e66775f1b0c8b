package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
 * A {@link KeyedRows} chunk through Java serialization (its varint columns,
 * {@link VarintColumns}) comes back with every row's columns as they were: numeric and text
 * keys and values, absent values, read lists, resolved ids, extreme longs (differences that
 * overflow), a chunk filled only in part; fixed seeds.
 */
class KeyedRowsSerializationTest {
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
        c.textKey[i] = "k" + k;
      } else {
        c.key[i] = k;
      }
      if (textValues) {
        c.textValue[i] = has ? "v" + r.nextLong() : null;
      } else {
        c.valued[i] = has;
        c.value[i] = has ? (i % 7 == 0 ? Long.MIN_VALUE : r.nextLong() >> r.nextInt(64)) : 0;
      }
      if (i % 9 == 0) {
        c.list(i, List.of(1L, r.nextLong()));
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

  private static KeyedRows roundTrip(KeyedRows c) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(c);
    }
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      return (KeyedRows) in.readObject();
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
