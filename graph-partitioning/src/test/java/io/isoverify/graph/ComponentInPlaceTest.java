package io.isoverify.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.isoverify.history.anomaly.EdgeType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A component that names the known graph's edges ({@link Component#inPlace}) reads as the one
 * with its own copies, and what leaves the JVM (its {@link Component#shippable} form, and Java
 * serialization) carries the edges themselves.
 */
class ComponentInPlaceTest {
  private static final int WW = EdgeType.WW.ordinal();
  private static final int RW = EdgeType.RW.ordinal();
  private static final int SO = EdgeType.SO.ordinal();

  /** Global vertices 0..5; the component holds 2, 4 and 5 (local 0, 1, 2). */
  private static Component inPlace(EdgeList known) {
    int[] localOf = {-1, -1, 0, -1, 1, 2};
    // global edges 1, 3 and 4 lie inside the component
    return Component.inPlace(new int[] {20, 40, 50}, known, new int[] {1, 3, 4}, localOf,
        new int[] {0, 1, 2}, new int[] {0, 2}, new int[] {2, 0}, new byte[] {(byte) WW, (byte) RW},
        new int[] {7, 7}, ComponentReads.NONE);
  }

  private static EdgeList known() {
    EdgeList known = new EdgeList();
    known.add(0, 2, SO, -1);
    known.add(2, 4, WW, 7);
    known.add(1, 3, WW, 8);
    known.add(4, 5, RW, 9);
    known.add(5, 2, SO, -1);
    return known;
  }

  private static void assertKnown(Component c) {
    assertEquals(3, c.knownEdgeCount());
    int[][] edges = new int[3][];
    for (int e = 0; e < 3; e++) {
      edges[e] = new int[] {c.knownFrom(e), c.knownTo(e), c.knownType(e), c.knownKey(e)};
    }
    assertArrayEquals(new int[][] {{0, 1, WW, 7}, {1, 2, RW, 9}, {2, 0, SO, -1}}, edges);
    assertEquals(1, c.constraintCount());
    assertEquals(1, c.sideEnd(0, 0));
    assertEquals(2, c.sideFrom(1));
    assertEquals(50, c.txn(2));
  }

  @Test
  void readsTheKnownGraphsEdgesInLocalIds() {
    assertKnown(inPlace(known()));
  }

  @Test
  void edgesAddedToTheKnownListLaterChangeNothing() {
    EdgeList known = known();
    Component c = inPlace(known);
    for (int i = 0; i < 100; i++) {
      known.add(3, 1, RW, i); // grows the list's arrays
    }
    assertKnown(c);
  }

  @Test
  void theShippableFormHasItsOwnCopies() {
    EdgeList known = known();
    Component shipped = inPlace(known).shippable();
    known.clear();
    assertKnown(shipped);
    assertSame(shipped, shipped.shippable());
  }

  @Test
  void javaSerializationWritesTheEdgesThemselves() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(inPlace(known()).withTimes(new long[] {1, 2, 3}));
    }
    Component back;
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      back = (Component) in.readObject();
    }
    assertKnown(back);
    assertEquals(3, back.time(2));
  }
}
