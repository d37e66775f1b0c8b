package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.IndexSort;
import io.isoverify.history.check.PredicateObservations;
import java.util.Arrays;

/**
 * The versions of every key among the included transactions, and who read each one.
 * A version ("slot") is an effective write of an included transaction, or the initial
 * state of a key, written by the virtual initial vertex 0.
 *
 * <p>Encoding (slots sorted by (key, vertex), so the initial version is a key's first):
 * <pre>
 *   slot i             slotKey[i], slotVertex[i], slotValue[i] (History.INITIAL for vertex 0)
 *   key k's slots      keySlotStart[k] .. keySlotStart[k+1]-1
 *   readers of slot i  readers[readerStart[i] .. readerStart[i+1]-1], vertices, ascending,
 *                      without duplicates, never the writer itself
 * </pre>
 * A key gets an initial slot when it has any slot or reader at all. A read whose value
 * several included vertices wrote is a reader of none of their slots: it becomes a WR
 * constraint ({@link #reads}) over those slots; with one of them included, it reads that one.
 * What a predicate read says about a key (vbox 4.1, history's {@link PredicateObservations}:
 * the reader saw one of a set of versions, the initial state among them for a row it did not
 * return) is treated alike: one included candidate makes it a reader of that slot, several a
 * WR constraint. A field of a key whose versions do not all fix it is a virtual key of its
 * own (history's {@link PredicateObservations#virtualKeyCount}), whose versions are those
 * that do, written by the same vertices (so their order is the key's).
 *
 * <p>Cost: O((writes + reads) log (writes + reads) + candidates).
 */
final class Versions {
  /**
   * The most candidate writers the reads with several may have together (a read of a value
   * that W included transactions wrote counts W): beyond, {@link PolygraphLimitException}.
   * Their count is reads x writers per (key, value), quadratic on a hot key that writes
   * one value again and again (veristrong's hyper-polygraph); 20M candidates are about
   * 350 MB here and a pruning and solving load of minutes.
   */
  static final long MAX_READ_CANDIDATES = 20_000_000L;

  final int[] slotKey;
  final int[] slotVertex;
  final int[] slotValue;
  final int[] keySlotStart;
  final int[] readerStart;
  final int[] readers;
  /** The reads with several candidate writers (veristrong's WR constraints). */
  final ReadConstraints reads;
  private final long[] packed;
  // reads with several candidates, collected by readPairs: reader << 32 | key, candidate slots
  private final LongBuffer pendingRead = new LongBuffer();
  private final IntBuffer pendingStart = new IntBuffer();
  private final IntBuffer pendingSlots = new IntBuffer();
  private int leftOut;
  private int unexplained;

  Versions(int keyCount, Operations ops, Vertices vertices, PredicateObservations observations) {
    boolean[] touched = new boolean[keyCount];
    IntBuffer key = new IntBuffer();
    IntBuffer vertex = new IntBuffer();
    IntBuffer value = new IntBuffer();
    for (int i = 0; i < ops.writeKey.length; i++) {
      int v = vertices.vertexOf[ops.writeTxn[i]];
      if (v > 0) {
        key.add(ops.writeKey[i]);
        vertex.add(v);
        value.add(ops.writeValue[i]);
        touched[ops.writeKey[i]] = true;
      }
    }
    int realKeys = keyCount - observations.virtualKeyCount();
    for (int k = realKeys; k < keyCount; k++) {
      for (int t : observations.virtualWriters(k - realKeys)) {
        int v = vertices.vertexOf[t];
        if (v > 0) {
          key.add(k);
          vertex.add(v);
          value.add(History.NO_VALUE);
          touched[k] = true;
        }
      }
    }
    for (int v = 1; v < vertices.count(); v++) {
      int t = vertices.txnOf[v];
      for (int r = ops.readStart[t]; r < ops.readStart[t + 1]; r++) {
        touched[ops.readKey[r]] = true;
      }
    }
    for (int i = 0; i < observations.count(); i++) {
      touched[observations.key(i)] = true;
    }
    for (int k = 0; k < keyCount; k++) {
      if (touched[k]) {
        key.add(k);
        vertex.add(0);
        value.add(History.INITIAL);
      }
    }
    int s = key.size();
    long[] sortKey = new long[s];
    for (int i = 0; i < s; i++) {
      sortKey[i] = pack(key.get(i), vertex.get(i));
    }
    int[] order = IndexSort.byKey(sortKey, s);
    slotKey = new int[s];
    slotVertex = new int[s];
    slotValue = new int[s];
    packed = new long[s];
    keySlotStart = new int[keyCount + 1];
    for (int i = 0; i < s; i++) {
      int j = order[i];
      slotKey[i] = key.get(j);
      slotVertex[i] = vertex.get(j);
      slotValue[i] = value.get(j);
      packed[i] = sortKey[j];
      keySlotStart[slotKey[i] + 1]++;
    }
    for (int k = 0; k < keyCount; k++) {
      keySlotStart[k + 1] += keySlotStart[k];
    }
    long[] readPairs = readPairs(ops, vertices, observations);
    Arrays.sort(readPairs);
    readerStart = new int[s + 1];
    IntBuffer reader = new IntBuffer(readPairs.length);
    long last = -1;
    for (long p : readPairs) {
      if (p != last) {
        readerStart[(int) (p >>> 32) + 1]++;
        reader.add((int) p);
        last = p;
      }
    }
    for (int i = 0; i < s; i++) {
      readerStart[i + 1] += readerStart[i];
    }
    readers = reader.toArray();
    pendingStart.add(pendingSlots.size());
    reads = new ReadConstraints(pendingRead.toArray(), pendingStart.toArray(),
        pendingSlots.toArray(), s, leftOut, unexplained);
  }

