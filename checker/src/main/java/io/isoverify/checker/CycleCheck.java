package io.isoverify.checker;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.List;

/**
 * Re-validates the cycle of a certificate against the raw history: every edge is
 * supported ({@link EdgeJustification}); the edges form a closed cycle; for SI no two
 * consecutive edges are both RW (cyclically) and some edge is not; and the version order
 * the cycle states is consistent: per key, the orders its WW edges state and the orders
 * its RW edges imply (the read version's writer before the overwriting transaction) have
 * no cycle. A read whose value several transactions installed has the writer the
 * certificate assumes for it ({@link WrConstraint#assumed}, which must be one of its
 * candidates and have installed the value), else none is implied; a predicate read's
 * unmatched key (vbox) may assume the initial state (-1). O(length^2 + ops of its
 * transactions).
 */
public final class CycleCheck {
  private CycleCheck() {
  }

  public static Check check(History h, Level level, List<Edge> cycle) {
    return check(h, level, cycle, List.of());
  }

  /** The same, for a cycle that assumes the writers {@code reads} state. */
  public static Check check(History h, Level level, List<Edge> cycle, List<WrConstraint> reads) {
    for (WrConstraint r : reads) {
      boolean listed = false;
      for (int w : r.writers()) {
        listed |= w == r.assumed();
      }
      boolean initial = r.assumed() < 0 && r.value() == History.INITIAL;
      if (!listed || (!initial && (h.isAborted(r.assumed())
          || !Transactions.installed(h, r.assumed(), r.key(), r.value())))
          || !PredicateEvidence.observedExternally(h, r.reader(), r.key(), r.value())) {
        return Check.rejected("the certificate assumes " + h.showTxn(r.reader()) + " read "
            + h.showKey(r.key()) + " = " + h.showValue(r.value()) + " from "
            + (r.assumed() < 0 ? "the initial state" : h.showTxn(r.assumed()))
            + ", which is not one of its candidate writers");
      }
    }
    if (cycle.isEmpty()) {
      return Check.rejected("the certificate's cycle is empty");
    }
    boolean anyDependency = false;
    for (int i = 0; i < cycle.size(); i++) {
      Edge e = cycle.get(i);
      Edge next = cycle.get((i + 1) % cycle.size());
      String problem = EdgeJustification.problem(h, level, e);
      if (problem != null) {
        return Check.rejected(problem);
      }
      if (e.to() != next.from()) {
        return Check.rejected("edges " + e + " and " + next + " do not meet: not a cycle");
      }
      if (level == Level.SI && e.type() == EdgeType.RW && next.type() == EdgeType.RW) {
        return Check.rejected("two consecutive anti-dependencies " + e + ", " + next + " are allowed under SI");
      }
      anyDependency |= e.type() != EdgeType.RW;
    }
    if (level == Level.SI && !anyDependency) {
      return Check.rejected("a cycle of anti-dependencies only is allowed under SI");
    }
    return statedOrder(h, cycle, reads);
  }

  private static Check statedOrder(History h, List<Edge> cycle, List<WrConstraint> reads) {
    List<int[]> before = new ArrayList<>();
    for (Edge e : cycle) {
      if (e.type() == EdgeType.WW) {
        before.add(new int[] {e.key(), e.from(), e.to()});
      } else if (e.type() == EdgeType.RW && e.value() != History.INITIAL) {
        int writer = assumed(reads, e.from(), e.key());
        if (writer < 0) {
          writer = uniqueWriter(h, e.key(), e.value());
        }
        if (writer == e.to()) {
          return Check.rejected(h.showTxn(e.to()) + " cannot overwrite the version "
              + h.showTxn(e.from()) + " read of " + h.showKey(e.key()) + ": the certificate "
              + "assumes it wrote that version");
        }
        if (writer >= 0) {
          before.add(new int[] {e.key(), writer, e.to()});
        }
      }
    }
    for (int[] p : before) {
      if (reaches(before, p[0], p[2], p[1], before.size())) {
        return Check.rejected("the cycle states contradictory version orders on key " + h.showKey(p[0]));
      }
    }
    return Check.ok();
  }

  /** Bounded search: does the stated order of key k lead from a to b? */
  private static boolean reaches(List<int[]> before, int k, int a, int b, int depth) {
    if (a == b) {
      return true;
    }
    if (depth == 0) {
      return false;
    }
    for (int[] p : before) {
      if (p[0] == k && p[1] == a && reaches(before, k, p[2], b, depth - 1)) {
        return true;
      }
    }
    return false;
  }

  /** The writer {@code reads} assume for reader's read of key, or -1. */
  private static int assumed(List<WrConstraint> reads, int reader, int key) {
    for (WrConstraint r : reads) {
      if (r.reader() == reader && r.key() == key) {
        return r.assumed();
      }
    }
    return -1;
  }

  /** The only non-aborted transaction that installed value on key, or -1. */
  private static int uniqueWriter(History h, int key, int value) {
    int found = -1;
    for (int t = 0; t < h.txnCount(); t++) {
      if (!h.isAborted(t) && Transactions.installed(h, t, key, value)) {
        if (found >= 0) {
          return -1;
        }
        found = t;
      }
    }
    return found;
  }
}
