package io.isoverify.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The list replay accepts a serial witness exactly when every read list is what the reader
 * sees in it: random list-append histories made by running transactions in a random serial
 * order (so their read lists are prefixes of a few shared arrays, which the replay measures
 * once), some with one read list broken (an element dropped, added or moved), replayed in
 * the order they were made in and in another order.
 */
class ListReplayTest {
  private static final String[] KEYS = {"x", "y", "z"};

  @Test
  void aSerialWitnessPassesExactlyWhenEveryListIsWhatItsReaderSees() {
    Random random = new Random(29);
    int broken = 0;
    int otherOrdersRejected = 0;
    for (int round = 0; round < 2000; round++) {
      int txns = 2 + random.nextInt(8);
      List<Integer> order = new ArrayList<>();
      for (int t = 0; t < txns; t++) {
        order.add(t);
      }
      Collections.shuffle(order, random);
      Run run = new Run(txns, random);
      for (int t : order) {
        run.execute(t);
      }
      boolean breakOne = random.nextInt(3) == 0 && run.breakOneList();
      History h = HistoryDsl.parse(run.text());
      int[] witness = order.stream().mapToInt(Integer::intValue).toArray();
      Check serial = SerialReplay.check(h, witness, false);
      assertEquals(!breakOne, serial.valid(), "round " + round + ": " + run.text() + " -> "
          + serial.problem());
      broken += breakOne ? 1 : 0;
      // another order: accepted only when it gives every reader the same lists
      Collections.shuffle(order, random);
      int[] other = order.stream().mapToInt(Integer::intValue).toArray();
      boolean expected = !breakOne && run.sameLists(other);
      assertEquals(expected, SerialReplay.check(h, other, false).valid(), "round " + round);
      otherOrdersRejected += expected ? 0 : 1;
    }
    assertTrue(broken > 400 && otherOrdersRejected > 1000, broken + " " + otherOrdersRejected);
  }

  /** Transactions executed one at a time on lists, written out in the test DSL. */
  private static final class Run {
    final List<List<String[]>> ops = new ArrayList<>(); // per txn: {kind, key, value or list}
    final List<List<Integer>> state = new ArrayList<>();
    final Random random;
    int nextValue = 1;

    Run(int txns, Random random) {
      this.random = random;
      for (int t = 0; t < txns; t++) {
        ops.add(new ArrayList<>());
      }
      for (String ignored : KEYS) {
        state.add(new ArrayList<>());
      }
    }

    void execute(int t) {
      int n = 1 + random.nextInt(4);
      for (int i = 0; i < n; i++) {
        int k = random.nextInt(KEYS.length);
        if (random.nextBoolean()) {
          state.get(k).add(nextValue);
          ops.get(t).add(new String[] {"a", KEYS[k], Integer.toString(nextValue++)});
        } else {
          ops.get(t).add(new String[] {"r", KEYS[k], list(state.get(k))});
        }
      }
    }

    /** Breaks one non-empty read list; false when there is none. */
    boolean breakOneList() {
      List<String[]> reads = new ArrayList<>();
      for (List<String[]> t : ops) {
        for (String[] o : t) {
          if (o[0].equals("r") && !o[2].equals("()")) {
            reads.add(o);
          }
        }
      }
      if (reads.isEmpty()) {
        return false;
      }
      String[] o = reads.get(random.nextInt(reads.size()));
      List<Integer> l = parse(o[2]);
      int last = l.get(l.size() - 1);
      List<Integer> body = new ArrayList<>(l.subList(0, l.size() - 1));
      switch (body.isEmpty() ? 1 : random.nextInt(3)) {
        case 0 -> body.remove(random.nextInt(body.size()));
        case 1 -> body.add(random.nextInt(body.size() + 1), 1000 + random.nextInt(5));
        default -> {
          int first = body.remove(0);
          body.add(random.nextInt(body.size() + 1), first);
        }
      }
      body.add(last); // the last element is the read's value: the list itself is what breaks
      if (body.equals(l)) {
        body.add(0, 999);
      }
      o[2] = list(body);
      return true;
    }

    /** Would running the transactions in {@code order} give every read the list it holds? */
    boolean sameLists(int[] order) {
      List<List<Integer>> lists = new ArrayList<>();
      for (String ignored : KEYS) {
        lists.add(new ArrayList<>());
      }
      for (int t : order) {
        for (String[] o : ops.get(t)) {
          List<Integer> l = lists.get(List.of(KEYS).indexOf(o[1]));
          if (o[0].equals("a")) {
            l.add(Integer.parseInt(o[2]));
          } else if (!list(l).equals(o[2])) {
            return false;
          }
        }
      }
      return true;
    }

    String text() {
      StringBuilder s = new StringBuilder();
      for (int t = 0; t < ops.size(); t++) {
        s.append('s').append(t + 1).append(": [");
        for (int i = 0; i < ops.get(t).size(); i++) {
          String[] o = ops.get(t).get(i);
          s.append(i == 0 ? "" : "; ").append(o[0]).append(' ').append(o[1]).append(' ')
              .append(o[2]);
        }
        s.append("]\n");
      }
      return s.toString();
    }

    private static String list(List<Integer> l) {
      StringBuilder s = new StringBuilder("(");
      for (int i = 0; i < l.size(); i++) {
        s.append(i == 0 ? "" : " ").append(l.get(i));
      }
      return s.append(')').toString();
    }

    private static List<Integer> parse(String list) {
      List<Integer> l = new ArrayList<>();
      String body = list.substring(1, list.length() - 1).trim();
      for (String e : body.isEmpty() ? new String[0] : body.split(" ")) {
        l.add(Integer.parseInt(e));
      }
      return l;
    }
  }
}
