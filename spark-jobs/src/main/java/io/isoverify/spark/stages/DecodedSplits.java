package io.isoverify.spark.stages;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.ParquetRowGroups;
import io.isoverify.history.validation.RowFields;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The input's Parquet files cut into splits of whole row groups, each decoded on an executor
 * by history's own decoder ({@link ParquetRowGroups}: the in-process reader's columns,
 * checks and messages) into primitive batches, with no Spark SQL row per operation: on the
 * 1M benchmark history the read stage's scan and row checks took 10 s through Spark's
 * Parquet reader and its internal rows. The driver reads every footer once to plan (and to
 * check each file's columns, with the in-process messages); the executors open their file
 * through Hadoop's filesystem API, so any filesystem Spark reads works.
 *
 * <p>Splits are about {@code total bytes / (2 x default parallelism)} (two tasks per core
 * even out uneven row groups), at most 128 MiB, at least one row group.
 */
public final class DecodedSplits implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final long MAX_SPLIT_BYTES = 128L << 20;
  /** The columns that hold integers or strings: every file must agree on each. */
  private static final int[] ID_COLUMNS = {RowFields.SESSION, RowFields.KEY, RowFields.VALUE};

  /** Row groups {@code [from, to)} of file {@code file} (an index into the input's paths). */
  record Split(int file, int from, int to) implements Serializable {}

  private final String[] paths;
  private final List<Split> splits;
  /** Whether the session, key and value columns hold strings ({@link #ID_COLUMNS}). */
  private final boolean[] text;
  private final long rows;
  private final Broadcast<SerializableConfiguration> conf;

  private DecodedSplits(String[] paths, List<Split> splits, boolean[] text, long rows,
      Broadcast<SerializableConfiguration> conf) {
    this.paths = paths;
    this.splits = splits;
    this.text = text;
    this.rows = rows;
    this.conf = conf;
  }

  /**
   * Plans the splits of {@code paths} (as Spark names the input files, sorted), reading each
   * footer; {@code names} is how messages name each file. A file that is not a history
   * (footer, columns), or whose session ids, keys or values are of another kind than the
   * first file's, is bad input.
   */
  static DecodedSplits plan(JavaSparkContext sc, String[] paths, String[] names)
      throws InvalidHistoryException {
    Configuration hadoop = sc.hadoopConfiguration();
    List<long[]> groups = new ArrayList<>();
    long total = 0;
    long rows = 0;
    boolean[] text = null;
    for (int f = 0; f < paths.length; f++) {
      try (ParquetRowGroups g = open(paths[f], names[f], hadoop)) {
        long[] bytes = new long[g.count()];
        for (int i = 0; i < bytes.length; i++) {
          bytes[i] = g.bytes(i);
          total += bytes[i];
          rows += g.rows(i);
        }
        groups.add(bytes);
        boolean[] t = new boolean[ID_COLUMNS.length];
        for (int c = 0; c < t.length; c++) {
          t[c] = g.text(ID_COLUMNS[c]);
          if (text != null && t[c] != text[c]) {
            throw new InvalidHistoryException(names[f], "", "the " + RowFields.NAMES[ID_COLUMNS[c]]
                + " column holds " + kind(t[c]) + " here but " + kind(text[c]) + " in " + names[0]);
          }
        }
        text = t;
      } catch (IOException e) {
        throw new InvalidHistoryException(names[f], "", "cannot read the file: " + e.getMessage(),
            e);
      }
    }
    long target = Math.max(1, Math.min(MAX_SPLIT_BYTES, total / (2L * sc.defaultParallelism())));
    List<Split> splits = new ArrayList<>();
    for (int f = 0; f < paths.length; f++) {
      long[] bytes = groups.get(f);
      int from = 0;
      long size = 0;
      for (int g = 0; g < bytes.length; g++) {
        size += bytes[g];
        if (size >= target || g == bytes.length - 1) {
          splits.add(new Split(f, from, g + 1));
          from = g + 1;
          size = 0;
        }
      }
    }
    return new DecodedSplits(paths, splits, text == null ? new boolean[ID_COLUMNS.length] : text,
        rows, sc.broadcast(new SerializableConfiguration(hadoop)));
  }

  private static String kind(boolean text) {
    return text ? "strings" : "integers";
  }

  /**
   * The input's data files, qualified as Spark names them ({@code file:/...}) and sorted: a
   * file's index in this array is its file index. A file, or every file under a folder at
   * any depth whose path below it has no name starting with "_" or "." (Spark's rule:
   * _SUCCESS, .crc files). A listing through Hadoop's filesystem API, no Spark job.
   */
  static String[] files(JavaSparkContext sc, String path, String display)
      throws InvalidHistoryException {
    Path root = new Path(path);
    try {
      FileSystem fs = root.getFileSystem(sc.hadoopConfiguration());
      FileStatus top = fs.getFileStatus(root);
      List<String> out = new ArrayList<>();
      if (top.isFile()) {
        out.add(top.getPath().toString());
      } else {
        RemoteIterator<LocatedFileStatus> it = fs.listFiles(top.getPath(), true);
        String base = top.getPath().toUri().getPath();
        while (it.hasNext()) {
          Path p = it.next().getPath();
          String below = p.toUri().getPath().substring(base.length());
          if (!below.contains("/_") && !below.contains("/.")) {
            out.add(p.toString());
          }
        }
      }
      if (out.isEmpty()) {
        throw new InvalidHistoryException(display, "", "no Parquet part files in the folder");
      }
      String[] files = out.toArray(new String[0]);
      Arrays.sort(files);
      return files;
    } catch (FileNotFoundException e) {
      throw new InvalidHistoryException(display, "", "no such file or folder", e);
    } catch (IOException e) {
      throw new InvalidHistoryException(display, "", "cannot list the input: " + e.getMessage(),
          e);
    }
  }

  /** One partition per split, in file and row order. */
  JavaRDD<Split> rdd(JavaSparkContext sc) {
    return sc.parallelize(splits, Math.max(1, splits.size()));
  }

  /** The input's rows (operations), from the footers. */
  long rows() {
    return rows;
  }

  /** Whether column c (session, key or value) holds strings, else integers. */
  boolean text(int c) {
    for (int i = 0; i < ID_COLUMNS.length; i++) {
      if (ID_COLUMNS[i] == c) {
        return text[i];
      }
    }
    throw new IllegalArgumentException("not an id column: " + RowFields.NAMES[c]);
  }

  /**
   * Opens split s's file on an executor; closed when the task ends. Its problems come out
   * of the scan ({@link ParquetRowGroups.Scan}); opening it again cannot fail where the
   * driver's planning did not, except on a file changed since.
   */
  ParquetRowGroups.Scan scan(Split s) throws InvalidHistoryException {
    return open(s).scan(s.from(), s.to());
  }

  private ParquetRowGroups open(Split s) throws InvalidHistoryException {
    ParquetRowGroups g = open(paths[s.file()], paths[s.file()], conf.value().value());
    TaskContext task = TaskContext.get();
    if (task != null) {
      task.addTaskCompletionListener(t -> {
        try {
          g.close();
        } catch (IOException e) {
          // the rows were read; nothing to report
        }
      });
    }
    return g;
  }

  private static ParquetRowGroups open(String path, String name, Configuration hadoop)
      throws InvalidHistoryException {
    try {
      return ParquetRowGroups.open(HadoopInputFile.fromPath(new Path(path), hadoop), name);
    } catch (IOException e) {
      throw new InvalidHistoryException(name, "", "cannot read the file: " + e.getMessage(), e);
    }
  }
}
