package io.isoverify.engine;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small random list-append histories (Elle's workload) for differential tests: transactions
 * run one after another in the order generated (which respects each session), each appending
 * fresh values and reading whole lists; a transaction reads from a snapshot of what is
 * committed (usually all of it; an older one, shared by its reads and never older than its
 * session's last commit, makes the write skews SI allows), a read now and then from a shorter prefix, then its own appends.
 * Sometimes a read list is corrupted (two elements swapped, one repeated, a value nobody
 * appended), a transaction aborts (its appends are never applied) or its outcome is unknown
 * (applied or not). Deterministic per seed. Public for spark-jobs' differential test of the
 * Spark engine's list checks.
 */
public final class RandomListHistories {
  private static final String[] KEYS = {"x", "y", "z"};

  private RandomListHistories() {
  }

  public static History of(long seed) {
    return HistoryDsl.parse(text(seed));
  }

  /** The history of the seed in HistoryDsl's text form. */
  public static String text(long seed) {
    Random rnd = new Random(seed);
    int sessions = 1 + rnd.nextInt(3);
    int txns = 2 + rnd.nextInt(5);
    int keys = 1 + rnd.nextInt(KEYS.length);
    List<int[]> log = new ArrayList<>();
    int[] seen = new int[sessions];
    StringBuilder[] lines = new StringBuilder[sessions];
    int next = 1;
    for (int t = 0; t < txns; t++) {
      int s = rnd.nextInt(sessions);
      List<int[]> own = new ArrayList<>();
      int snapshot = rnd.nextBoolean()
          ? seen[s] + rnd.nextInt(log.size() - seen[s] + 1) : log.size();
      StringBuilder body = new StringBuilder();
      int ops = 1 + rnd.nextInt(3);
      for (int o = 0; o < ops; o++) {
        int k = rnd.nextInt(keys);
        body.append(o > 0 ? "; " : "");
        if (rnd.nextBoolean()) {
          own.add(new int[] {k, next});
          body.append("a ").append(KEYS[k]).append(' ').append(next++);
        } else {
          body.append("r ").append(KEYS[k]).append(" (").append(join(read(rnd, log, snapshot, own, k)))
              .append(')');
        }
      }
      int fate = rnd.nextInt(20);
      String suffix = fate == 0 ? "!" : fate == 1 ? "?" : "";
      if (fate != 0 && (fate != 1 || rnd.nextBoolean())) {
        log.addAll(own);
        seen[s] = log.size();
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

  /**
   * What a read of key k sees: the committed appends to k among the first {@code snapshot}
   * commits' appends (all of them, or an older snapshot the whole transaction shares), now
   * and then a shorter prefix, then the transaction's own appends; perhaps corrupted.
   */
  private static List<Integer> read(Random rnd, List<int[]> log, int snapshot, List<int[]> own,
      int k) {
    List<Integer> list = new ArrayList<>();
    for (int i = 0; i < snapshot; i++) {
      if (log.get(i)[0] == k) {
        list.add(log.get(i)[1]);
      }
    }
    if (rnd.nextInt(8) == 0) {
      list = new ArrayList<>(list.subList(0, rnd.nextInt(list.size() + 1)));
    }
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
