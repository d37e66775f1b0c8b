package io.isoverify.graph;

/**
 * The polygraph of a level would pass a limit set on its size, so the level is not checked:
 * its verdict is UNKNOWN with {@link #getMessage()}, the reason (the level pipeline answers
 * so; other levels go on). Thrown before the memory is spent, not after it ran out.
 */
public final class PolygraphLimitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  PolygraphLimitException(String reason) {
    super(reason, null, false, false);
  }
}
