/**
 * The validation rules of a history, written once: pure functions over primitive blocks
 * (one row's fields: {@link io.isoverify.history.validation.RowRules}; one transaction's
 * places and operations: {@link io.isoverify.history.validation.TransactionFields},
 * {@link io.isoverify.history.validation.OperationPositions}; the transactions in session
 * order: {@link io.isoverify.history.validation.SequenceRules}) that return a problem in the
 * user's words, or null. {@link io.isoverify.history.HistoryBuilder} and the readers in
 * process, and the Spark stages on the executors and the driver, all call these, so every
 * message exists once. Where a problem is placed (file, row or transaction) is the caller's.
 */
package io.isoverify.history.validation;
