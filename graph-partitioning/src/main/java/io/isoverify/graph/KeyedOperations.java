package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.RankedBits;
import io.isoverify.history.check.KeyOps;
import io.isoverify.history.check.KeyRules;
import java.io.Serializable;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The graph's part of the per-key rules' results ({@link KeyRules}: effective writes and
 * external reads resolved to their writer, cobra section 3), key after key, in the
 * caller's value codes; then {@link #assemble} turns one or more of them (in-process: one
 * for the whole history; Spark: one per partition, sent to the driver) into the arrays of
 * {@link PolygraphInput}, so both engines build them with the same code.
 *
 * <pre>
 *   local key j        (numbered in the order added) writes writeStart[j] .. writeStart[j+1]-1,
 *                      sorted by (value code, transaction); reads readStart[j] .. readStart[j+1]-1
 *   effective write i  writeValue[i], writeTxn[i]
 *   external read r    readTxn[r], readOp[r] (dense operation id), readValue[r], readWriter[r]
 *   hidden h           hiddenTxn[h] has hiddenOps[h] = internal reads << 16 | overwritten
 *                      writes on one key (KeyRules#hiddenCount: operations the reads and
 *                      writes above do not show; only transactions that have any)
 * </pre>
 * Cost: O(w log w) per key of w effective writes, O(1) per read; {@link #assemble}
 * O(keys + writes + reads + transactions + operations / 64), its reads placed by the rank of
 * their operation ({@link #placeByRank}), or else by transaction ranges on the processors
 * (each range scans every read's transaction: O(reads) more per range). About 8 bytes per
 * write and 16 per read.
 */
public final class KeyedOperations implements Serializable {
  private static final long serialVersionUID = 1L;

  private final IntBuffer writeStart = new IntBuffer();
  private final IntBuffer writeValue = new IntBuffer();
  private final IntBuffer writeTxn = new IntBuffer();
  private final IntBuffer readStart = new IntBuffer();
  private final IntBuffer readTxn = new IntBuffer();
  private final IntBuffer readOp = new IntBuffer();
  private final IntBuffer readValue = new IntBuffer();
  private final IntBuffer readWriter = new IntBuffer();
  private final IntBuffer hiddenTxn = new IntBuffer();
  private final IntBuffer hiddenOps = new IntBuffer();
  private transient long[] sorted;
  /** The fewest reads worth a thread of their own in {@link #assemble}. */
  static final int READS_PER_PART = 1 << 18;

  /**
   * The arrays of {@link PolygraphInput} (its encoding), for a whole history; per transaction
   * t, {@code internalReads[t]} and {@code overwrittenWrites[t]} over all keys (saturated at
   * {@link Byte#MAX_VALUE}), what the shape rules need besides the reads and writes.
   */
  public record Arrays(int[] writeKey, int[] writeValue, int[] writeTxn, int[] readStart,
      int[] readKey, int[] readValue, int[] readWriter, byte[] internalReads,
      byte[] overwrittenWrites) {}

  public KeyedOperations() {
    writeStart.add(0);
    readStart.add(0);
  }

  /** Keys added so far. */
  public int keyCount() {
    return writeStart.size() - 1;
  }

  /** Appends the next key: the last run of {@code rules}, local value v coded valueCode[v]. */
  public void add(KeyRules rules, int[] valueCode) {
    int w = rules.writeCount();
    if (sorted == null || sorted.length < w) {
      sorted = new long[Math.max(w, 64)];
    }
    for (int i = 0; i < w; i++) {
      sorted[i] = ((long) valueCode[rules.writeValue(i)] << 32) | rules.writeTxn(i);
    }
    java.util.Arrays.sort(sorted, 0, w);
    for (int i = 0; i < w; i++) {
      writeValue.add((int) (sorted[i] >>> 32));
      writeTxn.add((int) sorted[i]);
    }
    writeStart.add(writeValue.size());
    KeyOps ops = rules.ops();
    for (int r = 0; r < rules.readCount(); r++) {
      int i = rules.readAt(r);
      readTxn.add(ops.txn(i));
      readOp.add(ops.op(i));
      readValue.add(KeyOps.code(ops.value(i), valueCode));
      readWriter.add(rules.readWriter(r));
    }
    readStart.add(readTxn.size());
    for (int h = 0; h < rules.hiddenCount(); h++) {
      hiddenTxn.add(rules.hiddenTxn(h));
      hiddenOps.add(Math.min(rules.hiddenReads(h), 0x7fff) << 16 | Math.min(rules.hiddenWrites(h), 0xffff));
    }
  }

  /**
   * The per-key rules' results of one part of a history's keys, in process (history's
   * {@code KeyGroups.forEachInParts} runs each part on its own thread), with its keys' codes.
   */
  public static final class Part {
    final KeyedOperations keyed = new KeyedOperations();
    final IntBuffer keys = new IntBuffer();

    /** Adds key {@code key}: the last run of {@code rules}, in History's value codes. */
    public void add(int key, KeyRules rules, int[] valueCode) {
      keyed.add(rules, valueCode);
      keys.add(key);
    }
  }

  /** The arrays of history {@code h} from the parts of its keys, in key order. */
  public static Arrays assemble(List<Part> parts, History h) {
    List<KeyedOperations> keyed = new java.util.ArrayList<>(parts.size());
    int[][] keyCode = new int[parts.size()][];
    for (int p = 0; p < parts.size(); p++) {
      keyed.add(parts.get(p).keyed);
      keyCode[p] = parts.get(p).keys.toArray();
    }
    return assemble(keyed, keyCode, h.keys().size(), h.txnCount());
  }

  /**
   * The arrays of a whole history from its parts: key j of part p is key
   * {@code keyCode[p][j]} (null: a single part whose keys are 0..keyCount-1); every key
   * 0..keyCount-1 is in exactly one part. Writes in key order; reads grouped by transaction
   * (a counting sort), in program order within each.
   */
  public static Arrays assemble(List<KeyedOperations> parts, int[][] keyCode, int keyCount,
      int txnCount) {
    return assemble(parts, keyCode, keyCount, txnCount,
        Runtime.getRuntime().availableProcessors(), READS_PER_PART);
  }

  /**
   * The same, the reads placed by transaction ranges with about as many reads each on up to
   * {@code threads} threads, {@code minReads} at least each (each range scans every read and
   * places its own: the arrays are the same for any number of threads).
   */
  static Arrays assemble(List<KeyedOperations> parts, int[][] keyCode, int keyCount,
      int txnCount, int threads, int minReads) {
    return assemble(parts, keyCode, keyCount, txnCount, threads, minReads, null);
  }

  /**
   * The same; with {@code byRank} true, the reads are first placed by the rank of their
   * operation ({@link #placeByRank}), the transaction ranges being the fallback; false: by
   * the ranges; null: by rank when the readers read many each ({@link #manyReadsEach}).
   */
  static Arrays assemble(List<KeyedOperations> parts, int[][] keyCode, int keyCount,
      int txnCount, int threads, int minReads, Boolean byRank) {
    int[] partOf = new int[keyCount];
    int[] localOf = new int[keyCount];
    int writes = 0;
    int reads = 0;
    for (int p = 0; p < parts.size(); p++) {
      KeyedOperations part = parts.get(p);
      for (int j = 0; j < part.keyCount(); j++) {
        int k = keyCode == null ? j : keyCode[p][j];
        partOf[k] = p;
        localOf[k] = j;
      }
      writes += part.writeValue.size();
      reads += part.readTxn.size();
    }
    int[] writeKey = new int[writes];
    int[] writeValue = new int[writes];
    int[] writeTxn = new int[writes];
    int at = 0;
    for (int k = 0; k < keyCount; k++) {
      KeyedOperations part = parts.get(partOf[k]);
      int from = part.writeStart.get(localOf[k]);
      int m = part.writeStart.get(localOf[k] + 1) - from;
      java.util.Arrays.fill(writeKey, at, at + m, k);
      part.writeValue.copyTo(from, writeValue, at, m);
      part.writeTxn.copyTo(from, writeTxn, at, m);
      at += m;
    }
    int[] readStart = new int[txnCount + 1];
    for (KeyedOperations part : parts) {
      for (int r = 0; r < part.readTxn.size(); r++) {
        readStart[part.readTxn.get(r) + 1]++;
      }
    }
    for (int t = 0; t < txnCount; t++) {
      readStart[t + 1] += readStart[t];
    }
    int[] readOp = new int[reads];
    int[] readKey = new int[reads];
    int[] readValue = new int[reads];
    int[] readWriter = new int[reads];
    boolean rank = byRank != null ? byRank : manyReadsEach(readStart, txnCount);
    int[] bound = rank && placeByRank(parts, keyCode, readStart, readKey, readValue, readWriter, threads)
        ? new int[] {0}
        : txnParts(readStart, txnCount, reads, Math.min(threads, reads / minReads));
    IntStream.range(0, bound.length - 1).parallel().forEach(q -> {
      int lo = bound[q];
      int hi = bound[q + 1];
      int[] fill = java.util.Arrays.copyOfRange(readStart, lo, hi);
      for (int p = 0; p < parts.size(); p++) {
        KeyedOperations part = parts.get(p);
        for (int j = 0; j < part.keyCount(); j++) {
          int k = keyCode == null ? j : keyCode[p][j];
          for (int r = part.readStart.get(j); r < part.readStart.get(j + 1); r++) {
            int t = part.readTxn.get(r);
            if (t >= lo && t < hi) {
              int i = fill[t - lo]++;
              readOp[i] = part.readOp.get(r);
              readKey[i] = k;
              readValue[i] = part.readValue.get(r);
              readWriter[i] = part.readWriter.get(r);
            }
          }
        }
      }
      for (int t = lo; t < hi; t++) {
        byOperation(readStart[t], readStart[t + 1], readOp, readKey, readValue, readWriter);
      }
    });
    byte[] internalReads = new byte[txnCount];
    byte[] overwrittenWrites = new byte[txnCount];
    for (KeyedOperations part : parts) {
      for (int h = 0; h < part.hiddenTxn.size(); h++) {
        int t = part.hiddenTxn.get(h);
        int ops = part.hiddenOps.get(h);
        internalReads[t] = saturated(internalReads[t] + (ops >>> 16));
        overwrittenWrites[t] = saturated(overwrittenWrites[t] + (ops & 0xffff));
      }
    }
    return new Arrays(writeKey, writeValue, writeTxn, readStart, readKey, readValue, readWriter,
        internalReads, overwrittenWrites);
  }

  /**
   * True when the transactions that read read more than {@link #FEW_READS} operations each on
   * average: where sorting each one's reads is what placing them by rank saves (BlindW-Pred
   * 100k, about 200 each: graph input 0.42-0.54 -> 0.29-0.36 s); fewer are sorted in place by
   * insertion, and the general 1M history (a few each) took 20-40 ms more by rank.
   */
  private static boolean manyReadsEach(int[] readStart, int txnCount) {
    int readers = 0;
    for (int t = 0; t < txnCount; t++) {
      readers += readStart[t + 1] > readStart[t] ? 1 : 0;
    }
    return readStart[txnCount] > (long) FEW_READS * readers;
  }

  /** Reads per reading transaction up to which the transaction ranges place them. */
  static final int FEW_READS = 32;

  /**
   * Places every read at the rank of its operation among the reads' operations: reads
   * grouped by transaction, in program order within each, when the operations are numbered
   * in transaction order (a History's dense ids, which both engines use). The operations'
   * ranks from one pass ({@link RankedBits}: a bit per operation, a count per 64), then the
   * reads written where they belong, the parts' keys in chunks on parallel threads: O(reads
   * + operations / 64), where placing them by transaction ranges scanned every read once per
   * range and sorted each transaction's reads (the graph input of BlindW-Pred 100k: 10 M
   * reads, about 200 per reading transaction). Returns false, having placed nothing for
   * certain, when an operation is negative or read twice, the operations span over 64 per
   * read, or a read's rank falls outside its transaction's range in {@code readStart}.
   */
  static boolean placeByRank(List<KeyedOperations> parts, int[][] keyCode, int[] readStart,
      int[] readKey, int[] readValue, int[] readWriter, int threads) {
    int reads = readKey.length;
    long maxOp = -1;
    for (KeyedOperations part : parts) {
      for (int r = 0; r < part.readOp.size(); r++) {
        int op = part.readOp.get(r);
        if (op < 0) {
          return false;
        }
        maxOp = Math.max(maxOp, op);
      }
    }
    if (maxOp >= 64L * reads + (1 << 20)) {
      return false;
    }
    RankedBits ops = new RankedBits();
    for (KeyedOperations part : parts) {
      for (int r = 0; r < part.readOp.size(); r++) {
        if (!ops.add(part.readOp.get(r))) {
          return false;
        }
      }
    }
    ops.ranked();
    List<int[]> chunks = new java.util.ArrayList<>();
    long perChunk = Math.max(1 << 16, reads / (4L * Math.max(1, threads)));
    for (int p = 0; p < parts.size(); p++) {
      KeyedOperations part = parts.get(p);
      int from = 0;
      for (int j = 0; j < part.keyCount(); j++) {
        if (part.readStart.get(j + 1) - part.readStart.get(from) >= perChunk
            || j + 1 == part.keyCount()) {
          chunks.add(new int[] {p, from, j + 1});
          from = j + 1;
        }
      }
    }
    java.util.concurrent.atomic.AtomicBoolean misplaced =
        new java.util.concurrent.atomic.AtomicBoolean();
    chunks.parallelStream().forEach(c -> {
      KeyedOperations part = parts.get(c[0]);
      for (int j = c[1]; j < c[2] && !misplaced.get(); j++) {
        int k = keyCode == null ? j : keyCode[c[0]][j];
        for (int r = part.readStart.get(j); r < part.readStart.get(j + 1); r++) {
          int t = part.readTxn.get(r);
          int i = ops.rank(part.readOp.get(r));
          if (i < readStart[t] || i >= readStart[t + 1]) {
            misplaced.set(true);
            return;
          }
          readKey[i] = k;
          readValue[i] = part.readValue.get(r);
          readWriter[i] = part.readWriter.get(r);
        }
      }
    });
    return !misplaced.get();
  }

  /**
   * Bounds of up to {@code parts} transaction ranges with about as many reads each: range q
   * is bound[q] .. bound[q+1]-1.
   */
  private static int[] txnParts(int[] readStart, int txnCount, int reads, int parts) {
    parts = Math.max(1, parts);
    int[] bound = new int[parts + 1];
    for (int q = 1; q < parts; q++) {
      long target = (long) reads * q / parts;
      bound[q] = Math.max(bound[q - 1],
          IndexSort.firstAtLeast(readStart, 0, txnCount, (int) target));
    }
    bound[parts] = txnCount;
    return bound;
  }

  private static byte saturated(int count) {
    return (byte) Math.min(count, Byte.MAX_VALUE);
  }

  /**
   * Sorts one transaction's reads by operation id: insertion sort for a few, else a sort of
   * (operation, position) pairs and a permutation (a predicate read returns tens of rows).
   */
  private static void byOperation(int from, int to, int[] op, int[] key, int[] value,
      int[] writer) {
    int n = to - from;
    if (n <= 32) {
      for (int i = from + 1; i < to; i++) {
        for (int j = i; j > from && op[j] < op[j - 1]; j--) {
          swap(op, j);
          swap(key, j);
          swap(value, j);
          swap(writer, j);
        }
      }
      return;
    }
    long[] order = new long[n];
    boolean sorted = true;
    for (int i = 0; i < n; i++) {
      order[i] = ((long) op[from + i] << 32) | i;
      sorted &= i == 0 || op[from + i] >= op[from + i - 1];
    }
    if (sorted) {
      return;
    }
    java.util.Arrays.sort(order);
    for (int[] a : new int[][] {op, key, value, writer}) {
      int[] was = java.util.Arrays.copyOfRange(a, from, to);
      for (int i = 0; i < n; i++) {
        a[from + i] = was[(int) order[i]];
      }
    }
  }

  private static void swap(int[] a, int j) {
    int x = a[j];
    a[j] = a[j - 1];
    a[j - 1] = x;
  }
}
