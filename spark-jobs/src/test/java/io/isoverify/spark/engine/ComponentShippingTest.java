package io.isoverify.spark.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.graph.Component;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Components are grouped consecutively, in order, up to the budget; a larger one alone. */
class ComponentShippingTest {
  @Test
  void groupsAreConsecutiveAndStayUnderTheBudgetExceptALargeComponentAlone() {
    List<Component> cs = List.of(of(10), of(10), of(10), of(100), of(5), of(5));
    long unit = ComponentShipping.estimatedBytes(of(10));
    assertEquals(40 + 13 * 9, unit); // 10 vertices, 9 known edges, no constraints
    List<Component[]> groups = ComponentShipping.groups(cs, 2 * unit);
    List<int[]> sizes = new ArrayList<>();
    for (Component[] g : groups) {
      int[] s = new int[g.length];
      for (int i = 0; i < g.length; i++) {
        s[i] = g[i].vertexCount();
      }
      sizes.add(s);
    }
    assertEquals(4, sizes.size());
    assertArrayEquals(new int[] {10, 10}, sizes.get(0));
    assertArrayEquals(new int[] {10}, sizes.get(1));
    assertArrayEquals(new int[] {100}, sizes.get(2));
    assertArrayEquals(new int[] {5, 5}, sizes.get(3));
  }

  @Test
  void constraintSidesCountInTheEstimate() {
    Component c = new Component(new int[] {0, 1}, new int[0], new int[0], new byte[0],
        new int[0], new int[] {0, 1, 3}, new int[] {0, 1, 0}, new int[] {1, 0, 1},
        new byte[3], new int[3]);
    assertEquals(4 * 2 + 13 * 3 + 8, ComponentShipping.estimatedBytes(c));
  }

  /** A chain of {@code n} transactions. */
  private static Component of(int n) {
    int[] txns = new int[n];
    int[] from = new int[n - 1];
    int[] to = new int[n - 1];
    for (int i = 0; i < n; i++) {
      txns[i] = i;
      if (i > 0) {
        from[i - 1] = i - 1;
        to[i - 1] = i;
      }
    }
    return new Component(txns, from, to, new byte[n - 1], new int[n - 1], new int[] {0},
        new int[0], new int[0], new byte[0], new int[0]);
  }
}
