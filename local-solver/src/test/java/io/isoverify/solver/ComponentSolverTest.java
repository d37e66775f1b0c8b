package io.isoverify.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.datasets.sim.RandomHistories;
import io.isoverify.graph.Component;
import io.isoverify.graph.PartitionOptions;
import io.isoverify.graph.Partitioner;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import io.isoverify.history.testing.RepeatedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ComponentSolverTest {
  private static final byte WW = (byte) EdgeType.WW.ordinal();
  private static final byte RW = (byte) EdgeType.RW.ordinal();
  private static final byte WR = (byte) EdgeType.WR.ordinal();

  /** Two writers of x, each read by the other's reader: either order closes a cycle. */
  @Test
  void bothSidesClosingACycleGiveTheConstraintAsCore() {
    // vertices 0,1 writers; known 0 -WR-> 1 and 1 -WR-> ... keep it tiny: known 0->1, 1->0 only via sides
    Component c = new Component(new int[] {10, 11, 12},
        new int[] {0, 1}, new int[] {1, 2}, new byte[] {WR, WR}, new int[] {0, 0},
        new int[] {0, 1, 2}, new int[] {1, 2}, new int[] {0, 0}, new byte[] {WW, RW}, new int[] {0, 0});
    for (Level level : Level.values()) {
      SolveResult r = ComponentSolver.solve(c, level, SolveLimits.defaults());
      assertEquals(SolveResult.Status.UNSAT, r.status(), level.name());
      assertEquals(1, r.core().length);
      assertEquals(List.of(new Edge(10, 11, EdgeType.WR, 0, -1), new Edge(11, 10, EdgeType.WW, 0, -1)),
          r.cycle());
    }
  }

  /** A read-write edge back to the writer is a cycle for SER but not for SI (no D before it). */
  @Test
  void singleAntiDependencyCycleSplitsSerFromSi() {
    // known 0 -WR-> 1; constraint: side 0 = 1 -RW-> 0 ... plus 1 -RW-> 0 again as side 1
    Component c = new Component(new int[] {1, 2},
        new int[] {0}, new int[] {1}, new byte[] {RW}, new int[] {0},
        new int[] {0, 1, 2}, new int[] {1, 1}, new int[] {0, 0}, new byte[] {RW, RW}, new int[] {0, 0});
    assertEquals(SolveResult.Status.UNSAT, ComponentSolver.solve(c, Level.SER, SolveLimits.defaults()).status());
    assertEquals(SolveResult.Status.SAT, ComponentSolver.solve(c, Level.SI, SolveLimits.defaults()).status());
  }

  /**
   * Known edges 0 -RW-> 1 -RW-> 2 -WR-> 0: a cycle for SER, none for SI (two RW edges in a
   * row). The seed order cannot respect them (their typed graph is cyclic), so the theory
   * adds the arcs it leaves out with Pearce-Kelly: for SER that finds the known cycle, for
   * SI it reorders, and the constraint's side 0 (0 -WW-> 2, a dependency cycle with 2 -WR->
   * 0) must be refused while side 1 (2 -WW-> 0) is allowed.
   */
  @Test
  void knownEdgesOutOfTheSeedOrderAreAddedBeforeTheSearch() {
    Component c = new Component(new int[] {10, 11, 12},
        new int[] {0, 1, 2}, new int[] {1, 2, 0}, new byte[] {RW, RW, WR}, new int[] {0, 1, 2},
        new int[] {0, 1, 2}, new int[] {0, 2}, new int[] {2, 0}, new byte[] {WW, WW}, new int[] {3, 3});
    SolveResult ser = ComponentSolver.solve(c, Level.SER, SolveLimits.defaults());
    assertEquals(SolveResult.Status.UNSAT, ser.status());
    assertEquals(0, ser.core().length);
    assertEquals(List.of(new Edge(10, 11, EdgeType.RW, 0, -1), new Edge(11, 12, EdgeType.RW, 1, -1),
        new Edge(12, 10, EdgeType.WR, 2, -1)), ser.cycle());
    SolveResult si = ComponentSolver.solve(c, Level.SI, SolveLimits.defaults());
    assertEquals(SolveResult.Status.SAT, si.status());
    assertEquals(1, si.sides()[0]);
  }

  @Test
  void agreesWithSat4jOnRandomComponents() {
    SplittableRandom rnd = new SplittableRandom(20261122);
    int[] unsat = new int[2];
    int reads = 0;
    for (int i = 0; i < 3000; i++) {
      Component c = RandomComponents.next(rnd);
      for (int m = 0; m < 2; m++) {
        boolean snapshot = m == 1;
        Level level = snapshot ? Level.SI : Level.SER;
        SolveResult r = solvedAsSat4jSays(c, level, "problem " + i);
        if (r.status() != SolveResult.Status.SAT) {
          unsat[m]++;
          assertEquals(r.reads().size(), (int) java.util.Arrays.stream(r.core())
              .filter(x -> x >= c.constraintCount()).count(), "the core's reads are stated");
          reads += r.reads().size();
        }
      }
    }
    // the generator must exercise both answers at both levels
    assertTrue(unsat[0] > 300 && unsat[0] < 2700, "SER unsat " + unsat[0]);
    assertTrue(unsat[1] > 300 && unsat[1] < 2700, "SI unsat " + unsat[1]);
    assertTrue(reads > 300, "only " + reads + " reads in cores");
  }

  /**
   * Components of 12 to 30 transactions and 10 to 60 constraints: searches of many levels and
   * conflicts, where chronological backtracking keeps literals implied at a low level above
   * later decisions on the trail and meets conflicts below the current level. The answer, the
   * witness and the core agree with Sat4j's.
   */
  @Test
  void agreesWithSat4jOnSearchesOfManyLevels() {
    SplittableRandom rnd = new SplittableRandom(20261127);
    int[] answers = new int[2];
    long below = 0;
    for (int i = 0; i < 300; i++) {
      Component c = RandomComponents.next(rnd, 12 + rnd.nextInt(19), 10 + rnd.nextInt(51));
      for (Level level : new Level[] {Level.SER, Level.SI}) {
        boolean snapshot = level == Level.SI;
        SolveResult r = solvedAsSat4jSays(c, level, "problem " + i);
        answers[r.status() == SolveResult.Status.SAT ? 1 : 0]++;
        BaseEdges base = new BaseEdges(c);
        Cdcl search = new Cdcl(base, snapshot, Cdcl.allActive(base), SmallCycles.of(base, snapshot));
        search.search(Long.MAX_VALUE, Long.MAX_VALUE);
        below += search.conflictsBelowLevel();
      }
    }
    assertTrue(answers[0] > 100 && answers[1] > 100, "unsat " + answers[0] + ", sat " + answers[1]);
    assertTrue(below > 300, "only " + below + " conflicts below the current level");
  }

  /**
   * Both backends on every component of the differential histories, as they are and with
   * their values folded onto a few (reads with several candidate writers):
   * graph-partitioning's pruned components and the unpruned hyper-polygraph's single one.
   */
  @Test
  void agreesWithSat4jOnTheDifferentialHistories() {
    int components = 0;
    for (long seed = 0; seed < 1_000; seed++) {
      for (Level level : Level.values()) {
        History valid = RandomHistories.valid(seed, level);
        History candidate = RandomHistories.candidate(seed, level).history();
        for (History h : new History[] {valid, candidate, RepeatedValues.of(valid, 2),
            RepeatedValues.of(candidate, 3)}) {
          List<Component> all = new ArrayList<>(new NaivePolygraph(h, level).components());
          all.addAll(Partitioner.partition(h, level, PartitionOptions.defaults().withThreads(1)).components());
          for (Component c : all) {
            components++;
            SolveResult r = ComponentSolver.solve(c, level, SolveLimits.defaults());
            assertEquals(Sat4jBackend.satisfiable(c, level == Level.SI, null),
                r.status() == SolveResult.Status.SAT, h.source() + " at " + level);
          }
        }
      }
    }
    assertTrue(components > 12_000, "only " + components + " components");
  }

  /** One conflict allowed: the components that need more answer UNKNOWN, with the reason. */
  @Test
  void conflictLimitGivesUnknown() {
    SplittableRandom rnd = new SplittableRandom(5);
    int unknown = 0;
    for (int i = 0; i < 500; i++) {
      Component c = RandomComponents.next(rnd);
      SolveResult r = ComponentSolver.solve(c, Level.SER, new SolveLimits(1, Long.MAX_VALUE));
      if (r.status() == SolveResult.Status.UNKNOWN) {
        unknown++;
        assertEquals("conflict limit 1 reached", r.reason());
        assertTrue(r.cycle().isEmpty() && r.core().length == 0);
        assertTrue(ComponentSolver.solve(c, Level.SER, SolveLimits.defaults()).status() != SolveResult.Status.UNKNOWN);
      }
    }
    assertTrue(unknown > 10, "only " + unknown + " components needed a second conflict");
  }

  /**
   * Solves c at level and asserts Sat4j's answer: SAT with sides and writers Sat4j accepts,
   * or UNSAT with a core Sat4j finds unsatisfiable and a real cycle.
   */
  private static SolveResult solvedAsSat4jSays(Component c, Level level, String what) {
    boolean snapshot = level == Level.SI;
    SolveResult r = ComponentSolver.solve(c, level, SolveLimits.defaults());
    boolean sat = Sat4jBackend.satisfiable(c, snapshot, null);
    assertEquals(sat, r.status() == SolveResult.Status.SAT, what + " " + level);
    if (sat) {
      assertTrue(Sat4jBackend.satisfiableWith(c, snapshot, r.sides(), r.writers()),
          "witness sides and writers of " + what + " " + level);
    } else {
      boolean[] active = new boolean[c.constraintCount() + c.reads().count()];
      for (int x : r.core()) {
        active[x] = true;
      }
      assertFalse(Sat4jBackend.satisfiable(c, snapshot, active), "core of " + what + " " + level);
      assertIsCycle(r.cycle(), snapshot);
    }
    return r;
  }

  private static void assertIsCycle(List<Edge> cycle, boolean snapshot) {
    assertFalse(cycle.isEmpty());
    for (int i = 0; i < cycle.size(); i++) {
      Edge e = cycle.get(i);
      Edge next = cycle.get((i + 1) % cycle.size());
      assertEquals(e.to(), next.from(), "cycle " + cycle);
      if (snapshot) {
        assertFalse(e.type() == EdgeType.RW && next.type() == EdgeType.RW, "two RW in a row " + cycle);
      }
    }
  }
}
