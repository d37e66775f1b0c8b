package io.isoverify.report;

import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.explain.ExplanationGraph;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * An anomaly's picture as SVG, drawn in-process from its {@link AnomalyLayout} (no Graphviz
 * needed): the title on top; one box per transaction, its name and session in bold and the
 * operations that take part under it (aborted: dashed; the initial state: an ellipse); one
 * arrow per dependency, coloured by type as in the DOT file (RW dashed), its type and
 * key=value on a white ground; under it a legend of the arrow types shown. The SVG has no ids,
 * so any number of them can be inlined in one page; classes name the parts ({@code txn},
 * {@code dep RW}, {@code legend}). Same graph, same bytes.
 */
final class AnomalySvg {
  private static final String INK = "#263238";
  private static final String BOX_LINE = "#546e7a";
  private static final String WHITE = "#ffffff";
  private static final double ARROW_LENGTH = 9;
  private static final double ARROW_HALF = 4;
  private static final double CORNER = 6;
  private static final double SAMPLE = 22;
  private static final double GAP = 5;
  private static final String LEGEND = "arrow A \u2192 B:";
  private static final String ABORTED = "aborted";

  private final StringBuilder s = new StringBuilder();

  private AnomalySvg() {}

  /** Lays out and draws {@code g}; throws (unchecked) when ELK cannot lay it out. */
  static String draw(ExplanationGraph g) {
    return new AnomalySvg().write(g, AnomalyLayout.of(g));
  }

  private String write(ExplanationGraph g, AnomalyLayout.Layout l) {
    Set<EdgeType> types = EnumSet.noneOf(EdgeType.class);
    g.arrows().forEach(a -> types.add(a.type()));
    boolean aborted = g.boxes().stream().anyMatch(b -> b.outline() == ExplanationGraph.Outline.DASHED);
    boolean legend = !types.isEmpty() || aborted;
    double top = PictureStyle.MARGIN + PictureStyle.TITLE + 4;
    double width = Math.max(l.width(), 2 * PictureStyle.MARGIN
        + Math.max(PictureStyle.width(g.title(), PictureStyle.TITLE), legendWidth(types, aborted)));
    double height = top + l.height() + (legend ? PictureStyle.LINE + PictureStyle.MARGIN : 0);
    open("svg", "xmlns", "http://www.w3.org/2000/svg", "width", width, "height", height,
        "viewBox", "0 0 " + n(width) + " " + n(height), "role", "img").append(">\n");
    s.append("<title>").append(esc(g.title())).append("</title>\n");
    element("rect", "width", "100%", "height", "100%", "fill", WHITE);
    text(g.title(), "x", PictureStyle.MARGIN, "y", PictureStyle.MARGIN + PictureStyle.TITLE, "font-family",
        PictureStyle.SANS, "font-size", PictureStyle.TITLE, "font-weight", "bold", "fill", INK);
    s.append('\n');
    open("g", "transform", "translate(0," + n(top) + ")", "font-family", PictureStyle.MONO).append(">\n");
    l.boxes().forEach(this::box);
    l.arrows().forEach(this::arrow);
    s.append("</g>\n");
    if (legend) {
      legend(types, aborted, top + l.height() + PictureStyle.LINE / 2);
    }
    return s.append("</svg>\n").toString();
  }

