package io.isoverify.engine;

import io.isoverify.history.History;

/**
 * What a history carries that no check uses yet, counted, so that a level is never said to
 * hold on part of the evidence: list-append reads, whose whole read list fixes a key's
 * version order (Elle), are checked only as a register read of their last element by the
 * Spark engine (the in-process engine checks them whole); and
 * predicate reads (vbox) are not checked at all. A level whose search finds no violation is
 * then UNKNOWN with {@link #reason()}, not HOLDS; a violation found stays one, since its
 * certificate rests only on what was checked. O(1) once counted.
 *
 * @param readLists list-append reads (operations with a read list)
 * @param predicateReads predicate reads
 */
public record UncheckedInformation(long readLists, long predicateReads) {
  /** A history with nothing left unchecked. */
  public static final UncheckedInformation NONE = new UncheckedInformation(0, 0);

  /**
   * What the in-process engine leaves unchecked in a history: its predicate reads. Read
   * lists are checked there (history's {@code ListOrders}: Elle's list-append inference); the
   * Spark engine, which does not ship them yet, counts them itself.
   */
  public static UncheckedInformation of(History h) {
    return new UncheckedInformation(0, h.predicates().size());
  }

  /** Why a level that would hold is UNKNOWN, or null when everything was checked. */
  public String reason() {
    if (readLists == 0 && predicateReads == 0) {
      return null;
    }
    StringBuilder s = new StringBuilder("no violation found, but the history holds ");
    if (readLists > 0) {
      s.append(readLists).append(" list-append read(s) whose read lists the Spark engine does not "
          + "check yet (only each list's last element was checked; the in-process engine checks "
          + "them)");
    }
    if (predicateReads > 0) {
      s.append(readLists > 0 ? " and " : "").append(predicateReads)
          .append(" predicate read(s), which no check uses yet");
    }
    return s.append(": HOLDS cannot be claimed").toString();
  }
}
