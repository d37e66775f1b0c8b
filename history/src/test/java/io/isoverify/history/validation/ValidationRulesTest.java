package io.isoverify.history.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import org.junit.jupiter.api.Test;

/**
 * The rules on their own, on primitive inputs as the engines hand them over: what each
 * returns when nothing is wrong, and the cases the engines' file-based tests reach least
 * (string values in the read_list message, a predicate read's match count beyond 32 bits,
 * a place named by the caller).
 */
class ValidationRulesTest {
  /** A row whose messages show strings quoted and list values as given. */
  private static final class Fields extends RowFields {
    final boolean[] present = new boolean[NAMES.length];
    final long[] numbers = new long[NAMES.length];
    String value = "a";
    String last = "b";

    Fields() {
      for (int c : new int[] {SESSION, TXN, TXN_POS, OP_POS, KIND, KEY, VALUE, OUTCOME}) {
        present[c] = true;
      }
      numbers[TXN] = 7;
      setKind(OpKind.READ.ordinal());
      setOutcome(Outcome.COMMITTED.ordinal());
      setReadList(NO_LIST, false);
    }

    void set(int column, long number) {
      present[column] = true;
      numbers[column] = number;
    }

    @Override
    public boolean has(int column) {
      return present[column];
    }

    @Override
    public long number(int column) {
      return numbers[column];
    }

    @Override
    protected String show(int column) {
      return quoted(NAMES[column] + "!");
    }

    @Override
    protected String showListValue(boolean end) {
      return end ? last : value;
    }
  }

  @Test
  void aWellFormedRowHasNoProblem() {
    assertNull(RowRules.problem(new Fields()));
  }

  @Test
  void rowRulesInSchemaOrder() {
    Fields f = new Fields();
    f.setKind(RowFields.NOT_A_CODE);
    f.present[RowFields.TXN] = false;
    assertEquals("txn is null, but the column is required", RowRules.problem(f));
    f.set(RowFields.TXN, 7);
    assertEquals("kind \"kind!\" is not one of r, w, pr, ins, del, app", RowRules.problem(f));
  }

  @Test
  void theReadListMessageShowsTheValuesAsTheReaderGivesThem() {
    Fields f = new Fields();
    f.setReadList(2, false);
    assertEquals("value a differs from the last element of read_list (b)", RowRules.problem(f));
  }

  @Test
  void aPredicateReadsMatchCountFitsIn32Bits() {
    Fields f = new Fields();
    f.setKind(OpKind.PREDICATE_READ.ordinal());
    f.present[RowFields.KEY] = false;
    f.present[RowFields.VALUE] = false;
    for (int c = RowFields.PRED_FIELD; c <= RowFields.PRED_MATCHED; c++) {
      f.set(c, 1);
    }
    assertNull(RowRules.problem(f));
    f.set(RowFields.PRED_MATCHED, 1L << 32);
    assertEquals("pred_matched 4294967296 does not fit in 32 bits", RowRules.problem(f));
  }

  @Test
  void operationRules() {
    assertNull(RowRules.operationProblem(3, 0, 0, OpKind.READ, true, false));
    assertEquals("a app operation of transaction 3 has no value",
        RowRules.operationProblem(3, 0, 0, OpKind.APPEND, true, false));
  }

  @Test
  void placesOfATransactionAgreeOnItsFields() {
    TransactionFields t = new TransactionFields(1);
    t.set(0, 0, 4, (byte) 0, 10, 20);
    t.set(1, 0, 4, (byte) 0, 10, 20);
    t.set(2, 0, 4, (byte) 0, History.NO_TIME, History.NO_TIME);
    assertNull(t.disagreement(9, 1, 0, s -> "s" + s, i -> "run " + i));
    assertEquals("the operations of transaction 9 disagree on the timestamps: [none, none] "
        + "here but [10, 20] at run 0", t.disagreement(9, 2, 0, s -> "s" + s, i -> "run " + i));
  }

  @Test
  void operationPositionsAreExactlyZeroToKMinusOne() {
    OperationPositions p = new OperationPositions(place -> "op " + place);
    p.start(2);
    assertNull(p.place(1, 10));
    assertNull(p.place(0, 11));
    assertEquals(11, p.at(0));
    p.start(2);
    assertNull(p.place(0, 10));
    assertEquals("operation position 0 is repeated, at op 10 and op 11", p.place(0, 11));
  }

  @Test
  void sequenceRules() {
    long[] txn = {5, 6};
    int[] session = {0, 0};
    int[] pos = {0, 1};
    long[] start = {1, 3};
    long[] end = {2, 4};
    assertNull(SequenceRules.problem(1, txn, session, pos, start, end, s -> "s" + s));
    assertEquals("the history is empty: it has no operations", SequenceRules.countProblem(0));
    assertNull(SequenceRules.countProblem(1));
  }
}
