package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.check.Level;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ChainOrdering#closureAndCovers} against the definitions, computed the slow way here
 * (Warshall's closure; a cover is a pair with no third element between): random relations
 * of 1 to 200 elements (several bit words), acyclic ones (pairs drawn along a hidden random
 * order, from sparse to close to total; a quarter of them transitively closed, which the
 * order by successor counts sorts, the others mostly by depth-first search) and cyclic ones,
 * which must give null. And a key's whole resolution ({@link ChainOrdering#resolveKey}: the
 * relation, under SSER partly from timestamps, then word-wise steps) against the pairwise
 * definition on random histories.
 */
class ChainOrderingTest {
  @Test
  void closureAndCoversAreThoseOfTheDefinitionsOnRandomRelations() {
    int acyclic = 0;
    int cyclic = 0;
    int closed = 0;
    int bySuccessors = 0;
    for (int seed = 0; seed < 600; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int m = 1 + r.nextInt(seed % 10 == 0 ? 200 : 70);
      int words = (m + 63) >>> 6;
      int[] hidden = shuffled(m, r);
      double density = r.nextDouble();
      boolean cycle = seed % 4 == 3 && m > 1;
      long[] rel = new long[m * words];
      for (int i = 0; i < m; i++) {
        for (int j = i + 1; j < m; j++) {
          if (r.nextDouble() < density) {
            set(rel, words, hidden[i], hidden[j]);
          }
        }
      }
      if (cycle) {
        closed++;
        // a path along the hidden order, closed by one pair backwards
        for (int i = 0; i + 1 < m; i++) {
          set(rel, words, hidden[i], hidden[i + 1]);
        }
        set(rel, words, hidden[m - 1], hidden[0]);
      }
      if (seed % 4 == 1) {
        // closed already (a key of single-version chains): ordered by successor counts
        rel = warshall(rel, m, words);
        bySuccessors++;
        assertNotNull(ChainOrdering.bySuccessors(rel, m, words), "seed " + seed);
      }
      long[] input = rel.clone();
      long[][] got = ChainOrdering.closureAndCovers(rel, m, words);
      assertArrayEquals(input, rel, "seed " + seed + ": the relation was changed");
      long[] closure = warshall(rel, m, words);
      if (closure == null) {
        assertNull(got, "seed " + seed + ": a cyclic relation got a closure");
        cyclic++;
      } else {
        assertArrayEquals(closure, got[0], "seed " + seed + ": closure, m = " + m);
        assertArrayEquals(covers(closure, m, words), got[1], "seed " + seed + ": covers, m = "
            + m);
        acyclic++;
      }
    }
    // a random relation along the hidden order is acyclic: only the closed ones have a cycle
    assertEquals(closed, cyclic);
    assertEquals(600 - closed, acyclic);
    assertEquals(150, bySuccessors);
  }

