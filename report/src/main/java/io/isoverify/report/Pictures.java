package io.isoverify.report;

import io.isoverify.history.explain.ExplanationDot;
import java.util.ArrayList;
import java.util.List;

/**
 * The drawing of each anomaly shown in a run: its DOT digraph (always) and the SVG Graphviz
 * made from it, or why there is none. Indexed by the anomaly's number (1-based).
 */
final class Pictures {
  /** One anomaly's drawing; svg null when reason says why. */
  record Picture(String dotFile, String dot, String svgFile, String svg, String reason) {}

  private final List<Picture> byNumber;
  private final String graphvizUnavailable;

  private Pictures(List<Picture> byNumber, String graphvizUnavailable) {
    this.byNumber = byNumber;
    this.graphvizUnavailable = graphvizUnavailable;
  }

  /** Draws every anomaly of the run, one `dot` process each. */
  static Pictures draw(ExplainedRun run, Graphviz graphviz) {
    ExplanationDot dot = new ExplanationDot(run.report().history());
    List<Picture> out = new ArrayList<>();
    for (ExplainedRun.Shown s : run.distinct()) {
      String name = "anomaly-" + s.number();
      String text = dot.render(name, s.explanation());
      Graphviz.Svg svg = graphviz.render(text);
      out.add(new Picture(name + ".dot", text, svg.svg() == null ? null : name + ".svg",
          svg.svg(), svg.reason()));
    }
    return new Pictures(out, graphviz.unavailable());
  }

  Picture of(int number) {
    return byNumber.get(number - 1);
  }

  List<Picture> all() {
    return byNumber;
  }

  /** Null when Graphviz works, else why no anomaly has an SVG. */
  String graphvizUnavailable() {
    return graphvizUnavailable;
  }
}
