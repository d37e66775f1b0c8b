package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.HistoryDsl;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * P-SCC labels from an external {@link SccLabeller} (here Tarjan with its component ids
 * shuffled, as a cluster labeller numbers them its own way) give the components the in-JVM
 * decomposition gives, in the same order (fixed seeds).
 */
class LabelledSccTest {

  @Test
  void sameComponentsAsTarjanOnRandomGraphs() {
    Random rnd = new Random(21);
    for (int round = 0; round < 300; round++) {
      int n = 1 + rnd.nextInt(40);
      int m = rnd.nextInt(3 * n + 1);
      int[] tail = new int[m];
      int[] head = new int[m];
      for (int a = 0; a < m; a++) {
        tail[a] = rnd.nextInt(n);
        head[a] = rnd.nextInt(n);
      }
      StronglyConnected tarjan = new StronglyConnected(Csr.of(n, tail, head, m));
      LabelledScc labelled = new LabelledScc(n, tail, head, m, shuffled(new Random(round)));
      assertEquals(tarjan.count, labelled.count, "round " + round);
      for (int u = 0; u < n; u++) {
        for (int v = 0; v < n; v++) {
          assertEquals(tarjan.component[u] == tarjan.component[v],
              labelled.component[u] == labelled.component[v], "round " + round);
        }
      }
      for (int a = 0; a < m; a++) {
        assertTrue(labelled.component[tail[a]] >= labelled.component[head[a]],
            "round " + round + ": arcs go to lower or equal numbers");
      }
    }
  }

  @Test
  void partitionsOfRandomHistoriesAreIdentical() {
    Random rnd = new Random(22);
    int withComponents = 0;
    // SER and SSER partitions of histories whose versions are fixed have no components
    // (FixedOrderCheck): enough rounds that over 30 have some
    for (int round = 0; round < 700; round++) {
      Level level = Level.values()[round % 3];
      String text = DifferentialTest.randomHistory(rnd, 9, level == Level.SSER);
      History h = HistoryDsl.parse(text);
      PartitionOptions options = PartitionOptions.defaults().withThreads(1);
      Partition inJvm = Partitioner.partition(h, level, options);
      Partition external = Partitioner.partition(h, level,
          options.withSccLabeller(shuffled(new Random(round)), 0));
      assertEquals(describe(inJvm), describe(external), level + " round " + round + ":\n" + text);
      for (int e = 0; e < external.knownEdgeCount(); e++) {
        assertTrue(external.sccRank(external.knownFrom(e)) <= external.sccRank(external.knownTo(e)));
      }
      withComponents += inJvm.components().isEmpty() ? 0 : 1;
    }
    assertTrue(withComponents > 30, "histories with components: " + withComponents);
  }

  @Test
  void labellerBelowTheArcThresholdIsNotAsked() {
    History h = HistoryDsl.parse(DifferentialTest.randomHistory(new Random(23), 9, false));
    SccLabeller refuse = (n, from, to) -> {
      throw new AssertionError("asked for " + from.length + " arcs");
    };
    Partition p = Partitioner.partition(h, Level.SER,
        PartitionOptions.defaults().withSccLabeller(refuse, Long.MAX_VALUE));
    assertEquals(describe(Partitioner.partition(h, Level.SER, PartitionOptions.defaults())),
        describe(p));
  }

  @Test
  void labellerThatSplitsACycleFails() {
    int[] tail = {0, 1, 2};
    int[] head = {1, 2, 0};
    SccLabeller singletons = (n, from, to) -> {
      int[] l = new int[n];
      Arrays.setAll(l, i -> i);
      return l;
    };
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new LabelledScc(3, tail, head, 3, singletons));
    assertTrue(e.getMessage().contains("split a strongly connected component"), e.getMessage());
  }

  @Test
  void trimmedPathsNeverReachTheLabeller() {
    // 0 -> 1 -> 2 <-> 3 -> 4: only {2, 3} can hold a cycle
    int[] tail = {0, 1, 2, 3, 3};
    int[] head = {1, 2, 3, 2, 4};
    int[] asked = new int[1];
    SccLabeller counting = (n, from, to) -> {
      asked[0] = n;
      return new int[] {0, 0};
    };
    LabelledScc scc = new LabelledScc(5, tail, head, 5, counting);
    assertEquals(2, asked[0]);
    assertEquals(4, scc.count);
    assertEquals(scc.component[2], scc.component[3]);
  }

  /** Tarjan's components, with ids mapped through a random permutation of 0..n-1. */
  private static SccLabeller shuffled(Random rnd) {
    return (n, from, to) -> {
      StronglyConnected scc = new StronglyConnected(Csr.of(n, from, to, from.length));
      int[] perm = new int[n];
      Arrays.setAll(perm, i -> i);
      for (int i = n - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
      }
      int[] labels = new int[n];
      for (int v = 0; v < n; v++) {
        labels[v] = perm[scc.component[v]];
      }
      return labels;
    };
  }

  /** Everything a partition hands on: verdict, choices and every component's arrays. */
  static List<String> describe(Partition p) {
    List<String> out = new ArrayList<>();
    out.add("violated=" + p.violated() + " known=" + p.knownEdgeCount());
    StringBuilder choices = new StringBuilder("choices");
    for (int e = 0; e < p.choiceEdgeCount(); e++) {
      choices.append(' ').append(p.choiceFrom(e)).append('>').append(p.choiceTo(e))
          .append(':').append(p.choiceType(e)).append(':').append(p.choiceKey(e));
    }
    out.add(choices.toString());
    for (Component c : p.components()) {
      StringBuilder s = new StringBuilder("txns");
      for (int v = 0; v < c.vertexCount(); v++) {
        s.append(' ').append(c.txn(v));
      }
      s.append(" known");
      for (int e = 0; e < c.knownEdgeCount(); e++) {
        s.append(' ').append(c.knownFrom(e)).append('>').append(c.knownTo(e)).append(':')
            .append(c.knownType(e)).append(':').append(c.knownKey(e));
      }
      for (int k = 0; k < c.constraintCount(); k++) {
        for (int side = 0; side < 2; side++) {
          s.append(" | c").append(k).append('s').append(side);
          for (int e = c.sideBegin(k, side); e < c.sideEnd(k, side); e++) {
            s.append(' ').append(c.sideFrom(e)).append('>').append(c.sideTo(e)).append(':')
                .append(c.sideType(e)).append(':').append(c.sideKey(e));
          }
        }
      }
      out.add(s.toString());
    }
    return out;
  }
}
