package io.isoverify.engine.bench;

import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.PhaseNanos;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partition;
import io.isoverify.graph.Partitioner;
import io.isoverify.graph.PolygraphInput;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.check.CheckPath;
import io.isoverify.history.check.Level;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Timing of the mini-transaction and lightweight-transaction paths on a large valid history
 * (a main, not a test; engine/README.md has the command). Arguments:
 * {@code KIND TXNS SESSIONS KEYS [general]}, KIND {@code mini} (transactions
 * [r x; w x; r y; w y], [r x; w x] or [r x; r y], half of the writes left out) or
 * {@code lightweight} (compare-and-sets, failed ones as reads, on one key each). Transactions
 * run one at a time at increasing points of time; each session's interval around its point
 * is as wide as the sessions are many (so about that many run at once) and ends before its
 * next one starts; so every level holds. Prints, per level, the verifier's phases (the whole
 * in-process run: non-cycle checks, shape, path, witness replayed) and with {@code general}
 * the general path's partition of the same input for comparison.
 */
public final class MiniTransactionBenchmark {
  private MiniTransactionBenchmark() {}

  public static void main(String[] args) {
    boolean lightweight = args[0].equals("lightweight");
    int txns = Integer.parseInt(args[1]);
    int sessions = Integer.parseInt(args[2]);
    int keys = Integer.parseInt(args[3]);
    boolean general = args.length > 4 && args[4].equals("general");
    long t0 = System.nanoTime();
    History h = generate(7, lightweight, txns, sessions, keys);
    System.out.printf("%s history: %d transactions, %d operations, %d sessions, %d keys; "
        + "generated in %d ms%n", args[0], h.txnCount(), h.opCount(), sessions, keys,
        ms(System.nanoTime() - t0));
    InProcessVerifier verifier = new InProcessVerifier(VerifierOptions.defaults());
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    for (int round = 1; round <= 2; round++) {
      System.out.printf(" round %d%s%n", round, round == 1 ? " (with the JIT's warm-up)" : "");
      for (Level level : Level.values()) {
        long t1 = System.nanoTime();
        long c1 = threads.getCurrentThreadCpuTime();
        Map<Level, LevelResult> r = verifier.verify(h, EnumSet.of(level));
        long wall = System.nanoTime() - t1;
        long cpu = threads.getCurrentThreadCpuTime() - c1;
        LevelResult l = r.get(level);
        PhaseNanos p = l.nanos();
        System.out.printf("  %-4s %s on %s: %d ms (CPU %d ms) = non-cycle %d + input and shape %d"
            + " + graph and cycle search %d + check (witness replayed) %d ms%n", level, l.verdict(),
            l.path().path().displayName(), ms(wall), ms(cpu), ms(p.nonCycle()),
            ms(wall - p.total()), ms(p.graph()), ms(p.check()));
      }
      if (general) {
        PolygraphInput in = PolygraphInput.of(h);
        for (Level level : Level.values()) {
          long t1 = System.nanoTime();
          long c1 = threads.getCurrentThreadCpuTime();
          Partition p = Partitioner.partition(in, level, PartitionOptions.defaults(), CheckPath.GENERAL);
          System.out.printf("  %-4s the general path's partition of the same input: %d ms (CPU %d ms"
              + " on this thread; %d constraints, %d components)%n", level,
              ms(System.nanoTime() - t1), ms(threads.getCurrentThreadCpuTime() - c1),
              p.stats().constraintsBefore(), p.components().size());
        }
      }
    }
    System.out.printf("  process CPU %d ms, load average %.1f%n", ms(((com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime()),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  /** Transactions executed one at a time on a key-value map; see the class comment. */
  static History generate(long seed, boolean lightweight, int txns, int sessions, int keys) {
    SplittableRandom rnd = new SplittableRandom(seed);
    HistoryBuilder b = new HistoryBuilder("mini-transaction benchmark, seed " + seed);
    for (int s = 0; s < sessions; s++) {
      b.sessions().encode("s" + s);
    }
    for (int k = 0; k < keys; k++) {
      b.keys().encode("k" + k); // key k has code k
    }
    int[] current = new int[keys];
    Arrays.fill(current, History.INITIAL);
    int[] position = new int[sessions];
    long[] row = {0};
    long value = 1;
    int half = Math.max(1, sessions / 2);
    try {
      for (int t = 0; t < txns; t++) {
        int s = t % sessions;
        long point = (long) t * 2;
        long start = point - rnd.nextInt(half) * 2L;
        long end = point + rnd.nextInt(half) * 2L;
        int x = rnd.nextInt(keys);
        int y = (x + 1 + rnd.nextInt(keys - 1)) % keys;
        int shape = rnd.nextInt(3);
        int ops = 0;
        for (int k : lightweight || shape == 1 ? new int[] {x} : new int[] {x, y}) {
          op(b, row, s, t, position[s], ops++, OpKind.READ, k, current[k], start, end);
          if (shape < 2 && rnd.nextBoolean()) {
            current[k] = b.values().encode(value++);
            op(b, row, s, t, position[s], ops++, OpKind.WRITE, k, current[k], start, end);
          }
        }
        position[s]++;
      }
      return b.build();
    } catch (InvalidHistoryException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  private static void op(HistoryBuilder b, long[] row, int s, int t, int pos, int o, OpKind kind,
      int key, int value, long start, long end) throws InvalidHistoryException {
    b.add(row[0]++, s, t + 1, pos, o, kind, key, value, Outcome.COMMITTED, start, end);
  }

  private static long ms(long nanos) {
    return nanos / 1_000_000;
  }
}
