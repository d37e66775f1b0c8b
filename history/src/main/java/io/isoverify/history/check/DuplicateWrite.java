package io.isoverify.history.check;

/**
 * Two transactions put the same value on the same key, at least one of them by appending it
 * (dense ids). Elle's list-append inference (Kingsbury and Alvaro, VLDB 2020, 4.2) reads a
 * list's order and its appenders off unique elements, so such a history is refused rather
 * than checked. Repeated values of plain writes are no reason to refuse: a read of one has
 * several candidate writers (veristrong section 3), which the checks decide between.
 */
public record DuplicateWrite(int key, int value, int firstTxn, int secondTxn) {
  /** The refusal in words, given the names of the key, the value and the two writers. */
  public String reason(String keyName, String valueName, String firstName, String secondName) {
    return "key " + keyName + " has the element " + valueName + " put by both " + firstName
        + " and " + secondName + ", at least once by an append: list-append histories need "
        + "unique appended elements, so the history is not checked";
  }
}
