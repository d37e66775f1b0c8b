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
 * ({@link #CARRIED}, a history in the canonical Parquet form), each a Parquet file of one
 * generation folder:
 * <ul>
 *   <li>{@link #AUDITED}: every transaction id audited so far, as sorted disjoint ranges
 *       [lo, hi] (a partition that repeats an audited id is refused). Ids that grow as the
 *       history does (counters, as the generators and collectors give) make a few ranges,
 *       the held transactions' ids aside; ids in no order make one range each;</li>
 *   <li>{@link #SESSIONS}: per session, the position and id of its last audited transaction
 *       (a partition must continue each session after it).</li>
 * </ul>
 * The tombstones of collected writes are not here: they are {@link Tombstones} segments,
 * read only by a round that has a read no held transaction wrote. All on primitive arrays;
 * reading and writing are O(ranges + sessions).
 */
final class AuditState {
  static final String CARRIED = "carried.parquet";
  static final String AUDITED = "audited.parquet";
  static final String SESSIONS = "sessions.parquet";

  /** Audited ids: ranges {@code lo[i]..hi[i]}, ascending and disjoint (not adjacent). */
  long[] lo = new long[0];
  long[] hi = new long[0];
  final Ids sessionNames = new Ids();
  int[] lastPosition = new int[16];
  long[] lastTxn = new long[16];
  /** True when the generation has a carried history file. */
  boolean hasCarried;
  /** True when some audited transaction was collected (the manifest's count, not stored here). */
  boolean collectedAny;

  /** True when {@code id} was audited. O(log ranges). */
  boolean audited(long id) {
    int i = Arrays.binarySearch(lo, id);
    i = i >= 0 ? i : -i - 2;
    return i >= 0 && id <= hi[i];
  }

  int ranges() {
    return lo.length;
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

  /** The ranges with {@code ids} (sorted, none audited) added, adjacent ranges merged. */
  void addIds(long[] ids) {
    long[] nlo = new long[lo.length + ids.length];
    long[] nhi = new long[nlo.length];
    int n = 0;
    int a = 0;
    int b = 0;
    while (a < lo.length || b < ids.length) {
      long l;
      long h;
      if (b >= ids.length || (a < lo.length && lo[a] < ids[b])) {
        l = lo[a];
        h = hi[a++];
      } else {
        l = ids[b];
        h = ids[b++];
      }
      if (n > 0 && nhi[n - 1] != Long.MAX_VALUE && nhi[n - 1] + 1 >= l) {
        nhi[n - 1] = Math.max(nhi[n - 1], h);
      } else {
        nlo[n] = l;
        nhi[n++] = h;
      }
    }
    lo = Arrays.copyOf(nlo, n);
    hi = Arrays.copyOf(nhi, n);
  }

  private static final MessageType AUDITED_SCHEMA = Types.buildMessage()
      .required(PrimitiveTypeName.INT64).named("lo")
      .required(PrimitiveTypeName.INT64).named("hi")
      .named("audited");
  private static final MessageType SESSIONS_SCHEMA = Ids.columns(Types.buildMessage(), "session")
      .required(PrimitiveTypeName.INT32).named("last_txn_pos")
      .required(PrimitiveTypeName.INT64).named("last_txn")
      .named("sessions");

  /** Writes the tables (not the carried history) into {@code dir}. */
  void write(Path dir) throws IOException {
    try (ParquetWriter<Group> w = ParquetTable.writer(dir.resolve(AUDITED), AUDITED_SCHEMA)) {
      SimpleGroupFactory f = new SimpleGroupFactory(AUDITED_SCHEMA);
      for (int i = 0; i < lo.length; i++) {
        w.write(f.newGroup().append("lo", lo[i]).append("hi", hi[i]));
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
  }

  /** The state a generation folder holds. */
  static AuditState read(Path dir) throws IOException {
    AuditState s = new AuditState();
    var audited = ParquetTable.read(dir.resolve(AUDITED));
    s.lo = new long[audited.size()];
    s.hi = new long[audited.size()];
    for (int i = 0; i < audited.size(); i++) {
      s.lo[i] = audited.get(i).getLong("lo", 0);
      s.hi[i] = audited.get(i).getLong("hi", 0);
    }
    for (Group g : ParquetTable.read(dir.resolve(SESSIONS))) {
      s.sessionNames.read(g, "session");
      s.addSession(g.getInteger("last_txn_pos", 0), g.getLong("last_txn", 0));
    }
    s.hasCarried = Files.exists(dir.resolve(CARRIED));
    return s;
  }
}
