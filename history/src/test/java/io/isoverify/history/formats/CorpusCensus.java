package io.isoverify.history.formats;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Counts the sessions, transactions and operations of a corpus history straight from its
 * bytes, without the readers under test: tag scans for the binary logs, the header for
 * dbcop, line patterns for the text forms. The conversion test compares these counts
 * with the converted history's.
 */
record CorpusCensus(int sessions, int transactions, int operations) {
  private static final Pattern TEXT =
      Pattern.compile("[rw]\\((-?\\d+),(-?\\d+),(-?\\d+),(-?\\d+)\\)");
  private static final Pattern MICRO_OP = Pattern.compile("\\[:(append|r|w) ");
  private static final Pattern PROCESS = Pattern.compile(":process (\\d+)");

  static CorpusCensus of(HistoryFormat format, Path path) throws IOException {
    return switch (format) {
      case COBRA -> cobra(path);
      case DBCOP -> dbcop(path.resolve("history.bincode"));
      case TEXT -> text(path);
      case ELLE -> elle(path);
      case VBOX -> vbox(path);
      default -> throw new IllegalArgumentException("no census for " + format);
    };
  }

  private static List<Path> logs(Path folder, String regex) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.filter(p -> p.getFileName().toString().matches(regex)).sorted().toList();
    }
  }

  /** Every S record opens a transaction; W and R records are its operations. */
  private static CorpusCensus cobra(Path folder) throws IOException {
    List<Path> logs = logs(folder, "T\\d+\\.log");
    int txns = 0;
    int ops = 0;
    for (Path log : logs) {
      ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(log));
      while (in.hasRemaining()) {
        byte tag = in.get();
        int longs = switch (tag) {
          case 'S', 'C' -> 1;
          case 'W' -> 3;
          case 'R' -> 4;
          default -> throw new IOException("tag " + tag + " in " + log);
        };
        in.position(in.position() + 8 * longs);
        txns += tag == 'S' ? 1 : 0;
        ops += tag == 'W' || tag == 'R' ? 1 : 0;
      }
    }
    return new CorpusCensus(logs.size(), txns, ops);
  }

  /**
   * The generator's parameters in the header: sessions, transactions per session and events
   * per transaction (every corpus history ran them all, every event succeeded).
   */
  private static CorpusCensus dbcop(Path file) throws IOException {
    ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    in.getLong();
    long sessions = in.getLong();
    in.getLong();
    long txns = in.getLong();
    long events = in.getLong();
    return new CorpusCensus((int) sessions, (int) (sessions * txns),
        (int) (sessions * txns * events));
  }

  /** One operation a line; a transaction per distinct txn, and per line with txn -1. */
  private static CorpusCensus text(Path file) throws IOException {
    Set<String> sessions = new HashSet<>();
    Set<String> txns = new HashSet<>();
    int aborted = 0;
    int ops = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      Matcher m = TEXT.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      ops++;
      sessions.add(m.group(3));
      if (m.group(4).equals("-1")) {
        aborted++;
      } else {
        txns.add(m.group(4));
      }
    }
    return new CorpusCensus(sessions.size(), txns.size() + aborted, ops);
  }

  /**
   * A transaction per invoke; the micro-ops of the :ok completions; a session per process,
   * or per invoke when the ops name no process.
   */
  private static CorpusCensus elle(Path file) throws IOException {
    Set<String> processes = new HashSet<>();
    int invokes = 0;
    int ops = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      Matcher p = PROCESS.matcher(line);
      if (p.find()) {
        processes.add(p.group(1));
      }
      if (line.contains(":type :invoke")) {
        invokes++;
      } else if (line.contains(":type :ok")) {
        Matcher m = MICRO_OP.matcher(line);
        while (m.find()) {
          ops++;
        }
      }
    }
    return new CorpusCensus(processes.isEmpty() ? invokes : processes.size(), invokes, ops);
  }

  /**
   * A transaction per T record; a session per log, except that a log whose transactions
   * overlap in time (written by concurrent clients) gives each its own. Operations: one
   * write per run of W records of one statement on one row, one read per R record, and per
   * P record the predicate itself plus, when its matches were not logged as R records just
   * before it, nor are the rows its statement's W records just before it wrote (a predicate
   * update), one read per match.
   */
  private static CorpusCensus vbox(Path folder) throws IOException {
    List<Path> logs = logs(folder, "-?\\d+\\.log");
    int sessions = 0;
    int txns = 0;
    int ops = 0;
    for (Path log : logs) {
      ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(log)).order(ByteOrder.LITTLE_ENDIAN);
      int logTxns = 0;
      boolean overlapping = false;
      long previousEnd = Long.MIN_VALUE;
      long lastWrite = -1;
      long lastKey = 0;
      long readOid = -1;
      int reads = 0;
      long writeOid = -1;
      int writes = 0;
      while (in.hasRemaining()) {
        byte tag = in.get();
        long oid = Integer.toUnsignedLong(in.getInt());
        long start = in.getLong();
        long end = in.getLong();
        boolean isRead = false;
        boolean isWrite = false;
        switch (tag) {
          case 'T' -> {
            logTxns++;
            overlapping |= start < previousEnd;
            previousEnd = end;
          }
          case 'S', 'C', 'A' -> { }
          case 'W' -> {
            long key = in.getLong();
            in.getLong();
            in.getInt();
            boolean next = !(oid == lastWrite && key == lastKey);
            ops += next ? 1 : 0;
            writes = next ? (writeOid == oid ? writes + 1 : 1) : writes;
            writeOid = oid;
            lastWrite = oid;
            lastKey = key;
            isWrite = true;
          }
          case 'R' -> {
            in.getLong();
            in.getInt();
            in.getInt();
            reads = readOid == oid ? reads + 1 : 1;
            readOid = oid;
            ops++;
            isRead = true;
          }
          case 'P' -> {
            in.getLong();
            in.getInt();
            in.getInt();
            int n = in.getInt();
            in.position(in.position() + 16 * n);
            boolean named = (readOid == oid && reads == n) || (writeOid == oid && writes == n && n > 0);
            ops += 1 + (named ? 0 : n);
          }
          default -> throw new IOException("tag " + tag + " in " + log);
        }
        if (!isWrite) {
          lastWrite = -1;
          if (tag != 'P') {
            writeOid = -1;
            writes = 0;
          }
        }
        if (!isRead) {
          readOid = -1;
          reads = 0;
        }
      }
      txns += logTxns;
      sessions += overlapping ? logTxns : 1;
    }
    return new CorpusCensus(sessions, txns, ops);
  }
}
