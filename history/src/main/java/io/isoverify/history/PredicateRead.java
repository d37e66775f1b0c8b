package io.isoverify.history;

/**
 * A predicate read (vbox): the transaction read every key whose {@code field} lies in
 * [low, high]. The keys and values it returned follow it in the same transaction as
 * ordinary {@link OpKind#READ} operations, {@code matched} of them.
 */
public record PredicateRead(long field, long low, long high, int matched) {}
