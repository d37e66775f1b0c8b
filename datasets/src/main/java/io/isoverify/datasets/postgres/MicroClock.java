package io.isoverify.datasets.postgres;

import java.time.Instant;

/**
 * A clock shared by all client sessions of one collection: microseconds since the epoch,
 * read from the wall clock once and advanced by {@link System#nanoTime()} after that.
 * Invariant: never goes back, and readings from different threads are comparable, so a
 * transaction whose end reading precedes another's start reading really finished first
 * (the real-time order of strict serializability). A pure wall clock could step back
 * under NTP and break both properties.
 */
public final class MicroClock {
  private final long epochMicros;
  private final long originNanos;

  public MicroClock() {
    Instant now = Instant.now();
    this.originNanos = System.nanoTime();
    this.epochMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  /** Microseconds since the epoch, monotonic across every thread. */
  public long now() {
    return epochMicros + (System.nanoTime() - originNanos) / 1_000;
  }
}
