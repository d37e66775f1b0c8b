package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import java.util.Arrays;

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
 * Encoding:
 * <pre>
 *   write i        writeKey[i], writeValue[i], writeTxn[i], sorted by (key, value)
 *   read r         of transaction t for r in readStart[t] .. readStart[t+1]-1:
 *                  readKey[r], readValue[r], readWriter[r] = writer's History id,
 *                  INIT_WRITER for the initial state, NO_WRITER when no non-aborted
 *                  transaction's effective write has that value (thin-air, aborted or
 *                  intermediate read, or a read of its own later write: skipped here)
 * </pre>
 * When two effective writes carry the same (key, value) (values are meant to be unique per
 * key), reads resolve to the one of the lowest transaction id.
 *
 * <p>Cost: O(ops + writes log writes), one key-indexed stamp array.
 */
final class Operations {
  static final int INIT_WRITER = -1;
  static final int NO_WRITER = -2;

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

  Operations(History history) {
    int n = history.txnCount();
    int keyCount = history.keys().size();
    int[] stamp = new int[keyCount];
    Arrays.fill(stamp, -1);
    IntBuffer wKey = new IntBuffer();
    IntBuffer wValue = new IntBuffer();
    IntBuffer wTxn = new IntBuffer();
    IntBuffer rKey = new IntBuffer();
    IntBuffer rValue = new IntBuffer();
    readStart = new int[n + 1];
    for (int t = 0; t < n; t++) {
      readStart[t] = rKey.size();
      if (history.isAborted(t)) {
        continue;
      }
      // backwards: the first write of a key met is the transaction's last one
      for (int o = history.endOp(t) - 1; o >= history.firstOp(t); o--) {
        int key = history.opKey(o);
        if (key >= 0 && history.opKind(o).installsVersion() && stamp[key] != t) {
          stamp[key] = t;
          wKey.add(key);
          wValue.add(history.opValue(o));
          wTxn.add(t);
        }
      }
      // forwards: a read is external until the transaction writes its key
      int mark = -2 - t;
      for (int o = history.firstOp(t); o < history.endOp(t); o++) {
        int key = history.opKey(o);
        if (key < 0) {
          continue;
        }
        OpKind kind = history.opKind(o);
        if (kind.installsVersion()) {
          stamp[key] = mark;
        } else if (kind == OpKind.READ && stamp[key] != mark) {
          rKey.add(key);
          rValue.add(history.opValue(o));
        }
      }
    }
    readStart[n] = rKey.size();
    int w = wKey.size();
    long[] sortKey = new long[w];
    for (int i = 0; i < w; i++) {
      sortKey[i] = pack(wKey.get(i), wValue.get(i));
    }
    int[] order = io.isoverify.history.IndexSort.byKey(sortKey, w);
    writeKey = new int[w];
    writeValue = new int[w];
    writeTxn = new int[w];
    long[] packed = new long[w];
    for (int i = 0; i < w; i++) {
      int j = order[i];
      writeKey[i] = wKey.get(j);
      writeValue[i] = wValue.get(j);
      writeTxn[i] = wTxn.get(j);
      packed[i] = sortKey[j];
    }
    readKey = rKey.toArray();
    readValue = rValue.toArray();
    readWriter = new int[readKey.length];
    for (int t = 0; t < n; t++) {
      for (int r = readStart[t]; r < readStart[t + 1]; r++) {
        readWriter[r] = resolve(packed, readKey[r], readValue[r], t);
      }
    }
  }

  private int resolve(long[] packed, int key, int value, int reader) {
    if (value == History.INITIAL) {
      return INIT_WRITER;
    }
    if (value < 0) {
      return NO_WRITER;
    }
    int i = Arrays.binarySearch(packed, pack(key, value));
    if (i < 0) {
      return NO_WRITER;
    }
    while (i > 0 && packed[i - 1] == packed[i]) {
      i--;
    }
    int writer = writeTxn[i];
    return writer == reader ? NO_WRITER : writer;
  }

  private static long pack(int key, int value) {
    return ((long) key << 32) | (value & 0xffffffffL);
  }
}
