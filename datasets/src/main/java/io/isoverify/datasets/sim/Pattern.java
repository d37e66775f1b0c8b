package io.isoverify.datasets.sim;

import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The transactions of one injected anomaly, as its pattern class writes them, and what the
 * label says of them: one sentence, the levels the pattern alone violates (by the
 * brute-force oracle's definitions) and the names a checker may give it. Small, made once
 * per injection. Values come from the run's counter, so they stay unique.
 */
final class Pattern {
  static final Set<Level> ALL = EnumSet.allOf(Level.class);
  /** SER and SSER: what a write skew violates (SI allows it). */
  static final Set<Level> NOT_SI = EnumSet.of(Level.SER, Level.SSER);
  /** SSER alone: a real-time violation. */
  static final Set<Level> SSER_ONLY = EnumSet.of(Level.SSER);

  /**
   * One operation: a read ({@link VersionStore#INITIAL} for the initial state), write,
   * append, or list read; a write may set row fields, and a predicate read carries its
   * predicate (vbox).
   */
  record Op(OpKind kind, long key, long value, long[] list, WrittenFields fields,
      PredicateRead predicate) {
    Op(OpKind kind, long key, long value, long[] list) {
      this(kind, key, value, list, null, null);
    }
  }

  /** One transaction of the pattern, in a session of the pattern and a phase of time. */
  static final class Txn {
    final int session;
    final int phase;
    final Outcome outcome;
    final long id;
    final List<Op> ops = new ArrayList<>();

    private Txn(int session, int phase, Outcome outcome, long id) {
      this.session = session;
      this.phase = phase;
      this.outcome = outcome;
      this.id = id;
    }

    /** Reads {@code value} ({@link VersionStore#INITIAL}: the initial state). */
    Txn r(long key, long value) {
      ops.add(new Op(OpKind.READ, key, value, null));
      return this;
    }

    Txn w(long key, long value) {
      ops.add(new Op(OpKind.WRITE, key, value, null));
      return this;
    }

    /** Writes row {@code key}, setting field {@code field} to {@code fieldValue}. */
    Txn w(long key, long value, long field, long fieldValue) {
      ops.add(new Op(OpKind.WRITE, key, value, null,
          new WrittenFields(new long[] {field}, new long[] {fieldValue}), null));
      return this;
    }

    /**
     * A predicate read of the rows whose {@code field} lies in [low, high]; the {@code
     * matched} operations that follow name the rows it returned.
     */
    Txn pr(long field, long low, long high, int matched) {
      ops.add(new Op(OpKind.PREDICATE_READ, -1, 0, null, null,
          new PredicateRead(field, low, high, matched)));
      return this;
    }

    /** Appends one element to a list. */
    Txn a(long key, long element) {
      ops.add(new Op(OpKind.APPEND, key, element, null));
      return this;
    }

    /** Reads a whole list, oldest element first. */
    Txn rl(long key, long... elements) {
      long last = elements.length == 0 ? VersionStore.INITIAL : elements[elements.length - 1];
      ops.add(new Op(OpKind.READ, key, last, elements.clone()));
      return this;
    }
  }

  private final Counters counters;
  final List<Txn> txns = new ArrayList<>();
  String description;
  Set<Level> violates;
  Set<Anomaly> names;

  Pattern(Counters counters) {
    this.counters = counters;
  }

  /** A new committed transaction of pattern session {@code session} in phase {@code phase}. */
  Txn txn(int session, int phase) {
    return txn(session, phase, Outcome.COMMITTED);
  }

  Txn txn(int session, int phase, Outcome outcome) {
    Txn t = new Txn(session, phase, outcome, counters.nextTxn());
    txns.add(t);
    return t;
  }

  /** A new unique value (or list element). */
  long value() {
    return counters.nextValue();
  }

  /**
   * Says what the pattern is: one sentence, the levels it violates, and the names besides
   * {@code anomaly} a checker may give it (other cycles the pattern leaves, or the shape's
   * name where the anomaly's own is not one a classifier gives).
   */
  void says(Anomaly anomaly, String sentence, Set<Level> levels, Anomaly... alsoNamed) {
    this.description = sentence;
    this.violates = levels;
    this.names = EnumSet.of(anomaly, alsoNamed);
  }
}
