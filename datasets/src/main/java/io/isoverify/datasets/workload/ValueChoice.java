package io.isoverify.datasets.workload;

/**
 * How written register values are chosen, where the executor (the simulated database, the
 * PostgreSQL collector) writes them: unique (every write a new value, so every read names its
 * writer), with a fraction of a key's writes after its first repeating the key's first value
 * ({@code --repeated-values}), or drawn from a small value space ({@code --value-space}): a
 * Zipf distribution over the values 1 .. space, as veristrong's benchmarks write them (Liu et
 * al., section 7.1: "a Zipfian distribution, where the parameter θ controls the degree of
 * duplication, and N defines the size of value space"). Either way a read of a repeated value
 * has several candidate writers. Value 0 is never written (it stands for the initial state).
 *
 * @param repeated the fraction of a key's writes after its first that write its first value
 *     again, in [0, 1)
 * @param space the size of the value space, or 0 for none
 * @param exponent the value space's Zipf exponent θ (when {@code space > 0})
 */
public record ValueChoice(double repeated, long space, double exponent) {
  /** Every written value new. */
  public static final ValueChoice UNIQUE = new ValueChoice(0, 0, 1);

  /**
   * @throws IllegalArgumentException for a fraction outside [0, 1), a negative space, an
   *     exponent that is not positive, or both a fraction and a space
   */
  public ValueChoice {
    if (!(repeated >= 0 && repeated < 1)) {
      throw new IllegalArgumentException(
          "the repeated-value fraction must be in [0, 1), not " + repeated);
    }
    if (space < 0) {
      throw new IllegalArgumentException("the value space must not be negative: " + space);
    }
    if (!(exponent > 0)) {
      throw new IllegalArgumentException("the value exponent must be positive, not " + exponent);
    }
    if (repeated > 0 && space > 0) {
      throw new IllegalArgumentException(
          "repeated values and a value space exclude each other: give one of them");
    }
  }

  /** A fraction of each key's writes after its first repeating its first value. */
  public static ValueChoice repeated(double fraction) {
    return new ValueChoice(fraction, 0, 1);
  }

  /** Values drawn from 1 .. space, Zipf with the exponent. */
  public static ValueChoice space(long space, double exponent) {
    return new ValueChoice(0, space, exponent);
  }

  /** True when every written value is new. */
  public boolean unique() {
    return repeated == 0 && space == 0;
  }

  /** The distribution of values 0 .. space-1 (a value is one more), when there is a space. */
  public KeyDistribution distribution() {
    return KeyDistribution.zipf(space, exponent);
  }
}
