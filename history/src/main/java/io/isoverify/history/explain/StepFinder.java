package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;

/**
 * Finds, for one typed edge, the operations of its two transactions that make it hold
 * (Elle's "explain-pair"): the edge's key and value are re-read from the history rather than
 * trusted, so an explanation shows what the files say. An edge whose key is -1 is matched on
 * the first key that fits. O(ops(from) * ops(to)) per edge.
 */
final class StepFinder {
  private final History h;

  StepFinder(History h) {
    this.h = h;
  }

  Step find(Edge e) {
    if (e.type() == EdgeType.SO || e.type() == EdgeType.RT) {
      return new Step(new Edge(e.from(), e.to(), e.type(), -1, -1), -1, -1);
    }
    if (e.to() < 0) {
      // Nothing reads into or writes over the initial state: the history cannot show this edge.
      return new Step(e, -1, -1);
    }
    int[] keys = e.key() >= 0 ? new int[] {e.key()} : keysOf(e.to());
    for (int key : keys) {
      Step s = switch (e.type()) {
        case WR -> wr(e, key);
        case WW -> ww(e, key);
        case RW -> rw(e, key);
        default -> null;
      };
      if (s != null) {
        return s;
      }
    }
    // The history does not show this edge: keep it as given, without operations.
    return new Step(e, -1, -1);
  }

  /** The read in {@code to} of a value {@code from} wrote (the initial state for -1). */
  private Step wr(Edge e, int key) {
    for (int o = h.firstOp(e.to()); o < h.endOp(e.to()); o++) {
      if (h.opKind(o) != OpKind.READ || h.opKey(o) != key) {
        continue;
      }
      int value = h.opValue(o);
      if (e.from() < 0) {
        if (value == History.INITIAL) {
          return new Step(new Edge(e.from(), e.to(), EdgeType.WR, key, value), -1, o);
        }
        continue;
      }
      int w = writeOf(e.from(), key, value);
      if (w >= 0) {
        return new Step(new Edge(e.from(), e.to(), EdgeType.WR, key, value), w, o);
      }
    }
    return null;
  }

  /** The last write of the key in {@code from} and the write in {@code to}. */
  private Step ww(Edge e, int key) {
    int second = lastWrite(e.to(), key);
    if (second < 0) {
      return null;
    }
    int first = e.from() < 0 ? -1 : lastWrite(e.from(), key);
    if (e.from() >= 0 && first < 0) {
      return null;
    }
    int value = first < 0 ? History.INITIAL : h.opValue(first);
    return new Step(new Edge(e.from(), e.to(), EdgeType.WW, key, value), first, second);
  }

  /** A read of the key in {@code from} (not of its own write) and the write in {@code to}. */
  private Step rw(Edge e, int key) {
    int write = lastWrite(e.to(), key);
    if (write < 0 || e.from() < 0) {
      return null;
    }
    for (int o = h.firstOp(e.from()); o < h.endOp(e.from()); o++) {
      if (h.opKind(o).installsVersion() && h.opKey(o) == key) {
        return null;
      }
      if (h.opKind(o) == OpKind.READ && h.opKey(o) == key) {
        // Reading a value `to` wrote would be a WR edge the other way, never an anti-dependency.
        return writeOf(e.to(), key, h.opValue(o)) >= 0 ? null
            : new Step(new Edge(e.from(), e.to(), EdgeType.RW, key, h.opValue(o)), o, write);
      }
    }
    return null;
  }

  /** The last read in t, before operation {@code op}, of op's key; -1 when none. */
  int readBefore(int t, int op) {
    for (int o = op - 1; o >= h.firstOp(t); o--) {
      if (h.opKind(o) == OpKind.READ && h.opKey(o) == h.opKey(op)) {
        return o;
      }
    }
    return -1;
  }

  private int writeOf(int t, int key, int value) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o).installsVersion() && h.opKey(o) == key && h.opValue(o) == value) {
        return o;
      }
    }
    return -1;
  }

  private int lastWrite(int t, int key) {
    for (int o = h.endOp(t) - 1; o >= h.firstOp(t); o--) {
      if (h.opKind(o).installsVersion() && h.opKey(o) == key) {
        return o;
      }
    }
    return -1;
  }

  private int[] keysOf(int t) {
    if (t < 0) {
      return new int[0];
    }
    return java.util.stream.IntStream.range(h.firstOp(t), h.endOp(t)).map(h::opKey)
        .filter(k -> k >= 0).distinct().toArray();
  }
}
