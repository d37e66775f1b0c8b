package io.isoverify.spark.stages;

import java.io.Serializable;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The index of each input file (part files sorted by path), so that rows carry an int
 * instead of the path string through the shuffles. Serializable and small: one entry per
 * file, broadcast with the tasks. Remembers the last path looked up, since the rows of a
 * task come from one file.
 */
final class FileIndex implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Map<String, Integer> index = new HashMap<>();
  private transient UTF8String lastPath;
  private transient String lastString;
  private transient int last;

  FileIndex(String[] paths) {
    for (int i = 0; i < paths.length; i++) {
      index.put(normal(paths[i]), i);
    }
  }

  int of(String path) {
    if (!path.equals(lastString)) {
      last = lookUp(path);
      lastString = path;
      lastPath = null;
    }
    return last;
  }

  /** The index of {@code path} (a row's file column: copied only when it changes). */
  int of(UTF8String path) {
    if (!path.equals(lastPath)) {
      last = lookUp(path.toString());
      lastPath = path.clone();
      lastString = null;
    }
    return last;
  }

  private int lookUp(String path) {
    Integer i = index.get(normal(path));
    if (i == null) {
      throw new IllegalStateException("a row of a file not listed in the input: " + path);
    }
    return i;
  }

  /**
   * One spelling per file: Spark lists files as file:///x but names a row's file file:/x,
   * URL-encoded; compared by scheme, authority and encoded path.
   */
  private static String normal(String path) {
    URI u;
    try {
      u = new URI(path);
    } catch (URISyntaxException e) {
      u = new org.apache.hadoop.fs.Path(path).toUri();
    }
    return u.getScheme() + "|" + (u.getRawAuthority() == null ? "" : u.getRawAuthority()) + "|"
        + u.getRawPath();
  }

  /** A (file, row) pair as one long that orders like the pair (rows below 2^40). */
  static long position(int file, long row) {
    return ((long) file << 40) | row;
  }

  static int file(long position) {
    return (int) (position >>> 40);
  }

  static long row(long position) {
    return position & ((1L << 40) - 1);
  }
}
