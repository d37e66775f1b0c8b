package io.isoverify.report;

import io.isoverify.history.explain.ExplanationGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.elk.alg.layered.options.CycleBreakingStrategy;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.alg.layered.options.OrderingStrategy;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Where each part of an anomaly's picture goes: the boxes, the arrows' orthogonal routes and
 * their labels, placed by Eclipse ELK's layered algorithm (the Sugiyama method Graphviz's dot
 * uses too) left to right, in the order the explanation introduces the transactions. ELK is
 * given each box's and label's size ({@link PictureStyle}) and keeps labels clear of boxes
 * and of each other. The same graph always gives the same layout (fixed random seed).
 */
final class AnomalyLayout {
  /** A rectangle, top-left corner and size, px. */
  record Rect(double x, double y, double w, double h) {}

  /** A point, px. */
  record Point(double x, double y) {}

  /** A box and where it goes. */
  record Placed(ExplanationGraph.Box box, Rect at) {}

  /** An arrow's route, from its tail on one box to its head on the other, and its label's place. */
  record Routed(ExplanationGraph.Arrow arrow, List<Point> route, Rect label) {
    Routed {
      route = List.copyOf(route);
    }
  }

  /** The whole layout: its size and every box and arrow, in the graph's order. */
  record Layout(double width, double height, List<Placed> boxes, List<Routed> arrows) {
    Layout {
      boxes = List.copyOf(boxes);
      arrows = List.copyOf(arrows);
    }
  }

  private AnomalyLayout() {}

  /** Lays out {@code g}; ELK throws (unchecked) when it cannot. */
  static Layout of(ExplanationGraph g) {
    ElkNode root = ElkGraphUtil.createGraph();
    root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
    root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
    root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
    root.setProperty(CoreOptions.PADDING, new ElkPadding(PictureStyle.MARGIN));
    root.setProperty(CoreOptions.RANDOM_SEED, 1);
    root.setProperty(LayeredOptions.CYCLE_BREAKING_STRATEGY, CycleBreakingStrategy.GREEDY_MODEL_ORDER);
    root.setProperty(LayeredOptions.CONSIDER_MODEL_ORDER_STRATEGY, OrderingStrategy.NODES_AND_EDGES);
    root.setProperty(CoreOptions.SPACING_NODE_NODE, 28.0);
    root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 44.0);
    root.setProperty(CoreOptions.SPACING_EDGE_NODE, 14.0);
    root.setProperty(LayeredOptions.SPACING_EDGE_NODE_BETWEEN_LAYERS, 14.0);
    root.setProperty(CoreOptions.SPACING_EDGE_EDGE, 12.0);
    root.setProperty(LayeredOptions.SPACING_EDGE_EDGE_BETWEEN_LAYERS, 12.0);
    root.setProperty(CoreOptions.SPACING_EDGE_LABEL, 3.0);
    Map<String, ElkNode> nodes = new HashMap<>();
    for (ExplanationGraph.Box b : g.boxes()) {
      ElkNode n = ElkGraphUtil.createNode(root);
      double w = b.lines().stream().mapToDouble(l -> PictureStyle.width(PictureStyle.cut(l), PictureStyle.TEXT))
          .max().orElse(0) + 2 * PictureStyle.BOX_PAD_X;
      n.setDimensions(b.outline() == ExplanationGraph.Outline.ROUND ? w + PictureStyle.ELLIPSE_EXTRA : w,
          b.lines().size() * PictureStyle.LINE + 2 * PictureStyle.BOX_PAD_Y);
      nodes.put(b.id(), n);
    }
    List<ElkEdge> edges = new ArrayList<>();
    for (ExplanationGraph.Arrow a : g.arrows()) {
      ElkEdge e = ElkGraphUtil.createSimpleEdge(nodes.get(a.from()), nodes.get(a.to()));
      ElkLabel l = ElkGraphUtil.createLabel(a.label(), e);
      l.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
      l.setDimensions(PictureStyle.width(PictureStyle.cut(a.label()), PictureStyle.LABEL) + 2 * PictureStyle.LABEL_PAD,
          PictureStyle.LABEL + 2 * PictureStyle.LABEL_PAD);
      edges.add(e);
    }
    new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
    List<Placed> placed = new ArrayList<>();
    for (ExplanationGraph.Box b : g.boxes()) {
      ElkNode n = nodes.get(b.id());
      placed.add(new Placed(b, new Rect(n.getX(), n.getY(), n.getWidth(), n.getHeight())));
    }
    List<Routed> routed = new ArrayList<>();
    for (int i = 0; i < edges.size(); i++) {
      ElkEdge e = edges.get(i);
      ElkLabel l = e.getLabels().get(0);
      routed.add(new Routed(g.arrows().get(i), route(e), new Rect(l.getX(), l.getY(), l.getWidth(), l.getHeight())));
    }
    return new Layout(root.getWidth(), root.getHeight(), placed, routed);
  }

  /** The points of an edge's one section: start, bends, end (in the root's coordinates). */
  private static List<Point> route(ElkEdge e) {
    ElkEdgeSection s = e.getSections().get(0);
    List<Point> points = new ArrayList<>();
    points.add(new Point(s.getStartX(), s.getStartY()));
    s.getBendPoints().forEach(b -> points.add(new Point(b.getX(), b.getY())));
    points.add(new Point(s.getEndX(), s.getEndY()));
    return points;
  }
}
