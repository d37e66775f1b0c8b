package io.isoverify.history.check;

/**
 * Two transactions wrote the same value to the same key (dense ids). Until the
 * duplicate-value mode exists (veristrong), such a history is refused rather than checked:
 * a read of that value could have come from either writer.
 */
public record DuplicateWrite(int key, int value, int firstTxn, int secondTxn) {
  /** The refusal in words, given the names of the key, the value and the two writers. */
  public String reason(String keyName, String valueName, String firstName, String secondName) {
    return "key " + keyName + " has the value " + valueName + " written by both " + firstName
        + " and " + secondName + ": histories with duplicate written values are not supported yet";
  }
}
