package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.Step;
import io.isoverify.datasets.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test fixture: a contended workload. Each transaction picks {@code keysPerTxn} distinct
 * keys among {@code keys} (few), reads them all, then writes them all: read-modify-write,
 * the pattern whose concurrent runs lose updates below snapshot isolation. Stateless, so
 * sessions share it safely.
 */
public record ReadModifyWriteWorkload(long keys, int keysPerTxn) implements Workload {
  public ReadModifyWriteWorkload {
    if (keysPerTxn < 1 || keysPerTxn > keys) {
      throw new IllegalArgumentException("keysPerTxn must be in 1.." + keys + ": " + keysPerTxn);
    }
  }

  @Override
  public List<Step> next(int session, SplittableRandom random) {
    long[] picked = random.longs(0, keys).distinct().limit(keysPerTxn).toArray();
    List<Step> steps = new ArrayList<>(2 * keysPerTxn);
    for (long k : picked) {
      steps.add(Step.read(k));
    }
    for (long k : picked) {
      steps.add(Step.write(k));
    }
    return steps;
  }
}
