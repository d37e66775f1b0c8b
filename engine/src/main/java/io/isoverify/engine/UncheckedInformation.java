package io.isoverify.engine;

import io.isoverify.history.History;

/**
 * What a history carries that no check uses yet, counted, so that a level is never said to
 * hold on part of the evidence: predicate reads (vbox) are not checked at all. (List-append
 * reads are checked whole by both engines: history's list rules, Elle's inference.) A level
 * whose search finds no violation is then UNKNOWN with {@link #reason()}, not HOLDS; a
 * violation found stays one, since its certificate rests only on what was checked. O(1)
 * once counted.
 *
 * @param predicateReads predicate reads
 */
public record UncheckedInformation(long predicateReads) {
  /** A history with nothing left unchecked. */
  public static final UncheckedInformation NONE = new UncheckedInformation(0);

  /** What a history held in memory leaves unchecked: its predicate reads. */
  public static UncheckedInformation of(History h) {
    return new UncheckedInformation(h.predicates().size());
  }

  /** Why a level that would hold is UNKNOWN, or null when everything was checked. */
  public String reason() {
    if (predicateReads == 0) {
      return null;
    }
    return "no violation found, but the history holds " + predicateReads
        + " predicate read(s), which no check uses yet: HOLDS cannot be claimed";
  }
}