  private void box(AnomalyLayout.Placed p) {
    AnomalyLayout.Rect r = p.at();
    ExplanationGraph.Box b = p.box();
    boolean round = b.outline() == ExplanationGraph.Outline.ROUND;
    String dashes = b.outline() == ExplanationGraph.Outline.DASHED ? "5 3" : null;
    s.append("<g class=\"txn\">");
    if (round) {
      element("ellipse", "cx", r.x() + r.w() / 2, "cy", r.y() + r.h() / 2, "rx", r.w() / 2, "ry", r.h() / 2,
          "fill", WHITE, "stroke", BOX_LINE, "stroke-width", "1.2");
    } else {
      element("rect", "x", r.x(), "y", r.y(), "width", r.w(), "height", r.h(), "rx", "5",
          "fill", WHITE, "stroke", BOX_LINE, "stroke-width", "1.2", "stroke-dasharray", dashes);
    }
    if (b.lines().size() > 1) {
      double y = r.y() + PictureStyle.BOX_PAD_Y + PictureStyle.LINE + 1.5;
      element("line", "x1", r.x(), "y1", y, "x2", r.x() + r.w(), "y2", y, "stroke", "#cfd8dc");
    }
    double x = round ? r.x() + r.w() / 2 : r.x() + PictureStyle.BOX_PAD_X;
    for (int i = 0; i < b.lines().size(); i++) {
      text(PictureStyle.cut(b.lines().get(i)), "x", x, "y", r.y() + PictureStyle.BOX_PAD_Y + (i + 1) * PictureStyle.LINE - 4,
          "font-size", PictureStyle.TEXT, "text-anchor", round ? "middle" : null,
          "font-weight", i == 0 ? "bold" : null, "fill", INK);
    }
    s.append("</g>\n");
  }

  private void arrow(AnomalyLayout.Routed r) {
    EdgeType t = r.arrow().type();
    String colour = ExplanationGraph.colour(t);
    List<AnomalyLayout.Point> pts = r.route();
    AnomalyLayout.Point head = pts.get(pts.size() - 1);
    AnomalyLayout.Point before = pts.get(pts.size() - 2);
    double len = Math.max(1e-9, Math.hypot(head.x() - before.x(), head.y() - before.y()));
    double dx = (head.x() - before.x()) / len;
    double dy = (head.y() - before.y()) / len;
    AnomalyLayout.Point base = new AnomalyLayout.Point(head.x() - dx * ARROW_LENGTH, head.y() - dy * ARROW_LENGTH);
    s.append("<g class=\"dep ").append(t).append("\">");
    element("path", "d", path(pts, base), "fill", "none", "stroke", colour, "stroke-width", "1.5",
        "stroke-dasharray", ExplanationGraph.dashed(t) ? "6 3" : null);
    element("polygon", "points", n(head.x()) + "," + n(head.y()) + " "
        + n(base.x() - dy * ARROW_HALF) + "," + n(base.y() + dx * ARROW_HALF) + " "
        + n(base.x() + dy * ARROW_HALF) + "," + n(base.y() - dx * ARROW_HALF), "fill", colour);
    AnomalyLayout.Rect l = r.label();
    element("rect", "x", l.x(), "y", l.y(), "width", l.w(), "height", l.h(), "fill", WHITE, "fill-opacity", "0.9");
    text(PictureStyle.cut(r.arrow().label()), "x", l.x() + PictureStyle.LABEL_PAD,
        "y", l.y() + PictureStyle.LABEL_PAD + PictureStyle.LABEL * 0.8, "font-size", PictureStyle.LABEL, "fill", colour);
    s.append("</g>\n");
  }

  /** The route as a path with rounded bends, ending at the arrowhead's base. */
  private static String path(List<AnomalyLayout.Point> pts, AnomalyLayout.Point end) {
    StringBuilder d = new StringBuilder("M").append(n(pts.get(0).x())).append(',').append(n(pts.get(0).y()));
    for (int i = 1; i < pts.size() - 1; i++) {
      AnomalyLayout.Point a = pts.get(i - 1);
      AnomalyLayout.Point b = pts.get(i);
      AnomalyLayout.Point c = i + 1 == pts.size() - 1 ? end : pts.get(i + 1);
      double in = Math.hypot(b.x() - a.x(), b.y() - a.y());
      double out = Math.hypot(c.x() - b.x(), c.y() - b.y());
      double r = Math.min(CORNER, Math.min(in, out) / 2);
      if (r < 0.5) {
        d.append(" L").append(n(b.x())).append(',').append(n(b.y()));
        continue;
      }
      d.append(" L").append(n(b.x() - (b.x() - a.x()) / in * r)).append(',').append(n(b.y() - (b.y() - a.y()) / in * r))
          .append(" Q").append(n(b.x())).append(',').append(n(b.y())).append(' ')
          .append(n(b.x() + (c.x() - b.x()) / out * r)).append(',').append(n(b.y() + (c.y() - b.y()) / out * r));
    }
    return d.append(" L").append(n(end.x())).append(',').append(n(end.y())).toString();
  }

