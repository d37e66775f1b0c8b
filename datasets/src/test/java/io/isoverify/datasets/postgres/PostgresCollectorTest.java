package io.isoverify.datasets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.ListAppendWorkload;
import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.check.NonCycleFindings;
import io.isoverify.history.io.HistoryBuilderSink;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Collects histories from a real PostgreSQL, started on a free loopback port. */
class PostgresCollectorTest {
  private static final int SESSIONS = 6;
  private static final long TRANSACTIONS = 240;
  private static final long SEED = 20261122L;
  /** Two keys, both read then written by every transaction: every pair of them conflicts. */
  private static final ReadModifyWriteWorkload CONTENDED = new ReadModifyWriteWorkload(2, 1);

  @RegisterExtension
  static final PostgresExtension POSTGRES = new PostgresExtension();

  private static Collected collect(CollectorConfig config, ReadModifyWriteWorkload workload)
      throws Exception {
    HistoryBuilderSink sink = sink();
    CollectionResult result = new PostgresCollector(config).collect(workload, sink);
    return new Collected(result, sink.history());
  }

  private static HistoryBuilderSink sink() {
    return new HistoryBuilderSink("postgres collection");
  }

  private record Collected(CollectionResult result, History history) {}

  @ParameterizedTest
  @EnumSource(PostgresIsolation.class)
  void everyLevelRecordsAWholeValidHistory(PostgresIsolation level) throws Exception {
    Collected c = collect(CollectorConfig.of(POSTGRES.cluster().jdbcUrl(), level, SESSIONS, TRANSACTIONS,
        SEED), new ReadModifyWriteWorkload(8, 2));
    History h = c.history();

    assertEquals(TRANSACTIONS, c.result().committed());
    assertEquals(0, c.result().unknown());
    assertEquals(0, c.result().abandoned());
    // An attempt whose first operation, a read, failed has nothing to record.
    assertTrue(countOutcome(h, Outcome.ABORTED) <= c.result().aborted());
    assertEquals(c.result().committed() + countOutcome(h, Outcome.ABORTED), h.txnCount());
    assertEquals(SESSIONS, h.sessionCount());
    assertTrue(h.hasTimestamps());
    long committed = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      committed += h.isCommitted(t) ? 1 : 0;
      assertTrue(h.endTs(t) >= h.startTs(t));
      for (int o = h.firstOp(t); o < h.endOp(t); o++) {
        if (h.opKind(o) == OpKind.WRITE) {
          long value = h.values().longValue(h.opValue(o));
          assertEquals(h.sessions().longValue(h.session(t)), value >> 40,
              () -> "a write's value carries its session in the high bits");
        }
      }
    }
    assertEquals(TRANSACTIONS, committed);
    assertNoNonCycleAnomaly(h);
  }

  /**
   * Elle's list-append, one array per key: at SERIALIZABLE and REPEATABLE READ every list
   * read is a state the key had (prefixes of one order, only committed elements, each once),
   * with reads of empty lists and lists grown by several transactions; each append's element
   * carries its session.
   */
  @ParameterizedTest
  @EnumSource(value = PostgresIsolation.class, names = {"SERIALIZABLE", "REPEATABLE_READ"})
  void listAppendReadsAreStatesTheListHad(PostgresIsolation level) throws Exception {
    HistoryBuilderSink sink = sink();
    CollectionResult result = new PostgresCollector(CollectorConfig.of(
        POSTGRES.cluster().jdbcUrl(), level, SESSIONS, TRANSACTIONS, SEED))
        .collect(new ListAppendWorkload(1, 4, 0.5, KeyDistribution.uniform(4), 32), sink);
    History h = sink.history();

    assertEquals(TRANSACTIONS, result.committed());
    int empty = 0;
    int longest = 0;
    for (int o = 0; o < h.opCount(); o++) {
      int[] list = h.readList(o);
      if (list != null) {
        empty += list.length == 0 ? 1 : 0;
        longest = Math.max(longest, list.length);
      } else {
        assertEquals(OpKind.APPEND, h.opKind(o));
        assertEquals(h.sessions().longValue(h.session(h.txnOfOp(o))),
            h.values().longValue(h.opValue(o)) >> 40);
      }
    }
    assertTrue(empty > 0 && longest >= 10, empty + " empty reads, longest list " + longest);
    assertNoNonCycleAnomaly(h);
  }

  @Test
  void serializableAbortsConflictingTransactionsAndLosesNoUpdate() throws Exception {
    Collected c = collect(CollectorConfig.of(POSTGRES.cluster().jdbcUrl(), PostgresIsolation.SERIALIZABLE,
        SESSIONS, TRANSACTIONS, SEED), CONTENDED);

    assertTrue(countOutcome(c.history(), Outcome.ABORTED) > 0,
        "no serialization failure under contention");
    assertEquals(List.of(), LostUpdate.find(c.history()));
    assertNoNonCycleAnomaly(c.history());
  }

  @Test
  void repeatableReadAbortsTheSecondUpdaterAndLosesNoUpdate() throws Exception {
    Collected c = collect(CollectorConfig.of(POSTGRES.cluster().jdbcUrl(), PostgresIsolation.REPEATABLE_READ,
        SESSIONS, TRANSACTIONS, SEED), CONTENDED);

    assertTrue(countOutcome(c.history(), Outcome.ABORTED) > 0,
        "no concurrent-update failure under contention");
    assertEquals(List.of(), LostUpdate.find(c.history()));
    assertNoNonCycleAnomaly(c.history());
  }

  @Test
  void readCommittedLosesUpdates() throws Exception {
    Collected c = collect(CollectorConfig.of(POSTGRES.cluster().jdbcUrl(), PostgresIsolation.READ_COMMITTED,
        SESSIONS, TRANSACTIONS, SEED), CONTENDED);
    History h = c.history();

    List<LostUpdate> lost = LostUpdate.find(h);
    assertTrue(!lost.isEmpty(), "no lost update at READ COMMITTED under contention");
    LostUpdate one = lost.get(0);
    assertTrue(h.isCommitted(one.first()) && h.isCommitted(one.second()), one.show(h));
    assertTrue(one.first() != one.second());
    assertEquals(one.versionRead(), readOf(h, one.first(), one.key()), one.show(h));
    assertEquals(one.versionRead(), readOf(h, one.second(), one.key()), one.show(h));
    assertTrue(writes(h, one.first(), one.key()) && writes(h, one.second(), one.key()),
        one.show(h));
    assertNoNonCycleAnomaly(h);
  }

  @Test
  void readsOfAbsentRowsAreReadsOfTheInitialState() throws Exception {
    CollectorConfig config = new CollectorConfig(POSTGRES.cluster().jdbcUrl(),
        PostgresIsolation.REPEATABLE_READ, 2, 20, SEED, false, "kv_absent", 10);
    Collected c = collect(config, new ReadModifyWriteWorkload(1_000_000, 1));
    History h = c.history();

    // 20 transactions on a million keys: every key is touched once, so every read is initial.
    assertEquals(20, h.txnCount());
    for (int t = 0; t < h.txnCount(); t++) {
      assertEquals(OpKind.READ, h.opKind(h.firstOp(t)));
      assertEquals(History.INITIAL, h.opValue(h.firstOp(t)), h.showTxn(t));
    }
  }

  @Test
  void sessionsWhoseConnectionsAreKilledReconnectAndRecordTheOutcome() throws Exception {
    CollectorConfig config = CollectorConfig.of(POSTGRES.cluster().jdbcUrl(), PostgresIsolation.READ_COMMITTED,
        SESSIONS, TRANSACTIONS, SEED);
    HistoryBuilderSink sink = sink();
    CollectionResult result;
    long killed;
    try (SessionKillingWorkload killing = new SessionKillingWorkload(
        new ReadModifyWriteWorkload(8, 2), POSTGRES.cluster().jdbcUrl(), 10)) {
      result = new PostgresCollector(config).collect(killing, sink);
      killed = killing.killed();
    }
    History h = sink.history();

    assertTrue(killed > 0, "no session was killed");
    // A killed session's next statement fails: its transaction aborted, or unknown at commit.
    assertTrue(result.aborted() + result.unknown() > 0, result.toString());
    // Each workload transaction ends once: committed, unknown (never retried) or abandoned.
    assertEquals(TRANSACTIONS, result.committed() + result.unknown() + result.abandoned());
    assertEquals(0, result.abandoned());
    assertEquals(result.committed(), countOutcome(h, Outcome.COMMITTED));
    assertEquals(result.unknown(), countOutcome(h, Outcome.UNKNOWN));
    assertNoNonCycleAnomaly(h);
  }

  @Test
  void aMissingDatabaseFailsWithPostgresMessage() {
    CollectorConfig config = CollectorConfig.of(POSTGRES.cluster().missingDatabaseUrl(),
        PostgresIsolation.SERIALIZABLE, 1, 1, SEED);
    CollectionException e = assertThrows(CollectionException.class,
        () -> new PostgresCollector(config).collect(CONTENDED, sink()));

    assertTrue(e.getMessage().startsWith("preparing table kv: "), e.getMessage());
    assertTrue(e.getMessage().contains("\"no_such_db\""), e.getMessage());
    assertTrue(e.getMessage().endsWith("(SQLState 3D000)"), e.getMessage());
  }

  /** No thin-air, aborted, intermediate, future or non-repeatable read; unique writes. */
  private static void assertNoNonCycleAnomaly(History h) {
    NonCycleFindings findings = NonCycleChecks.findings(h, 3);
    assertTrue(findings.clean(), () -> findings.counts() + " " + findings.duplicate() + " "
        + findings.examples());
  }

  private static long countOutcome(History h, Outcome outcome) {
    long n = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      n += h.outcome(t) == outcome ? 1 : 0;
    }
    return n;
  }

  private static int readOf(History h, int t, int key) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o) == OpKind.READ && h.opKey(o) == key) {
        return h.opValue(o);
      }
    }
    throw new AssertionError(h.showTxn(t) + " does not read " + h.showKey(key));
  }

  private static boolean writes(History h, int t, int key) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.opKind(o) == OpKind.WRITE && h.opKey(o) == key) {
        return true;
      }
    }
    return false;
  }
}
