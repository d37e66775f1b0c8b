package io.isoverify.checker;

import io.isoverify.history.History;
import java.util.Arrays;
import java.util.concurrent.ForkJoinTask;

/**
 * Checks a SER or SSER witness against the raw history by running it: the transactions
 * one at a time in the witness order on a key-value map. Each read must return the
 * transaction's own latest earlier write of the key, else the latest write before it in
 * the order, else the initial state; a list-append read, the whole list ({@link ListReplay});
 * a predicate read, exactly the rows that match it ({@link PredicateReplay}).
 * Session order must hold; for SSER, a transaction that
 * ended (client clock) before another started must come first. A read of a value several
 * of the order's transactions installed must have its writer stated, and see that writer's
 * version ({@link StatedWriters}). O(n + ops); a large order in parts on parallel threads
 * ({@link ReplayParts}), each part first applying the writes of the positions before it.
 */
public final class SerialReplay {
  private SerialReplay() {
  }

  public static Check check(History h, int[] order, boolean realTime) {
    return check(h, order, realTime, new int[0], new int[0], new int[0]);
  }

  /**
   * The same, with the writers the witness states: {@code readers[i]} read key
   * {@code keys[i]} from {@code writers[i]}.
   */
  public static Check check(History h, int[] order, boolean realTime, int[] readers, int[] keys,
      int[] writers) {
    return check(h, order, realTime, readers, keys, writers, ReplayParts.count(h));
  }

  /** The same, the order's positions checked in {@code parts} parts ({@link ReplayParts}). */
  static Check check(History h, int[] order, boolean realTime, int[] readers, int[] keys,
      int[] writers, int parts) {
    int[] position = new int[h.txnCount()];
    Check included = Inclusion.check(h, order, position);
    if (!included.valid()) {
      return included;
    }
    if (realTime) {
      Check rt = realTimeOrder(h, order);
      if (!rt.valid()) {
        return rt;
      }
    }
    ForkJoinTask<ListReplay> lists = ReplayParts.meanwhile(parts,
        () -> h.readLists().isEmpty() ? null : new ListReplay(h, order));
    StatedWriters stated = new StatedWriters(h, order, readers, keys, writers);
    ListReplay shared = lists.join();
    String problem = ReplayParts.firstProblem(order.length, parts,
        (from, to) -> new Part(h, order, stated, shared).check(from, to));
    if (problem != null) {
      return Check.rejected(problem);
    }
    int[] seen = new int[order.length];
    Arrays.setAll(seen, i -> i);
    String predicates = PredicateReplay.problem(h, order, seen);
    return predicates == null ? Check.ok() : Check.rejected(predicates);
  }

  /**
   * One part of the replay: the key-value map the positions before it leave (their writes
   * applied, nothing checked), then each transaction of the part run on it.
   */
  private static final class Part {
    private final History h;
    private final int[] order;
    private final StatedWriters stated;
    private final ListReplay lists;
    private final int[] current;
    private final int[] writer;

    Part(History h, int[] order, StatedWriters stated, ListReplay lists) {
      this.h = h;
      this.order = order;
      this.stated = stated;
      this.lists = lists == null ? null : lists.forThread();
      current = new int[h.keys().size()];
      writer = new int[h.keys().size()];
      Arrays.fill(current, History.INITIAL);
      Arrays.fill(writer, -1);
    }

    String check(int from, int to) {
      for (int p = 0; p < from; p++) {
        apply(order[p]);
      }
      OwnWrites ownWrites = new OwnWrites(h);
      for (int p = from; p < to; p++) {
        int t = order[p];
        ownWrites.begin(t);
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (h.opKey(o) < 0) {
            continue;
          }
          int own = ownWrites.before(o);
          if (!Transactions.isRead(h, o)) {
            continue;
          }
          String list = lists != null && h.readListShared(o) != null ? lists.problem(t, o, p) : null;
          if (list != null) {
            return list;
          }
          int expected = own != History.NO_VALUE ? own : current[h.opKey(o)];
          if (h.opValue(o) != expected) {
            int w = writer[h.opKey(o)];
            return Transactions.op(h, t, o) + " but in the witness order it sees "
                + h.showValue(expected) + (own == History.NO_VALUE && w >= 0 ? " written by " + h.showTxn(w) : "");
          }
          String stated2 = own != History.NO_VALUE ? null : stated.problem(t, o, writer[h.opKey(o)]);
          if (stated2 != null) {
            return stated2;
          }
        }
        apply(t);
      }
      return null;
    }

    /** Transaction t's writes, installed on the map. */
    private void apply(int t) {
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (Transactions.isWrite(h, o)) {
          current[h.opKey(o)] = h.opValue(o);
          writer[h.opKey(o)] = t;
        }
      }
    }
  }

  /** A later transaction must not have ended before an earlier one started. */
  private static Check realTimeOrder(History h, int[] order) {
    long maxStart = Long.MIN_VALUE;
    int latest = -1;
    for (int t : order) {
      if (h.endTs(t) != History.NO_TIME && latest >= 0 && h.endTs(t) < maxStart) {
        return Check.rejected("the witness puts " + h.showTxn(t) + " (ended at " + h.endTs(t) + ") after "
            + h.showTxn(latest) + " (started at " + maxStart + ")");
      }
      if (h.startTs(t) != History.NO_TIME && h.startTs(t) > maxStart) {
        maxStart = h.startTs(t);
        latest = t;
      }
    }
    return Check.ok();
  }
}
