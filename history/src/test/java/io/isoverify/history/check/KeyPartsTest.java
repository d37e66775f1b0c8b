package io.isoverify.history.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The per-key rules run on parallel threads over parts of the keys
 * ({@link KeyGroups#forEachBlockInParts}): the list orders and every finding are the same
 * however the keys are cut, and when the list keys are visited in a grouping of every key
 * (the in-process engine's one grouping), on 400 random list-append and register histories (fixed seeds)
 * with stale, reordered, duplicated, aborted and thin-air elements, aborted and
 * unknown-outcome transactions.
 */
class KeyPartsTest {
  @Test
  void resultsDoNotDependOnTheParts() {
    int violated = 0;
    for (int seed = 0; seed < 400; seed++) {
      History h = HistoryDsl.parse(randomHistory(new Random(seed)));
      ListOrders one = ListOrders.of(h, 5, 1);
      NonCycleFindings found = NonCycleChecks.findings(h, 5, () -> ListOrders.of(h, 5, 1), 1);
      String findings = show(h, found);
      violated += found.clean() ? 0 : 1;
      for (int parts = 2; parts <= 5; parts++) {
        ListOrders many = ListOrders.of(h, 5, parts);
        assertArrayEquals(one.orderStart(), many.orderStart(), "seed " + seed);
        assertArrayEquals(one.orderTxn(), many.orderTxn(), "seed " + seed);
        assertArrayEquals(one.listKeys(), many.listKeys(), "seed " + seed);
        assertEquals(show(h, one.findings()), show(h, many.findings()), "seed " + seed);
        int p = parts;
        assertEquals(findings, show(h, NonCycleChecks.findings(h, 5,
            () -> ListOrders.of(h, 5, p), p)), "seed " + seed);
        // the list keys visited in a grouping of every key, as the per-key rules' run makes it
        ListOrders grouped = ListOrders.of(h, 5, KeyGroups.group(h, parts));
        assertArrayEquals(one.orderStart(), grouped.orderStart(), "seed " + seed);
        assertArrayEquals(one.orderTxn(), grouped.orderTxn(), "seed " + seed);
        assertArrayEquals(one.listKeys(), grouped.listKeys(), "seed " + seed);
        assertEquals(show(h, one.findings()), show(h, grouped.findings()), "seed " + seed);
      }
    }
    // the corpus holds both clean and violating histories
    assertTrue(violated > 40 && violated < 360, violated + " of 400 violated");
  }

  private static String show(History h, NonCycleFindings f) {
    return f.counts() + " " + f.duplicate() + " " + f.examples().stream()
        .map(c -> CertificateSummary.of(h, c)).collect(Collectors.joining("; "));
  }

  /** Sessions of list-append and register transactions over 6 keys, mostly valid. */
  private static String randomHistory(Random r) {
    int keys = 6;
    List<List<Integer>> state = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      state.add(new ArrayList<>());
    }
    StringBuilder[] sessions = new StringBuilder[3];
    for (int s = 0; s < sessions.length; s++) {
      sessions[s] = new StringBuilder("s" + (s + 1) + ":");
    }
    int next = 1;
    String register = "init";
    for (int t = 0; t < 14; t++) {
      StringBuilder txn = new StringBuilder(" [");
      int outcome = r.nextInt(10); // 0: aborted, 1: unknown
      int ops = 1 + r.nextInt(3);
      for (int i = 0; i < ops; i++) {
        int k = r.nextInt(keys);
        String key = "k" + k;
        txn.append(i > 0 ? "; " : "");
        if (k == keys - 1) { // a register
          if (r.nextBoolean()) {
            txn.append("w ").append(key).append(' ').append(next);
            register = outcome == 0 ? register : Integer.toString(next);
            next++;
          } else {
            txn.append("r ").append(key).append(' ').append(r.nextInt(30) == 0 ? "999" : register);
          }
        } else if (r.nextBoolean()) {
          txn.append("a ").append(key).append(' ').append(next);
          if (outcome != 0) {
            state.get(k).add(next);
          }
          next++;
        } else {
          List<Integer> list = new ArrayList<>(state.get(k));
          switch (r.nextInt(40)) {
            case 0 -> list.add(next + 50); // thin air
            case 1 -> { if (list.size() > 1) { list.add(list.remove(0)); } } // reordered
            case 2 -> { if (!list.isEmpty()) { list.add(list.get(0)); } } // duplicated
            case 3 -> { if (!list.isEmpty()) { list.remove(list.size() - 1); } } // stale
            default -> { }
          }
          txn.append("r ").append(key).append(" (").append(list.stream().map(String::valueOf)
              .collect(Collectors.joining(" "))).append(')');
        }
      }
      txn.append(']').append(outcome == 0 ? "!" : outcome == 1 ? "?" : "");
      sessions[r.nextInt(sessions.length)].append(txn);
    }
    return java.util.Arrays.stream(sessions).map(StringBuilder::toString)
        .filter(s -> s.contains("[")).collect(Collectors.joining("\n"));
  }
}
