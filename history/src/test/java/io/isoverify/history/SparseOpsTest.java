package io.isoverify.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The primitive tables of operations' attachments ({@link PredicateTable}, {@link
 * FieldsTable}) against a map filled alike: lookups of every operation, the map view, a
 * second attachment to one operation replacing the first, out-of-order attachments refused.
 */
class SparseOpsTest {
  @Test
  void tablesAnswerAsAMapFilledAlike() {
    Random r = new Random(7);
    PredicateTable predicates = new PredicateTable();
    FieldsTable fields = new FieldsTable();
    Map<Integer, PredicateRead> p = new LinkedHashMap<>();
    Map<Integer, WrittenFields> f = new LinkedHashMap<>();
    int ops = 5_000;
    for (int o = 0; o < ops; o++) {
      int times = r.nextInt(10) == 0 ? 2 : 1;
      for (int k = 0; k < times; k++) {
        if (r.nextInt(3) == 0) {
          PredicateRead read = new PredicateRead(r.nextInt(4), r.nextInt(50), 50 + r.nextInt(50),
              r.nextInt(9));
          predicates.add(o, read);
          p.put(o, read);
        }
        if (r.nextInt(2) == 0) {
          int n = r.nextInt(4);
          long[] field = new long[n];
          long[] value = new long[n];
          for (int i = 0; i < n; i++) {
            field[i] = 3L * i + r.nextInt(3);
            value[i] = r.nextLong();
          }
          WrittenFields w = new WrittenFields(field, value);
          fields.add(o, w);
          f.put(o, w);
        }
      }
    }
    predicates.trim();
    fields.trim();
    for (int o = -1; o <= ops; o++) {
      assertEquals(p.get(o), predicates.find(o), "operation " + o);
      assertEquals(f.get(o), fields.find(o), "operation " + o);
      assertEquals(p.containsKey(o), predicates.containsKey(o));
    }
    assertEquals(p, predicates);
    assertEquals(f, fields);
    assertEquals(p.keySet().stream().toList(), predicates.keySet().stream().toList());
    assertTrue(p.size() > 1_000 && f.size() > 2_000, p.size() + " " + f.size());
    assertNull(predicates.get("3"));
    assertFalse(fields.isEmpty());
  }

  /**
   * Lookups while the table fills and after, with operations far apart (words of the rank
   * directory without an attachment), runs of 64 and more, the first and last of a word.
   */
  @Test
  void lookupsFindExactlyTheAttachedOperationsAcrossGaps() {
    Random r = new Random(11);
    PredicateTable t = new PredicateTable();
    java.util.TreeMap<Integer, PredicateRead> m = new java.util.TreeMap<>();
    int o = 0;
    for (int i = 0; i < 3_000; i++) {
      int gap = switch (r.nextInt(4)) {
        case 0 -> 1;
        case 1 -> 63 + r.nextInt(3);
        case 2 -> r.nextInt(500);
        default -> 1 + r.nextInt(5);
      };
      o += gap;
      PredicateRead read = new PredicateRead(1, i, i + 1, i % 7);
      t.add(o, read);
      m.put(o, read);
      if (i % 500 == 0) {
        for (int q = Math.max(0, o - 700); q <= o + 70; q++) {
          assertEquals(m.get(q), t.find(q), "while filling, operation " + q);
        }
      }
    }
    t.trim();
    for (int q = -70; q <= o + 700; q++) {
      assertEquals(m.get(q), t.find(q), "operation " + q);
    }
    assertEquals(-1, t.index(Integer.MAX_VALUE));
    assertEquals(-1, t.index(Integer.MIN_VALUE));
  }

  @Test
  void attachmentsOutOfOperationOrderAreRefused() {
    PredicateTable t = new PredicateTable();
    t.add(5, new PredicateRead(1, 0, 9, 0));
    assertThrows(IllegalStateException.class, () -> t.add(4, new PredicateRead(1, 0, 9, 0)));
    assertThrows(UnsupportedOperationException.class,
        () -> t.put(6, new PredicateRead(1, 0, 9, 0)));
  }
}
