package io.isoverify.gpu;

import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.graph.ReachabilityIndex;
import java.util.Random;

/**
 * Times the reachability index build on the CPU against the CUDA backend (bin/gpu-benchmark;
 * a main, not a test). The graph is shaped like a known graph: {@code sessions} chains
 * (node v on chain v % sessions, an SO arc from v - sessions) and {@code arcs} further arcs
 * into each node from the last {@code 50 * sessions} nodes (reads-from and version order
 * link nearby transactions). Then a small dense graph ({@value CudaReachability#DENSE_MAX_NODES}
 * nodes, 6% of the pairs), where the size rule picks cobra's dense closure. Each build is
 * timed {@code rounds} times after a first (cold: the CUDA context and the PTX load) one;
 * the GPU's index is checked against the CPU's on a million random pairs. On the known-like
 * graph each of the device's ways (levels, chain jumps) is also timed forced; a CUDA line
 * ends with the last build's steps ({@link CudaReachability#lastBuild()}).
 *
 * <pre>  GpuBenchmark [NODES=1000000] [SESSIONS=20] [ARCS=3] [ROUNDS=3] [THREADS=cores]</pre>
 */
public final class GpuBenchmark {
  private GpuBenchmark() {
  }

  public static void main(String[] args) {
    int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int sessions = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    int arcs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    int threads = args.length > 4 ? Integer.parseInt(args[4])
        : Runtime.getRuntime().availableProcessors();
    CudaReachability cuda = new CudaReachability();
    String why = cuda.unavailableReason();
    ChainCoverGraph known = knownLike(new Random(1), nodes, sessions, arcs);
    int[][] lv = LevelFill.levels(known);
    int[] plan = LevelFill.launches(lv[0], sessions);
    int wide = 0;
    for (int i = 0; i < plan.length; i += 3) {
      wide += plan[i];
    }
    System.out.printf("known-like graph: %,d nodes, %,d arcs, %d chains, %,d levels "
        + "(%,d wide launches, %,d one-block runs)%n", known.nodeCount(), known.arcCount(),
        sessions, lv[0].length - 1, wide, plan.length / 3 - wide);
    compare("known-like", known, cuda, why, rounds, threads);
    if (why == null) {
      for (CudaReachability.Strategy forced : new CudaReachability.Strategy[] {
          CudaReachability.Strategy.LEVELS, CudaReachability.Strategy.JUMPS}) {
        compare("known-like, " + forced.name().toLowerCase(java.util.Locale.ROOT) + " forced",
            known, new CudaReachability(0, forced), null, rounds, threads);
      }
    }
    ChainCoverGraph dense = knownLike(new Random(2), CudaReachability.DENSE_MAX_NODES, 64,
        CudaReachability.DENSE_MAX_NODES * 6 / 100);
    System.out.printf("dense graph: %,d nodes, %,d arcs, 64 chains%n", dense.nodeCount(),
        dense.arcCount());
    compare("dense", dense, cuda, why, rounds, threads);
    if (why == null) {
      compare("dense, levels forced", dense,
          new CudaReachability(0, CudaReachability.Strategy.LEVELS), null, rounds, threads);
    }
  }

  private static void compare(String name, ChainCoverGraph g, CudaReachability cuda, String why,
      int rounds, int threads) {
    ReachabilityIndex cpu = time(name + ": cpu, " + threads + " threads", ReachabilityBackends.cpu(),
        g, rounds, threads, null);
    if (why != null) {
      System.out.println("  " + name + ": cuda skipped: " + why);
      return;
    }
    ReachabilityIndex gpu = time(name + ": cuda", cuda, g, rounds, threads, cuda);
    Random rnd = new Random(3);
    int n = g.nodeCount();
    for (int i = 0; i < 1_000_000; i++) {
      int u = rnd.nextInt(n);
      int v = rnd.nextInt(n);
      if (cpu.reaches(u, v) != gpu.reaches(u, v)) {
        throw new IllegalStateException(name + ": cuda and cpu disagree on " + u + " -> " + v);
      }
    }
    System.out.println("  " + name + ": cuda agrees with cpu on 1,000,000 random pairs");
  }

  private static ReachabilityIndex time(String name, ReachabilityBackend b, ChainCoverGraph g,
      int rounds, int threads, CudaReachability cuda) {
    long t0 = System.nanoTime();
    ReachabilityIndex index = b.build(g, threads);
    long cold = System.nanoTime() - t0;
    long best = Long.MAX_VALUE;
    for (int r = 0; r < rounds; r++) {
      t0 = System.nanoTime();
      index = b.build(g, threads);
      best = Math.min(best, System.nanoTime() - t0);
    }
    System.out.printf("  %-34s first %9.1f ms, best of %d %9.1f ms%s%n", name, cold / 1e6,
        rounds, best / 1e6, cuda == null ? "" : " (" + cuda.lastBuild() + ")");
    return index;
  }

  /** The known-graph-like DAG of the class comment. */
  static ChainCoverGraph knownLike(Random rnd, int n, int sessions, int arcs) {
    long total = (long) n * (arcs + 1);
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(n + " nodes x " + (arcs + 1) + " arcs is too many");
    }
    int[] tail = new int[(int) total];
    int[] head = new int[(int) total];
    int[] chainOf = new int[n];
    int[] posOf = new int[n];
    int window = 50 * sessions;
    int m = 0;
    for (int v = 0; v < n; v++) {
      chainOf[v] = v % sessions;
      posOf[v] = v / sessions;
      if (v >= sessions) {
        tail[m] = v - sessions;
        head[m++] = v;
      }
      for (int i = 0; i < arcs && v > 0; i++) {
        tail[m] = Math.max(0, v - 1 - rnd.nextInt(Math.min(v, window)));
        head[m++] = v;
      }
    }
    return ChainCoverGraph.of(n, tail, head, m, chainOf, posOf, sessions);
  }
}
