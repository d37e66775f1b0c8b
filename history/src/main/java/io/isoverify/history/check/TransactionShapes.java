package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.Outcome;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Decides the shape of a history's transactions ({@link HistoryShape}) from what both
 * engines hold on the driver: the external reads and effective writes of the per-key rules
 * ({@link KeyRules}, in graph-partitioning's {@code PolygraphInput} encoding), the
 * operations those do not show (internal reads, overwritten writes: {@link KeyRules#hiddenCount}),
 * the timestamps and sessions, and the list-append and predicate reads counted over all rows.
 * So the in-process and the Spark engine decide it with this one code, on the same arrays.
 *
 * <p>Mini-transaction history (mtc Definitions 8 and 9): every committed or unknown-outcome
 * transaction is a <em>mini-transaction</em>, one or two reads and at most two writes, each
 * write preceded in the transaction by a read of its key; or an <em>initial
 * transaction</em>, which only writes, each of its writes being the only write of its key
 * that no read precedes, on a key no transaction writes after reading its initial state
 * (mtc's initial transaction, and an insert-if-not-exists recorded without its read). With
 * written values unique per key (two effective writes of one value to one key, which
 * veristrong's candidate writers would check, make a history general), the version order of every key is then fixed: after the initial
 * state comes the version read-modify-written from it, or the key's one initial write, and
 * after each version the one written by the transaction that read it (two such are the
 * Divergence pattern, mtc Definition 10). Aborted transactions do not count: they install
 * nothing, and a read of their writes is an AbortedRead the non-cycle checks report. Read
 * lists (Elle) and predicate reads make a history general.
 *
 * <p>Lightweight-transaction history (mtc IV-E): a mini-transaction history whose every
 * committed or unknown-outcome transaction has one read and one write of one key (a
 * compare-and-set that succeeded; reading the initial state, it is an insert-if-not-exists:
 * it found no row), one read (a compare-and-set that failed, or a read), or one initial
 * write (an insert recorded without its read); with both client timestamps; and each
 * session's transactions in real-time order (each starts after the previous one ends), so
 * that session order is part of real time and linearizability per key decides SSER.
 *
 * <p>The reason names the first transaction (dense order) that breaks a rule. Cost:
 * O(transactions + keys + reads + writes), four ints per key and two per transaction of
 * scratch.
 */
public final class TransactionShapes {
  private static final byte ABORTED = (byte) Outcome.ABORTED.ordinal();
  private static final String NOT_MINI = ": not a mini-transaction";

  private TransactionShapes() {}

  /**
   * The facts, by dense transaction id t and key code (arrays are read, not copied).
   *
   * @param readStart external reads of t: readStart[t] .. readStart[t+1]-1 of readKey and
   *     readWriter ({@link KeyRules#INIT_WRITER} for a read of the initial state)
   * @param writeKey effective writes: writeKey[i], writeValue[i] by writeTxn[i], sorted by
   *     (key, value)
   * @param internalReads per t, reads of a key after its own write of it
   * @param overwrittenWrites per t, writes of a key it overwrote itself later
   * @param listReads operations with a read list, every outcome
   * @param predicateReads predicate reads, every outcome
   */
  public record Input(int keyCount, byte[] outcome, int[] session, long[] start, long[] end,
      int[] readStart, int[] readKey, int[] readWriter, int[] writeKey, int[] writeValue,
      int[] writeTxn,
      byte[] internalReads, byte[] overwrittenWrites, long listReads, long predicateReads) {}

  /** The shape, its reasons naming transactions by {@code txnName}. */
  public static HistoryShape of(Input in, IntFunction<String> txnName) {
    String notMini = generalReads(in);
    if (notMini == null) {
      notMini = firstTooLarge(in, txnName);
    }
    if (notMini == null) {
      notMini = new TransactionShapes.Scan(in, txnName).notMini();
    }
    if (notMini != null) {
      return new HistoryShape(notMini, notMini);
    }
    return new HistoryShape(null, notLightweight(in, txnName));
  }

  /** The per-transaction and per-key facts of the mini-transaction rules. */
  private static final class Scan {
    private final Input in;
    private final IntFunction<String> name;
    private final int n;
    /** Effective writes grouped by transaction: keys writeKeyOf[writeFrom[t] .. writeFrom[t+1]-1]. */
    private final int[] writeFrom;
    private final int[] writeKeyOf;
    /** Per key: the first two transactions writing it without reading it first, the first read-modify-writing its initial state. */
    private final int[] blindFirst;
    private final int[] blindSecond;
    private final int[] initialRmw;
    /** Per transaction: a key it writes without reading it first, or -1. */
    private final int[] blindKey;

    Scan(Input in, IntFunction<String> name) {
      this.in = in;
      this.name = name;
      this.n = in.outcome().length;
      writeFrom = new int[n + 1];
      for (int t : in.writeTxn()) {
        writeFrom[t + 1]++;
      }
      for (int t = 0; t < n; t++) {
        writeFrom[t + 1] += writeFrom[t];
      }
      writeKeyOf = new int[in.writeTxn().length];
      int[] fill = Arrays.copyOf(writeFrom, n);
      for (int i = 0; i < in.writeTxn().length; i++) {
        writeKeyOf[fill[in.writeTxn()[i]]++] = in.writeKey()[i];
      }
      int keys = in.keyCount();
      blindFirst = filled(keys);
      blindSecond = filled(keys);
      initialRmw = filled(keys);
      blindKey = filled(n);
      int[] readBy = filled(keys);
      int[] initialReadBy = filled(keys);
      for (int t = 0; t < n; t++) {
        if (in.outcome()[t] == ABORTED) {
          continue;
        }
        for (int r = in.readStart()[t]; r < in.readStart()[t + 1]; r++) {
          readBy[in.readKey()[r]] = t;
          if (in.readWriter()[r] == KeyRules.INIT_WRITER) {
            initialReadBy[in.readKey()[r]] = t;
          }
        }
        for (int i = writeFrom[t]; i < writeFrom[t + 1]; i++) {
          int k = writeKeyOf[i];
          if (readBy[k] != t) {
            if (blindFirst[k] < 0) {
              blindFirst[k] = t;
            } else if (blindSecond[k] < 0) {
              blindSecond[k] = t;
            }
            if (blindKey[t] < 0) {
              blindKey[t] = k;
            }
          } else if (initialReadBy[k] == t && initialRmw[k] < 0) {
            initialRmw[k] = t;
          }
        }
      }
    }

    private static int[] filled(int size) {
      int[] a = new int[size];
      Arrays.fill(a, -1);
      return a;
    }

    /** Why the history is not a mini-transaction history, or null. */
    String notMini() {
      String suffix = NOT_MINI;
      long pair = repeatedValue(in);
      if (pair >= 0) {
        return name.apply((int) (pair & 0xffffffffL)) + " and " + name.apply((int) (pair >>> 32))
            + " write the same value to one key" + suffix + " history (its values are unique)";
      }
      for (int t = 0; t < n; t++) {
        if (in.outcome()[t] == ABORTED) {
          continue;
        }
        int reads = reads(in, t);
        int writes = writeFrom[t + 1] - writeFrom[t] + in.overwrittenWrites()[t];
        String problem;
        if (reads == 0) {
          problem = writes == 0 ? "has no reads" : initialWrites(t);
        } else if (reads > 2 || writes > 2) {
          problem = tooLarge(reads, writes);
        } else {
          problem = blindKey[t] >= 0 ? "writes a key without reading it first" : null;
        }
        if (problem != null) {
          return "transaction " + name.apply(t) + " " + problem + suffix;
        }
      }
      return null;
    }

    /**
     * Null when every write of the write-only transaction t is its key's only write that no
     * read precedes, on a key nobody read-modify-writes from its initial state (so t is an
     * initial transaction); otherwise why not.
     */
    private String initialWrites(int t) {
      for (int i = writeFrom[t]; i < writeFrom[t + 1]; i++) {
        int k = writeKeyOf[i];
        if (blindSecond[k] >= 0) {
          int other = blindFirst[k] == t ? blindSecond[k] : blindFirst[k];
          return "writes a key without reading it first, as " + name.apply(other)
              + " does: their order is not fixed";
        }
        if (initialRmw[k] >= 0) {
          return "writes a key without reading it first, and " + name.apply(initialRmw[k])
              + " writes it after reading its initial state: their order is not fixed";
        }
      }
      return null;
    }
  }

  /**
   * Two transactions whose effective writes put one value on one key, as (second << 32 |
   * first), the pair whose second is lowest (then its first), so that both engines, which
   * code values differently, name the same pair; -1 when values are unique. Writes come
   * sorted by (key, value, transaction): the two lowest writers of a value lead its run.
   * O(writes).
   */
  private static long repeatedValue(Input in) {
    int[] key = in.writeKey();
    int[] value = in.writeValue();
    int[] txn = in.writeTxn();
    long best = -1;
    for (int i = 1; i < key.length; i++) {
      boolean runStart = i == 1 || key[i - 2] != key[i] || value[i - 2] != value[i];
      if (runStart && key[i] == key[i - 1] && value[i] == value[i - 1]) {
        long pair = ((long) txn[i] << 32) | txn[i - 1];
        if (best < 0 || pair < best) {
          best = pair;
        }
      }
    }
    return best;
  }

  /**
   * The answer of the per-transaction scan when the first transaction it looks at (the first
   * not aborted) reads, and reads or writes more than two, and no value repeats: that
   * transaction is then the first that breaks a rule, named without the scan's per-key tables
   * (a general history's usual case: 0.35 s of one thread at 1M transactions). Else null.
   * O(writes).
   */
  private static String firstTooLarge(Input in, IntFunction<String> name) {
    int n = in.outcome().length;
    int t = 0;
    while (t < n && in.outcome()[t] == ABORTED) {
      t++;
    }
    if (t == n || reads(in, t) == 0) {
      return null;
    }
    int writes = in.overwrittenWrites()[t];
    for (int w : in.writeTxn()) {
      writes += w == t ? 1 : 0;
    }
    if (reads(in, t) <= 2 && writes <= 2 || repeatedValue(in) >= 0) {
      return null;
    }
    return "transaction " + name.apply(t) + " " + tooLarge(reads(in, t), writes) + NOT_MINI;
  }

  /** The problem of a transaction with more than two reads, or else more than two writes. */
  private static String tooLarge(int reads, int writes) {
    return reads > 2 ? "has " + reads + " reads" : "has " + writes + " writes";
  }

  /**
   * Why read lists or predicate reads make the history general, or null: decided from two
   * counts, before the per-transaction scan (O(transactions + writes)) that they make useless.
   */
  private static String generalReads(Input in) {
    if (in.listReads() > 0) {
      return "the history has list-append reads (Elle): not a mini-transaction history";
    }
    if (in.predicateReads() > 0) {
      return "the history has predicate reads: not a mini-transaction history";
    }
    return null;
  }

  private static int reads(Input in, int t) {
    return in.readStart()[t + 1] - in.readStart()[t] + in.internalReads()[t];
  }

  /** Why a mini-transaction history is not a lightweight-transaction history, or null. */
  private static String notLightweight(Input in, IntFunction<String> name) {
    int n = in.outcome().length;
    int[] writes = new int[n];
    for (int t : in.writeTxn()) {
      writes[t]++;
    }
    int previous = -1;
    for (int t = 0; t < n; t++) {
      if (in.outcome()[t] == ABORTED) {
        continue;
      }
      int reads = reads(in, t);
      int w = writes[t] + in.overwrittenWrites()[t];
      String problem = null;
      if (reads > 1 || w > 1) {
        problem = "has " + (reads > 1 ? reads + " reads" : w + " writes")
            + ": not a lightweight transaction (one read and one write of one key, or one of them)";
      } else if (in.start()[t] == History.NO_TIME || in.end()[t] == History.NO_TIME) {
        problem = "has no client timestamps: real time is not known";
      } else if (previous >= 0 && in.session()[previous] == in.session()[t]
          && in.end()[previous] >= in.start()[t]) {
        problem = "starts before " + name.apply(previous) + ", the one before it in its session, "
            + "ends: session order is not real-time order";
      }
      if (problem != null) {
        return "transaction " + name.apply(t) + " " + problem;
      }
      previous = t;
    }
    return null;
  }
}
