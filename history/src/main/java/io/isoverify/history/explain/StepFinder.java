package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;

/**
 * Finds, for one typed edge, the operations of its two transactions that make it hold
 * (Elle's "explain-pair"): the edge's key and value are re-read from the history rather than
 * trusted, so an explanation shows what the files say. An edge whose key is -1 is matched on
 * the first key that fits. A WR or RW edge that no item read shows rests on a predicate read
 * (vbox 4.1): the reader's side of its step is then that predicate read, which returned the
 * key or did not ({@link #predicateRead}). O(ops(from) * ops(to)) per edge.
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
        case WR -> orElse(wr(e, key), () -> predicateWr(e, key));
        case WW -> ww(e, key);
        case RW -> orElse(rw(e, key), () -> predicateRw(e, key));
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

  private static Step orElse(Step s, java.util.function.Supplier<Step> other) {
    return s != null ? s : other.get();
  }

  /**
   * A WR edge through a predicate read of {@code to}: the version {@code from} wrote is the
   * one the predicate read saw of the key (the certificate's edge says so), a row it returned
   * or, when that version does not match, did not.
   */
  private Step predicateWr(Edge e, int key) {
    if (e.from() < 0) {
      return null;
    }
    int write = writeOf(e.from(), key, e.value());
    int p = predicateRead(e.to(), key, write, true);
    return p < 0 ? null : new Step(new Edge(e.from(), e.to(), EdgeType.WR, key, e.value()),
        write, p);
  }

  /**
   * An RW edge through a predicate read of {@code from}: it saw a version of the key before
   * the one {@code to} installed (the certificate's edge names it), whether it returned the
   * row or not.
   */
  private Step predicateRw(Edge e, int key) {
    int write = lastWrite(e.to(), key);
    if (write < 0 || e.from() < 0 || lastWrite(e.from(), key) >= 0) {
      return null;
    }
    int p = predicateRead(e.from(), key, write, false);
    return p < 0 ? null : new Step(new Edge(e.from(), e.to(), EdgeType.RW, key, e.value()),
        p, write);
  }

  /**
   * The predicate read of t whose result the edge on {@code key} rests on, or -1 when t has
   * none. For a WR edge ({@code saw}: t saw {@code write}'s version), the one whose result
   * agrees with that version's field (it returned the row iff the version matches), a
   * returned row first (it proves a matching version was seen); for an RW edge (t saw a
   * version before {@code write}'s), the one whose result disagrees with {@code write}'s
   * version (the phantom's signature: a matching version not returned, or a returned row
   * whose version does not match), a row not returned first. Then those that say nothing of
   * the field ({@code write} does not set it), then the others; the first of equals.
   */
  int predicateRead(int t, int key, int write, boolean saw) {
    int best = -1;
    int bestScore = -1;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      PredicateRead p = h.predicate(o);
      if (p == null) {
        continue;
      }
      boolean returned = returns(h, t, o, p, key);
      int verdict = write < 0 ? -1 : matches(h, write, p);
      boolean agrees = verdict >= 0 && (verdict == 1) == returned;
      int fit = verdict < 0 ? 1 : agrees == saw ? 2 : 0;
      int score = 2 * fit + (returned == saw ? 1 : 0);
      if (score > bestScore) {
        best = o;
        bestScore = score;
      }
    }
    return best;
  }

  /**
   * Whether what t saw of {@code key}, the version with {@code value}, rests on a predicate
   * read (vbox 4.1): t has one, and no item read of the key with that value.
   */
  static boolean restsOnPredicate(History h, int t, int key, int value) {
    boolean predicate = false;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o) == OpKind.READ && h.opKey(o) == key && h.opValue(o) == value) {
        return false;
      }
      predicate |= h.predicate(o) != null;
    }
    return predicate;
  }

  /** Whether t's predicate read o (predicate p) returned key: one of the p.matched() operations after it. */
  static boolean returns(History h, int t, int o, PredicateRead p, int key) {
    for (int i = o + 1; i <= o + p.matched() && i < h.endOp(t); i++) {
      if (h.opKey(i) == key) {
        return true;
      }
    }
    return false;
  }

  /** 1 when write w sets p's field inside p's range, 0 outside it, -1 when w does not set it. */
  static int matches(History h, int w, PredicateRead p) {
    int slot = h.writtenFieldSlot(w, p.field());
    if (slot < 0) {
      return -1;
    }
    long v = h.writtenFieldValue(slot);
    return v >= p.low() && v <= p.high() ? 1 : 0;
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
