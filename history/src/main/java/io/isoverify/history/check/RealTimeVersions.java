package io.isoverify.history.check;

import io.isoverify.history.History;

/**
 * Which row versions a reader can still have seen once real time counts (SSER; vbox's
 * "predicate constraint avoidance", Sun and Zou section 4.4): the versions of one field of
 * one key (its definers, {@link PredicateObservations#defines}) that real-time order does not
 * rule out. With R the reader and u, w committed definers with client timestamps:
 * <ul>
 *   <li>w is <b>shadowed</b> when some u has end(w) &lt; start(u) and end(u) &lt; start(R):
 *       w -RT-> u forces w before u in the version order, u -RT-> R puts u before R, so R
 *       sees u's version or a later one, never w's; the initial state is shadowed by any u
 *       that ended before R started;
 *   <li>w is in R's <b>future</b> when R is committed and end(R) &lt; start(w).
 * </ul>
 * Every other version (uncommitted or untimed ones always) stays a candidate. The graph of
 * SSER holds these real-time edges, so leaving such candidates out loses nothing. With
 * sigma(w) the earliest end of a definer that starts after w ended, w is shadowed for R iff
 * sigma(w) &lt; start(R), so R may have seen w iff start(w) &lt;= end(R) and sigma(w) &gt;=
 * start(R): an interval per version, kept per tested field by a {@link FieldTimeline}.
 *
 * <p>The readers are asked about in the order of {@link #readersByStart} (a sweep: each
 * field's time line keeps the versions started and not yet shadowed, and drops the others
 * as the sweep passes them). Built in O(fields x versions log versions); a key's live
 * versions cost O(live + started during the reader), a range's keys O(log + live versions in
 * it + versions of the field started during the reader).
 */
final class RealTimeVersions {
  private final History h;
  private final FieldTimeline[] fields;
  /** The start of the reader asked about last: the sweep never goes back. */
  private long sweep = Long.MIN_VALUE;

  RealTimeVersions(History h, VersionTable versions) {
    this.h = h;
    this.fields = new FieldTimeline[versions.fieldCount()];
    for (int f = 0; f < fields.length; f++) {
      fields[f] = new FieldTimeline(h, versions, f, this::timed);
    }
  }

  private RealTimeVersions(RealTimeVersions base) {
    this.h = base.h;
    this.fields = new FieldTimeline[base.fields.length];
    for (int f = 0; f < fields.length; f++) {
      fields[f] = base.fields[f].freshSweep();
    }
  }

  /**
   * The same versions for a sweep of its own from the start (another thread's), sharing this
   * one's time lines, which a sweep only reads: O(keys + versions) per field.
   */
  RealTimeVersions freshSweep() {
    return new RealTimeVersions(this);
  }

  /** True when real time says something of t's reads: t is committed and timed. */
  boolean applies(int t) {
    return timed(h, t);
  }

  private boolean timed(int t) {
    return timed(h, t);
  }

  private static boolean timed(History h, int t) {
    return h.isCommitted(t) && h.startTs(t) != History.NO_TIME && h.endTs(t) != History.NO_TIME;
  }

  /** The transactions real time applies to, by start, then by number: the order to ask in. */
  static int[] readersByStart(History h) {
    int n = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      n += timed(h, t) ? 1 : 0;
    }
    long[] starts = new long[n];
    int[] order = new int[n];
    int i = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      if (timed(h, t)) {
        starts[i] = h.startTs(t);
        order[i++] = t;
      }
    }
    VersionTable.sort(starts, order, 0, n - 1);
    // equal starts: by number (the sort above is not stable)
    for (int a = 0; a < n; ) {
      int b = a + 1;
      while (b < n && starts[b] == starts[a]) {
        b++;
      }
      java.util.Arrays.sort(order, a, b);
      a = b;
    }
    return order;
  }

  /** Reader t's start, checked against the sweep's order. */
  private long at(int t) {
    long s = h.startTs(t);
    if (s < sweep) {
      throw new IllegalStateException("real-time readers must be asked about by start");
    }
    sweep = s;
    return s;
  }

  /** True when reader t may have seen the initial state of key y (field index f). */
  boolean initialLive(int f, int y, int t) {
    return fields[f].initialLive(y, at(t));
  }

  /**
   * Adds to {@code out} the positions (in {@link VersionTable}) of y's definers of field
   * index f that reader t may have seen.
   */
  void liveDefiners(int f, int y, int t, IntList out) {
    fields[f].liveDefiners(y, at(t), h.endTs(t), out);
  }

  /**
   * The position of y's one definer of field index f that reader t may have seen, when it is
   * known in O(1) ({@link FieldTimeline#sole}), else -1: ask {@link #liveDefiners}.
   */
  int sole(int f, int y, int t) {
    return fields[f].sole(y, at(t), h.endTs(t));
  }

  /** The transaction of the definer {@link #sole} answered. */
  int soleTxn(int f, int y) {
    return fields[f].soleTxn(y);
  }

  /** True when the definer {@link #sole} answered sets field index f into [low, high]. */
  boolean soleMatches(int f, int y, long low, long high) {
    return fields[f].soleMatches(y, low, high);
  }

  /**
   * Adds to {@code out} the key of every definer of field index f, by a transaction other
   * than t, that sets a value in [low, high] and that reader t may have seen (a key once per
   * such definer).
   */
  void keysInRange(int f, long low, long high, int t, IntList out) {
    fields[f].keysInRange(low, high, at(t), h.endTs(t), t, out);
  }
}
