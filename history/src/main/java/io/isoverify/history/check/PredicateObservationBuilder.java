package io.isoverify.history.check;

import static io.isoverify.history.check.PredicateObservations.INITIAL_STATE;
import static io.isoverify.history.check.PredicateObservations.MAX_CANDIDATES;
import static io.isoverify.history.check.PredicateObservations.defines;
import static io.isoverify.history.check.PredicateObservations.matches;

import io.isoverify.history.Beside;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.check.PredicateObservations.Row;
import java.util.Arrays;

/**
 * Computes {@link PredicateObservations} of one history: every non-aborted transaction's
 * version of every key it writes (its writes folded), then per predicate read the keys whose
 * observation says something, and the versions each allows.
 *
 * <p>Which keys: an unknown θ-read of key y (y not returned) says something only when some
 * other transaction's version of y fixes the tested field to a value in the range (else every
 * version and the initial state are allowed) or the reader's own earlier write of y fixes it;
 * so the keys looked at are the returned ones, the reader's own, and those a per-field index
 * of the written values (sorted by value, {@link VersionTable}) finds in the range. Keys are
 * looked at in ascending order, so the observations are those of a scan of every written key.
 * Cost: O(operations + fields x versions log versions) to build the tables, then per
 * predicate read O(log versions + index hits + matched + own writes) to find the keys and
 * O(versions of the key) per key found; observations stop being made once {@link
 * PredicateObservations#MAX_CANDIDATES} candidates are held (each one left counts as
 * unchecked), and only the returned rows and the reader's own are then looked at, for
 * mismatches. Primitive arrays throughout, one {@link Row} per version.
 */
final class PredicateObservationBuilder {
  private final History h;
  private final VersionTable versions;
  /** Per key: the mark of the transaction whose own version {@link #ownRow} holds. */
  private final int[] ownMark;
  private final Row[] ownRow;
  private final IntList ownKeys = new IntList();
  private final VirtualKeys virtual;
  /** Real time's view of the versions, or null: the observations of SSER (see build). */
  private final RealTimeVersions realTime;
  private final IntList live = new IntList();
  private final IntList obsReader = new IntList();
  private final IntList obsKey = new IntList();
  private final IntList obsOp = new IntList();
  private final IntList candStart = new IntList();
  private final IntList cand = new IntList();
  private final java.util.List<int[]> mismatches = new java.util.ArrayList<>();
  private final IntList keysFound = new IntList();
  /** Per key: the number of the last predicate read that returned it ({@link #readStamp}). */
  private final int[] returnedMark;
  private int readStamp;
  private final IntList found = new IntList();
  private long unchecked;
  private String first;
  private int firstReader;
  private boolean full;
  /** The scan ended at the cap, before the history's end ({@link #plain}'s stopAtCap). */
  private boolean stopped;
  /** The most candidates this scan holds ({@link PredicateObservations#MAX_CANDIDATES}). */
  private long cap = MAX_CANDIDATES;

  /**
   * @param realTime null for the observations every level uses; else real time's view of
   *     the versions, which leaves out the candidates real-time order rules out (for SSER)
   */
  private PredicateObservationBuilder(History h, VersionTable versions, VirtualKeys virtual,
      RealTimeVersions realTime) {
    this.h = h;
    this.versions = versions;
    this.virtual = virtual;
    this.realTime = realTime;
    int keys = h.keys().size();
    this.ownMark = new int[keys];
    this.ownRow = new Row[keys];
    this.returnedMark = new int[keys];
  }

  /**
   * What the scans of one history share: the versions' tables (read-only), and the codes of
   * the virtual keys, which every scan's observations take (so a key code means the same in
   * the observations with and without real time, however many are made and in which order):
   * each scan numbers its own, then {@link #finish} gives them these codes, adding those
   * missing in the scan's order.
   */
  static final class Shared {
    final VersionTable versions;
    final VirtualKeys virtual;

    Shared(History h) {
      versions = new VersionTable(h);
      virtual = new VirtualKeys(h, versions);
    }
  }

  /** The scan of the observations every level uses (no real time). */
  static PredicateObservationBuilder plain(History h, Shared shared) {
    return plain(h, shared, false);
  }

