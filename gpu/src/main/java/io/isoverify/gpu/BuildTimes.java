package io.isoverify.gpu;

import java.util.Locale;

/**
 * The wall time of each step of one table build on the device, in the order they ran, as
 * {@link CudaReachability#lastBuild()} reports them: "host table 3.1 ms, lookup 4.0 ms,
 * copy in 6.2 ms, kernels 9.8 ms (7 rounds), copy out 11.5 ms". Device steps are timed to
 * their synchronization, so a step's figure includes the queued work it waited for.
 */
final class BuildTimes {
  private final StringBuilder text = new StringBuilder();
  private long last = System.nanoTime();

  /** Ends step {@code name}: the time since the previous mark (or the start). */
  void mark(String name) {
    long now = System.nanoTime();
    text.append(text.length() == 0 ? "" : ", ").append(name).append(' ')
        .append(String.format(Locale.ROOT, "%.1f ms", (now - last) / 1e6));
    last = now;
  }

  /** Adds {@code note} to the last step, e.g. "(7 rounds)". */
  void note(String note) {
    text.append(" (").append(note).append(')');
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
