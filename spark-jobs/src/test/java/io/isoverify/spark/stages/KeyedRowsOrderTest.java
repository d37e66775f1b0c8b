package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyedRows#inKeyOrder} on a merged block whose rows arrive in random order (fixed
 * seeds): the keys ascend (numbers, or text in String order), each key's rows ascend by
 * operation id, every column moves with its row, and a key's number is the same on its rows
 * and increases with the key. Keys a few apart (numbered by their offsets) and keys far apart
 * (ranked by a sort) both.
 */
class KeyedRowsOrderTest {
  @Test
  void numericKeysThenOperationIds() {
    for (long seed = 0; seed < 20; seed++) {
      Random r = new Random(seed);
      int n = seed < 10 ? 1 + r.nextInt(50) : 5_000 + r.nextInt(20_000); // both sort paths
      KeyedRows rows = rows(r, n, false, seed % 2 == 0 ? 1 : 1_000_003L);
      long[] keyOf = rows.key.clone();
      int[] rank = rows.inKeyOrder();
      assertNull(rows.rawTxn, "the file's ids are dropped");
      for (int i = 0; i < n; i++) {
        assertRowIntact(rows, i, "seed " + seed);
        if (i > 0) {
          assertTrue(rows.key[i - 1] < rows.key[i]
              || rows.key[i - 1] == rows.key[i] && rows.op[i - 1] < rows.op[i],
              "seed " + seed + " row " + i);
          assertEquals(rows.key[i - 1] == rows.key[i], rank[i - 1] == rank[i],
              "seed " + seed + " row " + i);
          assertTrue(rank[i - 1] <= rank[i], "seed " + seed + " row " + i);
        }
      }
      long[] sortedKeys = keyOf.clone();
      java.util.Arrays.sort(sortedKeys);
      assertArrayEquals(sortedKeys, rows.key, "seed " + seed + ": the same keys");
    }
  }

  @Test
  void textKeysThenOperationIds() {
    Random r = new Random(7);
    int n = 300;
    KeyedRows rows = rows(r, n, true, 1_000_003L);
    rows.inKeyOrder();
    for (int i = 1; i < n; i++) {
      assertRowIntact(rows, i, "text");
      int c = rows.textKey[i - 1].compareTo(rows.textKey[i]);
      assertTrue(c < 0 || c == 0 && rows.op[i - 1] < rows.op[i], "row " + i);
    }
  }

  /**
   * n rows of a few keys, each with a distinct operation id; the other columns are functions
   * of the id, so that a row whose columns did not move together is seen.
   */
  private static KeyedRows rows(Random r, int n, boolean text, long spacing) {
    KeyedRows rows = new KeyedRows(n, text, false, false);
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = 3 * i + 1;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = ids[i];
      ids[i] = ids[j];
      ids[j] = t;
    }
    int keys = 1 + r.nextInt(Math.max(1, n / 4));
    rows.txn = new int[n];
    rows.op = new int[n];
    for (int i = 0; i < n; i++) {
      long key = r.nextInt(keys) * spacing - 17;
      if (text) {
        rows.textKey[i] = "k" + key;
      } else {
        rows.key[i] = key;
      }
      rows.op[i] = ids[i];
      rows.txn[i] = ids[i] / 5;
      rows.kind[i] = (byte) (ids[i] % 3);
      rows.pos[i] = 10L * ids[i];
      rows.value[i] = -ids[i];
      rows.valued[i] = ids[i] % 2 == 0;
      rows.size++;
    }
    return rows;
  }

  private static void assertRowIntact(KeyedRows rows, int i, String where) {
    int id = rows.op[i];
    assertEquals(id / 5, rows.txn[i], where);
    assertEquals(id % 3, rows.kind[i], where);
    assertEquals(10L * id, rows.pos[i], where);
    assertEquals(-id, rows.value[i], where);
    assertEquals(id % 2 == 0, rows.valued[i], where);
  }
}
