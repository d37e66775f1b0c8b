package io.isoverify.history.formats;

import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a Jepsen history in EDN, as Elle checks it: op maps
 * {@code {:type :invoke|:ok|:fail|:info, :process p, :f :txn, :value [[:append k v]
 * [:r k [v1 v2]] [:w k v] ...], :index i, :time t}}, one a line as Jepsen writes them or
 * in one vector, with whatever EDN Jepsen's files hold around them ({@link Edn}: comments,
 * {@code #_}, tagged literals such as {@code #jepsen.history.Op{...}}). The file is read
 * one op at a time.
 *
 * <p>Each invoke is paired with the next completion of the same process and the pair is
 * one transaction: {@code :ok} committed, {@code :fail} aborted, {@code :info} unknown; an
 * invoke never completed is unknown too. Its operations come from the completion's
 * {@code :value}, or from the invoke's when the completion has none. The session is the
 * process; a history whose ops have no {@code :process} (the Elle paper's example) gives
 * each transaction a session of its own, named "op id", pairing each invoke with the next
 * process-less completion. Ops of other functions ({@code :f} other than {@code :txn}) and
 * of the nemesis (a keyword process) are skipped. The transaction id is the invoke's
 * {@code :index}, or when it has none its position among the file's ops (0-based, as
 * Jepsen's {@code :index} counts); client timestamps are the invoke's and the completion's
 * {@code :time} when both are there. Messages place an op at the line where it starts, and
 * at its column too when it does not start a line.
 *
 * <p>Micro-ops: {@code :append} is an {@link OpKind#APPEND} of that element; {@code :r}
 * with a list is a {@link OpKind#READ} whose value is the list's last element
 * ({@link History#INITIAL} when empty) with the whole list attached; {@code :r} with nil
 * in a committed transaction reads the initial state; {@code :r} and {@code :w} with a
 * single value are register reads and writes. A read whose result is unknown (nil outside
 * a committed transaction) is left out; a transaction left with no operation is left out,
 * its position in the session stays taken.
 */
public final class ElleEdnReader {
  private static final Edn.Keyword TYPE = new Edn.Keyword("type");
  private static final Edn.Keyword PROCESS = new Edn.Keyword("process");
  private static final Edn.Keyword VALUE = new Edn.Keyword("value");
  private static final Edn.Keyword INDEX = new Edn.Keyword("index");
  private static final Edn.Keyword TIME = new Edn.Keyword("time");
  private static final Edn.Keyword F = new Edn.Keyword("f");
  private static final Edn.Keyword TXN = new Edn.Keyword("txn");
  private static final Object NO_PROCESS = new Object();

  /** Bits of a place ({@link #place}) that hold the column; the line is above them. */
  private static final int COLUMN_BITS = 28;
  private static final long COLUMN_MASK = (1L << COLUMN_BITS) - 1;

  /** An invoke waiting for its completion, found at {@code place}, the op {@code ordinal}. */
  private record Invoke(long place, long ordinal, Object process, Object index, Object time,
      Object value) {}

  private final String name;
  private final HistoryBuilder b;
  private final Map<Object, Invoke> pending = new LinkedHashMap<>();
  private int[] nextPos = new int[64];

  private ElleEdnReader(Path file) {
    this.name = file.toString();
    this.b = new HistoryBuilder(name, ElleEdnReader::placeName);
  }

  public static History read(Path file) throws InvalidHistoryException {
    ElleEdnReader r = new ElleEdnReader(file);
    try (TextLines lines = TextLines.open(file)) {
      Edn edn = new Edn(lines::next);
      for (long ordinal = 0; ; ordinal++) {
        Object op = edn.nextOp();
        if (op == Edn.END) {
          break;
        }
        r.op(place(edn.line(), edn.column()), ordinal, op);
      }
    } catch (Edn.EdnException e) {
      throw new InvalidHistoryException(r.name, "line " + e.line() + ", column " + e.column(),
          "bad EDN: " + e.getMessage());
    }
    for (Invoke open : r.pending.values()) {
      r.transaction(open, null, open.place, Outcome.UNKNOWN, open.value);
    }
    return r.b.build();
  }

  /** One number for the line and column where an op starts, which HistoryBuilder keeps. */
  private static long place(long line, int column) {
    return line << COLUMN_BITS | Math.min(column, COLUMN_MASK);
  }

  /** "line L", with ", column C" when the op does not start its line. */
  private static String placeName(long place) {
    long column = place & COLUMN_MASK;
    String line = "line " + (place >>> COLUMN_BITS);
    return column == 1 ? line : line + ", column " + column;
  }

  private void op(long place, long ordinal, Object parsed) throws InvalidHistoryException {
    if (!(parsed instanceof Map<?, ?> op)) {
      throw fail(place, "expected an op map {:type ... :value ...}, found " + Edn.show(parsed));
    }
    Object f = op.get(F);
    Object process = op.containsKey(PROCESS) ? op.get(PROCESS) : NO_PROCESS;
    if ((f != null && !TXN.equals(f)) || process instanceof Edn.Keyword) {
      return;
    }
    if (process != NO_PROCESS && !(process instanceof Long)) {
      throw fail(place, ":process must be an integer, not " + process);
    }
    Object type = op.get(TYPE);
    if (!(type instanceof Edn.Keyword k)) {
      throw fail(place, "the op has no :type keyword");
    }
    Invoke open = pending.get(process);
    if (k.name().equals("invoke")) {
      if (open != null) {
        throw fail(place, "process " + showProcess(process) + " invokes again before its op at "
            + placeName(open.place) + " completed");
      }
      pending.put(process,
          new Invoke(place, ordinal, process, op.get(INDEX), op.get(TIME), op.get(VALUE)));
      return;
    }
    Outcome outcome = switch (k.name()) {
      case "ok" -> Outcome.COMMITTED;
      case "fail" -> Outcome.ABORTED;
      case "info" -> Outcome.UNKNOWN;
      default -> throw fail(place, ":type must be :invoke, :ok, :fail or :info, not " + type);
    };
    if (open == null) {
      throw fail(place, "a " + type + " completion of process " + showProcess(process)
          + " with no :invoke before it");
    }
    pending.remove(process);
    Object value = op.get(VALUE);
    if (value instanceof List<?>) {
      transaction(open, op.get(TIME), place, outcome, value);
    } else if (outcome == Outcome.COMMITTED) {
      throw fail(place, "an :ok completion must carry the transaction's :value vector");
    } else {
      transaction(open, op.get(TIME), open.place, outcome, open.value);
    }
  }

  /** Adds one transaction whose micro-ops are {@code value}, found at {@code place}. */
  private void transaction(Invoke invoke, Object endTime, long place, Outcome outcome,
      Object value) throws InvalidHistoryException {
    if (!(value instanceof List<?> microOps)) {
      throw fail(place, ":value must be a vector of micro-ops like [:append k v], not "
          + Edn.show(value));
    }
    long txn = invoke.index instanceof Long i ? i : invoke.ordinal;
    int session = invoke.process instanceof Long p
        ? b.sessions().encode((long) p) : b.sessions().encode("op " + txn);
    if (session >= nextPos.length) {
      nextPos = Arrays.copyOf(nextPos, Math.max(session + 1, nextPos.length * 2));
    }
    int position = nextPos[session]++;
    boolean timed = invoke.time instanceof Long && endTime instanceof Long;
    long start = timed ? (Long) invoke.time : History.NO_TIME;
    long end = timed ? (Long) endTime : History.NO_TIME;
    int opPos = 0;
    for (Object m : microOps) {
      if (!(m instanceof List<?> mop) || mop.size() != 3
          || !(mop.get(0) instanceof Edn.Keyword f)) {
        throw fail(place, "a micro-op must be [:f key value], not " + m);
      }
      Object key = mop.get(1);
      Object arg = mop.get(2);
      if (key == null) {
        throw fail(place, "the micro-op " + m + " has no key");
      }
      int keyCode = code(b.keys(), key);
      switch (f.name()) {
        case "append", "w" -> {
          if (arg == null || arg instanceof List<?>) {
            throw fail(place, "the micro-op " + m + " must write one value");
          }
          OpKind kind = f.name().equals("w") ? OpKind.WRITE : OpKind.APPEND;
          b.add(place, session, txn, position, opPos++, kind, keyCode, code(b.values(), arg),
              outcome, start, end);
        }
        case "r" -> {
          if (arg instanceof List<?> list) {
            int[] codes = new int[list.size()];
            for (int j = 0; j < codes.length; j++) {
              if (list.get(j) == null) {
                throw fail(place, "the read " + m + " returned a nil element");
              }
              codes[j] = code(b.values(), list.get(j));
            }
            int last = codes.length == 0 ? History.INITIAL : codes[codes.length - 1];
            b.add(place, session, txn, position, opPos++, OpKind.READ, keyCode, last, outcome,
                start, end);
            b.attachReadList(codes);
          } else if (arg != null || outcome == Outcome.COMMITTED) {
            int v = arg == null ? History.INITIAL : code(b.values(), arg);
            b.add(place, session, txn, position, opPos++, OpKind.READ, keyCode, v, outcome, start,
                end);
          }
        }
        default -> throw fail(place, "unknown micro-op " + f + " in " + m
            + " (expected :append, :r or :w)");
      }
    }
  }

  private static int code(Dictionary d, Object o) {
    return o instanceof Long l ? d.encode((long) l) : d.encode(String.valueOf(o));
  }

  private static String showProcess(Object process) {
    return process == NO_PROCESS ? "(none)" : String.valueOf(process);
  }

  private InvalidHistoryException fail(long place, String problem) {
    return new InvalidHistoryException(name, placeName(place), problem);
  }
}