  /** (slot, reader vertex) of every external read of an included reader that has a writer. */
  private long[] readPairs(Operations ops, Vertices vertices, PredicateObservations observations) {
    // at most one pair per observation and per read: no growth copies of a large buffer
    LongBuffer pairs = new LongBuffer(observations.count() + ops.readKey.length);
    for (int i = 0; i < observations.count(); i++) {
      int v = vertices.vertexOf[observations.reader(i)];
      if (v > 0) {
        int slot = observed(observations, i, v, vertices);
        if (slot >= 0) {
          pairs.add(((long) slot << 32) | v);
        }
      }
    }
    for (int v = 1; v < vertices.count(); v++) {
      int t = vertices.txnOf[v];
      for (int r = ops.readStart[t]; r < ops.readStart[t + 1]; r++) {
        int w = ops.readWriter[r];
        if (w == Operations.NO_WRITER) {
          continue;
        }
        int slot = w == Operations.MANY_WRITERS ? candidates(ops, r, v, vertices)
            : slot(ops.readKey[r], w == Operations.INIT_WRITER ? 0 : vertices.vertexOf[w]);
        if (slot >= 0) {
          pairs.add(((long) slot << 32) | v);
        }
      }
    }
    return pairs.toArray();
  }

  /**
   * The candidate writers of read r of vertex v: the included vertices other than v whose
   * effective write has its value. With one, its slot; with several, a pending WR
   * constraint (-1); with none, -1 (counted as unexplained).
   */
  private int candidates(Operations ops, int r, int v, Vertices vertices) {
    int key = ops.readKey[r];
    int value = ops.readValue[r];
    int first = pendingSlots.size();
    boolean skipped = false;
    for (int i = ops.writesOf(key, value); ops.writes(i, key, value); i++) {
      int w = vertices.vertexOf[ops.writeTxn[i]];
      if (w < 0) {
        skipped = true;
      } else if (w != v) {
        pendingSlots.add(slot(key, w));
      }
    }
    return pending(first, skipped, v, key);
  }

  /** The candidates pendingSlots[first ..] of a read of v: see {@link #candidates}. */
  private int pending(int first, boolean skipped, int v, int key) {
    int found = pendingSlots.size() - first;
    if (pendingSlots.size() > MAX_READ_CANDIDATES) {
      throw new PolygraphLimitException("the reads whose value several transactions wrote "
          + "have more than " + MAX_READ_CANDIDATES + " candidate writers together (passed within "
          + "the first " + (pendingStart.size() + 1) + " such reads; a read of a value W transactions wrote counts W): "
          + "the level is not checked");
    }
    if (found == 1) {
      int only = pendingSlots.get(first);
      pendingSlots.truncate(first);
      leftOut += skipped ? 1 : 0;
      return only;
    }
    if (found == 0) {
      unexplained++;
      return -1;
    }
    leftOut += skipped ? 1 : 0;
    pendingRead.add(((long) v << 32) | key);
    pendingStart.add(first);
    return -1;
  }

  /**
   * The candidate versions of observation i of vertex v (history's {@link
   * PredicateObservations}), as {@link #candidates} takes a read's: one included, its slot;
   * several, a pending WR constraint (-1); none, -1 (counted as unexplained).
   */
  private int observed(PredicateObservations observations, int i, int v, Vertices vertices) {
    int key = observations.key(i);
    int first = pendingSlots.size();
    boolean skipped = false;
    for (int c = observations.candStart(i); c < observations.candEnd(i); c++) {
      int t = observations.candTxn(c);
      int w = t == PredicateObservations.INITIAL_STATE ? 0 : vertices.vertexOf[t];
      int slot = w < 0 ? -1 : slot(key, w);
      if (slot < 0) {
        skipped = true;
      } else if (w != v) {
        pendingSlots.add(slot);
      }
    }
    return pending(first, skipped, v, key);
  }

  int slotCount() {
    return slotKey.length;
  }

  /** The slot of {@code vertex}'s version of {@code key}, or -1 when it wrote none. */
  int slot(int key, int vertex) {
    int i = Arrays.binarySearch(packed, pack(key, vertex));
    return i < 0 ? -1 : i;
  }

  private static long pack(int key, int vertex) {
    return ((long) key << 32) | vertex;
  }
}
