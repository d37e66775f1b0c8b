package io.isoverify.history.explain;

import io.isoverify.history.anomaly.Edge;

/**
 * One edge of an explained cycle with the operations that show it, re-derived from the raw
 * history: for WR the write and the read of the value, for WW the two writes of the key, for
 * RW the read and the overwriting write; -1 where there is none (SO, RT, the virtual initial
 * transaction's side). The edge carries the key and value found in the history.
 */
public record Step(Edge edge, int fromOp, int toOp) {}
