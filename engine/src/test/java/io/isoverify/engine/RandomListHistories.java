package io.isoverify.engine;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small random list-append histories (Elle's workload) for differential tests: transactions
 * run one after another in the order generated (which respects each session), each appending
 * fresh values and reading whole lists; a read sees a random prefix of what is committed
 * (usually all of it: a stale prefix makes the anti-dependencies), then its own appends.
 * Sometimes a read list is corrupted (two elements swapped, one repeated, a value nobody
 * appended), a transaction aborts (its appends are never applied) or its outcome is unknown
 * (applied or not). Deterministic per seed.
 */
final class RandomListHistories {
  private static final String[] KEYS = {"x", "y", "z"};

  private RandomListHistories() {
  }

  static History of(long seed) {
    return HistoryDsl.parse(text(seed));
  }

  /** The history of the seed in HistoryDsl's text form. */
  static String text(long seed) {
    Random rnd = new Random(seed);
    int sessions = 1 + rnd.nextInt(3);
    int txns = 2 + rnd.nextInt(5);
    int keys = 1 + rnd.nextInt(KEYS.length);
    List<List<Integer>> committed = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      committed.add(new ArrayList<>());
    }
    StringBuilder[] lines = new StringBuilder[sessions];
    int next = 1;
    for (int t = 0; t < txns; t++) {
      int s = rnd.nextInt(sessions);
      List<int[]> own = new ArrayList<>();
      StringBuilder body = new StringBuilder();
      int ops = 1 + rnd.nextInt(3);
      for (int o = 0; o < ops; o++) {
        int k = rnd.nextInt(keys);
        body.append(o > 0 ? "; " : "");
        if (rnd.nextBoolean()) {
          own.add(new int[] {k, next});
          body.append("a ").append(KEYS[k]).append(' ').append(next++);
        } else {
          body.append("r ").append(KEYS[k]).append(" (").append(join(read(rnd, committed.get(k), own, k)))
              .append(')');
        }
      }
      int fate = rnd.nextInt(20);
      String suffix = fate == 0 ? "!" : fate == 1 ? "?" : "";
      if (fate != 0 && (fate != 1 || rnd.nextBoolean())) {
        for (int[] a : own) {
          committed.get(a[0]).add(a[1]);
        }
      }
      if (lines[s] == null) {
        lines[s] = new StringBuilder("s" + s + ":");
      }
      lines[s].append(" [").append(body).append(']').append(suffix);
    }
    StringBuilder text = new StringBuilder();
    for (StringBuilder line : lines) {
      if (line != null) {
        text.append(line).append('\n');
      }
    }
    return text.toString();
  }

  private static List<Integer> read(Random rnd, List<Integer> committed, List<int[]> own, int k) {
    int n = rnd.nextInt(4) == 0 ? rnd.nextInt(committed.size() + 1) : committed.size();
    List<Integer> list = new ArrayList<>(committed.subList(0, n));
    for (int[] a : own) {
      if (a[0] == k) {
        list.add(a[1]);
      }
    }
    int corrupt = rnd.nextInt(40);
    if (corrupt == 0 && list.size() >= 2) {
      int i = rnd.nextInt(list.size() - 1);
      list.set(i, list.set(i + 1, list.get(i)));
    } else if (corrupt == 1 && !list.isEmpty()) {
      list.add(rnd.nextInt(list.size()), list.get(rnd.nextInt(list.size())));
    } else if (corrupt == 2) {
      list.add(rnd.nextInt(list.size() + 1), 99);
    }
    return list;
  }

  private static String join(List<Integer> list) {
    StringBuilder s = new StringBuilder();
    for (int v : list) {
      s.append(s.length() > 0 ? " " : "").append(v);
    }
    return s.toString();
  }
}
