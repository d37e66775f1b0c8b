package io.isoverify.cli;

import io.isoverify.engine.ProgressListener;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Where a run is, on stderr: an engine's {@link ProgressListener} calls rendered as
 * "verify: PHASE: WHAT DONE/TOTAL (ELAPSED)", e.g. "verify: solve: components 12/40 (14 s)",
 * or "verify: prune: 1.2M constraints left (3 min 05 s)" for a count without total; ELAPSED
 * counts from the start of the run. Nothing is shown for a run that ends within two
 * seconds. On a terminal the line is redrawn in place (carriage return, clear to the end of
 * the line) at most four times a second, and ended with a newline when the run ends;
 * elsewhere (a file, a pipe) plain lines are printed, at most one every five seconds per
 * phase. Engines may call it from any thread.
 */
final class ProgressRenderer implements ProgressListener, AutoCloseable {
  static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(2);
  static final long PLAIN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);
  static final long TICK_MILLIS = 250;
  private static final String CLEAR_TO_END = "\033[K";
  private static final ScheduledExecutorService TICKER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "progress");
    t.setDaemon(true);
    return t;
  });

  private final PrintStream err;
  private final boolean terminal;
  private final LongSupplier clock;
  private final long start;
  private ScheduledFuture<?> ticker;
  private String phase;
  private String what;
  private long done;
  private long total;
  /** On a terminal: the line on screen, null when none. */
  private String shown;
  /** Elsewhere: when the current phase's last line was printed; -1 when not yet. */
  private long lastPlain = -1;

  /** A renderer driven by {@link #tick()} calls only, for tests: {@code clock} gives nanoseconds. */
  ProgressRenderer(PrintStream err, boolean terminal, LongSupplier clock) {
    this.err = err;
    this.terminal = terminal;
    this.clock = clock;
    this.start = clock.getAsLong();
  }

  /** A renderer on {@code err} that redraws by itself; in place when there is a terminal. */
  static ProgressRenderer start(PrintStream err) {
    ProgressRenderer r = new ProgressRenderer(err, System.console() != null, System::nanoTime);
    r.ticker = TICKER.scheduleAtFixedRate(r::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    return r;
  }

  @Override
  public synchronized void phase(String name) {
    phase = name;
    what = null;
    lastPlain = -1;
  }

  @Override
  public synchronized void progress(String what, long done, long total) {
    this.what = what;
    this.done = done;
    this.total = total;
  }

  /** Shows the state if it is time to: called four times a second. */
  synchronized void tick() {
    long now = clock.getAsLong();
    if (phase == null || now - start < QUIET_NANOS) {
      return;
    }
    String line = line(now);
    if (terminal) {
      if (!line.equals(shown)) {
        err.print("\r" + line + CLEAR_TO_END);
        err.flush();
        shown = line;
      }
    } else if (lastPlain < 0 || now - lastPlain >= PLAIN_EVERY_NANOS) {
      err.println(line);
      lastPlain = now;
    }
  }

  /** The run has ended: stops redrawing; on a terminal, the last line is kept with a newline. */
  @Override
  public synchronized void close() {
    if (ticker != null) {
      ticker.cancel(false);
    }
    if (terminal && shown != null) {
      String line = line(clock.getAsLong());
      err.print((line.equals(shown) ? "" : "\r" + line + CLEAR_TO_END) + System.lineSeparator());
      err.flush();
      shown = null;
    }
  }

  private String line(long now) {
    StringBuilder s = new StringBuilder("verify: ").append(phase);
    if (what != null) {
      s.append(": ");
      if (total < 0) {
        s.append(count(done)).append(' ').append(what);
      } else {
        s.append(what).append(' ').append(count(done)).append('/').append(count(total));
      }
    }
    return s.append(" (").append(elapsed(now - start)).append(')').toString();
  }

  /** 950, 12.3k, 123k, 1.2M, 12.3G: three significant figures at most. */
  static String count(long n) {
    if (n < 10_000) {
      return Long.toString(n);
    }
    String[] units = {"k", "M", "G"};
    double v = n;
    int unit = -1;
    while (v >= 999.5 && unit < units.length - 1) {
      v /= 1000;
      unit++;
    }
    return String.format(Locale.ROOT, v < 99.95 ? "%.1f%s" : "%.0f%s", v, units[unit]);
  }

  /** 14 s, 3 min 05 s, 2 h 07 min. */
  static String elapsed(long nanos) {
    long s = TimeUnit.NANOSECONDS.toSeconds(nanos);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60);
  }
}
