package io.isoverify.datasets.sim;

import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.check.Level;
import io.isoverify.history.io.HistoryBuilderSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Small random histories for differential tests against a brute-force oracle. A seed fixes
 * the shape (sessions, transactions, operations per transaction, keys, read ratio, key
 * skew) and the run. {@link #valid} executes the general workload in the
 * {@link SimulatedDatabase} under the level, so the history satisfies it; {@link #candidate}
 * then changes one thing, which usually (not always: the oracle decides) breaks the level:
 * a read returns another write of its key, or the initial state, or two adjacent
 * transactions of a session trade places.
 */
public final class RandomHistories {
  /**
   * The size limits. Transactions are spread over the sessions by the scheduler (a session
   * may get none); aborted transactions count against {@code maxTransactions}, so at most
   * that many commit.
   */
  public record Shape(int minSessions, int maxSessions, int maxTxnsPerSession, int maxOps,
      int maxKeys, int maxTransactions) {
    public Shape {
      if (minSessions < 1 || maxSessions < minSessions || maxTxnsPerSession < 1 || maxOps < 1
          || maxKeys < 1 || maxTransactions < 1) {
        throw new IllegalArgumentException("every limit must be at least 1, min <= max");
      }
    }
  }

  /** 2-5 sessions, up to 4 transactions each, 1-4 operations, 1-4 keys, at most 8 in all. */
  public static final Shape SMALL = new Shape(2, 5, 4, 4, 4, 8);

  /** A history and the one change made to it ("none" when nothing could be changed). */
  public record Candidate(History history, String change) {}

  private RandomHistories() {}

  /** A {@link #SMALL} history that satisfies {@code level}. */
  public static History valid(long seed, Level level) {
    return valid(seed, level, SMALL);
  }

  public static History valid(long seed, Level level, Shape shape) {
    return build(run(seed, level, shape), "valid " + level + " history, seed " + seed);
  }

  /** A {@link #SMALL} valid history with one change that usually breaks {@code level}. */
  public static Candidate candidate(long seed, Level level) {
    return candidate(seed, level, SMALL);
  }

  public static Candidate candidate(long seed, Level level, Shape shape) {
    List<RecordingSink.Txn> txns = run(seed, level, shape);
    SplittableRandom random = new SplittableRandom(~seed);
    int first = random.nextInt(3);
    String change = "none";
    for (int k = 0; k < 3 && change.equals("none"); k++) {
      change = switch ((first + k) % 3) {
        case 0 -> HistoryMutations.readAnotherWrite(txns, random);
        case 1 -> HistoryMutations.readInitial(txns, random);
        default -> HistoryMutations.swapInSession(txns, random);
      };
    }
    return new Candidate(build(txns, "candidate " + level + " history, seed " + seed + ": "
        + change), change);
  }

  private static List<RecordingSink.Txn> run(long seed, Level level, Shape shape) {
    SplittableRandom random = new SplittableRandom(seed);
    int sessions = shape.minSessions()
        + random.nextInt(shape.maxSessions() - shape.minSessions() + 1);
    int perSession = 1 + random.nextInt(shape.maxTxnsPerSession());
    int total = Math.min(shape.maxTransactions(), sessions * perSession);
    int maxOps = 1 + random.nextInt(shape.maxOps());
    int keys = 1 + random.nextInt(shape.maxKeys());
    double readRatio = 0.1 + 0.8 * random.nextDouble();
    KeyDistribution distribution = switch (random.nextInt(3)) {
      case 0 -> KeyDistribution.uniform(keys);
      case 1 -> KeyDistribution.zipf(keys, 1 + random.nextDouble());
      default -> KeyDistribution.hotspot(keys);
    };
    GeneralWorkload workload = new GeneralWorkload(1, maxOps, readRatio, distribution);
    Simulator.Config config = Simulator.Config.of(sessions, total, Isolation.of(level),
        random.nextLong()).withStaleness(16).withSessionLimit(shape.maxTxnsPerSession());
    RecordingSink sink = new RecordingSink();
    try {
      Simulator.run(workload, config, sink);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a recording sink does no I/O
    }
    return new ArrayList<>(sink.txns());
  }

  private static History build(List<RecordingSink.Txn> txns, String source) {
    HistoryBuilderSink sink = new HistoryBuilderSink(source);
    try {
      RecordingSink.replay(txns, sink);
      return sink.history();
    } catch (IOException | InvalidHistoryException e) {
      throw new IllegalStateException("a generated history is malformed: " + e.getMessage(), e);
    }
  }
}
