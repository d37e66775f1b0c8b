package io.isoverify.report;

import io.isoverify.history.explain.ExplanationDot;
import io.isoverify.history.explain.ExplanationGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;

/**
 * The drawing of each anomaly shown in a run: its DOT digraph, for people who use Graphviz,
 * and its SVG, drawn in-process ({@link AnomalySvg}: Eclipse ELK's layout, no Graphviz
 * needed), or why there is none. Both come from the same {@link ExplanationGraph}. Indexed by
 * the anomaly's number (1-based).
 */
final class Pictures {
  /** One anomaly's drawing; svg null when reason says why. */
  record Picture(String dotFile, String dot, String svgFile, String svg, String reason) {}

  /** Draws one anomaly's graph as SVG; throws (unchecked) when it cannot. */
  interface Drawer {
    String svg(ExplanationGraph g);
  }

  /** The drawer of the report files: ELK's layout, written as SVG. */
  static final Drawer ELK = AnomalySvg::draw;

  private final List<Picture> byNumber;
  private final String unavailable;

  private Pictures(List<Picture> byNumber, String unavailable) {
    this.byNumber = byNumber;
    this.unavailable = unavailable;
  }

  /**
   * Draws every anomaly of the run. A drawing that fails (a layout error; the layout library
   * missing from the classpath) leaves that anomaly with its DOT file and the reason, and the
   * report is written all the same.
   */
  static Pictures draw(ExplainedRun run, Drawer drawer) {
    List<Picture> out = new ArrayList<>();
    String unavailable = null;
    for (ExplainedRun.Shown s : run.distinct()) {
      String name = "anomaly-" + s.number();
      ExplanationGraph g = ExplanationGraph.of(run.report().history(), s.explanation());
      String dot = ExplanationDot.render(name, g);
      try {
        out.add(new Picture(name + ".dot", dot, name + ".svg", drawer.svg(g), null));
      } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
        String reason = "the picture could not be drawn (" + e + "); the DOT file is written";
        out.add(new Picture(name + ".dot", dot, null, null, reason));
        unavailable = unavailable == null ? reason : unavailable;
      }
    }
    return new Pictures(out, unavailable);
  }

  Picture of(int number) {
    return byNumber.get(number - 1);
  }

  List<Picture> all() {
    return byNumber;
  }

  /** Null when every anomaly has its SVG, else why (the first failure). */
  String unavailable() {
    return unavailable;
  }
}
