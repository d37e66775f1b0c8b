/**
 * Readers for the history formats of the peer checkers, each converting into
 * {@link io.isoverify.history.History} through {@link io.isoverify.history.HistoryBuilder} so
 * that validation and its messages are shared, and {@link
 * io.isoverify.history.formats.HistoryFormat}, which names, detects and reads every format.
 *
 * <table>
 *   <caption>Formats, their value identity and initial state</caption>
 *   <tr><th>format</th><th>reader</th><th>value code of a write</th><th>initial state</th></tr>
 *   <tr><td>cobra</td><td>{@link io.isoverify.history.formats.CobraLogReader}</td>
 *       <td>writeId (value hash when ids are 0xabddefee)</td><td>writer 0xbebeebee or
 *       0xdeadbeef</td></tr>
 *   <tr><td>dbcop</td><td>{@link io.isoverify.history.formats.DbcopBincodeReader}</td>
 *       <td>the value</td><td>a read of 0</td></tr>
 *   <tr><td>text</td><td>{@link io.isoverify.history.formats.TextOpsReader}</td>
 *       <td>the value</td><td>a read of 0 of a key nothing writes 0 to</td></tr>
 *   <tr><td>elle</td><td>{@link io.isoverify.history.formats.ElleEdnReader}</td>
 *       <td>the appended element</td><td>an empty or nil read</td></tr>
 *   <tr><td>vbox</td><td>{@link io.isoverify.history.formats.VboxLogReader}</td>
 *       <td>writer (tid, oid)</td><td>a read from (0, 0)</td></tr>
 * </table>
 *
 * <p>Every malformed input is an {@link io.isoverify.history.InvalidHistoryException} naming
 * the file (the log inside a folder), the byte offset or line, and the problem.
 */
package io.isoverify.history.formats;
