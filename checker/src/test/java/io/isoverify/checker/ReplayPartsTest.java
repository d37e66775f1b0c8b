package io.isoverify.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The replays give the same answer, the same first problem included, whether the witness's
 * positions are checked in one part or several ({@link ReplayParts}): random histories of
 * register and list-append transactions run in a random commit order, each from a random
 * start point (so SER witnesses fail where a start point is not the commit before), with
 * witnesses mutated (two positions swapped, a start point moved) to give other problems.
 */
class ReplayPartsTest {
  private static final int[] PARTS = {2, 3, 5};
  private static final int[] NONE = new int[0];

  @Test
  void everyPartCountGivesTheSameAnswer() {
    Random random = new Random(41);
    int valid = 0;
    int rejected = 0;
    for (int round = 0; round < 3000; round++) {
      int txns = 2 + random.nextInt(10);
      int[] order = shuffled(txns, random);
      int[] snapshot = new int[txns];
      for (int i = 0; i < txns; i++) {
        snapshot[i] = random.nextInt(3) == 0 ? random.nextInt(i + 1) : i;
      }
      History h = HistoryDsl.parse(run(order, snapshot, random));
      if (random.nextBoolean()) {
        int i = random.nextInt(txns);
        int j = random.nextInt(txns);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      if (random.nextInt(4) == 0) {
        int i = random.nextInt(txns);
        snapshot[i] = random.nextInt(i + 1);
      }
      Check serial = SerialReplay.check(h, order, false, NONE, NONE, NONE, 1);
      Check snapshots = SnapshotReplay.check(h, order, snapshot, NONE, NONE, NONE, 1);
      for (int parts : PARTS) {
        String where = "round " + round + ", " + parts + " parts";
        assertEquals(serial, SerialReplay.check(h, order, false, NONE, NONE, NONE, parts), where);
        assertEquals(snapshots,
            SnapshotReplay.check(h, order, snapshot, NONE, NONE, NONE, parts), where);
      }
      valid += (serial.valid() ? 1 : 0) + (snapshots.valid() ? 1 : 0);
      rejected += (serial.valid() ? 0 : 1) + (snapshots.valid() ? 0 : 1);
    }
    assertTrue(valid > 1500 && rejected > 1500, valid + " valid, " + rejected + " rejected");
  }

  private static int[] shuffled(int n, Random random) {
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      l.add(i);
    }
    Collections.shuffle(l, random);
    return l.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Runs transaction order[i] from the state after the first snapshot[i] commits (plus its
   * own writes), one transaction per session: registers x and y, list z. The DSL text.
   */
  private static String run(int[] order, int[] snapshot, Random random) {
    List<Map<String, String>> states = new ArrayList<>(); // state after i commits
    states.add(new HashMap<>());
    String[] text = new String[order.length];
    int next = 1;
    for (int i = 0; i < order.length; i++) {
      Map<String, String> seen = new HashMap<>(states.get(snapshot[i]));
      Map<String, String> writes = new HashMap<>();
      StringBuilder ops = new StringBuilder();
      int n = 1 + random.nextInt(4);
      for (int k = 0; k < n; k++) {
        String key = new String[] {"x", "y", "z"}[random.nextInt(3)];
        String op;
        if (random.nextBoolean()) {
          String v = Integer.toString(next++);
          op = key.equals("z") ? "a z " + v : "w " + key + " " + v;
          String list = seen.getOrDefault("z", "");
          seen.put(key, key.equals("z") ? (list.isEmpty() ? v : list + " " + v) : v);
          writes.put(key, v);
        } else {
          op = key.equals("z") ? "r z (" + seen.getOrDefault("z", "") + ")"
              : "r " + key + " " + seen.getOrDefault(key, "init");
        }
        ops.append(k == 0 ? "" : "; ").append(op);
      }
      text[order[i]] = "s" + order[i] + ": [" + ops + "]";
      Map<String, String> after = new HashMap<>(states.get(i));
      for (Map.Entry<String, String> w : writes.entrySet()) {
        String list = after.getOrDefault("z", "");
        after.put(w.getKey(), w.getKey().equals("z")
            ? appended(list, seen.get("z"), states.get(snapshot[i]).getOrDefault("z", ""))
            : w.getValue());
      }
      states.add(after);
    }
    return String.join("\n", text) + "\n";
  }

  /** The committed list z after a transaction that saw {@code base} and ended with {@code own}. */
  private static String appended(String committed, String own, String base) {
    String added = own.substring(base.length()).trim();
    return committed.isEmpty() ? added : committed + " " + added;
  }
}
