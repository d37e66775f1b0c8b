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
 * <p>The reads with several candidates are kept as groups until the known graph can prune
 * them ({@link #materialize}): a register read names the group of its (key, value), the
 * included writers of that value, stored once however many transactions read it; a predicate
 * read's observation has a group of its own. Only the candidates that survive the first
 * elimination are ever listed per read, so a hot key that writes one value again and again
 * costs its writers once, not readers x writers (veristrong's hyper-polygraph, whose 1-width
 * pruning, section 6.1.1, then sees only what is left).
 *
 * <p>Cost: O(writes log writes + reads + slots + groups' slots) (the readers grouped by a
 * counting sort, {@link SlotReaders}), and while the groups are
 * made an int per write (which group a (key, value)'s first write heads); {@link #materialize}
 * what its {@link Elimination} costs per read (pruning's: O(sessions x log(group size)) plus
 * what it lists).
 */
final class Versions {
  /**
   * The most candidate writers the reads with several may have together once the first
   * elimination removed those that close a cycle with the known graph ({@link #materialize}):
   * beyond, {@link PolygraphLimitException}. A read's candidates are at most the writers of
   * its (key, value), so their count can be quadratic on a hot key that writes one value
   * again and again, where many writers are concurrent with many readers (veristrong's
   * hyper-polygraph); 20M candidates are about 350 MB here and a pruning and solving load of
   * minutes.
   */
  static final long MAX_READ_CANDIDATES = 20_000_000L;
  /** Interpolation steps of {@link #slot} before it halves. */
  private static final int GUESSES = 4;

  final int[] slotKey;
  final int[] slotVertex;
  final int[] slotValue;
  final int[] keySlotStart;
  final int[] readerStart;
  final int[] readers;
  /**
   * The reads with several candidate writers (veristrong's WR constraints), once
   * {@link #materialize} listed their candidates; null before.
   */
  ReadConstraints reads;
  // reads with several candidates, collected by readPairs: reader << 32 | key, and the group
  // of slots their candidates come from (groupSlots[groupStart[g] .. groupStart[g+1]-1])
  private LongBuffer pendingRead = new LongBuffer();
  private IntBuffer pendingGroup = new IntBuffer();
  private IntBuffer groupStart = new IntBuffer();
  private IntBuffer groupSlots = new IntBuffer();
  /** Per write of the operations, the group of its (key, value) once a read made it, else -1. */
  private int[] groupOfWrite;
  /** Whether the group's (key, value) has a writer left out (unknown outcome, not counted). */
  private final java.util.BitSet groupSkips = new java.util.BitSet();
  /** The slots some group holds: the versions a read with several candidates may have seen. */
  private final java.util.BitSet candidateSlots = new java.util.BitSet();
  private int leftOut;
  private int unexplained;

  Versions(int keyCount, Operations ops, Vertices vertices, PredicateObservations observations) {
    this(keyCount, ops, vertices, observations, 1);
  }

  /**
   * The versions, with the lookups of the reads' writers' slots on {@code threads} threads
   * (the result is the same); the (slot, reader) pairs are grouped by {@link SlotReaders}.
   */
  Versions(int keyCount, Operations ops, Vertices vertices, PredicateObservations observations,
      int threads) {
    boolean[] touched = new boolean[keyCount];
    // the writes and an initial slot per key, at most: no growth copies of large buffers
    int slots = ops.writeKey.length + keyCount;
    IntBuffer key = new IntBuffer(slots);
    IntBuffer vertex = new IntBuffer(slots);
    IntBuffer value = new IntBuffer(slots);
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
    keySlotStart = new int[keyCount + 1];
    for (int i = 0; i < s; i++) {
      int j = order[i];
      slotKey[i] = key.get(j);
      slotVertex[i] = vertex.get(j);
      slotValue[i] = value.get(j);
      keySlotStart[slotKey[i] + 1]++;
    }
    for (int k = 0; k < keyCount; k++) {
      keySlotStart[k + 1] += keySlotStart[k];
    }
    SlotReaders slotReaders = SlotReaders.of(readPairs(ops, vertices, observations, threads), s);
    readerStart = slotReaders.start();
    readers = slotReaders.readers();
    groupStart.add(groupSlots.size());
    groupOfWrite = null;
  }

  /** Whether a slot is a candidate of some read with several ({@link #candidateSlots}). */
  boolean isCandidate(int slot) {
    return candidateSlots.get(slot);
  }

  /** Whether reads with several candidates wait for {@link #materialize}. */
  boolean anyPending() {
    return reads == null && pendingRead.size() > 0;
  }

  /** The first elimination of a read's candidates, which sees the read's whole group. */
  interface Elimination {
    /**
     * Adds to {@code out} the slots of {@code slots[begin .. end)} (one key's, ascending, so
     * each session's writers in session order) that reader may have read; never the reader's.
     */
    void survivors(int reader, IntBuffer slots, int begin, int end, IntBuffer out);
  }

  /**
   * Lists each pending read's candidates, the slots of its group that {@code elimination}
   * keeps (null: every slot but the reader's own), and makes {@link #reads}. A read with none
   * left keeps them all, so that pruning finds each impossible again and explains it
   * (NO-CHOICE). Throws {@link PolygraphLimitException} when the candidates listed pass
   * {@link #MAX_READ_CANDIDATES}. Idempotent.
   */
  ReadConstraints materialize(Elimination elimination) {
    if (reads != null) {
      return reads;
    }
    int pending = pendingRead.size();
    int[] start = new int[pending + 1];
    IntBuffer slots = new IntBuffer();
    for (int p = 0; p < pending; p++) {
      start[p] = slots.size();
      long rk = pendingRead.get(p);
      int reader = (int) (rk >>> 32);
      int g = pendingGroup.get(p);
      if (elimination != null) {
        elimination.survivors(reader, groupSlots, groupStart.get(g), groupStart.get(g + 1), slots);
      }
      if (slots.size() == start[p]) {
        for (int i = groupStart.get(g); i < groupStart.get(g + 1); i++) {
          if (slotVertex[groupSlots.get(i)] != reader) {
            slots.add(groupSlots.get(i));
          }
        }
      }
      if (slots.size() > MAX_READ_CANDIDATES) {
        throw new PolygraphLimitException("the reads whose value several transactions wrote "
            + "have more than " + MAX_READ_CANDIDATES + " candidate writers together after "
            + "those closing a cycle with the known graph were eliminated (passed within the "
            + "first " + (p + 1) + " of " + pending + " such reads; a read of a value W "
            + "transactions wrote counts up to W): the level is not checked");
      }
    }
    start[pending] = slots.size();
    reads = new ReadConstraints(pendingRead.toArray(), start, slots.toArray(),
        pendingGroup.toArray(), slotKey.length, leftOut, unexplained);
    pendingRead = null;
    pendingGroup = null;
    return reads;
  }

  /**
   * Every candidate of a read by {@code reader} from group g: the group's slots but the
   * reader's own, ascending (each session's writers in session order).
   */
  int[] groupCandidates(int g, int reader) {
    IntBuffer out = new IntBuffer();
    for (int i = groupStart.get(g); i < groupStart.get(g + 1); i++) {
      if (slotVertex[groupSlots.get(i)] != reader) {
        out.add(groupSlots.get(i));
      }
    }
    return out.toArray();
  }

  /**
   * (slot, reader vertex) of every external read of an included reader that has a writer.
   * The reads with one writer are looked up (a binary search among the key's slots) on
   * {@code threads} threads, in blocks of vertices; the observations and the reads with
   * several candidates make groups, numbered as they come, so they go in their order on this
   * thread: {@link SlotReaders} groups the pairs by slot afterwards, in any order. BlindW-Pred
   * 100k at SSER, 2.2 M slots: the versions in 1.95-2.11 s against 2.16-2.35 s on one thread
   * (three runs each, alternated, 2 cores).
   */
  private long[] readPairs(Operations ops, Vertices vertices, PredicateObservations observations,
      int threads) {
    // at most one pair per observation and per read: no growth copies of a large buffer
    long[] pairs = new long[observations.count() + ops.readKey.length];
    int[] size = {0};
    for (int i = 0; i < observations.count(); i++) {
      int v = vertices.vertexOf[observations.reader(i)];
      if (v > 0) {
        int slot = observed(observations, i, v, vertices);
        if (slot >= 0) {
          pairs[size[0]++] = ((long) slot << 32) | v;
        }
      }
    }
    int n = vertices.count();
    int blocks = threads <= 1 ? 1 : threads * 8;
    OrderedBlocks.run(blocks, threads, b -> {
      LongBuffer out = new LongBuffer();
      int hi = (int) ((long) n * (b + 1) / blocks);
      for (int v = Math.max(1, (int) ((long) n * b / blocks)); v < hi; v++) {
        int t = vertices.txnOf[v];
        for (int r = ops.readStart[t]; r < ops.readStart[t + 1]; r++) {
          int w = ops.readWriter[r];
          if (w != Operations.NO_WRITER && w != Operations.MANY_WRITERS) {
            int slot = slot(ops.readKey[r], w == Operations.INIT_WRITER ? 0 : vertices.vertexOf[w]);
            if (slot >= 0) {
              out.add(((long) slot << 32) | v);
            }
          }
        }
      }
      return out;
    }, out -> {
      for (int i = 0; i < out.size(); i++) {
        pairs[size[0]++] = out.get(i);
      }
    });
    for (int v = 1; v < n; v++) {
      int t = vertices.txnOf[v];
      for (int r = ops.readStart[t]; r < ops.readStart[t + 1]; r++) {
        if (ops.readWriter[r] == Operations.MANY_WRITERS) {
          int slot = candidates(ops, r, v, vertices);
          if (slot >= 0) {
            pairs[size[0]++] = ((long) slot << 32) | v;
          }
        }
      }
    }
    return Arrays.copyOf(pairs, size[0]);
  }

  /**
   * The candidate writers of read r of vertex v: the included vertices other than v whose
   * effective write has its value, the group of (key, value) made on its first read. With
   * one, its slot; with several, a pending WR constraint (-1); with none, -1 (counted as
   * unexplained).
   */
  private int candidates(Operations ops, int r, int v, Vertices vertices) {
    int key = ops.readKey[r];
    int value = ops.readValue[r];
    int first = ops.writesOf(key, value);
    if (groupOfWrite == null) {
      groupOfWrite = new int[ops.writeKey.length];
      Arrays.fill(groupOfWrite, -1);
    }
    int g = first < groupOfWrite.length ? groupOfWrite[first] : -1;
    if (g < 0) {
      g = groupStart.size();
      groupStart.add(groupSlots.size());
      for (int i = first; ops.writes(i, key, value); i++) {
        int w = vertices.vertexOf[ops.writeTxn[i]];
        if (w < 0) {
          groupSkips.set(g);
        } else {
          groupSlots.add(slot(key, w));
        }
      }
      groupSlots.sort(groupStart.get(g), groupSlots.size());
      if (first < groupOfWrite.length) {
        groupOfWrite[first] = g;
      }
    }
    return pending(g, groupSkips.get(g), v, key);
  }

  /**
   * A read of v on key from group g: its candidates are the group's slots but v's own. One:
   * that slot; none: -1, unexplained; several: -1, a pending read.
   */
  private int pending(int g, boolean skipped, int v, int key) {
    int begin = groupStart.get(g);
    int end = g + 1 < groupStart.size() ? groupStart.get(g + 1) : groupSlots.size();
    int own = slot(key, v);
    boolean ownIn = own >= 0 && groupSlots.containsSorted(begin, end, own);
    int found = end - begin - (ownIn ? 1 : 0);
    if (found == 0) {
      unexplained++;
      return -1;
    }
    leftOut += skipped ? 1 : 0;
    if (found == 1) {
      return groupSlots.get(groupSlots.get(begin) == own ? begin + 1 : begin);
    }
    for (int i = begin; i < end; i++) {
      candidateSlots.set(groupSlots.get(i));
    }
    pendingRead.add(((long) v << 32) | key);
    pendingGroup.add(g);
    return -1;
  }

  /**
   * The candidate versions of observation i of vertex v (history's {@link
   * PredicateObservations}), as {@link #candidates} takes a read's: one included, its slot;
   * several, a pending WR constraint (-1); none, -1 (counted as unexplained).
   */
  private int observed(PredicateObservations observations, int i, int v, Vertices vertices) {
    int key = observations.key(i);
    int g = groupStart.size();
    groupStart.add(groupSlots.size());
    boolean skipped = false;
    for (int c = observations.candStart(i); c < observations.candEnd(i); c++) {
      int t = observations.candTxn(c);
      int w = t == PredicateObservations.INITIAL_STATE ? 0 : vertices.vertexOf[t];
      int slot = w < 0 ? -1 : slot(key, w);
      if (slot < 0) {
        skipped = true;
      } else if (w != v) {
        groupSlots.add(slot);
      }
    }
    groupSlots.sort(groupStart.get(g), groupSlots.size());
    int found = groupSlots.size() - groupStart.get(g);
    int result = pending(g, skipped, v, key);
    if (found < 2) {
      // a group of its own that no read waits on: its slots go
      groupSlots.truncate(groupStart.get(g));
      groupStart.truncate(g);
    }
    return result;
  }

  int slotCount() {
    return slotKey.length;
  }

  /**
   * The slot of {@code vertex}'s version of {@code key}, or -1 when it wrote none: a search
   * among the key's slots only (ascending by vertex, each vertex once), first by
   * interpolation: vertices are numbered in the history's order and a key's writes are
   * spread over it, so the guess from the two ends lands near the slot (the first
   * {@link #GUESSES} steps), then by halving what is left. O(log versions of the key) at
   * worst, a few probes on a key written evenly. Low-abort 1M SER: the slot lookups of the
   * reads with one writer take 0.71-0.81 s, against 1.09-1.34 s by binary search.
   */
  int slot(int key, int vertex) {
    if (key < 0 || key + 1 >= keySlotStart.length) {
      return -1;
    }
    return find(slotVertex, keySlotStart[key], keySlotStart[key + 1], vertex);
  }

  /**
   * The index of {@code x} in {@code a[from .. to)} (ascending, no repeats), or -1: {@link
   * #slot}'s search, {@link #GUESSES} interpolation steps, then halving.
   */
  static int find(int[] a, int from, int to, int x) {
    int lo = from;
    int hi = to - 1;
    for (int step = 0; lo <= hi; step++) {
      int first = a[lo];
      int last = a[hi];
      if (x <= first || x >= last) {
        return x == first ? lo : x == last ? hi : -1;
      }
      // first < x < last: the probe lies in [lo, hi)
      int probe = step < GUESSES
          ? lo + (int) ((long) (x - first) * (hi - lo) / ((long) last - first))
          : (lo + hi) >>> 1;
      int at = a[probe];
      if (at == x) {
        return probe;
      }
      if (at < x) {
        lo = probe + 1;
      } else {
        hi = probe - 1;
      }
    }
    return -1;
  }

  private static long pack(int key, int vertex) {
    return ((long) key << 32) | vertex;
  }
}
