package io.isoverify.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small random mini-transaction and lightweight-transaction histories (mtc Definitions 8, 9
 * and IV-E) for differential tests, in HistoryDsl's text form; deterministic per seed.
 * Transactions execute one after another against a store of versions per key: each read
 * returns the key's latest version, or now and then an older one (which makes lost updates,
 * write skews, fractured reads, stale reads in real time, ...); a write appends a fresh
 * value. Some transactions abort (their writes never land) or have an unknown outcome
 * (their writes land or not). Client timestamps place each transaction around its moment
 * of execution, sometimes far from it.
 */
final class RandomMiniHistories {
  private static final String[] KEYS = {"x", "y", "z"};

  private final Random rnd;
  private final List<List<Integer>> versions = new ArrayList<>();
  /** Every landed write in order: key, value, key, value, ... */
  private final List<Integer> log = new ArrayList<>();
  /** The current transaction reads the writes log[0 .. snapshot) (-1: the latest state). */
  private int snapshot = -1;
  private final StringBuilder[] sessions;
  private final long[] sessionStart;
  private final long[] sessionEnd;
  private int nextValue = 1;
  private long clock;

  private RandomMiniHistories(long seed, int keys, int sessionCount) {
    rnd = new Random(seed);
    for (int k = 0; k < keys; k++) {
      List<Integer> v = new ArrayList<>();
      v.add(null);
      versions.add(v);
    }
    sessions = new StringBuilder[sessionCount];
    sessionStart = new long[sessionCount];
    sessionEnd = new long[sessionCount];
    for (int s = 0; s < sessionCount; s++) {
      sessions[s] = new StringBuilder("s" + s + ":");
      sessionEnd[s] = -1;
    }
  }

  /**
   * A mini-transaction history: 2-6 transactions of one or two reads, each read key written
   * back or not, over 1-3 keys; a fifth of them start with an initial transaction writing
   * every key; half of them have client timestamps.
   */
  static String mini(long seed) {
    Random shape = new Random(seed * 31 + 7);
    int keys = 1 + shape.nextInt(3);
    RandomMiniHistories g = new RandomMiniHistories(seed, keys, 1 + shape.nextInt(3));
    boolean timed = shape.nextBoolean();
    StringBuilder out = new StringBuilder();
    if (shape.nextInt(5) == 0) {
      StringBuilder init = new StringBuilder();
      for (int k = 0; k < keys; k++) {
        init.append(k > 0 ? "; " : "").append("w ").append(KEYS[k]).append(' ').append(g.nextValue);
        g.versions.get(k).add(g.nextValue);
        g.log.add(k);
        g.log.add(g.nextValue++);
      }
      out.append("init: [").append(init).append(timed ? "]@0-0\n" : "]\n");
      g.clock = 1;
    }
    int txns = 2 + shape.nextInt(5);
    for (int t = 0; t < txns; t++) {
      g.miniTransaction(timed);
    }
    return out.append(g.text()).toString();
  }

  /**
   * A lightweight-transaction history: 2-7 transactions, each a compare-and-set, a read or
   * an insert of one of 1-2 keys, with client timestamps, each session's in real-time order.
   */
  static String lightweight(long seed) {
    Random shape = new Random(seed * 17 + 3);
    RandomMiniHistories g = new RandomMiniHistories(seed, 1 + shape.nextInt(2), 1 + shape.nextInt(3));
    boolean[] inserted = new boolean[g.versions.size()];
    boolean[] lone = new boolean[g.versions.size()];
    int txns = 2 + shape.nextInt(6);
    for (int t = 0; t < txns; t++) {
      int k = g.rnd.nextInt(g.versions.size());
      StringBuilder body = new StringBuilder();
      List<Integer> written = new ArrayList<>();
      if (!inserted[k] || g.rnd.nextInt(12) == 0) {
        // insert-if-not-exists: with its read of the initial state, or recorded without it
        lone[k] |= !inserted[k] && g.rnd.nextInt(3) == 0;
        if (!lone[k]) {
          body.append("r ").append(KEYS[k]).append(" init; ");
        }
        body.append("w ").append(KEYS[k]).append(' ').append(g.nextValue);
        written.add(k);
        written.add(g.nextValue++);
        inserted[k] = true;
      } else {
        body.append("r ").append(KEYS[k]).append(' ').append(g.show(g.read(k)));
        if (g.rnd.nextInt(3) > 0) {
          body.append("; w ").append(KEYS[k]).append(' ').append(g.nextValue);
          written.add(k);
          written.add(g.nextValue++);
        }
      }
      g.finish(body, written, true, true);
    }
    return g.text();
  }

