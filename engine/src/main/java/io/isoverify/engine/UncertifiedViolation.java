package io.isoverify.engine;

/**
 * A violation the search found whose certificate the independent checker cannot re-check
 * yet: one through a predicate read (vbox) of a field that some versions inherit (their
 * writers did not set it). The level pipeline answers UNKNOWN with {@link #getMessage()},
 * never VIOLATED without a re-checked certificate, nor HOLDS.
 */
final class UncertifiedViolation extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UncertifiedViolation(String reason) {
    super(reason, null, false, false);
  }
}
