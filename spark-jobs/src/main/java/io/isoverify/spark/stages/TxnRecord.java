package io.isoverify.spark.stages;

import java.io.Serializable;

/**
 * One transaction as the grouping stage sees it (one record per transaction, on the
 * executors): its fields from its first row, its operation count, and the problems found
 * among its rows, each in ParquetHistoryReader's words. Never collected whole: the driver
 * takes only the first problem, and per-transaction columns as primitive arrays.
 */
final class TxnRecord implements Serializable {
  private static final long serialVersionUID = 1L;

  long txn;
  /** The session id as stored: a Long or a String. */
  Object session;
  int pos;
  byte outcome;
  long start;
  long end;
  int opCount;
  int fileIndex;
  long firstRow;
  /** A disagreement inside one stretch of adjacent rows, found while reading; row, or -1. */
  long readingErrorRow = -1;
  String readingError;
  /** A disagreement between stretches of rows, found when the history is built; or null. */
  String groupError;
  long groupErrorRow = -1;
  /** A gap or repeat in the operation positions; or null. */
  String opError;
  /** Dense id, once the transactions are ordered by (session, position). */
  int dense = -1;
  int sessionCode = -1;
}
