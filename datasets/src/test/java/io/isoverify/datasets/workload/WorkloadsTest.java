package io.isoverify.datasets.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WorkloadsTest {
  private static final int TXNS = 5000;

  @ParameterizedTest
  @EnumSource(WorkloadKind.class)
  void everyWorkloadStaysInItsKeysAndIsDeterministic(WorkloadKind kind) {
    PlannedWorkload w = kind.create(3, 9, 0.5, KeyDistribution.zipf(1000, 1.0));
    SplittableRandom a = new SplittableRandom(5);
    SplittableRandom b = new SplittableRandom(5);
    TxnPlan p = new TxnPlan();
    TxnPlan q = new TxnPlan();
    for (int i = 0; i < TXNS; i++) {
      w.plan(i % 4, a, p);
      w.plan(i % 4, b, q);
      assertTrue(p.size() >= 1);
      assertEquals(p.size(), q.size());
      for (int s = 0; s < p.size(); s++) {
        assertTrue(p.key(s) >= 0 && p.key(s) < w.keys(), kind + " key " + p.key(s));
        assertEquals(p.key(s), q.key(s));
        assertEquals(p.isWrite(s), q.isWrite(s));
      }
    }
    assertEquals(WorkloadKind.ofCliName(kind.cliName()), kind);
  }

  @Test
  void generalWorkloadHasItsReadRatioAndOpRange() {
    GeneralWorkload w = new GeneralWorkload(8, 15, 0.95, KeyDistribution.uniform(100));
    SplittableRandom random = new SplittableRandom(2);
    TxnPlan p = new TxnPlan();
    long reads = 0;
    long ops = 0;
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int i = 0; i < TXNS; i++) {
      w.plan(0, random, p);
      min = Math.min(min, p.size());
      max = Math.max(max, p.size());
      ops += p.size();
      for (int s = 0; s < p.size(); s++) {
        reads += p.isWrite(s) ? 0 : 1;
      }
    }
    assertEquals(8, min);
    assertEquals(15, max);
    assertEquals(0.95, (double) reads / ops, 0.01);
  }

  @Test
  void blindWTransactionsOnlyReadOrOnlyWrite() {
    BlindWorkload w = new BlindWorkload(8, 8, BlindWorkload.READ_HEAVY, KeyDistribution.uniform(10_000));
    SplittableRandom random = new SplittableRandom(4);
    TxnPlan p = new TxnPlan();
    int readOnly = 0;
    for (int i = 0; i < TXNS; i++) {
      w.plan(0, random, p);
      assertEquals(8, p.size());
      int writes = 0;
      for (int s = 0; s < p.size(); s++) {
        writes += p.isWrite(s) ? 1 : 0;
      }
      assertTrue(writes == 0 || writes == 8);
      readOnly += writes == 0 ? 1 : 0;
    }
    assertEquals(0.9, (double) readOnly / TXNS, 0.02);
  }

  /** TPC-C updates are read-modify-writes: every written key was read just before. */
  @Test
  void tpccWritesAreReadModifyWritesExceptTheNewOrderRecord() {
    TpccWorkload w = new TpccWorkload(KeyDistribution.uniform(1000));
    SplittableRandom random = new SplittableRandom(6);
    TxnPlan p = new TxnPlan();
    for (int i = 0; i < TXNS; i++) {
      w.plan(0, random, p);
      int blind = 0;
      for (int s = 0; s < p.size(); s++) {
        if (p.isWrite(s) && (s == 0 || p.isWrite(s - 1) || p.key(s - 1) != p.key(s))) {
          blind++;
        }
      }
      assertTrue(blind <= 1, "transaction " + i + " has " + blind + " blind writes");
    }
  }
}
