package io.isoverify.history;

import java.util.function.Supplier;

/**
 * A computation run on a daemon thread of its own, beside the caller's work (on two cores,
 * two independent scans at once). {@link #join} waits for it and gives its result, or throws
 * what it threw: an {@link Error} as itself, so that running out of memory there is the
 * caller's answer as it would be on one thread.
 *
 * @param <T> the result
 */
public final class Beside<T> {
  private final Thread thread;
  private T result;
  private Throwable thrown;

  private Beside(String name, Supplier<T> work) {
    this.thread = new Thread(() -> {
      try {
        result = work.get();
      } catch (Throwable e) {
        thrown = e;
      }
    }, name);
    thread.setDaemon(true);
  }

  /** Starts {@code work} on a new daemon thread named {@code name}. */
  public static <T> Beside<T> start(String name, Supplier<T> work) {
    Beside<T> b = new Beside<>(name, work);
    b.thread.start();
    return b;
  }

  /** Waits for the work (Thread.join orders its writes before the reads here). */
  public T join() {
    boolean interrupted = false;
    while (true) {
      try {
        thread.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (thrown instanceof Error e) {
      throw e;
    }
    if (thrown instanceof RuntimeException e) {
      throw e;
    }
    if (thrown != null) {
      throw new IllegalStateException(thrown);
    }
    return result;
  }
}
