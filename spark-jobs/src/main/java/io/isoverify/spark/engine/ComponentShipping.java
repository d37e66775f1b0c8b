package io.isoverify.spark.engine;

import io.isoverify.graph.Component;
import io.isoverify.history.check.Level;
import io.isoverify.solver.ComponentSolver;
import io.isoverify.solver.SolveLimits;
import io.isoverify.solver.SolveResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * Solves components on the executors, one Spark task per group of consecutive components,
 * each group sent as a broadcast variable. A task's closure then holds only the broadcast's
 * handle: a component sent inside the task itself would make the task as large as the
 * component, and a standalone cluster refuses a task over {@code spark.rpc.message.maxSize}
 * (128 MiB by default; one SI component of the 1M general benchmark history is 182 MB
 * serialized), where a broadcast travels in blocks of a few MiB. Small components share a
 * group, so the number of broadcasts stays near the number of tasks. The answers come back
 * in the components' order.
 */
final class ComponentShipping {
  /** The estimated size a group of components may reach before the next one starts a new group. */
  static final long GROUP_BYTES = 16L << 20;

  private ComponentShipping() {}

  /** One answer per component, in order. O(components) on the driver besides the tasks. */
  static List<SolveResult> solve(JavaSparkContext jsc, List<Component> components, Level level,
      SolveLimits limits) {
    List<Broadcast<Component[]>> groups = new ArrayList<>();
    try {
      for (Component[] g : groups(components, GROUP_BYTES)) {
        // with their own copies of the known edges (whatever serializer Spark is set to use):
        // a component made in place names the driver's known graph (Component#inPlace)
        Component[] shipped = new Component[g.length];
        Arrays.setAll(shipped, i -> g[i].shippable());
        groups.add(jsc.broadcast(shipped));
      }
      return jsc.parallelize(groups, Math.max(1, groups.size()))
          .flatMap(b -> Arrays.stream(b.value())
              .map(c -> ComponentSolver.solve(c, level, limits)).iterator())
          .collect();
    } finally {
      for (Broadcast<Component[]> b : groups) {
        b.destroy();
      }
    }
  }

  /**
   * Consecutive components grouped so that each group's estimated size stays under
   * {@code budget}, except a single component larger than that, which is a group alone.
   */
  static List<Component[]> groups(List<Component> components, long budget) {
    List<Component[]> out = new ArrayList<>();
    int from = 0;
    long size = 0;
    for (int i = 0; i < components.size(); i++) {
      long s = estimatedBytes(components.get(i));
      if (i > from && size + s > budget) {
        out.add(components.subList(from, i).toArray(Component[]::new));
        from = i;
        size = 0;
      }
      size += s;
    }
    if (from < components.size()) {
      out.add(components.subList(from, components.size()).toArray(Component[]::new));
    }
    return out;
  }

  /**
   * A component's size as serialized, roughly: 4 bytes per vertex, 13 per known edge and per
   * constraint side's edge (three ints and a byte), 8 per constraint.
   */
  static long estimatedBytes(Component c) {
    int constraints = c.constraintCount();
    long sideEdges = constraints == 0 ? 0 : c.sideEnd(constraints - 1, 1);
    return 4L * c.vertexCount() + 13L * (c.knownEdgeCount() + sideEdges) + 8L * constraints;
  }
}
