package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the drawing of an {@link Explanation} shows, before any drawing format: one box per
 * transaction with the operations that take part, one arrow per dependency with its type and
 * key=value. Graphviz DOT ({@link ExplanationDot}) and the report's own SVG are both rendered
 * from it, so they show the same thing.
 *
 * @param title the anomaly's title ("G2-item (WriteSkew)")
 * @param boxes every transaction an arrow touches or the explanation names, in the order the
 *     text introduces them, then the arrows' other ends in order of appearance
 * @param arrows one per step of the explanation, in its order
 */
public record ExplanationGraph(String title, List<Box> boxes, List<Arrow> arrows) {
  /** How a box is outlined: the virtual initial transaction is round, an aborted one dashed. */
  public enum Outline { SOLID, DASHED, ROUND }

  /**
   * One transaction: {@code lines} are its name with its session ("T1 (a)"), then its
   * operations that take part ("r x 1").
   */
  public record Box(String id, List<String> lines, Outline outline) {
    public Box {
      lines = List.copyOf(lines);
    }
  }

  /** One dependency from box {@code from} to box {@code to}; label "RW x=init", "SO". */
  public record Arrow(String from, String to, EdgeType type, String label) {}

  public ExplanationGraph {
    boxes = List.copyOf(boxes);
    arrows = List.copyOf(arrows);
  }

  /** The drawing of {@code x}, whose ids are dense ids of {@code h}. */
  public static ExplanationGraph of(History h, Explanation x) {
    ExplanationText text = new ExplanationText(h);
    Map<Integer, Box> boxes = new LinkedHashMap<>();
    x.txns().forEach(t -> boxes.computeIfAbsent(t, u -> box(h, text, x, u)));
    List<Arrow> arrows = new ArrayList<>();
    for (Step step : x.steps()) {
      Edge e = step.edge();
      boxes.computeIfAbsent(e.from(), u -> box(h, text, x, u));
      boxes.computeIfAbsent(e.to(), u -> box(h, text, x, u));
      String kv = text.keyValue(e);
      arrows.add(new Arrow(id(e.from()), id(e.to()), e.type(), e.type() + (kv.isEmpty() ? "" : " " + kv)));
    }
    return new ExplanationGraph(x.title(), new ArrayList<>(boxes.values()), arrows);
  }

  /** The colour of an arrow of type {@code t}, as "#rrggbb" (RW red: the versions a reader missed). */
  public static String colour(EdgeType t) {
    return switch (t) {
      case WR -> "#1f5fbf";
      case WW -> "#2e7d32";
      case RW -> "#c62828";
      case SO -> "#616161";
      case RT -> "#6a1b9a";
    };
  }

  /** Whether arrows of type {@code t} are drawn dashed: RW, the anti-dependency. */
  public static boolean dashed(EdgeType t) {
    return t == EdgeType.RW;
  }

  private static Box box(History h, ExplanationText text, Explanation x, int t) {
    if (t < 0) {
      return new Box(id(t), List.of("init"), Outline.ROUND);
    }
    List<String> lines = new ArrayList<>();
    lines.add(h.showTxn(t) + " (" + h.sessionName(h.session(t)) + ")");
    for (int o : x.ops()) {
      if (o >= h.firstOp(t) && o < h.endOp(t)) {
        lines.add(text.op(o));
      }
    }
    return new Box(id(t), lines, h.isAborted(t) ? Outline.DASHED : Outline.SOLID);
  }

  private static String id(int t) {
    return t < 0 ? "init" : "t" + t;
  }
}
