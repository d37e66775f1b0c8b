package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.check.KeyGroups;
import io.isoverify.history.check.ListOrders;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.testing.HistoryDsl;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The graph's arrays assembled from per-key parts: exactly what the encoding says on a
 * small history, and the same arrays whether the keys come in one part (in-process) or
 * spread over several in any order and serialized (Spark's partitions), or are run on
 * parallel threads over parts of the keys (in-process), or have their reads placed by
 * transaction ranges on parallel threads.
 */
class KeyedOperationsTest {
  private static final String HISTORY = """
      a: [w x 1; r y init; w x 2; w y 5] [r x 2; r z init]?
      b: [r y 5; w z 7; r x 1]! [r x 2; r y 5; w x 3]
      c: [r z 9; r x 3; w y 6]
      """;

  @Test
  void theArraysOfTheEncoding() {
    History h = HistoryDsl.parse(HISTORY);
    Operations o = Operations.of(h);
    // keys x=0, y=1, z=2; values 1=0, 2=1, 5=2, 7=3, 3=4, 9=5, 6=6; transactions in session order
    assertArrayEquals(new int[] {0, 0, 1, 1}, o.writeKey);
    assertArrayEquals(new int[] {1, 4, 2, 6}, o.writeValue);
    assertArrayEquals(new int[] {0, 3, 0, 4}, o.writeTxn);
    assertArrayEquals(new int[] {0, 1, 3, 3, 5, 7}, o.readStart, "aborted T3 (b's first) has none");
    assertArrayEquals(new int[] {1, 0, 2, 0, 1, 2, 0}, o.readKey, "program order, across keys");
    assertArrayEquals(new int[] {-1, 1, -1, 1, 2, 5, 4}, o.readValue);
    assertArrayEquals(new int[] {Operations.INIT_WRITER, 0, Operations.INIT_WRITER, 0, 0,
        Operations.NO_WRITER, 3}, o.readWriter, "9 was never written");
  }

  @Test
  void keysSpreadOverSerializedPartsGiveTheSameArrays() throws Exception {
    History h = HistoryDsl.parse(HISTORY + "d: [w z 8; r q init; w q 4] [r z 8; r q 4]\n");
    List<KeyedOperations> parts = List.of(new KeyedOperations(), new KeyedOperations());
    List<List<Integer>> codes = List.of(new ArrayList<>(), new ArrayList<>());
    KeyGroups.forEach(h, (key, rules, valueCode) -> {
      parts.get(key % 2).add(rules, valueCode);
      codes.get(key % 2).add(key);
    });
    int[][] keyCode = new int[2][];
    List<KeyedOperations> shipped = new ArrayList<>();
    for (int p = 1; p >= 0; p--) {
      keyCode[1 - p] = codes.get(p).stream().mapToInt(Integer::intValue).toArray();
      shipped.add(roundTrip(parts.get(p)));
    }
    Operations spread = new Operations(KeyedOperations.assemble(shipped, keyCode,
        h.keys().size(), h.txnCount()));
    assertTrue(spread.sameAs(Operations.of(h)));
  }

  @Test
  void rulesOnParallelPartsOfTheKeysGiveTheSameArrays() {
    History h = HistoryDsl.parse(HISTORY + "d: [w z 8; r q init; w q 4] [r z 8; r q 4]\n"
        + "e: [r q 4; w r 1; w s 2] [r r 1; r s 2; w x 9]\n");
    Operations one = new Operations(Operations.arrays(h, 1));
    for (int parts = 2; parts <= 6; parts++) {
      Operations many = new Operations(Operations.arrays(h, parts));
      assertTrue(many.sameAs(one), parts + " parts");
      assertArrayEquals(Operations.arrays(h, 1).internalReads(),
          Operations.arrays(h, parts).internalReads(), parts + " parts");
      assertArrayEquals(Operations.arrays(h, 1).overwrittenWrites(),
          Operations.arrays(h, parts).overwrittenWrites(), parts + " parts");
    }
  }

  /**
   * Reads placed by transaction ranges on parallel threads: the same arrays as one range, on
   * random histories whose transactions read up to 90 keys (so that both of the per-transaction
   * sorts by operation run) and abort now and then (fixed seeds).
   */
  @Test
  void readsPlacedInTransactionRangesGiveTheSameArrays() {
    Random rnd = new Random(61);
    int longest = 0;
    for (int round = 0; round < 40; round++) {
      History h = HistoryDsl.parse(randomHistory(rnd));
      List<KeyedOperations> whole = List.of(new KeyedOperations());
      KeyGroups.forEach(h, (key, rules, valueCode) -> whole.get(0).add(rules, valueCode));
      KeyedOperations.Arrays one = KeyedOperations.assemble(whole, null, h.keys().size(),
          h.txnCount(), 1, 1, false);
      assertTrue(one.readKey().length > 60, "reads " + one.readKey().length);
      for (int t = 0; t < h.txnCount(); t++) {
        longest = Math.max(longest, one.readStart()[t + 1] - one.readStart()[t]);
      }
      for (int threads : new int[] {-1, 1, 2, 3, 7}) {
        // -1: by rank (the default); else by transaction ranges on that many threads
        KeyedOperations.Arrays many = KeyedOperations.assemble(whole, null, h.keys().size(),
            h.txnCount(), Math.max(1, threads), 1, threads < 0);
        String at = "round " + round + ", " + threads + " threads";
        assertArrayEquals(one.readStart(), many.readStart(), at);
        assertArrayEquals(one.readKey(), many.readKey(), at);
        assertArrayEquals(one.readValue(), many.readValue(), at);
        assertArrayEquals(one.readWriter(), many.readWriter(), at);
        assertArrayEquals(one.writeKey(), many.writeKey(), at);
        assertArrayEquals(one.writeTxn(), many.writeTxn(), at);
        assertArrayEquals(one.internalReads(), many.internalReads(), at);
      }
      assertTrue(new Operations(one).sameAs(Operations.of(h)), "round " + round);
    }
    assertTrue(longest > 32, "the most reads of one transaction " + longest);
  }

  /**
   * Placing the reads by the rank of their operation gives up, leaving the transaction ranges
   * to place them, when the operations do not follow the transactions: here a {@code
   * readStart} whose ranges are shifted by one read, so that some read's rank lies outside
   * its transaction's range.
   */
  @Test
  void readsWhoseRankLiesOutsideTheirTransactionAreNotPlacedByRank() {
    History h = HistoryDsl.parse(randomHistory(new Random(63)));
    List<KeyedOperations> whole = List.of(new KeyedOperations());
    KeyGroups.forEach(h, (key, rules, valueCode) -> whole.get(0).add(rules, valueCode));
    KeyedOperations.Arrays a = KeyedOperations.assemble(whole, null, h.keys().size(),
        h.txnCount(), 1, 1, false);
    int reads = a.readKey().length;
    int[] out = new int[reads];
    assertTrue(KeyedOperations.placeByRank(whole, null, a.readStart(), out, new int[reads],
        new int[reads], 2));
    assertArrayEquals(a.readKey(), out);
    int[] shifted = a.readStart().clone();
    int moved = 0;
    for (int t = 1; t < shifted.length - 1; t++) {
      if (shifted[t] > shifted[t - 1] && shifted[t] < shifted[t + 1]) {
        shifted[t]--;
        moved++;
      }
    }
    assertTrue(moved > 0);
    assertEquals(false, KeyedOperations.placeByRank(whole, null, shifted, new int[reads],
        new int[reads], new int[reads], 2));
  }

  /**
   * The in-process engine's graph input from the parts the non-cycle checks' run of the rules
   * collected: the arrays the graph input's own run gives, and the same findings as the checks
   * without it (random histories with thin-air and aborted reads, fixed seed).
   */
  @Test
  void partsCollectedByTheNonCycleChecksGiveTheSameArrays() {
    Random rnd = new Random(62);
    int found = 0;
    for (int round = 0; round < 30; round++) {
      History h = HistoryDsl.parse(randomHistory(rnd));
      List<List<KeyedOperations.Part>> collected = new ArrayList<>();
      NonCycleFindings f = NonCycleChecks.findings(h, 10, g -> ListOrders.of(h, 10, g),
          KeyedOperations.Part::new, KeyedOperations.Part::add, collected::add);
      assertEquals(1, collected.size(), "the parts are handed over once");
      KeyedOperations.Arrays shared = KeyedOperations.assemble(collected.get(0), h);
      KeyedOperations.Arrays own = Operations.arrays(h);
      String at = "round " + round;
      assertTrue(new Operations(shared).sameAs(new Operations(own)), at);
      assertArrayEquals(own.internalReads(), shared.internalReads(), at);
      assertArrayEquals(own.overwrittenWrites(), shared.overwrittenWrites(), at);
      assertEquals(described(NonCycleChecks.findings(h, 10)), described(f), at);
      found += f.examples().isEmpty() ? 0 : 1;
    }
    assertTrue(found > 10, "histories with non-cycle findings " + found);
  }

  private static List<String> described(NonCycleFindings f) {
    List<String> out = new ArrayList<>();
    for (Certificate c : f.examples()) {
      out.add(c.anomaly() + " " + java.util.Arrays.toString(c.txns()) + " "
          + java.util.Arrays.toString(c.keys()) + " " + java.util.Arrays.toString(c.ops()));
    }
    return out;
  }

  /** Four sessions of a few transactions over 200 keys: writes of unique values and reads. */
  private static String randomHistory(Random rnd) {
    StringBuilder text = new StringBuilder();
    int value = 1;
    for (int s = 0; s < 4; s++) {
      text.append('s').append(s).append(':');
      for (int t = 2 + rnd.nextInt(8); t > 0; t--) {
        List<String> body = new ArrayList<>();
        int ops = rnd.nextInt(4) == 0 ? 50 + rnd.nextInt(40) : 1 + rnd.nextInt(6);
        for (int i = 0; i < ops; i++) {
          String key = "k" + rnd.nextInt(200);
          body.add(rnd.nextInt(3) == 0 ? "w " + key + " " + value++
              : "r " + key + " " + (rnd.nextBoolean() ? "init" : String.valueOf(1 + rnd.nextInt(value))));
        }
        text.append(" [").append(String.join("; ", body)).append(']')
            .append(rnd.nextInt(8) == 0 ? "!" : "");
      }
      text.append('\n');
    }
    return text.toString();
  }

  private static KeyedOperations roundTrip(KeyedOperations k) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(k);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (KeyedOperations) in.readObject();
    }
  }
}
