package io.isoverify.engine;

import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.PredicateObservations;
import java.util.Collection;
import java.util.function.Supplier;

/**
 * A history's predicate reads (vbox) as both engines check them: how many there are, and
 * what they say about the versions their transactions saw (history's {@link
 * PredicateObservations}), for every level and for SSER, whose real-time order rules some
 * candidates out (vbox 4.4). The in-process engine computes them on its History ({@link
 * #of}), each kind on first use (a run of SSER alone never makes the plain ones); the Spark
 * engine on the part of the history they need, renumbered into its ids. O(1) per question
 * once made.
 */
public final class PredicateReads {
  /** A history without predicate reads. */
  public static final PredicateReads NONE =
      new PredicateReads(0, PredicateObservations.NONE, PredicateObservations.NONE);

  private final long count;
  private final Supplier<PredicateObservations> plain;
  private final Supplier<PredicateObservations> realTime;

  /**
   * @param count the predicate reads (operations of kind pr)
   * @param plain the observations of SER and SI ({@link PredicateObservations#NONE} when none)
   * @param realTime SSER's; the same object as {@code plain} when no transaction has timestamps
   */
  public PredicateReads(long count, PredicateObservations plain, PredicateObservations realTime) {
    this(count, () -> plain, () -> realTime);
  }

  private PredicateReads(long count, Supplier<PredicateObservations> plain,
      Supplier<PredicateObservations> realTime) {
    this.count = count;
    this.plain = plain;
    this.realTime = realTime;
  }

  /** The predicate reads of a history held in memory (each kind made when first asked). */
  public static PredicateReads of(History h) {
    return h.predicates().isEmpty() ? NONE : new PredicateReads(h.predicates().size(),
        () -> PredicateObservations.of(h), () -> PredicateObservations.realTime(h));
  }

  /**
   * Whether a run of {@code levels} needs the plain observations (SER or SI asked, or no
   * level named); a run of SSER alone never makes them: they stop at the candidate cap on
   * histories SSER's real time makes small.
   */
  public static boolean plainNeeded(Collection<Level> levels) {
    return levels.contains(Level.SER) || levels.contains(Level.SI) || levels.isEmpty();
  }

  /**
   * The observations whose mismatched rows join the non-cycle findings of a run of
   * {@code levels}: the plain ones when {@link #plainNeeded}, else SSER's (the rows no version
   * matches are the same; only which versions a read may have seen differs).
   */
  public PredicateObservations forFindings(Collection<Level> levels) {
    return plainNeeded(levels) ? plain() : realTime();
  }

  /** The predicate reads (operations of kind pr). */
  public long count() {
    return count;
  }

  /** The observations of SER and SI. */
  public PredicateObservations plain() {
    return plain.get();
  }

  /** SSER's observations. */
  public PredicateObservations realTime() {
    return realTime.get();
  }

  /** The observations {@code level}'s graph uses. */
  public PredicateObservations at(Level level) {
    return level == Level.SSER ? realTime() : plain();
  }

  /** What {@code level}'s check leaves unchecked of them. */
  public UncheckedInformation unchecked(Level level) {
    return UncheckedInformation.of(count, at(level));
  }

  /**
   * The input of {@code level}'s graph from one built with either kind of observations:
   * {@code in} itself when it holds {@code level}'s.
   */
  public PolygraphInput forLevel(PolygraphInput in, Level level) {
    return in.withPredicateObservations(at(level));
  }

  /**
   * Why a level is UNKNOWN when the checker rejects the certificate of a violation found in a
   * history whose predicate reads test a field that some versions inherit (their writers did
   * not set it): the graph orders such a field as a key of its own, and a cycle through it
   * can contradict the key's order as the checker reads it.
   */
  public static String uncertified(String problem) {
    return "a violation was found through a predicate read of a field that some versions "
        + "inherit from the one before (their writers did not set it), but its certificate "
        + "cannot be re-checked yet (" + problem + ")";
  }
}