  /** One row under the picture: a sample of each arrow type shown with its meaning, and "aborted". */
  private void legend(Set<EdgeType> types, boolean aborted, double mid) {
    open("g", "class", "legend", "font-family", PictureStyle.MONO, "font-size", PictureStyle.LABEL).append('>');
    double x = legendText(PictureStyle.MARGIN, mid, INK, LEGEND);
    for (EdgeType t : types) {
      String colour = ExplanationGraph.colour(t);
      element("line", "x1", x, "y1", mid, "x2", x + SAMPLE, "y2", mid, "stroke", colour, "stroke-width", "1.5",
          "stroke-dasharray", ExplanationGraph.dashed(t) ? "6 3" : null);
      x = legendText(x + SAMPLE + GAP, mid, colour, meaning(t));
    }
    if (aborted) {
      element("rect", "x", x, "y", mid - 5, "width", SAMPLE, "height", "10", "rx", "3", "fill", "none",
          "stroke", BOX_LINE, "stroke-dasharray", "5 3");
      legendText(x + SAMPLE + GAP, mid, INK, ABORTED);
    }
    s.append("</g>\n");
  }

  /** Writes one legend entry's text at {@code x}; returns where the next entry starts. */
  private double legendText(double x, double mid, String colour, String text) {
    text(text, "x", x, "y", mid + PictureStyle.LABEL * 0.35, "fill", colour);
    return x + PictureStyle.width(text, PictureStyle.LABEL) + 3 * GAP;
  }

  private static double legendWidth(Set<EdgeType> types, boolean aborted) {
    double w = PictureStyle.width(LEGEND, PictureStyle.LABEL) + 3 * GAP;
    for (EdgeType t : types) {
      w += SAMPLE + GAP + PictureStyle.width(meaning(t), PictureStyle.LABEL) + 3 * GAP;
    }
    return w + (aborted ? SAMPLE + GAP + PictureStyle.width(ABORTED, PictureStyle.LABEL) : 0);
  }

  /** What an arrow of type {@code t} from A to B says, in a few words. */
  static String meaning(EdgeType t) {
    return switch (t) {
      case SO -> "SO: A ran before B in its session";
      case WR -> "WR: B read what A wrote";
      case WW -> "WW: B overwrote A's write";
      case RW -> "RW: B overwrote what A read";
      case RT -> "RT: A ended before B started";
    };
  }

  /**
   * Appends {@code <name} and its attributes, given as name, value pairs: a Double is a
   * coordinate ({@link #n}), any other value is escaped text, a null value leaves its
   * attribute out. The caller closes the tag.
   */
  private StringBuilder open(String name, Object... attributes) {
    s.append('<').append(name);
    for (int i = 0; i < attributes.length; i += 2) {
      Object v = attributes[i + 1];
      if (v != null) {
        s.append(' ').append(attributes[i]).append("=\"").append(v instanceof Double d ? n(d) : esc(v.toString()))
            .append('"');
      }
    }
    return s;
  }

  private void element(String name, Object... attributes) {
    open(name, attributes).append("/>");
  }

  private void text(String content, Object... attributes) {
    open("text", attributes).append('>').append(esc(content)).append("</text>");
  }

  /** A coordinate: at most one decimal, no trailing ".0", the same on every machine. */
  static String n(double v) {
    long tenths = Math.round(v * 10);
    return tenths % 10 == 0 ? Long.toString(tenths / 10) : String.format(Locale.ROOT, "%.1f", tenths / 10.0);
  }

  /** Text for XML: markup escaped, characters XML forbids replaced by U+FFFD. */
  static String esc(String t) {
    StringBuilder b = new StringBuilder(t.length());
    t.codePoints().forEach(c -> {
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        default -> b.appendCodePoint(c < 0x20 && c != '\t' || c == 0xfffe || c == 0xffff ? 0xfffd : c);
      }
    });
    return b.toString();
  }
}
