package io.isoverify.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A progress line on stderr for phases that take long: nothing for a phase that ends
 * within two seconds, then one line every five seconds naming the phase and the time spent.
 */
final class Progress implements AutoCloseable {
  private static final ScheduledExecutorService TICKER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "progress");
    t.setDaemon(true);
    return t;
  });

  private final ScheduledFuture<?> task;

  private Progress(String phase, PrintStream err) {
    long start = System.nanoTime();
    task = TICKER.scheduleAtFixedRate(() -> err.printf(Locale.ROOT, "verify: %s ... %.0f s%n", phase,
        (System.nanoTime() - start) / 1e9), 2, 5, TimeUnit.SECONDS);
  }

  static Progress phase(String phase, PrintStream err) {
    return new Progress(phase, err);
  }

  @Override
  public void close() {
    task.cancel(false);
  }
}
