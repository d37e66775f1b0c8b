package io.isoverify.history;

/**
 * A predicate read (vbox): the transaction read every key whose {@code field} lies in
 * [low, high] (a row's fields: {@link WrittenFields}). The {@code matched} operations that
 * follow it in the same transaction name the rows it returned: ordinary {@link OpKind#READ}
 * operations with the values read, or, for a predicate update (vbox's θ-write), the
 * statement's writes of those rows (the versions it evaluated are then not named).
 */
public record PredicateRead(long field, long low, long high, int matched) {}