  /**
   * {@link #plain}; with {@code stopAtCap}, the scan ends at the first transaction after the
   * candidate cap is reached ({@link #stopped}), when another scan finds the mismatches past
   * it (PredicateObservations' get: on the blindw-pred 100k history the cap is reached at
   * the 114th of 100,000 transactions, and the rest of the scan, which looks only for
   * mismatches, took 5.8 s of a thread).
   */
  static PredicateObservationBuilder plain(History h, Shared shared, boolean stopAtCap) {
    return plain(h, shared, stopAtCap, MAX_CANDIDATES);
  }

  /** {@link #plain} with a cap of {@code cap} candidates (tests give small ones). */
  static PredicateObservationBuilder plain(History h, Shared shared, boolean stopAtCap,
      long cap) {
    PredicateObservationBuilder b = new PredicateObservationBuilder(h, shared.versions,
        new VirtualKeys(h, shared.versions), null);
    b.cap = cap;
    b.scanAll(stopAtCap);
    return b;
  }

  /** True when the scan ended at the cap ({@link #plain}'s stopAtCap), before the history's end. */
  boolean stopped() {
    return stopped;
  }

  /**
   * The scan of SSER's observations (the history has timestamps): the readers real time
   * applies to are swept by start ({@link RealTimeVersions}) in two halves on two threads,
   * each with its own sweep over time lines built once ({@link RealTimeVersions#freshSweep};
   * building them for each half was 0.9 s of CPU on the blindw-pred 100k history), and the second half's observations appended to the first's
   * (its virtual keys given the first's codes, missing ones added in its order). Each reader
   * is in one half and the observations are put back in reader order, so the result is one
   * sweep's, unless the two halves together pass the candidate cap: where the cap stops
   * depends on the order, and the sweep is then made again on one thread. The blindw-pred
   * 100k history: 5.3 s of one thread before.
   */
  static PredicateObservationBuilder realTime(History h, Shared shared) {
    return realTime(h, shared, true);
  }

  /** {@link #realTime}, in two halves or (tests) in one sweep. */
  static PredicateObservationBuilder realTime(History h, Shared shared, boolean halves) {
    int[] order = RealTimeVersions.readersByStart(h);
    int mid = halves ? order.length / 2 : order.length;
    RealTimeVersions lines = new RealTimeVersions(h, shared.versions);
    Beside<PredicateObservationBuilder> second = Beside.start("predicate-observations", () -> {
      PredicateObservationBuilder b = timedBuilder(h, shared, lines.freshSweep());
      b.sweep(order, mid, order.length);
      return b;
    });
    PredicateObservationBuilder first = timedBuilder(h, shared, lines);
    first.untimed();
    first.sweep(order, 0, mid);
    PredicateObservationBuilder later = second.join();
    if (first.full || later.full
        || (long) first.cand.size() + later.cand.size() > MAX_CANDIDATES) {
      first = timedBuilder(h, shared, lines.freshSweep());
      first.untimed();
      first.sweep(order, 0, order.length);
    } else {
      first.absorb(later);
    }
    first.byReader();
    return first;
  }

  /** A builder of SSER's observations sweeping {@code lines}, which no other sweep uses. */
  private static PredicateObservationBuilder timedBuilder(History h, Shared shared,
      RealTimeVersions lines) {
    return new PredicateObservationBuilder(h, shared.versions,
        new VirtualKeys(h, shared.versions), lines);
  }

  /**
   * The observations of this scan, its virtual keys given {@code shared}'s codes (the
   * caller holds {@code shared} for the whole call).
   */
  PredicateObservations finish(Shared shared) {
    renumber(shared.virtual);
    IntList vStart = new IntList();
    IntList vWriters = new IntList();
    VirtualKeys all = shared.virtual;
    for (int i = 0; i < all.count(); i++) {
      vStart.add(vWriters.size());
      definers(all.real.get(i), all.field.get(i), -1, vWriters);
    }
    vStart.add(vWriters.size());
    return result(all, vStart.toArray(), vWriters.toArray());
  }

  /**
   * Gives this builder's virtual keys the codes {@code shared} gives them (made there, in
   * this builder's order, where missing), so that a key code means the same in every
   * observation made of the history.
   */
  private void renumber(VirtualKeys shared) {
    int keys = h.keys().size();
    int[] code = new int[virtual.count()];
    for (int i = 0; i < code.length; i++) {
      code[i] = shared.keyOf(virtual.real.get(i), virtual.field.get(i));
    }
    for (int i = 0; i < obsKey.size(); i++) {
      int y = obsKey.get(i);
      if (y >= keys) {
        obsKey.set(i, code[y - keys]);
      }
    }
  }

