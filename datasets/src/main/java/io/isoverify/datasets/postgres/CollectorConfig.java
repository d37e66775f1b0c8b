package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.ValueChoice;

/**
 * What one collection runs: where, at which isolation level, how many client sessions,
 * how many workload transactions in all (split evenly across sessions; each is retried as
 * a new transaction after a serialization failure until it commits, its outcome is
 * unknown, or it has been aborted {@code maxRetries + 1} times), and the seed that fixes
 * every session's sequence of workload transactions.
 *
 * @param jdbcUrl a PostgreSQL JDBC URL carrying the user (and password if one is needed)
 * @param preload fill every key of the workload with the initial value before running; when
 *     false, rows are created by the first write of each key
 * @param table the key-value table's name; the collection drops and recreates it
 * @param values how register writes choose their values: unique, or repeating
 *     ({@link ValueChoice}, {@link RepeatedValues})
 */
public record CollectorConfig(String jdbcUrl, PostgresIsolation isolation, int sessions,
    long transactions, long seed, boolean preload, String table, int maxRetries,
    ValueChoice values) {
  public static final String DEFAULT_TABLE = "kv";
  public static final int DEFAULT_MAX_RETRIES = 1000;
  /** The most keys a preload fills (a few hundred MiB of table); beyond, rows come on write. */
  public static final long MAX_PRELOAD_KEYS = 10_000_000;

  public CollectorConfig {
    if (sessions < 1) {
      throw new IllegalArgumentException("sessions must be at least 1, not " + sessions);
    }
    if (transactions < sessions) {
      throw new IllegalArgumentException("transactions (" + transactions
          + ") must be at least the number of sessions (" + sessions + ")");
    }
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries must not be negative: " + maxRetries);
    }
    new KeyValueTable(table); // refuses a name that is not a plain SQL identifier
    java.util.Objects.requireNonNull(values, "values");
  }

  /** A collection whose written values are unique. */
  public CollectorConfig(String jdbcUrl, PostgresIsolation isolation, int sessions,
      long transactions, long seed, boolean preload, String table, int maxRetries) {
    this(jdbcUrl, isolation, sessions, transactions, seed, preload, table, maxRetries,
        ValueChoice.UNIQUE);
  }

  /** This collection with its register writes choosing values as {@code choice} says. */
  public CollectorConfig withValues(ValueChoice choice) {
    return new CollectorConfig(jdbcUrl, isolation, sessions, transactions, seed, preload, table,
        maxRetries, choice);
  }

  /** A preloaded collection into table {@value #DEFAULT_TABLE} with the default retries. */
  public static CollectorConfig of(String jdbcUrl, PostgresIsolation isolation, int sessions,
      long transactions, long seed) {
    return new CollectorConfig(jdbcUrl, isolation, sessions, transactions, seed, true,
        DEFAULT_TABLE, DEFAULT_MAX_RETRIES);
  }

  /**
   * Refuses a preload of more than {@link #MAX_PRELOAD_KEYS} keys.
   *
   * @throws IllegalArgumentException saying so, and what to do instead
   */
  public void checkPreload(long keys) {
    if (preload && keys > MAX_PRELOAD_KEYS) {
      throw new IllegalArgumentException("the workload has " + keys + " keys, too many to"
          + " preload (at most " + MAX_PRELOAD_KEYS
          + "); collect without preloading (--no-preload)");
    }
  }

  /** The number of workload transactions session {@code s} runs. */
  long transactionsOf(int s) {
    return transactions / sessions + (s < transactions % sessions ? 1 : 0);
  }
}
