package io.isoverify.history.explain;

import io.isoverify.history.History;

/**
 * An {@link Explanation} as a Graphviz DOT digraph, drawn from its {@link ExplanationGraph}:
 * one box per transaction listing the operations that take part, one arrow per dependency
 * labelled with its type and key=value, coloured by type (RW red and dashed: the versions a
 * reader missed). Aborted transactions are drawn dashed, the virtual initial transaction as an
 * ellipse.
 */
public final class ExplanationDot {
  private final History h;

  public ExplanationDot(History h) {
    this.h = h;
  }

  /** The digraph named {@code name}. */
  public String render(String name, Explanation x) {
    return render(name, ExplanationGraph.of(h, x));
  }

  /** The digraph named {@code name} of a drawing already made. */
  public static String render(String name, ExplanationGraph g) {
    StringBuilder s = new StringBuilder();
    s.append("digraph ").append(quote(name)).append(" {\n");
    s.append("  label=").append(quote(g.title())).append(";\n");
    s.append("  labelloc=t;\n  rankdir=LR;\n  fontname=\"Helvetica\";\n");
    s.append("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];\n");
    s.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (ExplanationGraph.Box b : g.boxes()) {
      s.append("  ").append(b.id()).append(" [label=").append(quote(String.join("\n", b.lines())))
          .append(switch (b.outline()) {
            case SOLID -> "";
            case DASHED -> ", style=\"rounded,dashed\"";
            case ROUND -> ", shape=ellipse, style=solid";
          }).append("];\n");
    }
    for (ExplanationGraph.Arrow a : g.arrows()) {
      String colour = quote(ExplanationGraph.colour(a.type()));
      s.append("  ").append(a.from()).append(" -> ").append(a.to()).append(" [label=")
          .append(quote(a.label())).append(", color=").append(colour).append(", fontcolor=")
          .append(colour).append(ExplanationGraph.dashed(a.type()) ? ", style=dashed" : "")
          .append("];\n");
    }
    return s.append("}\n").toString();
  }

  /** A DOT string literal: backslashes and quotes escaped, newlines as \n line breaks. */
  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }
}
