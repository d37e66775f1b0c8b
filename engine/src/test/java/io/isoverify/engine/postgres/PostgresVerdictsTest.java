package io.isoverify.engine.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.datasets.postgres.CollectorConfig;
import io.isoverify.datasets.postgres.PostgresExtension;
import io.isoverify.datasets.postgres.PostgresCollector;
import io.isoverify.datasets.postgres.PostgresIsolation;
import io.isoverify.datasets.postgres.ReadModifyWriteWorkload;
import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.Workload;
import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.HistoryBuilderSink;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Histories recorded from a real PostgreSQL 15 (started on a free loopback port) get the
 * verdicts its isolation levels promise: SERIALIZABLE passes SER, REPEATABLE READ (snapshot
 * isolation in PostgreSQL) passes SI, and READ COMMITTED under contention is caught
 * violating SI, with a re-checked certificate.
 */
class PostgresVerdictsTest {
  private static final int SESSIONS = 6;
  private static final long TRANSACTIONS = 300;
  private static final long SEED = 20261122L;
  /** Reads and writes of 4-8 keys out of 20: write skews happen when the database allows them. */
  private static final Workload MIXED = new GeneralWorkload(4, 8, 0.5, KeyDistribution.uniform(20));

  @RegisterExtension
  static final PostgresExtension POSTGRES = new PostgresExtension();

  private static Map<Level, LevelResult> collectAndVerify(PostgresIsolation isolation, Workload workload)
      throws Exception {
    HistoryBuilderSink sink = new HistoryBuilderSink("postgres " + isolation);
    new PostgresCollector(CollectorConfig.of(POSTGRES.cluster().jdbcUrl(), isolation, SESSIONS, TRANSACTIONS, SEED))
        .collect(workload, sink);
    History h = sink.history();
    return new InProcessVerifier(VerifierOptions.defaults()).verify(h, EnumSet.of(Level.SER, Level.SI));
  }

  @Test
  void serializableHoldsSerAndSi() throws Exception {
    Map<Level, LevelResult> r = collectAndVerify(PostgresIsolation.SERIALIZABLE, MIXED);
    assertEquals(Verdict.HOLDS, r.get(Level.SER).verdict(), () -> r.get(Level.SER).certificates().toString());
    assertEquals(Verdict.HOLDS, r.get(Level.SI).verdict());
  }

  @Test
  void repeatableReadHoldsSi() throws Exception {
    Map<Level, LevelResult> r = collectAndVerify(PostgresIsolation.REPEATABLE_READ, MIXED);
    assertEquals(Verdict.HOLDS, r.get(Level.SI).verdict(), () -> r.get(Level.SI).certificates().toString());
  }

  @Test
  void readCommittedUnderContentionViolatesSi() throws Exception {
    Map<Level, LevelResult> r = collectAndVerify(PostgresIsolation.READ_COMMITTED, new ReadModifyWriteWorkload(2, 1));
    assertEquals(Verdict.VIOLATED, r.get(Level.SI).verdict());
    assertEquals(Verdict.VIOLATED, r.get(Level.SER).verdict());
    // every certificate shown was re-validated against the raw history by the independent checker
    assertEquals(true, r.get(Level.SI).certificates().stream().allMatch(c -> c.anomaly().isCycle()));
  }
}