  /**
   * Appends {@code later}'s observations, mismatches and unchecked places to this one's
   * (readers of the two are disjoint), its virtual keys renumbered into this one's.
   */
  private void absorb(PredicateObservationBuilder later) {
    later.renumber(virtual);
    int offset = cand.size();
    for (int i = 0; i < later.obsReader.size(); i++) {
      obsReader.add(later.obsReader.get(i));
      obsKey.add(later.obsKey.get(i));
      obsOp.add(later.obsOp.get(i));
      candStart.add(later.candStart.get(i) + offset);
    }
    for (int i = 0; i < later.cand.size(); i++) {
      cand.add(later.cand.get(i));
    }
    mismatches.addAll(later.mismatches);
    if (later.unchecked > 0 && (unchecked == 0 || later.firstReader < firstReader)) {
      first = later.first;
      firstReader = later.firstReader;
    }
    unchecked += later.unchecked;
  }

  /** True when some transaction has client timestamps (SSER's observations then differ). */
  static boolean timed(History h) {
    for (int t = 0; t < h.txnCount(); t++) {
      if (h.startTs(t) != History.NO_TIME) {
        return true;
      }
    }
    return false;
  }

  private PredicateObservations result(VirtualKeys virtual, int[] vStart, int[] vWriters) {
    IntList starts = new IntList();
    for (int i = 0; i < candStart.size(); i++) {
      starts.add(candStart.get(i));
    }
    starts.add(cand.size());
    return new PredicateObservations(obsReader.toArray(), obsKey.toArray(), obsOp.toArray(),
        starts.toArray(), cand.toArray(), unchecked, first, h.keys().size(),
        virtual.real.toArray(), vStart, vWriters, mismatches.toArray(new int[0][]));
  }

  /**
   * Every non-aborted transaction's predicate reads, one transaction at a time (no real
   * time); with {@code stopAtCap}, only up to the transaction where the cap was reached.
   */
  private void scanAll(boolean stopAtCap) {
    for (int t = 0; t < h.txnCount(); t++) {
      if (stopAtCap && full) {
        stopped = true;
        return;
      }
      if (!h.isAborted(t)) {
        transaction(t);
      }
    }
  }

  /** With real time: the non-aborted transactions it does not apply to, in number order. */
  private void untimed() {
    for (int t = 0; t < h.txnCount(); t++) {
      if (!h.isAborted(t) && !realTime.applies(t)) {
        transaction(t);
      }
    }
  }

  /**
   * With real time: the readers {@code order[from..to)}, by start (its sweep); {@link
   * #byReader} then puts the observations and mismatches back in transaction order (stable:
   * as a scan in that order makes them).
   */
  private void sweep(int[] order, int from, int to) {
    for (int i = from; i < to; i++) {
      transaction(order[i]);
    }
  }

