package io.isoverify.graph;

import java.util.Arrays;

/**
 * The readers of each version, grouped from (slot, reader) pairs: {@link Versions}'s
 * {@code readerStart} and {@code readers}. Slot i's readers are {@code readers[start[i] ..
 * start[i+1])}, ascending, each once.
 *
 * <p>A counting sort by slot, O(pairs + slots) and two int arrays, where a sort of the pairs
 * as longs took O(pairs log pairs) and a second array of longs. The pairs come in a few runs
 * each ascending by reader (the predicate observations, the reads with one writer, those
 * with several), so a slot's readers come in as many ascending runs; the scatter keeps their
 * order, and a slot whose readers are not ascending (a reader in two runs, or pairs given in
 * any other order) is sorted on its own before its repeats are dropped.
 *
 * @param start per slot, where its readers begin; {@code start[slots]} is their count
 * @param readers the readers of every slot, slot after slot
 */
record SlotReaders(int[] start, int[] readers) {
  /**
   * Groups {@code pairs} ({@code slot << 32 | reader}, slot in [0, slots), reader &ge; 0) by
   * slot; each slot's readers ascending and without repeats.
   */
  static SlotReaders of(long[] pairs, int slots) {
    int[] start = new int[slots + 1];
    for (long p : pairs) {
      start[(int) (p >>> 32) + 1]++;
    }
    for (int i = 0; i < slots; i++) {
      start[i + 1] += start[i];
    }
    int[] next = Arrays.copyOf(start, slots);
    int[] readers = new int[pairs.length];
    for (long p : pairs) {
      readers[next[(int) (p >>> 32)]++] = (int) p;
    }
    int kept = 0;
    int begin = 0;
    for (int i = 0; i < slots; i++) {
      int end = start[i + 1];
      start[i] = kept;
      if (!strictlyAscending(readers, begin, end)) {
        Arrays.sort(readers, begin, end);
      }
      int last = -1;
      for (int j = begin; j < end; j++) {
        if (readers[j] != last) {
          last = readers[j];
          readers[kept++] = last;
        }
      }
      begin = end;
    }
    start[slots] = kept;
    return new SlotReaders(start, kept == readers.length ? readers : Arrays.copyOf(readers, kept));
  }

  private static boolean strictlyAscending(int[] a, int begin, int end) {
    for (int j = begin + 1; j < end; j++) {
      if (a[j] <= a[j - 1]) {
        return false;
      }
    }
    return true;
  }
}
