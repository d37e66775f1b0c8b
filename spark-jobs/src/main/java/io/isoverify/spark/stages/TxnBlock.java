package io.isoverify.spark.stages;

import io.isoverify.history.io.BulkArrays;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One partition's transactions as the transaction job hands them to the driver: primitive
 * columns (one entry per transaction, in the partition's txn order), the partition's
 * sessions as stored (a handful of objects: {@code sessionLocal} indexes them), and the
 * rare problems in ParquetHistoryReader's words.
 *
 * <pre>
 *   i in 0..size-1   txnId, sessionLocal, pos, outcome, start, end, opCount, firstPos
 *                    (FileIndex.position of the transaction's first row)
 *   sessions[s]      stored session id, first seen at sessionFirst[s]
 *   readingError     the earliest disagreement within a run of adjacent rows, or null
 *   groupError       the lowest transaction whose runs of rows disagree, or null
 *   opError[i]       a gap or repeat in i's operation positions (sparse: opErrorAt)
 * </pre>
 * It crosses Java serialization as a {@link Wire}: the columns as bulk bytes.
 */
record TxnBlock(long[] txnId, int[] sessionLocal, int[] pos, byte[] outcome, long[] start,
    long[] end, int[] opCount, long[] firstPos, Object[] sessions, long[] sessionFirst,
    HistoryStage.Located readingError, GroupError groupError, int[] opErrorAt,
    String[] opError) implements Serializable {

  int size() {
    return txnId.length;
  }

  private Object writeReplace() {
    return new Wire(this);
  }

  /**
   * A block across Java serialization: its columns through {@link BulkArrays} (a plain
   * {@code long[]} or {@code int[]} is written element by element), the rest as objects.
   */
  private static final class Wire implements Serializable {
    private static final long serialVersionUID = 1L;
    private transient TxnBlock block;

    Wire(TxnBlock block) {
      this.block = block;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
      TxnBlock b = block;
      int n = b.size();
      BulkArrays.writeLongs(out, b.txnId, n);
      BulkArrays.writeInts(out, b.sessionLocal, n);
      BulkArrays.writeInts(out, b.pos, n);
      out.writeObject(b.outcome);
      BulkArrays.writeLongs(out, b.start, n);
      BulkArrays.writeLongs(out, b.end, n);
      BulkArrays.writeInts(out, b.opCount, n);
      BulkArrays.writeLongs(out, b.firstPos, n);
      out.writeObject(b.sessions);
      out.writeObject(b.sessionFirst);
      out.writeObject(b.readingError);
      out.writeObject(b.groupError);
      out.writeObject(b.opErrorAt);
      out.writeObject(b.opError);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
      block = new TxnBlock(BulkArrays.readLongs(in), BulkArrays.readInts(in),
          BulkArrays.readInts(in), (byte[]) in.readObject(), BulkArrays.readLongs(in),
          BulkArrays.readLongs(in), BulkArrays.readInts(in), BulkArrays.readLongs(in),
          (Object[]) in.readObject(), (long[]) in.readObject(),
          (HistoryStage.Located) in.readObject(), (GroupError) in.readObject(),
          (int[]) in.readObject(), (String[]) in.readObject());
    }

    private Object readResolve() {
      return block;
    }
  }

  /** Runs of a transaction's rows that disagree, at the row of the later run. */
  record GroupError(long txn, int file, long row, String problem) implements Serializable {}

  /** Grows the columns as the transactions of a partition stream by. */
  static final class Builder {
    private int n;
    private long[] txnId = new long[64];
    private int[] sessionLocal = new int[64];
    private int[] pos = new int[64];
    private byte[] outcome = new byte[64];
    private long[] start = new long[64];
    private long[] end = new long[64];
    private int[] opCount = new int[64];
    private long[] firstPos = new long[64];
    private final Map<Object, Integer> sessionIndex = new HashMap<>();
    private final List<Object> sessions = new ArrayList<>();
    private long[] sessionFirst = new long[4];
    private HistoryStage.Located readingError;
    private GroupError groupError;
    private final List<Integer> opErrorAt = new ArrayList<>();
    private final List<String> opError = new ArrayList<>();

    /** Adds a transaction; returns its index in the block. */
    int add(long txn, Object session, int p, byte o, long s, long e, int ops, long first) {
      if (n == txnId.length) {
        int m = n * 2;
        txnId = Arrays.copyOf(txnId, m);
        sessionLocal = Arrays.copyOf(sessionLocal, m);
        pos = Arrays.copyOf(pos, m);
        outcome = Arrays.copyOf(outcome, m);
        start = Arrays.copyOf(start, m);
        end = Arrays.copyOf(end, m);
        opCount = Arrays.copyOf(opCount, m);
        firstPos = Arrays.copyOf(firstPos, m);
      }
      Integer s0 = sessionIndex.get(session);
      if (s0 == null) {
        s0 = sessions.size();
        sessionIndex.put(session, s0);
        sessions.add(session);
        if (s0 == sessionFirst.length) {
          sessionFirst = Arrays.copyOf(sessionFirst, s0 * 2);
        }
        sessionFirst[s0] = first;
      } else {
        sessionFirst[s0] = Math.min(sessionFirst[s0], first);
      }
      txnId[n] = txn;
      sessionLocal[n] = s0;
      pos[n] = p;
      outcome[n] = o;
      start[n] = s;
      end[n] = e;
      opCount[n] = ops;
      firstPos[n] = first;
      return n++;
    }

    void readingError(int file, long row, String problem) {
      HistoryStage.Located l = new HistoryStage.Located(file, row, problem);
      if (readingError == null || HistoryStage.Located.ORDER.compare(l, readingError) < 0) {
        readingError = l;
      }
    }

    void groupError(long txn, int file, long row, String problem) {
      if (groupError == null || txn < groupError.txn()) {
        groupError = new GroupError(txn, file, row, problem);
      }
    }

    void opError(int i, String problem) {
      opErrorAt.add(i);
      opError.add(problem);
    }

    TxnBlock build() {
      return new TxnBlock(Arrays.copyOf(txnId, n), Arrays.copyOf(sessionLocal, n),
          Arrays.copyOf(pos, n), Arrays.copyOf(outcome, n), Arrays.copyOf(start, n),
          Arrays.copyOf(end, n), Arrays.copyOf(opCount, n), Arrays.copyOf(firstPos, n),
          sessions.toArray(), Arrays.copyOf(sessionFirst, sessions.size()), readingError,
          groupError, opErrorAt.stream().mapToInt(Integer::intValue).toArray(),
          opError.toArray(new String[0]));
    }
  }
}