  private void miniTransaction(boolean timed) {
    // half the transactions read from an older snapshot (write skews, lost updates)
    snapshot = rnd.nextInt(10) < 5 ? 2 * rnd.nextInt(log.size() / 2 + 1) : -1;
    int keys = versions.size();
    int first = rnd.nextInt(keys);
    int second = keys > 1 && rnd.nextInt(10) < 7 ? (first + 1 + rnd.nextInt(keys - 1)) % keys : -1;
    StringBuilder body = new StringBuilder();
    List<Integer> written = new ArrayList<>();
    int reads = 0;
    for (int k : second < 0 ? new int[] {first} : new int[] {first, second}) {
      Integer v = read(k);
      body.append(body.length() > 0 ? "; " : "").append("r ").append(KEYS[k]).append(' ').append(show(v));
      reads++;
      // under a snapshot, mostly first-committer-wins: no write over a newer version (SI)
      List<Integer> latest = versions.get(k);
      boolean firstCommitterLoses = snapshot >= 0 && rnd.nextInt(4) > 0
          && !java.util.Objects.equals(v, latest.get(latest.size() - 1));
      if (!firstCommitterLoses && (written.isEmpty() ? rnd.nextInt(10) < 6 : rnd.nextInt(10) < 3)) {
        body.append("; w ").append(KEYS[k]).append(' ').append(nextValue);
        written.add(k);
        written.add(nextValue++);
        if (reads < 2 && rnd.nextInt(8) == 0) {
          body.append("; r ").append(KEYS[k]).append(' ').append(nextValue - 1);
          reads++;
        }
      }
    }
    finish(body, written, timed, false);
  }

  /**
   * The key's version in the transaction's snapshot, or its latest, or (one time in twelve)
   * any older one; null is the initial state.
   */
  private Integer read(int k) {
    List<Integer> v = versions.get(k);
    if (rnd.nextInt(12) == 0) {
      return v.get(rnd.nextInt(v.size()));
    }
    if (snapshot < 0) {
      return v.get(v.size() - 1);
    }
    Integer seen = v.get(0);
    for (int i = 0; i + 1 < snapshot; i += 2) {
      if (log.get(i) == k) {
        seen = log.get(i + 1);
      }
    }
    return seen;
  }

  private String show(Integer value) {
    return value == null ? "init" : value.toString();
  }

  /**
   * Appends the transaction to a random session with its outcome and timestamps, and lands
   * its writes ({@code written}: key, value pairs) unless it aborted.
   */
  private void finish(StringBuilder body, List<Integer> written, boolean timed, boolean sequential) {
    int s = rnd.nextInt(sessions.length);
    int fate = rnd.nextInt(16);
    boolean lands = fate > 1 || fate == 1 && rnd.nextBoolean();
    if (lands) {
      for (int i = 0; i < written.size(); i += 2) {
        versions.get(written.get(i)).add(written.get(i + 1));
        log.add(written.get(i));
        log.add(written.get(i + 1));
      }
    }
    sessions[s].append(" [").append(body).append(']').append(fate == 0 ? "!" : fate == 1 ? "?" : "");
    if (timed) {
      clock += 1 + rnd.nextInt(3);
      long start = Math.max(0, clock - rnd.nextInt(4));
      long end = clock + rnd.nextInt(4);
      if (rnd.nextInt(10) == 0) {
        start = clock + 2 + rnd.nextInt(4);
        end = start + rnd.nextInt(3);
      }
      // a session's timestamps never go back; a sequential one's transactions never overlap
      start = Math.max(start, sequential ? sessionEnd[s] + 1 : sessionStart[s]);
      end = Math.max(end, Math.max(start, sessionEnd[s]));
      sessionStart[s] = start;
      sessionEnd[s] = end;
      sessions[s].append('@').append(start).append('-').append(end);
    }
  }

  private String text() {
    StringBuilder out = new StringBuilder();
    for (StringBuilder s : sessions) {
      if (s.indexOf("[") >= 0) {
        out.append(s).append('\n');
      }
    }
    return out.toString();
  }
}
