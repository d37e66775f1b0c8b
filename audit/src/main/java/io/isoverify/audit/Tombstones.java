package io.isoverify.audit;

import io.isoverify.history.History;
import io.isoverify.history.LongSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The tombstones of collected transactions (cobra 4.3): per collected write, its key, value
 * and writer, one immutable Parquet segment per run that collected anything, in
 * {@code DIR/tombstones/run-<runId>.parquet}. A round reads them only when a new read returns
 * a value no transaction it holds wrote (a violation either way: the tombstones tell a read
 * of a collected write, {@code ReadOfCollectedWrite}, from a thin-air read), so they cost
 * disk, not work per round.
 */
final class Tombstones {
  static final String FOLDER = "tombstones";
  /** The name of a run's segment in its generation folder, before the manifest moves. */
  static final String PENDING = "tombstones.parquet";

  private static final MessageType SCHEMA = Ids.columns(Ids.columns(
      Types.buildMessage(), "key"), "value")
      .required(PrimitiveTypeName.INT64).named("writer")
      .named("tombstones");

  private Tombstones() {}

  /** Writes the writes of the removed transactions of {@code h}; false when there are none. */
  static boolean write(History h, boolean[] removed, Path file) throws IOException {
    Ids keys = new Ids();
    Ids values = new Ids();
    LongBuffer writers = new LongBuffer();
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t) && removed[t]; o++) {
        if (h.opKind(o).installsVersion() && h.opKey(o) >= 0 && h.opValue(o) >= 0) {
          keys.add(h.keys(), h.opKey(o));
          values.add(h.values(), h.opValue(o));
          writers.add(h.txnId(t));
        }
      }
    }
    if (keys.size() == 0) {
      return false;
    }
    SimpleGroupFactory f = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ParquetTable.writer(file, SCHEMA)) {
      for (int i = 0; i < keys.size(); i++) {
        Group g = f.newGroup();
        keys.write(g, "key", i);
        values.write(g, "value", i);
        w.write(g.append("writer", writers.get(i)));
      }
    }
    return true;
  }

  /**
   * For each (key, value) pair of {@code h}'s codes in {@code wanted}
   * ({@link StaleReads#pair}), the collected writer of it, or absent: a map from pair to
   * writer id. O(tombstones) when called.
   */
  static java.util.Map<Long, Long> writers(Path repository, History h, LongSet wanted)
      throws IOException {
    java.util.Map<Long, Long> found = new java.util.HashMap<>();
    Path dir = repository.resolve(FOLDER);
    if (!Files.isDirectory(dir)) {
      return found;
    }
    List<Path> segments;
    try (Stream<Path> s = Files.list(dir)) {
      segments = s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
    }
    for (Path segment : segments) {
      for (Group g : ParquetTable.read(segment)) {
        Ids k = new Ids();
        Ids v = new Ids();
        k.read(g, "key");
        v.read(g, "value");
        int key = k.find(h.keys(), 0);
        int value = v.find(h.values(), 0);
        if (key >= 0 && value >= 0 && wanted.contains(StaleReads.pair(key, value))) {
          found.put(StaleReads.pair(key, value), g.getLong("writer", 0));
        }
      }
    }
    return found;
  }

  /** A growable array of longs. */
  private static final class LongBuffer {
    private long[] a = new long[16];
    private int n;

    void add(long v) {
      if (n == a.length) {
        a = java.util.Arrays.copyOf(a, n * 2);
      }
      a[n++] = v;
    }

    long get(int i) {
      return a[i];
    }
  }
}
