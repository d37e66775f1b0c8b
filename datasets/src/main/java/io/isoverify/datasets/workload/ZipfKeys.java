package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * Zipfian keys: key {@code k} (rank {@code k+1}) is drawn with probability proportional to
 * {@code (k+1)^-s}. Sampled by rejection-inversion (W. Hörmann and G. Derflinger,
 * "Rejection-inversion to generate variates from monotone discrete distributions", ACM
 * TOMACS 6(3), 1996): invert the integral {@code H} of the density {@code h(x) = x^-s} over
 * the continuous range {@code [1.5, n+0.5]}, round to the nearest rank, and accept unless
 * the point fell in the sliver between the histogram and the curve. O(1) expected time per
 * draw (rejections are rare: only points in the thin sliver are redrawn), O(1) memory
 * whatever the key count.
 */
public final class ZipfKeys implements KeyDistribution {
  private final long keys;
  private final double s;
  /** H(1.5) - h(1): the bottom of the inverted range, so that rank 1 gets its full mass. */
  private final double integralLow;
  /** H(n + 0.5). */
  private final double integralHigh;
  /** Ranks within this distance above x are accepted without evaluating H (the squeeze). */
  private final double squeeze;

  public ZipfKeys(long keys, double exponent) {
    if (keys < 1) {
      throw new IllegalArgumentException("a workload needs at least one key, not " + keys);
    }
    if (!(exponent > 0)) {
      throw new IllegalArgumentException("the zipf exponent must be positive, not " + exponent);
    }
    this.keys = keys;
    this.s = exponent;
    this.integralLow = integral(1.5) - 1;
    this.integralHigh = integral(keys + 0.5);
    this.squeeze = 2 - inverseIntegral(integral(2.5) - density(2));
  }

  @Override
  public long next(SplittableRandom random) {
    while (true) {
      double u = integralHigh + random.nextDouble() * (integralLow - integralHigh);
      double x = inverseIntegral(u);
      long k = Math.max(1, Math.min(keys, (long) (x + 0.5)));
      if (k - x <= squeeze || u >= integral(k + 0.5) - density(k)) {
        return k - 1;
      }
    }
  }

  @Override
  public long keys() {
    return keys;
  }

  /** h(x) = x^-s. */
  private double density(double x) {
    return Math.exp(-s * Math.log(x));
  }

  /** H(x) = (x^(1-s) - 1) / (1-s), written to stay exact near s = 1 (where it is log x). */
  private double integral(double x) {
    double logX = Math.log(x);
    return expm1Ratio((1 - s) * logX) * logX;
  }

  /** The inverse of H. */
  private double inverseIntegral(double y) {
    double t = y * (1 - s);
    if (t < -1) {
      t = -1; // rounding at the far end of the range; H^-1 stays finite
    }
    return Math.exp(log1pRatio(t) * y);
  }

  /** log(1+z)/z, continuous at 0. */
  private static double log1pRatio(double z) {
    return Math.abs(z) > 1e-8 ? Math.log1p(z) / z : 1 - z * (0.5 - z / 3);
  }

  /** (e^z - 1)/z, continuous at 0. */
  private static double expm1Ratio(double z) {
    return Math.abs(z) > 1e-8 ? Math.expm1(z) / z : 1 + z * (0.5 + z / 6);
  }
}
