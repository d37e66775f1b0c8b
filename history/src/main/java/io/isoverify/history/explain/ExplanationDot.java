package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;

/**
 * An {@link Explanation} as a Graphviz DOT digraph: one box per transaction listing the
 * operations that take part, one arrow per dependency labelled with its type and key, coloured
 * by type (RW red and dashed: the versions a reader missed). Aborted transactions are drawn
 * dashed, the virtual initial transaction as an ellipse.
 */
public final class ExplanationDot {
  private final History h;
  private final ExplanationText text;

  public ExplanationDot(History h) {
    this.h = h;
    this.text = new ExplanationText(h);
  }

  /** The digraph named {@code name}. */
  public String render(String name, Explanation x) {
    StringBuilder s = new StringBuilder();
    s.append("digraph ").append(quote(name)).append(" {\n");
    s.append("  label=").append(quote(x.title())).append(";\n");
    s.append("  labelloc=t;\n  rankdir=LR;\n  fontname=\"Helvetica\";\n");
    s.append("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];\n");
    s.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (int t : x.txns()) {
      s.append("  ").append(node(t)).append(" [label=").append(quote(label(t, x))).append(attrs(t))
          .append("];\n");
    }
    for (Step step : x.steps()) {
      Edge e = step.edge();
      if (!x.txns().contains(e.from())) {
        s.append("  ").append(node(e.from())).append(" [label=").append(quote(label(e.from(), x)))
            .append(attrs(e.from())).append("];\n");
      }
      String label = e.type() + (e.key() >= 0 ? " " + h.showKey(e.key()) : "");
      s.append("  ").append(node(e.from())).append(" -> ").append(node(e.to())).append(" [label=")
          .append(quote(label)).append(", color=").append(colour(e)).append(", fontcolor=")
          .append(colour(e)).append(e.type() == EdgeType.RW ? ", style=dashed" : "")
          .append("];\n");
    }
    return s.append("}\n").toString();
  }

  private String label(int t, Explanation x) {
    if (t < 0) {
      return "init";
    }
    StringBuilder s = new StringBuilder(h.showTxn(t)).append(" (").append(h.sessionName(h.session(t)))
        .append(")");
    for (int o : x.ops()) {
      if (o >= h.firstOp(t) && o < h.endOp(t)) {
        s.append('\n').append(text.op(o));
      }
    }
    return s.toString();
  }

  private String attrs(int t) {
    if (t < 0) {
      return ", shape=ellipse, style=solid";
    }
    return h.isAborted(t) ? ", style=\"rounded,dashed\"" : "";
  }

  private static String node(int t) {
    return t < 0 ? "init" : "t" + t;
  }

  private static String colour(Edge e) {
    return switch (e.type()) {
      case WR -> "\"#1f5fbf\"";
      case WW -> "\"#2e7d32\"";
      case RW -> "\"#c62828\"";
      case SO -> "\"#616161\"";
      case RT -> "\"#6a1b9a\"";
    };
  }

  /** A DOT string literal: backslashes and quotes escaped, newlines as \n line breaks. */
  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }
}
