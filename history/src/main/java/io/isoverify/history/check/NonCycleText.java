package io.isoverify.history.check;

import io.isoverify.history.History;
import java.util.function.IntFunction;

/**
 * The words of the non-cycle checks, written once for every engine: the one-line summary of
 * a finding (mtc Table I: what the read saw and why no level allows it) and the refusal of a
 * history with a duplicate write. Names come from a {@link Names}: in-process from the
 * History, on Spark from the values the executor holds, later from a report's excerpt.
 * O(length of the sentence).
 */
public final class NonCycleText {
  private NonCycleText() {}

  /** How transactions, keys and values are named, by the codes the finding carries. */
  public interface Names {
    String txn(int t);

    String key(int key);

    /** The value's name; History.INITIAL is the initial state, "init". */
    String value(int value);

    /** Names from three functions. */
    static Names of(IntFunction<String> txn, IntFunction<String> key, IntFunction<String> value) {
      return new Functions(txn, key, value);
    }

    /** These names for a finding whose values are local: local value v is code valueCode[v]. */
    default Names local(int[] valueCode) {
      return of(this::txn, this::key, v -> value(v < 0 ? v : valueCode[v]));
    }
  }

  /** Names given as three functions. */
  private record Functions(IntFunction<String> txns, IntFunction<String> keys,
      IntFunction<String> values) implements Names {
    @Override
    public String txn(int t) {
      return txns.apply(t);
    }

    @Override
    public String key(int key) {
      return keys.apply(key);
    }

    @Override
    public String value(int value) {
      return values.apply(value);
    }
  }

  /** The names a History gives (showTxn, showKey, showValue). */
  public static Names names(History h) {
    return Names.of(h::showTxn, h::showKey, h::showValue);
  }

  /** The finding in one sentence, e.g. "T1 read x = 3, a value no transaction wrote". */
  public static String summary(NonCycleFinding f, Names n) {
    String t = n.txn(f.readTxn());
    String key = n.key(f.key());
    String value = n.value(f.value());
    String read = t + " read " + key + " = " + value;
    return switch (f.anomaly()) {
      case THIN_AIR_READ -> read + ", a value no transaction wrote";
      case FUTURE_READ -> read + " before writing that value itself";
      case ABORTED_READ -> read + ", written by " + n.txn(f.txns()[1]) + ", which aborted";
      case INTERMEDIATE_READ -> read + ", which " + n.txn(f.txns()[1])
          + " wrote and then overwrote with " + n.value(f.otherValue());
      case NON_REPEATABLE_READ -> t + " read " + key + " twice and saw "
          + n.value(f.otherValue()) + " then " + value;
      case NOT_MY_LAST_WRITE -> t + " wrote " + key + " = " + value + ", then "
          + n.value(f.otherValue()) + ", but read " + value;
      case NOT_MY_OWN_WRITE -> t + " wrote " + key + " = " + n.value(f.otherValue())
          + " but then read " + value
          + (f.txns().length == 2 ? ", written by " + n.txn(f.txns()[1]) : "");
      default -> throw new IllegalArgumentException("not a non-cycle anomaly: " + f.anomaly());
    };
  }

  /** Why a history with a duplicate write is not checked (the verdict's reason). */
  public static String duplicateRefusal(DuplicateWrite d, Names n) {
    return "key " + n.key(d.key()) + " has the value " + n.value(d.value()) + " written by both "
        + n.txn(d.firstTxn()) + " and " + n.txn(d.secondTxn())
        + ": histories with duplicate written values are not supported yet";
  }
}
