package io.isoverify.history.formats;

import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads the text form of a history that Plume and the mini-transaction checkers use: one
 * operation a line, {@code r(key,value,session,txn)} or {@code w(key,value,session,txn)},
 * all integers; blank lines are skipped. Lines of one transaction are in program order
 * and need not be adjacent; a transaction's position in its session is the order of its
 * first line.
 *
 * <p>{@code txn = -1} marks an operation of an aborted transaction whose id was not kept:
 * each such line becomes its own one-operation {@link Outcome#ABORTED} transaction, with id
 * {@code -line} so that messages point back to the line. Every other transaction is
 * committed.
 *
 * <p>Initial state: files written by these tools either carry it as an explicit transaction
 * (the corpus file's transaction 0 writes 0 to every key) or leave it implicit, 0 for every
 * key. So a read of 0 reads a write of 0 where the file has one for that key, and is a read
 * of {@link History#INITIAL} where it has none. This needs a first pass over the file that
 * collects the keys written with 0; the second pass builds the history.
 */
public final class TextOpsReader {
  private final String name;
  private final HistoryBuilder b;
  /** Keys the file writes 0 to (used as a set of longs). */
  private final Dictionary zeroWritten = new Dictionary();
  /** Dense code per transaction id; the arrays below are indexed by it. */
  private final Dictionary txns = new Dictionary();
  private int[] txnPos = new int[1024];
  private int[] opsSoFar = new int[1024];
  private int[] nextPos = new int[64];
  private final long[] fields = new long[4];

  private TextOpsReader(Path file) {
    this.name = file.toString();
    this.b = new HistoryBuilder(name, line -> "line " + line);
  }

  public static History read(Path file) throws InvalidHistoryException {
    TextOpsReader r = new TextOpsReader(file);
    r.pass(file, true);
    r.pass(file, false);
    return r.b.build();
  }

  private void pass(Path file, boolean collectZeroWrites) throws InvalidHistoryException {
    TextLines.forEach(file, (line, text) -> {
      boolean write = parse(text.strip(), line);
      if (!collectZeroWrites) {
        add(line, write);
      } else if (write && fields[1] == 0) {
        zeroWritten.encode(fields[0]);
      }
    });
  }

  /** Parses {@code r(a,b,c,d)} or {@code w(...)} into {@link #fields}; true for a write. */
  private boolean parse(String t, long line) throws InvalidHistoryException {
    char op = t.charAt(0);
    if ((op != 'r' && op != 'w') || t.length() < 3 || t.charAt(1) != '('
        || t.charAt(t.length() - 1) != ')') {
      throw bad(line, t, "expected r(key,value,session,txn) or w(key,value,session,txn)");
    }
    String[] parts = t.substring(2, t.length() - 1).split(",", -1);
    if (parts.length != 4) {
      throw bad(line, t, "expected 4 comma-separated integers, found " + parts.length);
    }
    String[] names = {"key", "value", "session", "txn"};
    for (int i = 0; i < 4; i++) {
      try {
        fields[i] = Long.parseLong(parts[i].strip());
      } catch (NumberFormatException e) {
        throw bad(line, t, "the " + names[i] + " \"" + parts[i].strip() + "\" is not an integer");
      }
    }
    if (fields[3] < -1) {
      throw bad(line, t, "transaction id " + fields[3] + " is negative (only -1, aborted, is)");
    }
    return op == 'w';
  }

  private void add(long line, boolean write) throws InvalidHistoryException {
    long key = fields[0];
    long value = fields[1];
    int session = b.sessions().encode(fields[2]);
    boolean aborted = fields[3] == -1;
    long txn = aborted ? -line : fields[3];
    int code = txns.encode(txn);
    if (code == txnPos.length) {
      txnPos = Arrays.copyOf(txnPos, code * 2);
      opsSoFar = Arrays.copyOf(opsSoFar, code * 2);
    }
    if (opsSoFar[code] == 0) {
      if (session >= nextPos.length) {
        nextPos = Arrays.copyOf(nextPos, Math.max(session + 1, nextPos.length * 2));
      }
      txnPos[code] = nextPos[session]++;
    }
    int v = !write && value == 0 && zeroWritten.find(key) < 0
        ? History.INITIAL : b.values().encode(value);
    b.add(line, session, txn, txnPos[code], opsSoFar[code]++, write ? OpKind.WRITE : OpKind.READ,
        b.keys().encode(key), v, aborted ? Outcome.ABORTED : Outcome.COMMITTED, History.NO_TIME,
        History.NO_TIME);
  }

  private InvalidHistoryException bad(long line, String text, String problem) {
    String shown = text.length() > 60 ? text.substring(0, 60) + "..." : text;
    return new InvalidHistoryException(name, "line " + line, problem + ": " + shown);
  }
}
