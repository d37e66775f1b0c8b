package io.isoverify.audit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * What an audit carries from one round to the next besides the held transactions themselves
 * (which are {@link #CARRIED}, a history in the canonical Parquet form), each a Parquet file
 * of one generation folder:
 * <ul>
 *   <li>{@link #AUDITED}: every transaction id audited so far, sorted, with whether it is
 *       still held (8 bytes and a flag per audited transaction, the one part that grows with
 *       the history: it is what lets a partition that repeats an audited id be refused);</li>
 *   <li>{@link #SESSIONS}: per session, the position and id of its last audited transaction
 *       (a partition must continue each session after it);</li>
 *   <li>{@link #TOMBSTONES}: per collected write, its key, value and writer (cobra 4.3: a later
 *       read of it is a violation, {@code ReadOfCollectedWrite}).</li>
 * </ul>
 * All on primitive arrays; reading and writing are O(size).
 */
final class AuditState {
  static final String CARRIED = "carried.parquet";
  static final String AUDITED = "audited.parquet";
  static final String SESSIONS = "sessions.parquet";
  static final String TOMBSTONES = "tombstones.parquet";

  /** Audited transaction ids, ascending. */
  long[] ids = new long[0];
  /** Per entry of {@link #ids}, true while the transaction is held (carried). */
  boolean[] held = new boolean[0];
  final Ids sessionNames = new Ids();
  int[] lastPosition = new int[16];
  long[] lastTxn = new long[16];
  final Ids tombKeys = new Ids();
  final Ids tombValues = new Ids();
  long[] tombWriter = new long[16];
  /** True when the generation has a carried history file. */
  boolean hasCarried;

  /** The index of {@code id} in {@link #ids}, or a negative number when not audited. */
  int find(long id) {
    return Arrays.binarySearch(ids, id);
  }

  void addSession(int position, long txn) {
    int i = sessionNames.size() - 1;
    if (i >= lastPosition.length) {
      lastPosition = Arrays.copyOf(lastPosition, i * 2 + 1);
      lastTxn = Arrays.copyOf(lastTxn, i * 2 + 1);
    }
    lastPosition[i] = position;
    lastTxn[i] = txn;
  }

  void addTombstoneWriter(long writer) {
    int i = tombKeys.size() - 1;
    if (i >= tombWriter.length) {
      tombWriter = Arrays.copyOf(tombWriter, i * 2 + 1);
    }
    tombWriter[i] = writer;
  }

  long stateRows() {
    return ids.length + sessionNames.size() + tombKeys.size();
  }

  private static final MessageType AUDITED_SCHEMA = Types.buildMessage()
      .required(PrimitiveTypeName.INT64).named("txn")
      .required(PrimitiveTypeName.BOOLEAN).named("held")
      .named("audited");
  private static final MessageType SESSIONS_SCHEMA = Ids.columns(Types.buildMessage(), "session")
      .required(PrimitiveTypeName.INT32).named("last_txn_pos")
      .required(PrimitiveTypeName.INT64).named("last_txn")
      .named("sessions");
  private static final MessageType TOMBSTONES_SCHEMA = Ids.columns(Ids.columns(
      Types.buildMessage(), "key"), "value")
      .required(PrimitiveTypeName.INT64).named("writer")
      .named("tombstones");

  /** Writes the tables (not the carried history) into {@code dir}. */
  void write(Path dir) throws IOException {
    try (ParquetWriter<Group> w = ParquetTable.writer(dir.resolve(AUDITED), AUDITED_SCHEMA)) {
      SimpleGroupFactory f = new SimpleGroupFactory(AUDITED_SCHEMA);
      for (int i = 0; i < ids.length; i++) {
        w.write(f.newGroup().append("txn", ids[i]).append("held", held[i]));
      }
    }
    try (ParquetWriter<Group> w = ParquetTable.writer(dir.resolve(SESSIONS), SESSIONS_SCHEMA)) {
      SimpleGroupFactory f = new SimpleGroupFactory(SESSIONS_SCHEMA);
      for (int i = 0; i < sessionNames.size(); i++) {
        Group g = f.newGroup();
        sessionNames.write(g, "session", i);
        w.write(g.append("last_txn_pos", lastPosition[i]).append("last_txn", lastTxn[i]));
      }
    }
    try (ParquetWriter<Group> w = ParquetTable.writer(dir.resolve(TOMBSTONES),
        TOMBSTONES_SCHEMA)) {
      SimpleGroupFactory f = new SimpleGroupFactory(TOMBSTONES_SCHEMA);
      for (int i = 0; i < tombKeys.size(); i++) {
        Group g = f.newGroup();
        tombKeys.write(g, "key", i);
        tombValues.write(g, "value", i);
        w.write(g.append("writer", tombWriter[i]));
      }
    }
  }

  /** The state a generation folder holds. */
  static AuditState read(Path dir) throws IOException {
    AuditState s = new AuditState();
    var audited = ParquetTable.read(dir.resolve(AUDITED));
    s.ids = new long[audited.size()];
    s.held = new boolean[audited.size()];
    for (int i = 0; i < audited.size(); i++) {
      s.ids[i] = audited.get(i).getLong("txn", 0);
      s.held[i] = audited.get(i).getBoolean("held", 0);
    }
    for (Group g : ParquetTable.read(dir.resolve(SESSIONS))) {
      s.sessionNames.read(g, "session");
      s.addSession(g.getInteger("last_txn_pos", 0), g.getLong("last_txn", 0));
    }
    for (Group g : ParquetTable.read(dir.resolve(TOMBSTONES))) {
      s.tombKeys.read(g, "key");
      s.tombValues.read(g, "value");
      s.addTombstoneWriter(g.getLong("writer", 0));
    }
    s.hasCarried = Files.exists(dir.resolve(CARRIED));
    return s;
  }
}
