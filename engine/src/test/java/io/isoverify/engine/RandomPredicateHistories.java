package io.isoverify.engine;

import io.isoverify.history.History;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Small random histories with predicate reads (vbox), for differential tests against the
 * brute-force oracle: 3 to 5 transactions in 2 or 3 sessions over 3 rows with 2 fields,
 * simulated on a store where each transaction reads a snapshot taken at a random point
 * between its session predecessor's commit and its own (so stale snapshots make write skew,
 * read skew and phantoms), with client timestamps that match the simulation. Operations:
 * reads, writes that set field 1 (sometimes field 2 only, whose field-1 value is then
 * inherited), inserts, deletes, and predicate reads on field 1 whose result is evaluated on
 * the snapshot. Some transactions abort; some results are corrupted afterwards (a row added
 * to or dropped from a predicate's result). Written values are unique per history.
 */
public final class RandomPredicateHistories {
  private static final String[] KEYS = {"x", "y", "z"};

  private RandomPredicateHistories() {
  }

  public static History of(long seed) {
    return HistoryDsl.parse(text(seed));
  }

  /** The history of {@code seed} in {@link HistoryDsl}'s form. */
  static String text(long seed) {
    Random rnd = new Random(seed);
    int sessions = 2 + rnd.nextInt(2);
    int txns = 3 + rnd.nextInt(3);
    List<Map<String, Map<Integer, Integer>>> states = new ArrayList<>();
    states.add(new HashMap<>());
    List<Map<String, Integer>> values = new ArrayList<>();
    values.add(new HashMap<>());
    int[] sessionCommit = new int[sessions];
    StringBuilder[] lines = new StringBuilder[sessions];
    for (int s = 0; s < sessions; s++) {
      lines[s] = new StringBuilder("s" + s + ":");
    }
    int nextValue = 1;
    for (int i = 0; i < txns; i++) {
      int s = rnd.nextInt(sessions);
      int now = states.size() - 1;
      int snap = sessionCommit[s] + rnd.nextInt(now - sessionCommit[s] + 1);
      Map<String, Map<Integer, Integer>> view = copy(states.get(snap));
      Map<String, Integer> seenValue = new HashMap<>(values.get(snap));
      java.util.Set<String> written = new java.util.HashSet<>();
      StringBuilder body = new StringBuilder();
      int ops = 1 + rnd.nextInt(3);
      for (int k = 0; k < ops; k++) {
        if (body.length() > 0) {
          body.append("; ");
        }
        int what = rnd.nextInt(10);
        String key = KEYS[rnd.nextInt(KEYS.length)];
        if (what < 3) {
          int low = rnd.nextInt(3);
          int high = low + rnd.nextInt(2);
          List<String> rows = new ArrayList<>();
          for (String y : KEYS) {
            Map<Integer, Integer> row = view.get(y);
            Integer f = row == null ? null : row.get(1);
            if (f != null && f >= low && f <= high) {
              rows.add(y);
            }
          }
          if (rnd.nextInt(12) == 0 && !rows.isEmpty()) {
            rows.remove(rnd.nextInt(rows.size()));
          } else if (rnd.nextInt(12) == 0 && rows.size() < KEYS.length) {
            for (String y : KEYS) {
              if (!rows.contains(y) && seenValue.containsKey(y)) {
                rows.add(y);
                break;
              }
            }
          }
          body.append("p 1 ").append(low).append(' ').append(high).append(' ').append(rows.size());
          for (String y : rows) {
            body.append("; r ").append(y).append(' ').append(show(seenValue.get(y)));
          }
        } else if (what < 5) {
          body.append("r ").append(key).append(' ').append(show(seenValue.get(key)));
        } else {
          int value = nextValue++;
          int field = rnd.nextInt(4);
          int kind = rnd.nextInt(10);
          Map<Integer, Integer> row = view.get(key);
          if (kind == 0) {
            body.append("d ").append(key).append(' ').append(value);
            view.remove(key);
          } else if (kind == 1) {
            body.append("i ").append(key).append(' ').append(value).append(" {1=").append(field).append('}');
            Map<Integer, Integer> fresh = new HashMap<>();
            fresh.put(1, field);
            view.put(key, fresh);
          } else {
            boolean second = kind == 2;
            body.append("w ").append(key).append(' ').append(value)
                .append(second ? " {2=" : " {1=").append(field).append('}');
            Map<Integer, Integer> next = row == null ? new HashMap<>() : new HashMap<>(row);
            next.put(second ? 2 : 1, field);
            view.put(key, next);
          }
          seenValue.put(key, value);
          written.add(key);
        }
      }
      boolean aborted = rnd.nextInt(8) == 0;
      long startTs = 10L * snap + 5;
      long endTs = aborted ? startTs : 10L * (now + 1) + 1;
      if (aborted) {
        sessionCommit[s] = Math.max(sessionCommit[s], snap);
      }
      if (!aborted) {
        Map<String, Map<Integer, Integer>> after = copy(states.get(now));
        Map<String, Integer> afterValues = new HashMap<>(values.get(now));
        for (String y : written) {
          if (view.get(y) == null) {
            after.remove(y);
          } else {
            after.put(y, view.get(y));
          }
          afterValues.put(y, seenValue.get(y));
        }
        states.add(after);
        values.add(afterValues);
        sessionCommit[s] = states.size() - 1;
      }
      lines[s].append(" [").append(body).append(']').append(aborted ? "!" : "")
          .append('@').append(startTs).append('-').append(endTs);
    }
    StringBuilder out = new StringBuilder();
    for (StringBuilder l : lines) {
      out.append(l).append('\n');
    }
    return out.toString();
  }

  private static Map<String, Map<Integer, Integer>> copy(Map<String, Map<Integer, Integer>> m) {
    Map<String, Map<Integer, Integer>> out = new HashMap<>();
    m.forEach((k, v) -> out.put(k, new HashMap<>(v)));
    return out;
  }

  private static String show(Integer value) {
    return value == null ? "init" : value.toString();
  }
}
