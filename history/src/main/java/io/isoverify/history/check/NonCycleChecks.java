package io.isoverify.history.check;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The anomalies found straight from a History held in memory, without any search (mtc
 * Table I, Figure 5(a)-(g)): ThinAirRead, AbortedRead (G1a), IntermediateRead (G1b),
 * FutureRead, NotMyOwnWrite, NotMyLastWrite, NonRepeatableReads, and in list-append reads
 * (Elle) IncompatibleOrder and DuplicateElements ({@link ListOrders}, the list rules both
 * engines run). Each one violates SER, SI and SSER alike.
 *
 * <p>The in-process driver of the per-key rules the Spark engine runs too: the operations
 * grouped by key ({@link KeyGroups}), {@link KeyRules} per key on parallel threads over parts
 * of the keys, the results folded into one {@link NonCycleTally} per part with the History's
 * names, then {@link NonCycleReduce} (only the
 * reads of transactions that may have committed count: committed ones, and those with an
 * unknown outcome that a counted transaction read from). O(operations + keys + values).
 */
public final class NonCycleChecks {
  /** How many certificates of each anomaly {@link #check(History)} keeps. */
  public static final int DEFAULT_EXAMPLES = 1000;

  private NonCycleChecks() {}

  /** The first {@link #DEFAULT_EXAMPLES} certificates of each anomaly. */
  public static List<Certificate> check(History h) {
    return findings(h, DEFAULT_EXAMPLES).examples();
  }

  /** Everything the checks find, keeping {@code examplesPerKind} certificates of each kind. */
  public static NonCycleFindings findings(History h, int examplesPerKind) {
    return findings(h, examplesPerKind, grouping -> ListOrders.of(h, examplesPerKind, grouping),
        () -> null, (none, key, rules, code) -> { }, states -> { });
  }

  /**
   * The same with the read lists' orders and findings from {@code lists} (asked only when no
   * duplicate write refuses the history, and built keeping {@code examplesPerKind}
   * certificates of each kind): a caller that needs the orders again, for the polygraph
   * ({@code PolygraphInput}), computes them once.
   */
  public static NonCycleFindings findings(History h, int examplesPerKind,
      Supplier<ListOrders> lists) {
    return findings(h, examplesPerKind, lists, KeyGroups.defaultParts(h));
  }

  /** The same with the keys cut into {@code parts} parts (the result does not depend on it). */
  static NonCycleFindings findings(History h, int examplesPerKind, Supplier<ListOrders> lists,
      int partCount) {
    return findings(h, examplesPerKind, grouping -> lists.get(), partCount, () -> null,
        (none, key, rules, code) -> { }, states -> { });
  }

  /**
   * The same, the per-key rules' results of each key also handed to {@code also} (with the
   * state {@code newAlso} made for its part of the keys), whose states {@code alsoStates}
   * receives in key order before the read lists are checked: a caller that needs the rules'
   * results again (the polygraph's input, graph-partitioning's {@code KeyedOperations}) gets
   * them from this one grouping of the operations and run of the rules. The read lists'
   * orders come from {@code lists} given that grouping ({@link ListOrders#of(History, int,
   * KeyGroups.Grouping)} visits its list keys instead of grouping them again).
   */
  public static <T> NonCycleFindings findings(History h, int examplesPerKind,
      Function<KeyGroups.Grouping, ListOrders> lists, Supplier<T> newAlso,
      KeyGroups.RulesVisitor<T> also, Consumer<List<T>> alsoStates) {
    return findings(h, examplesPerKind, lists, KeyGroups.defaultParts(h), newAlso, also,
        alsoStates);
  }

  private static <T> NonCycleFindings findings(History h, int examplesPerKind,
      Function<KeyGroups.Grouping, ListOrders> lists, int partCount, Supplier<T> newAlso,
      KeyGroups.RulesVisitor<T> also, Consumer<List<T>> alsoStates) {
    KeyGroups.Grouping grouping = KeyGroups.group(h, partCount);
    List<Both<T>> parts = KeyGroups.forEachInParts(h, grouping,
        () -> new Both<>(new NonCycleTally(examplesPerKind), newAlso.get()),
        (both, key, rules, valueCode) -> {
          both.tally.add(rules, key, valueCode);
          also.key(both.also, key, rules, valueCode);
        });
    List<NonCycleTally> tallies = new ArrayList<>(parts.size());
    List<T> alsoParts = new ArrayList<>(parts.size());
    for (Both<T> b : parts) {
      tallies.add(b.tally);
      alsoParts.add(b.also);
    }
    alsoStates.accept(alsoParts);
    NonCycleFindings found =
        NonCycleReduce.reduce(tallies, null, KeyGroups.outcomes(h), examplesPerKind);
    return found.duplicate() != null ? found
        : lists.apply(grouping).addedTo(found, examplesPerKind);
  }

  /** A part's tally and the caller's state for the same keys. */
  private record Both<T>(NonCycleTally tally, T also) {}
}
