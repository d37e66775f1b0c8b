package io.isoverify.history.formats;

import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.PredicateRead;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Reads Vbox's client logs: a folder with one {@code <session>.log} per session (the
 * session may be negative: {@code -1.log} holds the loader that fills the table). Records
 * are a tag byte and little-endian fields; start and end are client clocks (ns):
 * <pre>
 *   'T' u32 tid, u64 start, u64 end                 a transaction (start/end of all of it)
 *   'S' | 'C' | 'A' u32 oid, u64 start, u64 end     begin, commit, abort
 *   'W' u32 oid, u64 start, u64 end, u64 key, u64 field, u32 value
 *   'R' u32 oid, u64 start, u64 end, u64 key, u32 fromTid, u32 fromOid
 *   'P' u32 oid, u64 start, u64 end, u64 field, u32 low, u32 high, u32 n,
 *       n x u64 key, n x u32 fromTid, n x u32 fromOid
 * </pre>
 * oid numbers the statements of the whole run; one statement may write several fields of
 * a row and several rows, so a write is named by (tid, oid, key).
 *
 * <p>Item identity: the row key. Vbox's object x is the row: reads and predicate matches
 * name only the key and the writer (tid, oid), while a write's field is the column it
 * sets, part of the version's content. So consecutive W records of one statement on one
 * row (an insert setting k, v1, v2) are one {@link OpKind#WRITE} of one version, and every
 * write's value code is its writer (tid, oid) packed as {@code tid << 32 | oid}; a read
 * names the same code. A read from (0, 0) is a read of {@link History#INITIAL}. The
 * field values a write sets (what a predicate evaluates) are kept as its {@link
 * io.isoverify.history.WrittenFields}; the initial state of a row is its absence.
 *
 * <p>Predicate reads: the log writes a predicate's matched rows first, as R records with
 * the predicate's oid, then the P record. They become a {@link OpKind#PREDICATE_READ}
 * carrying the {@link PredicateRead} followed by those n reads. A predicate update (vbox's
 * θ-write w_θ(x, x_i, x_j): the predicate read of x_i, then the write of x_j) writes its W
 * records first, then the P record naming the same rows: it becomes the PREDICATE_READ
 * placed before the statement's n WRITEs, which name the rows it returned (the versions it
 * evaluated, before those writes, are not named). A P with neither becomes the
 * PREDICATE_READ followed by n READs built from the P record. Its fromOid array cannot be trusted (in the files we
 * have it repeats the fromTid array), so a match names its writer's tid only: a row this
 * transaction wrote reads its last write so far, another row the writer's last write of it
 * (found by a first pass over all logs), and (0, 0) the initial state.
 *
 * <p>Transactions: the id is the tid, client timestamps the T record's; C commits, A
 * aborts, and a transaction still open at the end of its log is {@link Outcome#UNKNOWN}.
 * A transaction with no operations is left out (the model has no row for it). A log whose
 * transactions overlap in time (one starts before the previous one ended) was written by
 * concurrent clients, as the loader's -1.log is: it is no session, so each of its
 * transactions gets a session of its own, named "log/tid" ("-1/3").
 */
public final class VboxLogReader {
  private static final Pattern LOG = Pattern.compile("(-?\\d+)\\.log");

  private final SessionLogs logs;
  private final HistoryBuilder b;
  private final PendingTransaction txn = new PendingTransaction();
  /** (tid << 32 | key code) -> dense code; lastWriteOids[code] is that tid's last oid on it. */
  private final Dictionary lastWrites = new Dictionary();
  private long[] lastWriteOids = new long[1024];

  // The transaction being read in the current log.
  private boolean open;
  private long tid;
  private long start;
  private long end;
  private long openedAt;
  /** The statement and key of the last record when it was a W, else -1. */
  private long lastWriteOid = -1;
  private long lastWriteKey;
  /** The trailing run of R records of one statement, for the P record that may follow. */
  private long readRunOid = -1;
  private int readRunLength;
  /** The trailing run of WRITE operations of one statement (a predicate update's rows). */
  private long writeRunOid = -1;
  private int writeRunLength;

  private VboxLogReader(SessionLogs logs) {
    this.logs = logs;
    this.b = logs.builder();
  }

  /** Reads the Vbox logs in {@code folder}. */
  public static History read(Path folder) throws InvalidHistoryException {
    VboxLogReader r = new VboxLogReader(SessionLogs.list(folder, LOG, "vbox logs (<n>.log)"));
    boolean[] concurrent = new boolean[r.logs.size()];
    for (int f = 0; f < concurrent.length; f++) {
      concurrent[f] = r.scan(f);
    }
    for (int f = 0; f < concurrent.length; f++) {
      r.readLog(f, concurrent[f]);
    }
    return r.b.build();
  }

  private void readLog(int f, boolean concurrent) throws InvalidHistoryException {
    int session = concurrent ? -1 : b.sessions().encode(logs.sessionName(f));
    int position = 0;
    open = false;
    try (ByteInput in = ByteInput.open(logs.file(f))) {
      while (!in.atEnd()) {
        in.startRecord();
        int tag = knownTag(in);
        long row = SessionLogs.row(f, in.recordStart());
        long oid = in.u32le("statement id");
        long opStart = in.i64le("start time");
        long opEnd = in.i64le("end time");
        boolean write = false;
        boolean read = false;
        switch (tag) {
          case 'T' -> {
            if (open) {
              throw in.error("transaction " + oid + " starts before transaction " + tid
                  + " (started at byte " + openedAt + ") committed or aborted");
            }
            open = true;
            tid = oid;
            start = opStart;
            end = opEnd;
            openedAt = in.recordStart();
          }
          case 'S' -> requireOpen(in, "begin");
          case 'C', 'A' -> {
            requireOpen(in, tag == 'C' ? "commit" : "abort");
            txn.flush(b, concurrent ? ownSession(f) : session, tid, concurrent ? 0 : position++,
                tag == 'C' ? Outcome.COMMITTED : Outcome.ABORTED, start, end);
            open = false;
          }
          case 'W' -> {
            long key = in.i64le("key");
            long field = in.i64le("field");
            long value = in.u32le("value");
            requireOpen(in, "write");
            if (oid != lastWriteOid || key != lastWriteKey) {
              txn.add(row, OpKind.WRITE, b.keys().encode(key), writer(tid, oid));
              writeRunLength = writeRunOid == oid && writeRunLength > 0 ? writeRunLength + 1 : 1;
              writeRunOid = oid;
            }
            txn.setField(txn.size() - 1, field, value);
            lastWriteOid = oid;
            lastWriteKey = key;
            write = true;
          }
          case 'R' -> {
            long key = in.i64le("key");
            long fromTid = in.u32le("writer transaction id");
            long fromOid = in.u32le("writer statement id");
            requireOpen(in, "read");
            txn.add(row, OpKind.READ, b.keys().encode(key), writer(fromTid, fromOid));
            readRunLength = readRunOid == oid && readRunLength > 0 ? readRunLength + 1 : 1;
            readRunOid = oid;
            read = true;
          }
          default -> predicate(in, row, oid); // 'P', the one known tag left
        }
        if (!write) {
          lastWriteOid = -1;
          if (tag != 'P') {
            writeRunLength = 0;
          }
        }
        if (!read) {
          readRunLength = 0;
        }
      }
      if (open) {
        txn.flush(b, concurrent ? ownSession(f) : session, tid, concurrent ? 0 : position,
            Outcome.UNKNOWN, start, end);
      }
      txn.clear();
    }
  }

  /** The session of a transaction of a concurrent log: its own, "log/tid". */
  private int ownSession(int f) {
    return b.sessions().encode(logs.sessionName(f) + "/" + tid);
  }

  /**
   * The first pass over log {@code f}: notes each transaction's last statement writing
   * each row (for predicate matches that name only their writer's tid), and returns true
   * when a transaction starts before the one before it ended: the log was written by
   * concurrent clients (the loader's -1.log is), so it is no session. Records other than
   * T and W are skipped by their sizes.
   */
  private boolean scan(int f) throws InvalidHistoryException {
    long previousEnd = Long.MIN_VALUE;
    boolean overlapping = false;
    long scanTid = 0;
    try (ByteInput in = ByteInput.open(logs.file(f))) {
      while (!in.atEnd()) {
        in.startRecord();
        int tag = knownTag(in);
        long oid = in.u32le("statement id");
        long opStart = in.i64le("start time");
        long opEnd = in.i64le("end time");
        switch (tag) {
          case 'T' -> {
            overlapping |= opStart < previousEnd;
            previousEnd = opEnd;
            scanTid = oid;
          }
          case 'W' -> {
            int code = lastWrites.encode(scanTid << 32 | b.keys().encode(in.i64le("key")));
            if (code == lastWriteOids.length) {
              lastWriteOids = Arrays.copyOf(lastWriteOids, code * 2);
            }
            lastWriteOids[code] = oid;
            in.skip(12, "write fields");
          }
          case 'R' -> in.skip(16, "read fields");
          case 'P' -> {
            in.skip(16, "predicate fields");
            in.skip(16 * in.u32le("match count"), "predicate matches");
          }
          default -> { } // S, C, A: nothing after the common fields
        }
      }
    }
    return overlapping;
  }

  /** Reads a record's tag, refusing one that names no vbox record. */
  private static int knownTag(ByteInput in) throws InvalidHistoryException {
    int tag = in.u8("tag");
    if ("TSCAWRP".indexOf(tag) < 0) {
      throw in.error("unknown record tag " + CobraLogReader.showTag(tag)
          + " (a vbox log has only T, S, W, R, P, C and A records)");
    }
    return tag;
  }

  private void predicate(ByteInput in, long row, long oid) throws InvalidHistoryException {
    long field = in.i64le("predicate field");
    long low = in.u32le("predicate low bound");
    long high = in.u32le("predicate high bound");
    long n = in.u32le("match count");
    if (16 * n > in.remaining()) {
      throw in.error("the predicate read matches " + n + " rows, but only " + in.remaining()
          + " bytes follow, not the " + 16 * n + " their keys and writers need");
    }
    long[] keys = new long[(int) n];
    long[] fromTid = new long[(int) n];
    long[] fromOid = new long[(int) n];
    for (int i = 0; i < n; i++) {
      keys[i] = in.i64le("matched key " + i);
    }
    for (int i = 0; i < n; i++) {
      fromTid[i] = in.u32le("writer transaction id of match " + i);
    }
    for (int i = 0; i < n; i++) {
      fromOid[i] = in.u32le("writer statement id of match " + i);
    }
    requireOpen(in, "predicate read");
    PredicateRead p = new PredicateRead(field, low, high, (int) n);
    int run = readRunOid == oid ? readRunLength : 0;
    if (run > 0) {
      if (run != n) {
        throw in.error("the predicate read matches " + n + " rows but " + run
            + " read records of its statement " + oid + " precede it");
      }
      int first = txn.size() - run;
      for (int i = 0; i < n; i++) {
        if (txn.key(first + i) != b.keys().find(keys[i])) {
          throw in.error("the predicate read's match " + i + " is key " + keys[i]
              + ", not the key of the read record in the same place");
        }
      }
      txn.insert(first, row, OpKind.PREDICATE_READ, -1, History.NO_VALUE, p);
      return;
    }
    int updated = writeRunOid == oid ? writeRunLength : 0;
    writeRunLength = 0;
    if (updated > 0 && updated == n) {
      int first = txn.size() - updated;
      java.util.Set<Integer> named = new java.util.HashSet<>();
      for (int i = 0; i < n; i++) {
        named.add(b.keys().find(keys[i]));
      }
      for (int i = first; i < txn.size(); i++) {
        if (!named.contains(txn.key(i))) {
          throw in.error("the predicate update's statement " + oid + " writes a row its "
              + "predicate record does not name");
        }
      }
      txn.insert(first, row, OpKind.PREDICATE_READ, -1, History.NO_VALUE, p);
      return;
    }
    txn.insert(txn.size(), row, OpKind.PREDICATE_READ, -1, History.NO_VALUE, p);
    for (int i = 0; i < n; i++) {
      int key = b.keys().encode(keys[i]);
      int value = fromTid[i] == 0 && fromOid[i] == 0 ? History.INITIAL
          : fromTid[i] == tid ? ownWrite(in, key, keys[i])
          : lastWrite(in, fromTid[i], key, keys[i]);
      txn.add(row, OpKind.READ, key, value);
    }
  }

  /** The value code of transaction {@code writerTid}'s last write of {@code key}. */
  private int lastWrite(ByteInput in, long writerTid, int key, long rawKey)
      throws InvalidHistoryException {
    int code = lastWrites.find(writerTid << 32 | key);
    if (code < 0) {
      throw in.error("the predicate read names transaction " + writerTid + " as the writer of "
          + "key " + rawKey + ", but no log has that transaction write it");
    }
    return writer(writerTid, lastWriteOids[code]);
  }

  /** The value code of this transaction's last write of {@code key}. */
  private int ownWrite(ByteInput in, int key, long rawKey) throws InvalidHistoryException {
    for (int i = txn.size() - 1; i >= 0; i--) {
      if (txn.kind(i) == OpKind.WRITE && txn.key(i) == key) {
        return txn.value(i);
      }
    }
    throw in.error("the predicate read names transaction " + tid + " as the writer of key "
        + rawKey + ", but the transaction has not written it");
  }

  private int writer(long writerTid, long writerOid) {
    return writerTid == 0 && writerOid == 0
        ? History.INITIAL : b.values().encode((writerTid << 32) | writerOid);
  }

  private void requireOpen(ByteInput in, String what) throws InvalidHistoryException {
    if (!open) {
      throw in.error("a " + what + " record outside any transaction (no T record before it)");
    }
  }
}
