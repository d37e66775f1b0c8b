package io.isoverify.spark.stages;

import org.apache.spark.util.AccumulatorV2;

/**
 * The earliest row problem seen by any task: an accumulator, so the row checks run in the
 * same pass that groups rows by transaction. Keeping the minimum is idempotent, so a task
 * that runs twice (a retry, a lost executor) cannot change the answer.
 */
final class FirstProblem extends AccumulatorV2<HistoryStage.Located, HistoryStage.Located> {
  private static final long serialVersionUID = 1L;

  private HistoryStage.Located first;

  @Override
  public boolean isZero() {
    return first == null;
  }

  @Override
  public AccumulatorV2<HistoryStage.Located, HistoryStage.Located> copy() {
    FirstProblem c = new FirstProblem();
    c.first = first;
    return c;
  }

  @Override
  public void reset() {
    first = null;
  }

  @Override
  public void add(HistoryStage.Located v) {
    if (v != null && (first == null || HistoryStage.Located.ORDER.compare(v, first) < 0)) {
      first = v;
    }
  }

  @Override
  public void merge(AccumulatorV2<HistoryStage.Located, HistoryStage.Located> other) {
    add(other.value());
  }

  @Override
  public HistoryStage.Located value() {
    return first;
  }
}