  @Test
  void aTotalOrderIsCoveredByItsConsecutivePairs() {
    int m = 130;
    int words = 3;
    long[] rel = new long[m * words];
    for (int i = 0; i < m; i++) {
      for (int j = i + 1; j < m; j++) {
        set(rel, words, m - 1 - i, m - 1 - j);
      }
    }
    long[] cover = ChainOrdering.closureAndCovers(rel, m, words)[1];
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        assertEquals(b == a - 1, bit(cover, words, a, b), a + " before " + b);
      }
    }
  }

  /**
   * Every key of random histories (fixed seeds; {@link DifferentialTest#randomHistory}'s, and
   * serial ones with overlapping times, some with keys of more than 64 chains), resolved by {@link
   * ChainOrdering#resolveKey} and by the definition on the same index: a's row holds b when
   * head(a) reaches tail(b); pairs held both ways are constraints; the covers of the closure
   * of the others are forced edges; the pairs the closure leaves unordered are constraints,
   * except pairs of unread single versions under SER and SSER. Under SSER the timed histories'
   * relation comes partly from timestamps ({@link VertexTimes}); it must be the same.
   */
  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"SER, 71", "SI, 72", "SSER, 73"})
  void aKeysResolutionIsThatOfTheDefinition(Level level, long seed) {
    Random rnd = new Random(seed);
    int[] keysWithPairs = {0};
    int[] wideKeys = {0};
    for (int round = 0; round < 400; round++) {
      String text = round % 2 == 0 ? DifferentialTest.randomHistory(rnd, 14, level == Level.SSER)
          : serialHistory(rnd, round % 10 == 1 ? 150 : 20);
      String where = level + " round " + round + ":\n" + text;
      ChainResolutions.eachKey(text, level, level == Level.SSER, 2, (x, unread, key, lo, m) -> {
        EdgeList knownA = new EdgeList();
        EdgeList knownB = new EdgeList();
        ChainPairs pairsA = new ChainPairs(x.g().chains);
        ChainPairs pairsB = new ChainPairs(x.g().chains);
        long orderedA = ChainOrdering.resolveKey(x.g().chains, x.graph(), x.index(), x.g().times,
            lo, m, unread, knownA, pairsA);
        long orderedB = byDefinition(x.g().chains, x.graph(), x.index(), lo, m, unread, knownB,
            pairsB);
        ChainResolutions.assertSameResolution("key " + key + ", " + where, orderedB, knownB,
            pairsB, orderedA, knownA, pairsA);
        keysWithPairs[0] += pairsA.count() > 0 ? 1 : 0;
        wideKeys[0] += m > 64 ? 1 : 0;
      });
    }
    assertTrue(keysWithPairs[0] > 50, "only " + keysWithPairs[0] + " keys with constraints");
    assertTrue(wideKeys[0] > 5, "only " + wideKeys[0] + " keys of more than 64 chains");
  }

  /**
   * A history of {@code txns} transactions run one after the other, each reading the last
   * value written (blind writes, reads, and read-modify-writes of 1 or 2 keys), with
   * timestamps around its place in that order that overlap its neighbours' (never its
   * session's): serializable and strictly so, with many unordered blind writes.
   */
  static String serialHistory(Random rnd, int txns) {
    int keys = 1 + rnd.nextInt(2);
    int sessions = 2 + rnd.nextInt(7);
    int[] last = new int[keys];
    int next = 1;
    StringBuilder[] lines = new StringBuilder[sessions];
    for (int s = 0; s < sessions; s++) {
      lines[s] = new StringBuilder("s" + s + ":");
    }
    for (int t = 0; t < txns; t++) {
      StringBuilder body = new StringBuilder();
      for (int k = 0; k < keys; k++) {
        int kind = rnd.nextInt(4); // 0 skip, 1 read, 2 blind write, 3 read-modify-write
        if (kind == 1 || kind == 3) {
          body.append(body.length() > 0 ? "; " : "").append("r k").append(k).append(' ')
              .append(last[k] == 0 ? "init" : Integer.toString(last[k]));
        }
        if (kind >= 2) {
          last[k] = next++;
          body.append(body.length() > 0 ? "; " : "").append("w k").append(k).append(' ')
              .append(last[k]);
        }
      }
      if (body.length() == 0) {
        last[0] = next++;
        body.append("w k0 ").append(last[0]);
      }
      long point = 1000 + 10L * t;
      long start = point - rnd.nextInt(5 * sessions);
      long end = point + rnd.nextInt(5 * sessions);
      lines[t % sessions].append(" [").append(body).append("]@").append(start).append('-')
          .append(end);
    }
    StringBuilder text = new StringBuilder();
    for (StringBuilder line : lines) {
      if (line.indexOf("[") >= 0) {
        text.append(line).append('\n');
      }
    }
    return text.toString();
  }

  /** The resolution of one key pair by pair, as the class comment of the test says. */
  private static long byDefinition(Chains chains, CycleGraph graph, ReachabilityIndex index,
      int lo, int m, boolean[] unread, EdgeList known, ChainPairs out) {
    int words = (m + 63) >>> 6;
    long[] rel = new long[m * words];
    for (int a = 0; a < m; a++) {
      int head = graph.chainNode(chains.versions.slotVertex[chains.chainHead[lo + a]]);
      for (int b = 0; b < m; b++) {
        int tail = graph.chainNode(chains.versions.slotVertex[chains.chainTail[lo + b]]);
        if (a != b && index.reaches(head, tail)) {
          set(rel, words, a, b);
        }
      }
    }
    long ordered = 0;
    long[] oneWay = new long[m * words];
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        if (bit(rel, words, a, b) && !bit(rel, words, b, a)) {
          set(oneWay, words, a, b);
          ordered += a < b ? 1 : 0;
        } else if (bit(rel, words, b, a) && !bit(rel, words, a, b)) {
          ordered += a < b ? 1 : 0;
        }
      }
    }
    long[] order = warshall(oneWay, m, words);
    long[] forced = order == null ? oneWay : covers(order, m, words);
    order = order == null ? oneWay : order;
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        if (bit(forced, words, a, b) && !ChainOrdering.bothUnread(unread, lo + a, lo + b)) {
          chains.addBefore(lo + a, lo + b, known);
        }
      }
    }
    for (int a = 0; a < m; a++) {
      for (int b = a + 1; b < m; b++) {
        boolean both = bit(rel, words, a, b) && bit(rel, words, b, a);
        if (both || !bit(order, words, a, b) && !bit(order, words, b, a)) {
          if (both || !ChainOrdering.bothUnread(unread, lo + a, lo + b)) {
            out.add(lo + a, lo + b);
          } else {
            ordered++;
          }
        }
      }
    }
    return ordered;
  }

  private static int[] shuffled(int m, SplittableRandom r) {
    int[] p = new int[m];
    for (int i = 0; i < m; i++) {
      p[i] = i;
    }
    for (int i = m - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** The transitive closure by Warshall's algorithm, or null when some element reaches itself. */
  private static long[] warshall(long[] rel, int m, int words) {
    long[] c = rel.clone();
    for (int k = 0; k < m; k++) {
      for (int i = 0; i < m; i++) {
        if (bit(c, words, i, k)) {
          for (int j = 0; j < m; j++) {
            if (bit(c, words, k, j)) {
              set(c, words, i, j);
            }
          }
        }
      }
    }
    for (int i = 0; i < m; i++) {
      if (bit(c, words, i, i)) {
        return null;
      }
    }
    return c;
  }

  /** The pairs a < b of a transitive relation with no c such that a < c < b. */
  private static long[] covers(long[] closure, int m, int words) {
    long[] out = new long[m * words];
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        boolean between = false;
        for (int c = 0; c < m && !between; c++) {
          between = bit(closure, words, a, c) && bit(closure, words, c, b);
        }
        if (bit(closure, words, a, b) && !between) {
          set(out, words, a, b);
        }
      }
    }
    return out;
  }

  private static boolean bit(long[] rows, int words, int a, int b) {
    return (rows[a * words + (b >>> 6)] & (1L << b)) != 0;
  }

  private static void set(long[] rows, int words, int a, int b) {
    rows[a * words + (b >>> 6)] |= 1L << b;
  }
}
