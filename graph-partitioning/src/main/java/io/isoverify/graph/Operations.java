package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.check.KeyGroups;
import io.isoverify.history.check.KeyRules;
import java.util.Arrays;
import java.util.List;

/**
 * The operations of non-aborted transactions that matter to the dependency graph, on
 * primitive arrays:
 * <ul>
 *   <li>effective writes: a transaction's LAST write of each key (earlier writes of the same
 *       key in the same transaction are intermediate and install no version);</li>
 *   <li>external reads: reads of a key the transaction has not written before in program
 *       order (later reads are internal, checked elsewhere), resolved to their writer through
 *       the unique (key, value) of effective writes.</li>
 * </ul>
 * Both are computed by history's per-key rules ({@link KeyRules}), key by key, and
 * assembled by {@link KeyedOperations}: here from a History ({@link #of}), on Spark from the
 * partitions of a shuffle by key.
 * Encoding:
 * <pre>
 *   write i        writeKey[i], writeValue[i], writeTxn[i], sorted by (key, value, txn)
 *   read r         of transaction t for r in readStart[t] .. readStart[t+1]-1:
 *                  readKey[r], readValue[r], readWriter[r] = writer's History id,
 *                  INIT_WRITER for the initial state, NO_WRITER when no other non-aborted
 *                  transaction's effective write has that value (thin-air, aborted or
 *                  intermediate read, or a read of its own later write: skipped here),
 *                  MANY_WRITERS when several have: its candidate writers (veristrong's WR
 *                  constraint) are then the transactions of the writes
 *                  {@link #writesOf}(key, value), the reader left out
 * </pre>
 *
 * <p>Cost of {@link #of}: O(ops + keys + values + writes log writes).
 */
final class Operations {
  static final int INIT_WRITER = KeyRules.INIT_WRITER;
  static final int NO_WRITER = KeyRules.NO_WRITER;
  static final int MANY_WRITERS = KeyRules.MANY_WRITERS;

  final int[] writeKey;
  final int[] writeValue;
  final int[] writeTxn;
  final int[] readStart;
  final int[] readKey;
  final int[] readValue;
  final int[] readWriter;

  /** From arrays in the encoding above, computed elsewhere (see {@link PolygraphInput}). */
  Operations(int[] writeKey, int[] writeValue, int[] writeTxn, int[] readStart, int[] readKey,
      int[] readValue, int[] readWriter) {
    this.writeKey = writeKey;
    this.writeValue = writeValue;
    this.writeTxn = writeTxn;
    this.readStart = readStart;
    this.readKey = readKey;
    this.readValue = readValue;
    this.readWriter = readWriter;
  }

  boolean sameAs(Operations o) {
    return Arrays.equals(writeKey, o.writeKey) && Arrays.equals(writeValue, o.writeValue)
        && Arrays.equals(writeTxn, o.writeTxn) && Arrays.equals(readStart, o.readStart)
        && Arrays.equals(readKey, o.readKey) && Arrays.equals(readValue, o.readValue)
        && Arrays.equals(readWriter, o.readWriter);
  }

  Operations(KeyedOperations.Arrays a) {
    this(a.writeKey(), a.writeValue(), a.writeTxn(), a.readStart(), a.readKey(), a.readValue(),
        a.readWriter());
  }

  /**
   * The first write of {@code (key, value)} in the (key, value, transaction) order; the
   * writes of that pair run from there while they carry it. O(log writes).
   */
  int writesOf(int key, int value) {
    int lo = 0;
    int hi = writeKey.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (writeKey[mid] < key || writeKey[mid] == key && writeValue[mid] < value) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** True when write i is of {@code (key, value)}. */
  boolean writes(int i, int key, int value) {
    return i < writeKey.length && writeKey[i] == key && writeValue[i] == value;
  }

  /** The operations of a history held in memory, through the per-key rules. */
  static Operations of(History history) {
    return new Operations(arrays(history));
  }

  /** The same as arrays, with the operations they do not show counted per transaction. */
  static KeyedOperations.Arrays arrays(History history) {
    return arrays(history, KeyGroups.defaultParts(history));
  }

  /**
   * The same with the per-key rules run on {@code partCount} parts of the keys, on parallel
   * threads (history's {@link KeyGroups#forEachInParts}; the arrays do not depend on it).
   */
  static KeyedOperations.Arrays arrays(History history, int partCount) {
    List<KeyedOperations.Part> parts = KeyGroups.forEachInParts(history, partCount,
        KeyedOperations.Part::new, KeyedOperations.Part::add);
    return KeyedOperations.assemble(parts, history);
  }
}
