package io.isoverify.history.check;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The per-key rules, written once for both engines: a pure function of one key's operations
 * ({@link KeyOps}, in operation-id order) and the transactions' outcomes. One run gives
 * <ul>
 *   <li>per value: its first writing operation, any outcome (who installed it: the writer
 *       the non-cycle checks name), the first one by another transaction, and its first
 *       operation of any kind;</li>
 *   <li>the first duplicate append: the lowest operation appending a value that another
 *       transaction wrote first, or writing one another appended first (Elle's list-append
 *       inference needs unique elements, so such a history is refused,
 *       {@link DuplicateWrite}); repeated values of plain writes are checked (below);</li>
 *   <li>the effective writes (cobra section 3): each non-aborted transaction's LAST write
 *       of the key;</li>
 *   <li>the external reads: each non-aborted transaction's reads of the key before its first
 *       write of it, with their candidate writers (veristrong Definition 3.1, the WR
 *       constraint of a read): the other non-aborted transactions whose effective write has
 *       the value. The writer is that transaction when there is one,
 *       {@link #MANY_WRITERS} when several wrote the value (the graph reads the candidates
 *       off the effective writes, sorted by value), {@link #INIT_WRITER} for the initial
 *       state, {@link #NO_WRITER} when none (or only the reader itself) wrote it;</li>
 *   <li>the unknown-outcome reads: (reader, writer) for every external read of a
 *       non-aborted transaction whose only candidate writer has an unknown outcome (or, when
 *       it has no candidate, whose value's first other writer has one), the edges of the
 *       "counted transactions" fixpoint ({@link NonCycleReduce}): a read with several
 *       candidates forces none of them to have committed, and a read after the reader's
 *       own write of the key sees no other transaction's;</li>
 *   <li>the non-cycle findings of every non-aborted transaction on the key (mtc Table I,
 *       Figure 5(a)-(g); {@link KeyFindings}), with local values;</li>
 *   <li>the operations neither an external read nor an effective write shows, per
 *       non-aborted transaction that has any: its internal reads (after its own write of
 *       the key) and its overwritten writes (all but its last), which the shape rules
 *       ({@link TransactionShapes}) count.</li>
 * </ul>
 * Results are indexes into the block (operations), local value indexes and dense
 * transaction ids, in reused primitive arrays valid until the next run: callers map them to
 * their own codes. Cost: O(m + sum over transactions of r*w) for m operations, r reads and w
 * operations of one transaction on the key (a handful); no object per operation.
 */
public final class KeyRules {
  /** {@link #readWriter}: the read saw the key's initial state. */
  public static final int INIT_WRITER = -1;
  /** {@link #readWriter}: no other non-aborted transaction's effective write has the value. */
  public static final int NO_WRITER = -2;
  /**
   * {@link #readWriter}: several other non-aborted transactions' effective writes have the
   * value (a WR constraint, veristrong section 3): any of them may be the writer.
   */
  public static final int MANY_WRITERS = -3;

  private static final boolean[] INSTALLS = new boolean[OpKind.values().length];
  private static final byte UNKNOWN = (byte) Outcome.UNKNOWN.ordinal();
  private static final byte ABORTED = (byte) Outcome.ABORTED.ordinal();
  private static final int APPEND = OpKind.APPEND.ordinal();

  static {
    for (OpKind k : OpKind.values()) {
      INSTALLS[k.ordinal()] = k.installsVersion();
    }
  }

  KeyOps ops;
  private byte[] outcome;
  int key;
  /** Per local value: block index of its first write (-1), that write's run, first operation. */
  int[] firstWrite = new int[16];
  int[] firstWriteRun = new int[16];
  private int[] firstSeen = new int[16];
  /** Per local value: the first write by a transaction other than firstWrite's (-1), its run. */
  int[] otherWrite = new int[16];
  int[] otherWriteRun = new int[16];
  /**
   * Per local value: how many non-aborted transactions' effective writes have it, and the
   * lowest two of them (-1 while fewer).
   */
  private int[] effectiveCount = new int[16];
  private int[] lowestEffective = new int[16];
  private int[] secondEffective = new int[16];
  /** Runs: one transaction's operations, runFrom[g] .. runFrom[g+1]-1, its last write or -1. */
  int runs;
  int[] runTxn = new int[16];
  int[] runFrom = new int[17];
  int[] runLastWrite = new int[16];
  private int duplicate;
  private int writes;
  private int[] writeTxn = new int[16];
  private int[] writeValue = new int[16];
  private int reads;
  private int[] readAt = new int[16];
  private int[] readWriter = new int[16];
  private final ReadPairs pairs = new ReadPairs();
  private int hidden;
  private int[] hiddenTxn = new int[16];
  private int[] hiddenReads = new int[16];
  private int[] hiddenWrites = new int[16];
  final List<NonCycleFinding> findings = new ArrayList<>();
  private final KeyFindings rules = new KeyFindings(this);

  /** True for the operation kinds (ordinals) that install a version. */
  static boolean installs(int kind) {
    return INSTALLS[kind];
  }

  /**
   * Runs the rules on {@code ops} (operation-id order) of key {@code key} (the caller's code,
   * copied into the findings); {@code outcome[t]} is transaction t's Outcome ordinal.
   */
  public void run(KeyOps ops, int key, byte[] outcome) {
    this.ops = ops;
    this.key = key;
    this.outcome = outcome;
    int m = ops.size();
    perValue(ops.values());
    if (runTxn.length < m + 1) {
      int n = Math.max(m + 1, runTxn.length * 2);
      runTxn = new int[n];
      runFrom = new int[n + 1];
      runLastWrite = new int[n];
    }
    runs = 0;
    duplicate = -1;
    for (int i = 0; i < m; i++) {
      int t = ops.txn(i);
      if (runs == 0 || runTxn[runs - 1] != t) {
        runTxn[runs] = t;
        runFrom[runs] = i;
        runLastWrite[runs] = -1;
        runs++;
      }
      int v = ops.value(i);
      if (v >= 0 && firstSeen[v] < 0) {
        firstSeen[v] = i;
      }
      if (installs(ops.kind(i))) {
        runLastWrite[runs - 1] = i;
        if (firstWrite[v] < 0) {
          firstWrite[v] = i;
          firstWriteRun[v] = runs - 1;
        } else if (ops.txn(firstWrite[v]) != t) {
          if (otherWrite[v] < 0) {
            otherWrite[v] = i;
            otherWriteRun[v] = runs - 1;
          }
          if (duplicate < 0 && (ops.kind(i) == APPEND || ops.kind(firstWrite[v]) == APPEND)) {
            duplicate = i;
          }
        }
      }
    }
    runFrom[runs] = m;
    for (int g = 0; g < runs; g++) {
      if (runLastWrite[g] >= 0 && !aborted(runTxn[g])) {
        int v = ops.value(runLastWrite[g]);
        if (effectiveCount[v]++ == 0) {
          lowestEffective[v] = runTxn[g];
        } else if (effectiveCount[v] == 2) {
          secondEffective[v] = runTxn[g];
        }
      }
    }
    writes = 0;
    reads = 0;
    pairs.clear();
    hidden = 0;
    findings.clear();
    for (int g = 0; g < runs; g++) {
      if (!aborted(runTxn[g])) {
        transaction(g);
      }
    }
  }

  /** One non-aborted transaction's run: its effective write, reads, unknown reads, findings. */
  private void transaction(int g) {
    int t = runTxn[g];
    if (runLastWrite[g] >= 0) {
      if (writes == writeTxn.length) {
        writeTxn = Arrays.copyOf(writeTxn, writes * 2);
        writeValue = Arrays.copyOf(writeValue, writes * 2);
      }
      writeTxn[writes] = t;
      writeValue[writes++] = ops.value(runLastWrite[g]);
    }
    boolean written = false;
    int installs = 0;
    int internal = 0;
    for (int i = runFrom[g]; i < runFrom[g + 1]; i++) {
      if (installs(ops.kind(i))) {
        written = true;
        installs++;
        continue;
      }
      if (written) {
        internal++;
      }
      int v = ops.value(i);
      if (!written) {
        if (reads == readAt.length) {
          readAt = Arrays.copyOf(readAt, reads * 2);
          readWriter = Arrays.copyOf(readWriter, reads * 2);
        }
        readAt[reads] = i;
        readWriter[reads++] = v < 0 ? INIT_WRITER : writer(v, g);
      }
      int w = v < 0 || written ? -1 : forcedWriter(v, g);
      if (w >= 0 && outcome[w] == UNKNOWN) {
        pairs.add(t, w);
      }
    }
    if (internal > 0 || installs > 1) {
      if (hidden == hiddenTxn.length) {
        hiddenTxn = Arrays.copyOf(hiddenTxn, hidden * 2);
        hiddenReads = Arrays.copyOf(hiddenReads, hidden * 2);
        hiddenWrites = Arrays.copyOf(hiddenWrites, hidden * 2);
      }
      hiddenTxn[hidden] = t;
      hiddenReads[hidden] = internal;
      hiddenWrites[hidden++] = Math.max(installs - 1, 0);
    }
    rules.check(g);
  }

  /**
   * How many transactions other than run g's may have written local value v for its reads:
   * those non-aborted ones whose effective write has it (veristrong's candidate writers).
   */
  int candidates(int v, int g) {
    int own = runLastWrite[g] >= 0 && ops.value(runLastWrite[g]) == v && !aborted(runTxn[g]) ? 1 : 0;
    return effectiveCount[v] - own;
  }

  /** The writer of a read of v by run g: its one candidate, NO_WRITER or MANY_WRITERS. */
  private int writer(int v, int g) {
    int c = candidates(v, g);
    if (c == 0) {
      return NO_WRITER;
    }
    if (c > 1) {
      return MANY_WRITERS;
    }
    return lowestEffective[v] != runTxn[g] ? lowestEffective[v] : secondEffective[v];
  }

  /**
   * The transaction a read of v by run g makes count (it must have committed if g's did): its
   * one candidate writer; with none, the first other writer of v (the one its finding
   * names); with several, none (-1).
   */
  private int forcedWriter(int v, int g) {
    int c = candidates(v, g);
    if (c == 1) {
      return writer(v, g);
    }
    int first = c == 0 ? firstOtherWrite(v, runTxn[g]) : -1;
    return first < 0 ? -1 : ops.txn(first);
  }

  /** Block index of the first write of local value v by a transaction other than t, or -1. */
  int firstOtherWrite(int v, int t) {
    int first = firstWrite[v];
    return first < 0 || ops.txn(first) != t ? first : otherWrite[v];
  }

  /** The run of the write {@link #firstOtherWrite} returned for the same arguments. */
  int firstOtherWriteRun(int v, int t) {
    return ops.txn(firstWrite[v]) != t ? firstWriteRun[v] : otherWriteRun[v];
  }

  private void perValue(int nv) {
    if (firstWrite.length < nv) {
      int n = Math.max(nv, firstWrite.length * 2);
      firstWrite = new int[n];
      firstWriteRun = new int[n];
      firstSeen = new int[n];
      otherWrite = new int[n];
      otherWriteRun = new int[n];
      effectiveCount = new int[n];
      lowestEffective = new int[n];
      secondEffective = new int[n];
    }
    Arrays.fill(firstWrite, 0, nv, -1);
    Arrays.fill(firstSeen, 0, nv, -1);
    Arrays.fill(otherWrite, 0, nv, -1);
    Arrays.fill(effectiveCount, 0, nv, 0);
    Arrays.fill(lowestEffective, 0, nv, -1);
    Arrays.fill(secondEffective, 0, nv, -1);
  }

  boolean aborted(int t) {
    return outcome[t] == ABORTED;
  }

  /** The block the last run read. */
  public KeyOps ops() {
    return ops;
  }

  /** Transaction t's Outcome ordinal. */
  public byte outcome(int t) {
    return outcome[t];
  }

  /** Block index of the first write of local value {@code v}, any outcome, or -1. */
  public int firstWrite(int v) {
    return firstWrite[v];
  }

  /** Block index of the first operation carrying local value {@code v}. */
  public int firstSeen(int v) {
    return firstSeen[v];
  }

  /**
   * Block index of the first append of a value another transaction wrote first, or of the
   * first write of a value another transaction appended first; -1 when none.
   */
  public int duplicate() {
    return duplicate;
  }

  public int writeCount() {
    return writes;
  }

  /** Effective write i (in transaction order): its transaction and local value. */
  public int writeTxn(int i) {
    return writeTxn[i];
  }

  public int writeValue(int i) {
    return writeValue[i];
  }

  public int readCount() {
    return reads;
  }

  /** External read r (in operation order): its block index. */
  public int readAt(int r) {
    return readAt[r];
  }

  /**
   * External read r's writer: a transaction, {@link #INIT_WRITER}, {@link #NO_WRITER} or
   * {@link #MANY_WRITERS}.
   */
  public int readWriter(int r) {
    return readWriter[r];
  }

  /** Unknown-outcome reads: the reader, and the unknown-outcome first writer it read. */
  public ReadPairs pairs() {
    return pairs;
  }

  /**
   * Transactions of the key with operations neither an external read nor an effective write
   * shows, in transaction order: entry i is transaction {@link #hiddenTxn}, with
   * {@link #hiddenReads} internal reads and {@link #hiddenWrites} overwritten writes.
   */
  public int hiddenCount() {
    return hidden;
  }

  public int hiddenTxn(int i) {
    return hiddenTxn[i];
  }

  /** Reads of the key after the transaction's own write of it. */
  public int hiddenReads(int i) {
    return hiddenReads[i];
  }

  /** Writes of the key the transaction itself overwrote later. */
  public int hiddenWrites(int i) {
    return hiddenWrites[i];
  }

  /** The findings, by reading transaction and read; key as given, values local. */
  public List<NonCycleFinding> findings() {
    return findings;
  }
}
