package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import java.util.concurrent.ForkJoinTask;

/**
 * Checks an SI witness against the raw history: a commit order of the included
 * transactions and, for each, its start point (how many of the commits before it it sees).
 * Reads must return the transaction's own earlier write, else the latest version committed
 * before its start, else the initial state (a list-append read: the whole list,
 * {@link ListReplay}; a predicate read: exactly the rows that match it in that state,
 * {@link PredicateReplay}); no transaction committing between another's
 * start and commit may write a key the other writes (first committer wins); a session's
 * transaction must start after its predecessor committed. A read of a value several of the
 * order's transactions installed must have its writer stated, and see that writer's version
 * ({@link StatedWriters}). O(n + ops log ops); a large order's positions in parts on parallel
 * threads ({@link ReplayParts}).
 */
public final class SnapshotReplay {
  private SnapshotReplay() {
  }

  /**
   * @param commitOrder the included transactions in commit order
   * @param snapshot {@code snapshot[i]}: the number of commits {@code commitOrder[i]} sees,
   *     0 <= snapshot[i] <= i
   */
  public static Check check(History h, int[] commitOrder, int[] snapshot) {
    return check(h, commitOrder, snapshot, new int[0], new int[0], new int[0]);
  }

  /**
   * The same, with the writers the witness states: {@code readers[i]} read key
   * {@code keys[i]} from {@code writers[i]}.
   */
  public static Check check(History h, int[] commitOrder, int[] snapshot, int[] readers,
      int[] keys, int[] writers) {
    return check(h, commitOrder, snapshot, readers, keys, writers,
        ReplayParts.count(h));
  }

  /** The same, the commit order's positions checked in {@code parts} parts ({@link ReplayParts}). */
  static Check check(History h, int[] commitOrder, int[] snapshot, int[] readers,
      int[] keys, int[] writers, int parts) {
    int[] position = new int[h.txnCount()];
    Check included = Inclusion.check(h, commitOrder, position);
    if (!included.valid()) {
      return included;
    }
    for (int i = 0; i < commitOrder.length; i++) {
      if (snapshot[i] < 0 || snapshot[i] > i) {
        return Check.rejected(h.showTxn(commitOrder[i]) + " starts after its own commit in the witness");
      }
    }
    ForkJoinTask<ListReplay> lists = ReplayParts.meanwhile(parts,
        () -> h.readLists().isEmpty() ? null : new ListReplay(h, commitOrder));
    ForkJoinTask<StatedWriters> stated = ReplayParts.meanwhile(parts,
        () -> new StatedWriters(h, commitOrder, readers, keys, writers));
    Versions versions = new Versions(h, commitOrder);
    ListReplay shared = lists.join();
    StatedWriters statedWriters = stated.join();
    String problem = ReplayParts.firstProblem(commitOrder.length, parts, (from, to) ->
        problem(h, commitOrder, snapshot, from, to, versions, statedWriters,
            shared == null ? null : shared.forThread()));
    if (problem != null) {
      return Check.rejected(problem);
    }
    int previous = -1;
    for (int t = 0; t < h.txnCount(); t++) {
      if (t > 0 && h.session(t) != h.session(t - 1)) {
        previous = -1;
      }
      if (position[t] < 0) {
        continue;
      }
      if (previous >= 0 && position[previous] >= snapshot[position[t]]) {
        return Check.rejected(h.showTxn(t) + " starts before " + h.showTxn(previous)
            + ", its predecessor in session " + h.sessionName(h.session(t)) + ", commits");
      }
      previous = t;
    }
    String predicates = PredicateReplay.problem(h, commitOrder, snapshot);
    return predicates == null ? Check.ok() : Check.rejected(predicates);
  }

  /**
   * Commit positions from .. to-1 replayed: each read against the versions before its start
   * point (or its own earlier write), each write against the versions committed between its
   * start point and its commit. The first problem, or null.
   */
  private static String problem(History h, int[] commitOrder, int[] snapshot, int from, int to,
      Versions versions, StatedWriters stated, ListReplay lists) {
    OwnWrites ownWrites = new OwnWrites(h);
    for (int i = from; i < to; i++) {
      int t = commitOrder[i];
      ownWrites.begin(t);
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKey(o) < 0) {
          continue;
        }
        int own = ownWrites.before(o);
        String list = lists != null && h.readListShared(o) != null
            ? lists.problem(t, o, snapshot[i]) : null;
        if (list != null) {
          return list;
        }
        if (Transactions.isRead(h, o)) {
          int v = versions.latestBefore(h.opKey(o), snapshot[i]);
          int seen = own != History.NO_VALUE ? own : v < 0 ? History.INITIAL : versions.value(v);
          if (h.opValue(o) != seen) {
            return Transactions.op(h, t, o) + " but " + (own != History.NO_VALUE
                ? "it wrote " + h.showValue(own) + " itself before"
                : "its snapshot in the witness holds " + h.showValue(seen)
                    + (v < 0 ? "" : " written by " + h.showTxn(commitOrder[versions.position(v)])));
          }
          String statedProblem = own != History.NO_VALUE ? null
              : stated.problem(t, o, v < 0 ? -1 : commitOrder[versions.position(v)]);
          if (statedProblem != null) {
            return statedProblem;
          }
        }
        if (Transactions.isWrite(h, o)) {
          int v = versions.latestBefore(h.opKey(o), i);
          if (v >= 0 && versions.position(v) >= snapshot[i]) {
            return h.showTxn(t) + " and " + h.showTxn(commitOrder[versions.position(v)])
                + " both write " + h.showKey(h.opKey(o)) + " and run concurrently in the witness";
          }
        }
      }
    }
    return null;
  }

  /**
   * Every committed version per key in commit order, as a CSR over keys: version v of key
   * k lies in start[k] .. start[k+1]-1, with the commit position and value.
   */
  private static final class Versions {
    private final int[] start;
    private final int[] pos;
    private final int[] val;

    Versions(History h, int[] order) {
      int keys = h.keys().size();
      start = new int[keys + 1];
      for (int t : order) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (lastWriteOp(h, t, o)) {
            start[h.opKey(o) + 1]++;
          }
        }
      }
      for (int k = 0; k < keys; k++) {
        start[k + 1] += start[k];
      }
      pos = new int[start[keys]];
      val = new int[start[keys]];
      int[] fill = start.clone();
      for (int i = 0; i < order.length; i++) {
        int t = order[i];
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (lastWriteOp(h, t, o)) {
            int k = h.opKey(o);
            pos[fill[k]] = i;
            val[fill[k]++] = h.opValue(o);
          }
        }
      }
    }

    private static boolean lastWriteOp(History h, int t, int o) {
      if (!Transactions.isWrite(h, o)) {
        return false;
      }
      for (int p = o + 1; p < h.endOp(t); p++) {
        if (h.opKey(p) == h.opKey(o) && Transactions.isWrite(h, p)) {
          return false;
        }
      }
      return true;
    }

    /** The last version of key k committed at a position < limit, or -1. */
    int latestBefore(int k, int limit) {
      int first = IndexSort.firstAtLeast(pos, start[k], start[k + 1], limit);
      return first > start[k] ? first - 1 : -1;
    }

    int position(int v) {
      return pos[v];
    }

    int value(int v) {
      return val[v];
    }
  }
}
