package io.isoverify.datasets.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WorkloadsTest {
  private static final int TXNS = 5000;

  /**
   * Two instances of a kind given the same random source plan the same steps (stateful
   * workloads, which rotate keys or remember inserts, included), on keys below
   * {@link PlannedWorkload#reserveKeys}: the fixed key space, list-append's rotated keys, or
   * the fresh keys pred-rw inserts.
   */
  @ParameterizedTest
  @EnumSource(WorkloadKind.class)
  void everyWorkloadStaysInItsKeysAndIsDeterministic(WorkloadKind kind) {
    PlannedWorkload w = kind.create(3, 9, 0.5, KeyDistribution.zipf(1000, 1.0));
    PlannedWorkload twin = kind.create(3, 9, 0.5, KeyDistribution.zipf(1000, 1.0));
    SplittableRandom a = new SplittableRandom(5);
    SplittableRandom b = new SplittableRandom(5);
    TxnPlan p = new TxnPlan();
    TxnPlan q = new TxnPlan();
    for (int i = 0; i < TXNS; i++) {
      w.plan(i % 4, a, p);
      twin.plan(i % 4, b, q);
      assertTrue(p.size() >= 1);
      assertEquals(p.size(), q.size());
      for (int s = 0; s < p.size(); s++) {
        assertTrue(p.key(s) >= 0 && p.key(s) < w.reserveKeys(0), kind + " key " + p.key(s));
        assertTrue(p.key(s) < w.keys() || kind == WorkloadKind.LIST_APPEND
            || kind == WorkloadKind.PRED_RW && p.kind(s) == StepKind.ROW_INSERT,
            kind + " key " + p.key(s));
        assertEquals(p.key(s), q.key(s));
        assertEquals(p.kind(s), q.kind(s));
      }
    }
    assertEquals(WorkloadKind.ofCliName(kind.cliName()), kind);
    assertEquals(kind.family(), w.family());
  }

  /**
   * Elle's list-append: 1-4 micro-ops, half of them list reads; no key gets more than its
   * share of appends, a key is retired by the plan that gives it the last one, and no later
   * plan touches it.
   */
  @Test
  void listAppendRotatesAKeyAfterItsAppends() {
    ListAppendWorkload w = new ListAppendWorkload(1, 4, 0.5, KeyDistribution.zipf(10, 1.0), 8);
    SplittableRandom random = new SplittableRandom(3);
    TxnPlan p = new TxnPlan();
    Map<Long, Integer> appends = new HashMap<>();
    Set<Long> retired = new HashSet<>();
    long reads = 0;
    long ops = 0;
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int i = 0; i < TXNS; i++) {
      w.plan(0, random, p);
      min = Math.min(min, p.size());
      max = Math.max(max, p.size());
      for (int s = 0; s < p.size(); s++) {
        assertTrue(!retired.contains(p.key(s)), "retired key " + p.key(s) + " used again");
        ops++;
        if (p.kind(s) == StepKind.READ_LIST) {
          reads++;
        } else {
          assertEquals(StepKind.APPEND, p.kind(s));
          assertTrue(appends.merge(p.key(s), 1, Integer::sum) <= 8);
        }
      }
      for (int j = 0; j < p.retiredCount(); j++) {
        assertEquals(8, appends.get(p.retired(j)));
        retired.add(p.retired(j));
      }
    }
    assertEquals(1, min);
    assertEquals(4, max);
    assertEquals(0.5, (double) reads / ops, 0.02);
    assertTrue(retired.size() > 100, "keys rotated: " + retired.size());
    long fresh = w.reserveKeys(2);
    assertEquals(fresh + 2, w.reserveKeys(0));
    assertTrue(appends.keySet().stream().allMatch(k -> k < fresh));
  }

  /**
   * mtc Definition 8: one or two reads, at most two writes, each write after a read of its
   * key; read-only at the given ratio; both two-key shapes occur.
   */
  @Test
  void miniTransactionsFollowDefinition8() {
    MiniTransactionWorkload w = new MiniTransactionWorkload(0.3, KeyDistribution.zipf(50, 1.0));
    SplittableRandom random = new SplittableRandom(8);
    TxnPlan p = new TxnPlan();
    int readOnly = 0;
    Set<String> shapes = new HashSet<>();
    for (int i = 0; i < TXNS; i++) {
      w.plan(0, random, p);
      int reads = 0;
      int writes = 0;
      StringBuilder shape = new StringBuilder();
      for (int s = 0; s < p.size(); s++) {
        if (p.isWrite(s)) {
          assertEquals(StepKind.WRITE, p.kind(s));
          writes++;
          boolean readBefore = false;
          for (int r = 0; r < s; r++) {
            readBefore |= p.kind(r) == StepKind.READ && p.key(r) == p.key(s);
          }
          assertTrue(readBefore, "transaction " + i + " writes key " + p.key(s) + " unread");
        } else {
          assertEquals(StepKind.READ, p.kind(s));
          reads++;
        }
        shape.append(p.isWrite(s) ? 'w' : 'r');
      }
      assertTrue(reads >= 1 && reads <= 2 && writes <= 2, "transaction " + i + ": " + shape);
      readOnly += writes == 0 ? 1 : 0;
      shapes.add(shape.toString());
    }
    assertEquals(0.3, (double) readOnly / TXNS, 0.02);
    assertEquals(Set.of("r", "rr", "rw", "rrw", "rrww"), shapes);
  }

  /** mtc's LWT: a key's first transaction inserts it, every later one is a compare-and-set. */
  @Test
  void lightweightTransactionsInsertEachKeyOnceThenCompareAndSet() {
    LightweightTxnWorkload w = new LightweightTxnWorkload(KeyDistribution.uniform(100));
    SplittableRandom random = new SplittableRandom(9);
    TxnPlan p = new TxnPlan();
    Set<Long> inserted = new HashSet<>();
    for (int i = 0; i < TXNS; i++) {
      w.plan(0, random, p);
      long k = p.key(0);
      if (inserted.add(k)) {
        assertEquals(1, p.size());
        assertEquals(StepKind.INSERT, p.kind(0));
      } else {
        assertEquals(2, p.size());
        assertEquals(List.of(StepKind.READ, StepKind.CAS_WRITE), List.of(p.kind(0), p.kind(1)));
        assertEquals(k, p.key(1));
      }
    }
    assertEquals(100, inserted.size());
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