  private void transaction(int t) {
    ownKeys.clear();
    int mark = t + 1;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      OpKind kind = h.opKind(o);
      if (kind == OpKind.PREDICATE_READ) {
        predicateRead(t, o, h.predicate(o));
      } else if (kind.installsVersion()) {
        int y = h.opKey(o);
        if (ownMark[y] != mark) {
          ownMark[y] = mark;
          ownRow[y] = null;
          ownKeys.add(y);
        }
        ownRow[y] = Row.after(ownRow[y], h, o);
      }
    }
  }

  /** Reorders the observations (a counting sort) and mismatches stably by reader. */
  private void byReader() {
    int n = obsReader.size();
    int[] count = new int[h.txnCount() + 1];
    for (int i = 0; i < n; i++) {
      count[obsReader.get(i) + 1]++;
    }
    for (int t = 0; t < h.txnCount(); t++) {
      count[t + 1] += count[t];
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[count[obsReader.get(i)]++] = i;
    }
    int[] reader = obsReader.toArray();
    int[] key = obsKey.toArray();
    int[] op = obsOp.toArray();
    int[] starts = candStart.toArray();
    int[] cands = cand.toArray();
    obsReader.clear();
    obsKey.clear();
    obsOp.clear();
    candStart.clear();
    cand.clear();
    for (int i : order) {
      obsReader.add(reader[i]);
      obsKey.add(key[i]);
      obsOp.add(op[i]);
      candStart.add(cand.size());
      int end = i + 1 < n ? starts[i + 1] : cands.length;
      for (int c = starts[i]; c < end; c++) {
        cand.add(cands[c]);
      }
    }
    mismatches.sort(java.util.Comparator.comparingInt(m -> m[0]));
  }

  private boolean own(int t, int y) {
    return ownMark[y] == t + 1;
  }

  private void predicateRead(int t, int o, PredicateRead p) {
    int[] returned = new int[p.matched()];
    int read = ++readStamp;
    for (int i = 0; i < p.matched(); i++) {
      returned[i] = h.opKey(o + 1 + i);
      returnedMark[returned[i]] = read;
    }
    Arrays.sort(returned);
    keysFound.clear();
    for (int y : returned) {
      if (versions.written(y)) {
        keysFound.add(y);
      }
    }
    int ascending = keysFound.size();
    for (int i = 0; i < ownKeys.size(); i++) {
      int y = ownKeys.get(i);
      if (matches(ownRow[y], p) >= 0) {
        keysFound.add(y);
      }
    }
    int ownEnd = keysFound.size();
    if (full) {
      // past the cap only the rows it returned and its own can still show a mismatch
      skip(t, capReached());
    } else if (realTime != null && realTime.applies(t)) {
      realTime.keysInRange(versions.fieldIndex(p.field()), p.low(), p.high(), t, keysFound);
    } else {
      versions.keysInRange(p.field(), p.low(), p.high(), t, keysFound);
    }
    // a key in the range that the read returned is written, so in the sorted part already
    // (BlindW-Pred: half of the keys the range queries give, which the sort then skips)
    keysFound.dropMarked(ownEnd, returnedMark, read);
    keysFound.sortDistinct(ascending);
    int r = 0; // both ascending: walk the returned keys beside the keys found
    for (int i = 0; i < keysFound.size(); i++) {
      int y = keysFound.get(i);
      while (r < returned.length && returned[r] < y) {
        r++;
      }
      scanned(t, o, p, y, r < returned.length && returned[r] == y);
    }
    for (int i = 0; i < returned.length; i++) {
      if ((i == 0 || returned[i] != returned[i - 1]) && !versions.written(returned[i])) {
        if (h.isCommitted(t)) {
          mismatches.add(new int[] {t, o, returned[i], returnedRead(o, p, returned[i])});
        } else {
          skip(t, "the predicate read of " + h.showTxn(t) + " (outcome unknown) returned key "
              + h.showKey(returned[i]) + ", which no transaction writes");
        }
      }
    }
  }

  /** The observation of key y by predicate read o of t: it saw a version that matches iff returned. */
  private void scanned(int t, int o, PredicateRead p, int y, boolean returned) {
    if (own(t, y)) {
      int mine = matches(ownRow[y], p);
      if (mine >= 0) {
        if ((mine == 1) != returned && h.isCommitted(t)) {
          mismatches.add(new int[] {t, o, y, -1});
        } else if ((mine == 1) != returned) {
          skip(t, "the predicate read of " + h.showTxn(t) + " (outcome unknown) disagrees with "
              + "its own earlier write of key " + h.showKey(y));
        }
        return;
      }
    }
    if (full) {
      // past the cap: no observation, but a returned row no other version matches is a
      // mismatch still (a version matches iff it sets the field to a value in the range)
      if (returned && !versions.matchedByOther(p.field(), y, p.low(), p.high(), t)) {
        mismatch(t, o, p, y);
      } else {
        skip(t, capReached());
      }
      return;
    }
    if (!full && realTime != null && realTime.applies(t) && scannedLive(t, o, p, y, returned)) {
      return;
    }
    found.clear();
    if (!returned) {
      found.add(INITIAL_STATE);
    }
    int definers = 0;
    int f = versions.fieldIndex(p.field());
    for (int at = versions.first(y); at < versions.end(y); at++) {
      int w = versions.txn(at);
      if (w != t && versions.defines(f, at)) {
        definers++;
        if ((versions.matches(f, at, p.low(), p.high()) == 1) == returned) {
          found.add(w);
        }
      }
    }
    if (found.size() == 0) {
      mismatch(t, o, p, y);
    } else if (found.size() < definers + 1 && !(returned && readMatching(t, o, p, y))) {
      // every version and the initial state allowed says nothing; a returned row read from
      // one version that fixes the field and matches says nothing more than its read
      add(t, keyOf(y, p.field()), o);
    }
  }

  /**
   * {@link #scanned} with real time (SSER): the candidates are the versions t may have seen
   * ({@link RealTimeVersions}), the observation says something when they do not all agree
   * with what t's read shows. Returns false, leaving the key to the plain rule, when no
   * candidate is left (a violation the graph's real-time edges will show).
   */
  private boolean scannedLive(int t, int o, PredicateRead p, int y, boolean returned) {
    int f = versions.fieldIndex(p.field());
    found.clear();
    int possible = 0;
    if (realTime.initialLive(f, y, t)) {
      possible++;
      if (!returned) {
        found.add(INITIAL_STATE);
      }
    }
    if (realTime.sole(f, y, t) >= 0) {
      // the common case, from the key's slot: one definer, the others shadowed or later
      int w = realTime.soleTxn(f, y);
      if (w != t) {
        possible++;
        if (realTime.soleMatches(f, y, p.low(), p.high()) == returned) {
          found.add(w);
        }
      }
    } else {
      live.clear();
      realTime.liveDefiners(f, y, t, live);
      live.sortDistinct();
      for (int i = 0; i < live.size(); i++) {
        int at = live.get(i);
        int w = versions.txn(at);
        if (w != t) {
          possible++;
          if ((versions.matches(f, at, p.low(), p.high()) == 1) == returned) {
            found.add(w);
          }
        }
      }
    }
    if (found.size() == 0) {
      return false;
    }
    if (found.size() < possible && !(returned && readMatching(t, o, p, y))) {
      add(t, keyOf(y, p.field()), o);
    }
    return true;
  }

  /** Predicate read o of t returned y, but no version of y by another transaction matches. */
  private void mismatch(int t, int o, PredicateRead p, int y) {
    if (h.isCommitted(t)) {
      mismatches.add(new int[] {t, o, y, returnedRead(o, p, y)});
    } else {
      skip(t, "the predicate read of " + h.showTxn(t) + " (outcome unknown) returned key "
          + h.showKey(y) + ", but no version of it matches the predicate");
    }
  }

  /**
   * True when the read that follows predicate read o for key y has one writer, whose
   * version fixes the field and matches, and every version of y fixes it (the read alone
   * says what the observation would).
   */
  private boolean readMatching(int t, int o, PredicateRead p, int y) {
    int r = returnedRead(o, p, y);
    if (r < 0 || h.opKind(r) != OpKind.READ || h.opValue(r) == History.INITIAL
        || keyOf(y, p.field()) != y) {
      return false;
    }
    int writer = -1;
    for (int at = versions.first(y); at < versions.end(y); at++) {
      if (versions.txn(at) != t && versions.value(at) == h.opValue(r)) {
        if (writer >= 0) {
          return false;
        }
        writer = at;
      }
    }
    return writer >= 0
        && versions.matches(versions.fieldIndex(p.field()), writer, p.low(), p.high()) == 1;
  }

  /** The read after predicate read o that returned key y. */
  private int returnedRead(int o, PredicateRead p, int y) {
    for (int i = 1; i <= p.matched(); i++) {
      if (h.opKey(o + i) == y) {
        return o + i;
      }
    }
    return -1;
  }

  /**
   * Adds to {@code out} the transactions other than {@code except} whose version of y fixes
   * field f (they set it, or start the row afresh: insert, delete), ascending; returns how
   * many. A version that does not keeps the value of the one before it.
   */
  private int definers(int y, long f, int except, IntList out) {
    int n = 0;
    int fi = versions.fieldIndex(f);
    for (int at = versions.first(y); at < versions.end(y); at++) {
      int w = versions.txn(at);
      if (w != except && versions.defines(fi, at)) {
        out.add(w);
        n++;
      }
    }
    return n;
  }

  private int keyOf(int y, long f) {
    return virtual.keyOf(y, f);
  }

  private void add(int t, int y, int o) {
    if (full || (long) cand.size() + found.size() > cap) {
      full = true;
      skip(t, capReached());
      return;
    }
    obsReader.add(t);
    obsKey.add(y);
    obsOp.add(o);
    candStart.add(cand.size());
    for (int i = 0; i < found.size(); i++) {
      cand.add(found.get(i));
    }
  }

  private static String capReached() {
    return "the predicate reads have more than " + MAX_CANDIDATES + " candidate versions";
  }

  /** Counts a place left unchecked; the reason kept is the one of the first reader. */
  private void skip(int t, String why) {
    if (unchecked++ == 0 || t < firstReader) {
      first = why;
      firstReader = t;
    }
  }
}
