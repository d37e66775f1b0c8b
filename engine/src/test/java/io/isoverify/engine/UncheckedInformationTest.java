package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Why a level that would hold is UNKNOWN, in the words the report prints. */
class UncheckedInformationTest {
  private static final String CAP = "the predicate reads have more than 20000000 candidate versions";

  @Test
  void placesCountedToTheEndAreSaidExactlyAndACountStoppedAtTheCapAsALowerBound() {
    assertEquals("no violation found, but 3 place(s) of the history's 7 predicate read(s) are "
        + "not checked; first: " + CAP + ": HOLDS cannot be claimed",
        new UncheckedInformation(7, true, 3, CAP).reason());
    assertEquals("no violation found, but at least 3 place(s) of the history's 7 predicate "
        + "read(s) are not checked; first: " + CAP + ": HOLDS cannot be claimed",
        new UncheckedInformation(7, true, 3, CAP, true).reason());
    assertNull(new UncheckedInformation(7, true, 0, null).reason());
    assertEquals("no violation found, but the history holds 7 predicate read(s), which this "
        + "engine does not check yet: HOLDS cannot be claimed",
        new UncheckedInformation(7).reason());
  }
}
