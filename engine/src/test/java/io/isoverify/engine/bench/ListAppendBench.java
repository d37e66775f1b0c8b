package io.isoverify.engine.bench;

import io.isoverify.engine.InProcessVerifier;
import io.isoverify.engine.LevelResult;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.history.History;
import io.isoverify.history.HistoryBuilder;
import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.solver.SolveLimits;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Times the in-process engine on a serial list-append history (Elle's workload; a main,
 * not a test): TXNS transactions over SESSIONS sessions, each appending to or reading
 * (whole lists) OPS random keys of KEYS; every read sees every earlier append, so all
 * levels hold. Prints the wall time per level set and the verdicts.
 *
 * <pre>java ... io.isoverify.engine.bench.ListAppendBench 20000 10 4 100</pre>
 */
public final class ListAppendBench {
  private ListAppendBench() {
  }

  public static void main(String[] args) throws Exception {
    int txns = Integer.parseInt(args[0]);
    int sessions = Integer.parseInt(args[1]);
    int ops = Integer.parseInt(args[2]);
    int keys = Integer.parseInt(args[3]);
    History h = serial(txns, sessions, ops, keys, new Random(1));
    InProcessVerifier v = new InProcessVerifier(new VerifierOptions(2, SolveLimits.defaults(),
        PartitionOptions.defaults().withThreads(2)));
    for (int round = 0; round < 3; round++) {
      long t0 = System.nanoTime();
      Map<?, LevelResult> r = v.verify(h, EnumSet.allOf(io.isoverify.history.check.Level.class));
      long ms = (System.nanoTime() - t0) / 1_000_000;
      StringBuilder s = new StringBuilder();
      r.values().forEach(l -> s.append(l.level()).append('=').append(l.verdict()).append(' '));
      System.out.println(h.opCount() + " ops, " + h.readLists().size() + " list reads: " + ms
          + " ms " + s);
    }
  }

  static History serial(int txns, int sessions, int ops, int keys, Random rnd) throws Exception {
    HistoryBuilder b = new HistoryBuilder("bench");
    List<List<Integer>> lists = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      lists.add(new ArrayList<>());
      b.keys().encode(k);
    }
    int[] pos = new int[sessions];
    long next = 1;
    long row = 0;
    for (int t = 0; t < txns; t++) {
      int s = rnd.nextInt(sessions);
      int session = b.sessions().encode(s);
      for (int o = 0; o < ops; o++) {
        int k = rnd.nextInt(keys);
        if (rnd.nextBoolean()) {
          int v = b.values().encode(next++);
          b.add(row++, session, t, pos[s], o, OpKind.APPEND, k, v, Outcome.COMMITTED, History.NO_TIME,
              History.NO_TIME);
          lists.get(k).add(v);
        } else {
          List<Integer> l = lists.get(k);
          int[] codes = l.stream().mapToInt(Integer::intValue).toArray();
          b.add(row++, session, t, pos[s], o, OpKind.READ, k,
              codes.length == 0 ? History.INITIAL : codes[codes.length - 1], Outcome.COMMITTED,
              History.NO_TIME, History.NO_TIME);
          b.attachReadList(codes);
        }
      }
      pos[s]++;
    }
    return b.build();
  }
}
