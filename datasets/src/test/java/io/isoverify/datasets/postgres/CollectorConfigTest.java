package io.isoverify.datasets.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The configuration's checks and the split of the transactions over sessions; no database. */
class CollectorConfigTest {
  private static final String URL = "jdbc:postgresql://127.0.0.1:1/x";

  @Test
  void transactionsAreSplitEvenlyWithTheRemainderToTheFirstSessions() {
    CollectorConfig c = CollectorConfig.of(URL, PostgresIsolation.SERIALIZABLE, 4, 10, 1);
    long[] shares = new long[4];
    for (int s = 0; s < 4; s++) {
      shares[s] = c.transactionsOf(s);
    }
    assertArrayEquals(new long[] {3, 3, 2, 2}, shares);
  }

  @Test
  void badValuesAreRefusedWithWhatIsWrong() {
    IllegalArgumentException fewer = assertThrows(IllegalArgumentException.class,
        () -> CollectorConfig.of(URL, PostgresIsolation.SERIALIZABLE, 4, 3, 1));
    assertEquals("transactions (3) must be at least the number of sessions (4)",
        fewer.getMessage());
    IllegalArgumentException table = assertThrows(IllegalArgumentException.class,
        () -> new CollectorConfig(URL, PostgresIsolation.SERIALIZABLE, 1, 1, 1, true,
            "kv; DROP TABLE users", 0));
    assertEquals("table name 'kv; DROP TABLE users' is not a lower-case SQL identifier"
        + " ([a-z_][a-z0-9_]*, at most 63 characters)", table.getMessage());
    IllegalArgumentException preload = assertThrows(IllegalArgumentException.class,
        () -> CollectorConfig.of(URL, PostgresIsolation.SERIALIZABLE, 1, 1, 1)
            .checkPreload(20_000_000));
    assertEquals("the workload has 20000000 keys, too many to preload (at most 10000000);"
        + " collect without preloading (--no-preload)", preload.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new CollectorConfig(URL, PostgresIsolation.SERIALIZABLE, 0, 1, 1, true, "kv", 0));
    assertThrows(IllegalArgumentException.class,
        () -> new CollectorConfig(URL, PostgresIsolation.SERIALIZABLE, 1, 1, 1, true, "kv", -1));
  }
}
