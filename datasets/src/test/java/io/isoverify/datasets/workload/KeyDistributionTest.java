package io.isoverify.datasets.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyDistributionTest {
  private static final int DRAWS = 200_000;

  private static double[] frequencies(KeyDistribution d, int keys) {
    SplittableRandom random = new SplittableRandom(3);
    double[] f = new double[keys];
    for (int i = 0; i < DRAWS; i++) {
      long k = d.next(random);
      assertTrue(k >= 0 && k < keys, "key " + k);
      f[(int) k] += 1.0 / DRAWS;
    }
    return f;
  }

  /** Frequencies match (k+1)^-s / H(n, s) within sampling error (~0.3% here). */
  @ParameterizedTest
  @ValueSource(doubles = {0.5, 0.99, 1.0, 1.5, 3.0})
  void zipfFollowsItsLaw(double s) {
    int n = 20;
    double norm = 0;
    for (int k = 1; k <= n; k++) {
      norm += Math.pow(k, -s);
    }
    double[] f = frequencies(KeyDistribution.zipf(n, s), n);
    for (int k = 0; k < n; k++) {
      double expected = Math.pow(k + 1, -s) / norm;
      assertEquals(expected, f[k], 0.005, "rank " + (k + 1) + " at s = " + s);
    }
  }

  @Test
  void zipfOverABillionKeysDrawsSmallRanksMostOften() {
    KeyDistribution d = KeyDistribution.zipf(1_000_000_000L, 1.0);
    SplittableRandom random = new SplittableRandom(1);
    int first = 0;
    for (int i = 0; i < 10_000; i++) {
      long k = d.next(random);
      assertTrue(k >= 0 && k < 1_000_000_000L);
      first += k == 0 ? 1 : 0;
    }
    // P(rank 1) = 1 / H(1e9) ~ 1 / 21.3 ~ 0.047
    assertEquals(0.047, first / 10_000.0, 0.01);
  }

  @Test
  void oneKeyIsAlwaysKeyZero() {
    SplittableRandom random = new SplittableRandom(1);
    for (KeyDistribution d : new KeyDistribution[] {KeyDistribution.zipf(1, 1.0),
        KeyDistribution.uniform(1), KeyDistribution.hotspot(1)}) {
      assertEquals(0, d.next(random));
    }
  }

  @Test
  void hotspotSendsEightyPercentToTheFirstFifthOfTheKeys() {
    double[] f = frequencies(KeyDistribution.hotspot(100), 100);
    double hot = 0;
    for (int k = 0; k < 20; k++) {
      hot += f[k];
      assertEquals(0.04, f[k], 0.004);
    }
    assertEquals(0.8, hot, 0.005);
    assertEquals(0.0025, f[50], 0.001);
  }

  @Test
  void uniformIsFlat() {
    double[] f = frequencies(KeyDistribution.uniform(10), 10);
    for (double x : f) {
      assertEquals(0.1, x, 0.004);
    }
  }

  @Test
  void badParametersAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> KeyDistribution.zipf(10, 0));
    assertThrows(IllegalArgumentException.class, () -> KeyDistribution.uniform(0));
  }
}
