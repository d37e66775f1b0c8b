package io.isoverify.history;

/**
 * The kind of one operation. The code is what the Parquet {@code kind} column and the
 * JSON Lines form carry; the ordinal is what {@link History#opKind} stores.
 */
public enum OpKind {
  /** Reads one key; the value is what was read, or none for the key's initial state. */
  READ("r"),
  /** Writes one value to one key. */
  WRITE("w"),
  /**
   * Reads every row whose field lies in a range (vbox; {@link PredicateRead}); the operations
   * after it name the rows it returned. Checked by the predicate observations (vbox 4.1).
   */
  PREDICATE_READ("pr"),
  /** Creates a key (kept in the model; checked as a write). */
  INSERT("ins"),
  /** Removes a key (kept in the model; checked as a write of a tombstone). */
  DELETE("del"),
  /** Appends one element to a key's list (Elle list-append); checked as a write. */
  APPEND("app");

  private final String code;

  OpKind(String code) {
    this.code = code;
  }

  /** The short code used on disk. */
  public String code() {
    return code;
  }

  /** True for the kinds that install a new version of their key. */
  public boolean installsVersion() {
    return this == WRITE || this == INSERT || this == DELETE || this == APPEND;
  }

  private static final OpKind[] VALUES = values();

  public static OpKind ofOrdinal(int ordinal) {
    return VALUES[ordinal];
  }

  /** The kind with this code, or null when no kind has it. */
  public static OpKind ofCode(String code) {
    for (OpKind k : VALUES) {
      if (k.code.equals(code)) {
        return k;
      }
    }
    return null;
  }
}
