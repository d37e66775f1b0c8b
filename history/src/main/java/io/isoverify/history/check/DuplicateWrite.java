package io.isoverify.history.check;

/**
 * Two transactions wrote the same value to the same key (dense ids). Until the
 * duplicate-value mode exists (veristrong), such a history is refused rather than checked:
 * a read of that value could have come from either writer.
 */
public record DuplicateWrite(int key, int value, int firstTxn, int secondTxn) {}
