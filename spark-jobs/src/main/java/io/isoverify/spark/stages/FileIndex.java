package io.isoverify.spark.stages;

/**
 * Where a row is in the input: its file's index (the input's files sorted by path, as
 * {@link DecodedSplits} numbers them) and its row in the file, packed into one long that
 * orders like the pair, so that the shuffled rows carry a long instead of a path.
 */
final class FileIndex {
  private FileIndex() {}

  /** A (file, row) pair as one long that orders like the pair (rows below 2^40). */
  static long position(int file, long row) {
    return ((long) file << 40) | row;
  }

  static int file(long position) {
    return (int) (position >>> 40);
  }

  static long row(long position) {
    return position & ((1L << 40) - 1);
  }
}
