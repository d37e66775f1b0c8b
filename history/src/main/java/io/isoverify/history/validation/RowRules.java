package io.isoverify.history.validation;

import static io.isoverify.history.validation.RowFields.KEY;
import static io.isoverify.history.validation.RowFields.KIND;
import static io.isoverify.history.validation.RowFields.NAMES;
import static io.isoverify.history.validation.RowFields.NOT_A_CODE;
import static io.isoverify.history.validation.RowFields.NO_LIST;
import static io.isoverify.history.validation.RowFields.NULL_ELEMENT;
import static io.isoverify.history.validation.RowFields.OP_POS;
import static io.isoverify.history.validation.RowFields.OUTCOME;
import static io.isoverify.history.validation.RowFields.PRED_FIELD;
import static io.isoverify.history.validation.RowFields.PRED_MATCHED;
import static io.isoverify.history.validation.RowFields.SESSION;
import static io.isoverify.history.validation.RowFields.TXN;
import static io.isoverify.history.validation.RowFields.TXN_POS;
import static io.isoverify.history.validation.RowFields.VALUE;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The rules on one operation row alone, as pure functions returning the row's first
 * problem (null when it has none), in the words of history/README.md. Two layers:
 * <ul>
 *   <li>{@link #columnProblem}: what the canonical Parquet form asks of a row's columns
 *       (required columns set, positions in 32 bits, known kind and outcome codes, what
 *       predicate reads and list reads carry), checked column by column in schema order;
 *   <li>{@link #operationProblem}: what every format asks of an operation (positions not
 *       negative, a value on every write, a key on every operation but a predicate read),
 *       checked by {@code HistoryBuilder.add} for every reader.
 * </ul>
 * The in-process Parquet reader runs the first, then the builder the second; the Spark
 * stages run both through {@link #problem}. Pure and static: safe on Spark executors.
 */
public final class RowRules {
  private static final String KIND_CODES = Stream.of(OpKind.values()).map(OpKind::code)
      .collect(Collectors.joining(", "));
  private static final String OUTCOME_CODES = Stream.of(Outcome.values()).map(Outcome::code)
      .collect(Collectors.joining(", "));
  private static final int PR = OpKind.PREDICATE_READ.ordinal();
  private static final int READ = OpKind.READ.ordinal();

  private RowRules() {}

  /** The row's first problem of either layer, or null. */
  public static String problem(RowFields r) {
    String p = columnProblem(r);
    if (p != null) {
      return p;
    }
    return operationProblem(r.number(TXN), (int) r.number(TXN_POS), (int) r.number(OP_POS),
        OpKind.ofOrdinal(r.kind()), r.has(KEY), r.has(VALUE));
  }

  /**
   * The problem of a row's {@code row_fields} (vbox: the fields a write sets, as field, value
   * pairs), or null: only writes carry them, and they come in pairs of integers.
   *
   * @param elements how many integers the list holds, or a negative number when one of them
   *     is null
   */
  public static String rowFieldsProblem(OpKind kind, int elements) {
    if (!kind.installsVersion()) {
      return "row_fields is only for writes (w, ins, del, app), not " + kind.code();
    }
    return elements >= 0 && elements % 2 == 0 ? null
        : "row_fields must hold field, value pairs of integers, not "
            + (elements < 0 ? "a null element" : elements + " elements");
  }

  /** The first problem of the row's columns, or null. */
  public static String columnProblem(RowFields r) {
    if (!r.has(SESSION)) {
      return required(SESSION);
    }
    for (int c = TXN; c <= OP_POS; c++) {
      if (!r.has(c)) {
        return required(c);
      }
      if (c != TXN && notInt(r, c)) {
        return beyond32Bits(r, c);
      }
    }
    String p = code(r, KIND, r.kind(), KIND_CODES);
    if (p == null) {
      p = code(r, OUTCOME, r.outcome(), OUTCOME_CODES);
    }
    if (p != null) {
      return p;
    }
    boolean pr = r.kind() == PR;
    if (pr && r.has(KEY)) {
      return predicateReadHas(r, KEY);
    }
    if (pr && r.has(VALUE)) {
      return predicateReadHas(r, VALUE);
    }
    p = readListProblem(r);
    return p != null ? p : predicateProblem(r, pr);
  }

  private static String predicateReadHas(RowFields r, int column) {
    return "a predicate read (pr) has no " + NAMES[column] + ", but " + NAMES[column] + " is "
        + r.show(column);
  }

  /**
   * The first problem of an operation (any format), or null.
   *
   * @param hasKey whether the operation names a key
   * @param hasValue whether it carries a value (a read of the initial state has none)
   */
  public static String operationProblem(long txn, int txnPos, int opPos, OpKind kind,
      boolean hasKey, boolean hasValue) {
    // Called for every operation in process: the messages are built apart, so that the
    // checks stay small enough to be compiled into the caller.
    if (opPos < 0) {
      return negative("operation position", opPos);
    }
    if (txnPos < 0) {
      return negative("transaction position", txnPos);
    }
    if (kind.installsVersion() && !hasValue) {
      return noValue(kind, txn);
    }
    if (kind != OpKind.PREDICATE_READ && !hasKey) {
      return noKey(txn);
    }
    return null;
  }

  private static String negative(String what, int position) {
    return what + " " + position + " is negative";
  }

  private static String noValue(OpKind kind, long txn) {
    return "a " + kind.code() + " operation of transaction " + txn + " has no value";
  }

  private static String noKey(long txn) {
    return "operation of transaction " + txn + " has no key";
  }

  /** A list read returns the whole list, without nulls, its last element being the value. */
  private static String readListProblem(RowFields r) {
    if (r.listLength() == NO_LIST) {
      return null;
    }
    if (r.listLength() == NULL_ELEMENT) {
      return "read_list has a null element";
    }
    if (r.kind() != READ) {
      return "read_list is only for reads (r), not " + OpKind.ofOrdinal(r.kind()).code();
    }
    return r.listEndsWithValue() ? null : "value " + r.showListValue(false)
        + " differs from the last element of read_list (" + r.showListValue(true) + ")";
  }

  /** A predicate read has all four pred_ columns, and no other row has any. */
  private static String predicateProblem(RowFields r, boolean pr) {
    for (int c = PRED_FIELD; c <= PRED_MATCHED; c++) {
      if (r.has(c) != pr) {
        return pr ? "a predicate read (pr) needs pred_field, pred_low, pred_high and "
            + "pred_matched, but " + NAMES[c] + " is null"
            : NAMES[c] + " is set, but the pred_ columns are only for predicate reads (pr)";
      }
    }
    return pr && notInt(r, PRED_MATCHED) ? beyond32Bits(r, PRED_MATCHED) : null;
  }

  private static String code(RowFields r, int column, int ordinal, String codes) {
    if (!r.has(column)) {
      return required(column);
    }
    return ordinal == NOT_A_CODE ? notACode(r, column, codes) : null;
  }

  private static String notACode(RowFields r, int column, String codes) {
    return NAMES[column] + " " + r.show(column) + " is not one of " + codes;
  }

  private static String required(int column) {
    return NAMES[column] + " is null, but the column is required";
  }

  private static boolean notInt(RowFields r, int column) {
    return r.number(column) != (int) r.number(column);
  }

  private static String beyond32Bits(RowFields r, int column) {
    return NAMES[column] + " " + r.number(column) + " does not fit in 32 bits";
  }
}
