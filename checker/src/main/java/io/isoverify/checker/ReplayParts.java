package io.isoverify.checker;

import io.isoverify.history.History;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * A replay's positions cut into consecutive parts checked on parallel threads: each part
 * reports its first problem, and the replay's is the first part's that has one, so the
 * message does not depend on how many parts there are. A part must be checkable on its own
 * (it rebuilds whatever state the positions before it leave, or reads state built before).
 * Parts are as many as the processors, at most one per {@link #OPERATIONS_PER_PART} of the
 * history's operations (a part's work is its transactions' operations: BlindW-Pred's
 * 100k transactions hold 11.6 M, as many as 1M transactions of the general workload).
 */
final class ReplayParts {
  /** Below this many operations per part, one thread checks them all. */
  static final int OPERATIONS_PER_PART = 1 << 21;

  /** Checks positions {@code from .. to-1}: the first problem, or null. */
  @FunctionalInterface
  interface Part {
    String check(int from, int to);
  }

  private ReplayParts() {
  }

  /** How many parts the positions of a witness of {@code h} are checked in. */
  static int count(History h) {
    return count(h.opCount(), OPERATIONS_PER_PART);
  }

  /** How many parts {@code work} units are checked in, at least {@code perPart} per part. */
  static int count(long work, long perPart) {
    return (int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(),
        work / perPart));
  }

  /** The first problem of positions 0..n-1 checked in {@code parts} parts, or null. */
  static String firstProblem(int n, int parts, Part part) {
    if (parts <= 1) {
      return part.check(0, n);
    }
    String[] found = new String[parts];
    IntStream.range(0, parts).parallel()
        .forEach(p -> found[p] = part.check(bound(n, parts, p), bound(n, parts, p + 1)));
    for (String f : found) {
      if (f != null) {
        return f;
      }
    }
    return null;
  }

  private static int bound(int n, int parts, int p) {
    return (int) ((long) n * p / parts);
  }

  /**
   * Starts building {@code what} on another thread of the common pool when the replay runs in
   * parts, else builds it here: join the task for the result.
   */
  static <T> ForkJoinTask<T> meanwhile(int parts, Supplier<T> what) {
    ForkJoinTask<T> task = ForkJoinTask.adapt(what::get);
    if (parts > 1) {
      return ForkJoinPool.commonPool().submit(task);
    }
    task.invoke();
    return task;
  }
}
