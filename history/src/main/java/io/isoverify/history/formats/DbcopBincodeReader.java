package io.isoverify.history.formats;

import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads dbcop's {@code history.bincode} (the 2019 dbcop layout, little-endian):
 * <pre>
 *   header   i64 id, sessions, variables, transactions, events   (the generator's parameters)
 *            3 x (i64 length, UTF-8 bytes)                      info, start, end
 *   body     i64 session count
 *            per session: i64 transaction count
 *              per transaction: i64 event count,
 *                per event: bool write, i64 key, i64 value, bool success
 *              then bool committed
 * </pre>
 * dbcop's histories start from an implicit transaction that writes 0 to every key, so a
 * read of 0 becomes {@link History#INITIAL}, and a write of 0 is refused (no read could be
 * told apart from the initial state). An event with success = false never reached the
 * database; it is left out, as dbcop and the checkers built on it do. A transaction with no
 * event left is left out too (the model has no row for it), its position in the session
 * stays taken. Uncommitted transactions are kept as {@link Outcome#ABORTED}.
 *
 * <p>dbcop gives transactions no ids: a transaction's id is its rank in the file, from 1.
 * Sessions are named by their index, from 0. Rows are byte offsets.
 */
public final class DbcopBincodeReader {
  /** The file dbcop writes in a history folder. */
  public static final String FILE_NAME = "history.bincode";
  private static final int MAX_STRING = 1 << 20;

  private DbcopBincodeReader() {}

  /** Reads {@code path}: a history.bincode file, or a folder holding one. */
  public static History read(Path path) throws InvalidHistoryException {
    Path file = Files.isDirectory(path) ? path.resolve(FILE_NAME) : path;
    if (!Files.isRegularFile(file)) {
      throw new InvalidHistoryException(path.toString(), "", "no " + FILE_NAME + " here");
    }
    HistoryBuilder b = new HistoryBuilder(file.toString(), row -> "byte " + row);
    PendingTransaction txn = new PendingTransaction();
    try (ByteInput in = ByteInput.open(file)) {
      in.startRecord();
      for (String field : new String[] {"id", "sessions", "variables", "transactions", "events"}) {
        in.i64le("header field " + field);
      }
      for (String field : new String[] {"info", "start", "end"}) {
        skipString(in, field);
      }
      in.startRecord();
      long sessions = count(in, "session count");
      long txnId = 0;
      for (int s = 0; s < sessions; s++) {
        int session = b.sessions().encode(s);
        in.startRecord();
        long txns = count(in, "transaction count of session " + s);
        for (int t = 0; t < txns; t++) {
          txnId++;
          in.startRecord();
          long events = count(in, "event count of transaction " + txnId);
          for (long e = 0; e < events; e++) {
            in.startRecord();
            readEvent(in, b, txn);
          }
          in.startRecord();
          boolean committed = in.bool("committed flag of transaction " + txnId);
          txn.flush(b, session, txnId, t, committed ? Outcome.COMMITTED : Outcome.ABORTED,
              History.NO_TIME, History.NO_TIME);
        }
      }
      if (!in.atEnd()) {
        in.startRecord();
        throw in.error("unexpected bytes after the last session");
      }
    }
    return b.build();
  }

  private static void readEvent(ByteInput in, HistoryBuilder b, PendingTransaction txn)
      throws InvalidHistoryException {
    boolean write = in.bool("event's write flag");
    long key = in.i64le("event's key");
    long value = in.i64le("event's value");
    boolean success = in.bool("event's success flag");
    if (!success) {
      return;
    }
    if (write && value == 0) {
      throw in.error("writes 0 to key " + key + ", the value of dbcop's implicit initial "
          + "transaction, so its reads could not be told from reads of the initial state");
    }
    int v = !write && value == 0 ? History.INITIAL : b.values().encode(value);
    txn.add(in.recordStart(), write ? OpKind.WRITE : OpKind.READ, b.keys().encode(key), v);
  }

  /** A non-negative i64 count; a negative one means the file is not what it claims. */
  private static long count(ByteInput in, String what) throws InvalidHistoryException {
    long n = in.i64le(what);
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw in.error(what + " is " + n + ", which cannot be right");
    }
    return n;
  }

  private static void skipString(ByteInput in, String field) throws InvalidHistoryException {
    in.startRecord();
    long n = in.i64le("length of header string " + field);
    if (n < 0 || n > MAX_STRING) {
      throw in.error("header string " + field + " has length " + n + ", which cannot be right");
    }
    in.bytes((int) n, "header string " + field);
  }
}
