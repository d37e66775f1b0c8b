package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Csr#of} and {@link Csr#reverse} (of every arc, and of the arcs a bit set keeps),
 * whose counting sorts run in parts on parallel threads past {@link
 * CountingParts#ITEMS_PER_PART} arcs, against one sequential pass on random multigraphs
 * (fixed seeds): the same starts and the same arcs in the same order, on graphs large enough
 * for several parts and on small ones, with empty nodes and repeated arcs.
 */
class CsrTest {
  @Test
  void partsGiveTheGraphOfOnePass() {
    int parted = 0;
    for (long seed = 0; seed < 12; seed++) {
      Random r = new Random(seed);
      int nodes = 1 + r.nextInt(seed < 4 ? 50 : 300_000);
      int arcs = seed < 4 ? r.nextInt(200) : 2 * CountingParts.ITEMS_PER_PART + r.nextInt(1 << 20);
      int[] tail = new int[arcs];
      int[] head = new int[arcs];
      for (int a = 0; a < arcs; a++) {
        // skewed: a few nodes hold most arcs, many hold none
        tail[a] = r.nextInt(4) == 0 ? r.nextInt(Math.min(nodes, 16)) : r.nextInt(nodes);
        head[a] = r.nextInt(nodes);
      }
      Csr out = Csr.of(nodes, tail, head, arcs);
      int[][] expected = onePass(nodes, tail, head, arcs);
      assertArrayEquals(expected[0], out.start, "seed " + seed);
      assertArrayEquals(expected[1], out.head, "seed " + seed);
      // the reverse of the sorted arcs: sources ascending per node
      int[] sortedTail = new int[arcs];
      for (int u = 0; u < nodes; u++) {
        for (int a = out.start[u]; a < out.start[u + 1]; a++) {
          sortedTail[a] = u;
        }
      }
      int[][] reversed = onePass(nodes, out.head, sortedTail, arcs);
      Csr in = out.reverse();
      assertArrayEquals(reversed[0], in.start, "seed " + seed);
      assertArrayEquals(reversed[1], in.head, "seed " + seed);
      // the arcs of a random third of the bits, reversed: one pass over the kept arcs
      long[] only = new long[(arcs + 63) >>> 6];
      int[] keptTail = new int[arcs];
      int[] keptHead = new int[arcs];
      int kept = 0;
      for (int a = 0; a < arcs; a++) {
        if (r.nextInt(3) == 0) {
          only[a >>> 6] |= 1L << a;
          keptTail[kept] = out.head[a];
          keptHead[kept++] = sortedTail[a];
        }
      }
      int[][] keptReversed = onePass(nodes, keptTail, keptHead, kept);
      Csr keptIn = out.reverse(only);
      assertArrayEquals(keptReversed[0], keptIn.start, "seed " + seed + ", a third kept");
      assertArrayEquals(keptReversed[1], keptIn.head, "seed " + seed + ", a third kept");
      parted += CountingParts.parts(arcs) > 1 ? 1 : 0;
    }
    assertTrue(parted > 0 || Runtime.getRuntime().availableProcessors() == 1,
        "no graph was cut into parts");
  }

  private static int[][] onePass(int nodes, int[] tail, int[] head, int arcs) {
    int[] start = new int[nodes + 1];
    for (int a = 0; a < arcs; a++) {
      start[tail[a] + 1]++;
    }
    for (int u = 0; u < nodes; u++) {
      start[u + 1] += start[u];
    }
    int[] fill = start.clone();
    int[] out = new int[arcs];
    for (int a = 0; a < arcs; a++) {
      out[fill[tail[a]]++] = head[a];
    }
    return new int[][] {start, out};
  }
}
