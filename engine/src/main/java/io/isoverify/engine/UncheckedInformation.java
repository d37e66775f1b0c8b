package io.isoverify.engine;

import io.isoverify.history.check.PredicateObservations;

/**
 * What a history carries that the check did not use, so that a level is never said to hold
 * on part of the evidence. Predicate reads (vbox) are checked by both engines (history's
 * {@link PredicateObservations}, as WR constraints of the polygraph; {@link PredicateReads}),
 * except the places they name; a graph that does not use them at all (some of the tests'
 * pipelines) says so. (List-append reads are checked whole by both engines: history's list rules,
 * Elle's inference.) A level whose search finds no violation is then UNKNOWN with {@link
 * #reason()}, not HOLDS; a violation found stays one, since its certificate rests only on
 * what was checked. O(1) once counted.
 *
 * @param predicateReads predicate reads the history holds
 * @param predicatesChecked true when the engine's check uses predicate reads
 * @param uncheckedPlaces places of predicate reads the check leaves out
 * @param firstUnchecked why the first of them is left out, or null
 * @param atLeast true when {@code uncheckedPlaces} is a lower bound (the places past the
 *     candidate cap were not counted: {@link PredicateObservations#uncheckedIsLowerBound})
 */
public record UncheckedInformation(long predicateReads, boolean predicatesChecked,
    long uncheckedPlaces, String firstUnchecked, boolean atLeast) {
  /** A history with nothing left unchecked. */
  public static final UncheckedInformation NONE = new UncheckedInformation(0);

  /** {@code predicateReads} predicate reads that the engine does not check at all. */
  public UncheckedInformation(long predicateReads) {
    this(predicateReads, false, predicateReads, null, false);
  }

  /** Places counted exactly. */
  public UncheckedInformation(long predicateReads, boolean predicatesChecked,
      long uncheckedPlaces, String firstUnchecked) {
    this(predicateReads, predicatesChecked, uncheckedPlaces, firstUnchecked, false);
  }

  /** What the check of predicate reads by their observations leaves out. */
  public static UncheckedInformation of(long predicateReads, PredicateObservations o) {
    return new UncheckedInformation(predicateReads, true, o.unchecked(), o.firstUnchecked(),
        o.uncheckedIsLowerBound());
  }

  /** Why a level that would hold is UNKNOWN, or null when everything was checked. */
  public String reason() {
    if (predicateReads == 0 || (predicatesChecked && uncheckedPlaces == 0)) {
      return null;
    }
    if (!predicatesChecked) {
      return "no violation found, but the history holds " + predicateReads
          + " predicate read(s), which this engine does not check yet: HOLDS cannot be claimed";
    }
    return "no violation found, but " + (atLeast ? "at least " : "") + uncheckedPlaces
        + " place(s) of the history's "
        + predicateReads + " predicate read(s) are not checked; first: " + firstUnchecked
        + ": HOLDS cannot be claimed";
  }
}
