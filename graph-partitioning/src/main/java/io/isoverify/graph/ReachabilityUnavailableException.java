package io.isoverify.graph;

/**
 * A GPU was required ({@link GpuMode#ON}) and no accelerated reachability backend can run:
 * the message says why each one cannot (or that none is on the class path). A usage error
 * for the user (exit code 2), never a verdict.
 */
public final class ReachabilityUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ReachabilityUnavailableException(String message) {
    super(message);
  }
}
