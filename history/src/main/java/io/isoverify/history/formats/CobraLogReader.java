package io.isoverify.history.formats;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Reads cobra's client logs: a folder with one {@code T<n>.log} per session ({@code .debug}
 * and {@code .error} files beside them are ignored). Each record is a tag byte and
 * big-endian int64s:
 * <pre>
 *   'S' txnId                              start
 *   'W' writeId key value                  write (key and value are hashes)
 *   'R' writerTxnId writeId key value      read, naming the write it saw
 *   'C' txnId                              commit
 * </pre>
 * Cobra's client library never logs an aborted transaction, so there is no abort record; a
 * transaction still open at the end of its log gets {@link Outcome#UNKNOWN}. A transaction
 * without operations is left out (the model has no row for it; it adds no dependency).
 *
 * <p>Value identity: cobra makes every writeId unique, so a write's value code is its
 * writeId and a read's is the writeId it names; the key and value hashes are kept only as
 * the key. Reads of the initial state name writer and writeId {@code 0xbebeebee} (INIT),
 * reads of a missing key {@code 0xdeadbeef} (NULL): both become {@link History#INITIAL}.
 * Histories recorded without unique ids (VeriStrong's variant) use {@code 0xabddefee} for
 * every writer and writeId; there the value hash is the only identity, so it becomes the
 * value code and written values may repeat. A history mixing both kinds is refused.
 * Cobra's garbage-collection reads (INIT writer, writeId 0x23332333 or 0x66666666) belong
 * to its online rounds and are refused too.
 */
public final class CobraLogReader {
  static final long INIT_ID = 0xbebeebeeL;
  static final long NULL_ID = 0xdeadbeefL;
  static final long UNIVERSAL_ID = 0xabddefeeL;
  private static final Pattern LOG = Pattern.compile("(T\\d+)\\.log");

  private final SessionLogs logs;
  private final HistoryBuilder b;
  private final PendingTransaction txn = new PendingTransaction();
  /** 0 until the first write or non-initial read; then 1 = unique writeIds, 2 = universal. */
  private int identityMode;

  private CobraLogReader(SessionLogs logs) {
    this.logs = logs;
    this.b = logs.builder();
  }

  /** Reads the cobra logs in {@code folder}. */
  public static History read(Path folder) throws InvalidHistoryException {
    CobraLogReader r = new CobraLogReader(SessionLogs.list(folder, LOG, "cobra logs (T<n>.log)"));
    for (int f = 0; f < r.logs.size(); f++) {
      r.readLog(f);
    }
    return r.b.build();
  }

  private void readLog(int f) throws InvalidHistoryException {
    int session = b.sessions().encode(logs.sessionName(f));
    int position = 0;
    boolean open = false;
    long current = 0;
    long openedAt = 0;
    try (ByteInput in = ByteInput.open(logs.file(f))) {
      while (!in.atEnd()) {
        in.startRecord();
        int tag = in.u8("tag");
        long row = SessionLogs.row(f, in.recordStart());
        switch (tag) {
          case 'S' -> {
            long id = in.i64be("transaction id");
            if (open) {
              throw in.error("transaction " + id + " starts before transaction " + current
                  + " (started at byte " + openedAt + ") committed");
            }
            open = true;
            current = id;
            openedAt = in.recordStart();
          }
          case 'C' -> {
            long id = in.i64be("transaction id");
            if (!open || id != current) {
              throw in.error(open ? "commit of transaction " + id + " while transaction "
                  + current + " is open" : "commit of transaction " + id + " that never started");
            }
            // An empty transaction orders nothing that session order does not, and the
            // model has no row to hold it: it is left out, its position stays taken.
            txn.flush(b, session, id, position++, Outcome.COMMITTED, History.NO_TIME,
                History.NO_TIME);
            open = false;
          }
          case 'W' -> {
            long writeId = in.i64be("write id");
            long key = in.i64be("key");
            long value = in.i64be("value");
            requireOpen(in, open, "write");
            txn.add(row, OpKind.WRITE, b.keys().encode(key), valueOf(in, writeId, value));
          }
          case 'R' -> {
            long writer = in.i64be("writer transaction id");
            long writeId = in.i64be("write id");
            long key = in.i64be("key");
            long value = in.i64be("value");
            requireOpen(in, open, "read");
            txn.add(row, OpKind.READ, b.keys().encode(key), readValue(in, writer, writeId, value));
          }
          default -> throw in.error("unknown record tag " + showTag(tag)
              + " (a cobra log has only S, W, R and C records)");
        }
      }
      if (open && !txn.isEmpty()) {
        txn.flush(b, session, current, position, Outcome.UNKNOWN, History.NO_TIME,
            History.NO_TIME);
      }
      txn.clear();
    }
  }

  private static void requireOpen(ByteInput in, boolean open, String what)
      throws InvalidHistoryException {
    if (!open) {
      throw in.error("a " + what + " outside any transaction (no S record before it)");
    }
  }

  private int readValue(ByteInput in, long writer, long writeId, long value)
      throws InvalidHistoryException {
    boolean initialWriter = writer == INIT_ID || writer == NULL_ID;
    boolean initialWrite = writeId == INIT_ID || writeId == NULL_ID;
    if (initialWriter && initialWrite) {
      return History.INITIAL;
    }
    if (initialWriter || initialWrite) {
      throw in.error("a read names writer " + hex(writer) + " and write id " + hex(writeId)
          + ": only a read of the initial state names 0xbebeebee or 0xdeadbeef, and cobra's "
          + "garbage-collection reads are not supported");
    }
    return valueOf(in, writeId, value);
  }

  /** The value code of a write's identity, checking that the history uses one identity mode. */
  private int valueOf(ByteInput in, long writeId, long value) throws InvalidHistoryException {
    int mode = writeId == UNIVERSAL_ID ? 2 : 1;
    if (identityMode == 0) {
      identityMode = mode;
    } else if (identityMode != mode) {
      throw in.error("the history mixes unique write ids with the shared id 0xabddefee, so "
          + "reads cannot be matched to writes");
    }
    return b.values().encode(mode == 1 ? writeId : value);
  }

  private static String hex(long v) {
    return "0x" + Long.toHexString(v);
  }

  static String showTag(int tag) {
    return tag >= 0x21 && tag < 0x7f ? "'" + (char) tag + "'" : String.format("0x%02x", tag);
  }
}
