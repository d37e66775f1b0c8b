package io.isoverify.report;

import io.isoverify.engine.HistoryFigures;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.history.check.Level;
import io.isoverify.history.explain.ExplanationText;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * report.html: one self-contained page per run (the template resource {@value #TEMPLATE}
 * carries the inline CSS; the anomalies' SVGs are inlined), with the verdicts, the history's
 * counts, time per phase, and each anomaly shown with its picture and explanation. No script
 * and no external resource, so it opens anywhere, offline.
 */
final class ReportHtml {
  static final String TEMPLATE = "/report-template.html";

  private ReportHtml() {}

  static String render(ExplainedRun run, Pictures pictures) {
    RunReport r = run.report();
    HistoryFigures f = r.figures();
    StringBuilder b = new StringBuilder();
    b.append("<header><h1>isoverify: ").append(esc(r.file())).append("</h1><p>run ")
        .append(esc(r.runId())).append(" &middot; format ").append(esc(r.format())).append(" &middot; ")
        .append(f.transactions()).append(" transactions in ").append(f.sessions()).append(" sessions, ")
        .append(f.operations()).append(" operations on ").append(f.keys()).append(" keys</p></header>\n<main>\n");
    b.append("<h2>Verdicts</h2>\n<table><tr><th>level</th><th>verdict</th><th>detail</th><th>time</th></tr>\n");
    for (ExplainedRun.LevelView v : run.levels()) {
      LevelReport l = v.level();
      String detail = switch (l.verdict()) {
        case HOLDS -> l.witness() == null ? "" : l.witness();
        case UNKNOWN -> l.reason();
        case VIOLATED -> ReportText.counts(l.counts());
      };
      b.append("<tr><td>").append(l.level()).append("</td><td><span class=\"verdict ").append(l.verdict())
          .append("\">").append(l.verdict()).append("</span></td><td>").append(esc(detail)).append("</td><td>")
          .append(String.format(Locale.ROOT, "%.2f s", l.elapsedNanos() / 1e9)).append("</td></tr>\n");
    }
    b.append("</table>\n<h2>Time per phase</h2>\n<table><tr><th>phase</th><th>time</th></tr>\n");
    r.phaseNanos().forEach((phase, ns) -> b.append("<tr><td>").append(esc(phase)).append("</td><td>")
        .append(String.format(Locale.ROOT, "%.3f s", ns / 1e9)).append("</td></tr>\n"));
    b.append("</table>\n");
    anomalies(b, run, pictures);
    b.append("</main>");
    return fill(template(), esc("isoverify report " + r.runId()), b.toString());
  }

  private static void anomalies(StringBuilder b, ExplainedRun run, Pictures pictures) {
    ExplanationText text = new ExplanationText(run.report().history());
    if (pictures.graphvizUnavailable() != null) {
      b.append("<p class=\"note\">No pictures: ").append(esc(pictures.graphvizUnavailable())).append("</p>\n");
    }
    Set<Integer> drawn = new HashSet<>();
    for (ExplainedRun.LevelView v : run.levels()) {
      if (v.shown().isEmpty() && v.omitted().isEmpty()) {
        continue;
      }
      b.append("<h2>Anomalies under ").append(v.level().level()).append("</h2>\n");
      for (ExplainedRun.Shown s : v.shown()) {
        var x = s.explanation();
        if (!drawn.add(s.number())) {
          // Violates an earlier level too: point there rather than draw it twice.
          b.append("<p>[").append(s.number()).append("] ").append(esc(x.title()))
              .append(": shown above, <a href=\"#anomaly-").append(s.number()).append("\">anomaly ")
              .append(s.number()).append("</a>.</p>\n");
          continue;
        }
        Pictures.Picture p = pictures.of(s.number());
        b.append("<section class=\"anomaly\" id=\"anomaly-").append(s.number())
            .append("\"><h3>[").append(s.number()).append("] ").append(esc(x.title())).append("</h3>\n")
            .append("<p class=\"levels\">rules out ")
            .append(esc(x.rulesOut().stream().map(Level::name).collect(Collectors.joining(", "))))
            .append(x.stillPossible() == null ? "" : "; could still be " + esc(x.stillPossible()))
            .append("</p>\n");
        if (p.svg() != null) {
          b.append("<div class=\"picture\">").append(inlineSvg(p.svg())).append("</div>\n");
        } else {
          b.append("<p class=\"note\">No picture: ").append(esc(p.reason())).append("</p>\n<pre>")
              .append(esc(p.dot())).append("</pre>\n");
        }
        b.append("<pre>").append(esc(text.render(x))).append("</pre></section>\n");
      }
      if (!v.omitted().isEmpty()) {
        b.append("<p>Not shown: ").append(esc(v.omitted().entrySet().stream()
            .map(e -> e.getValue() + " more " + e.getKey().displayName())
            .collect(Collectors.joining(", ")))).append(".</p>\n");
      }
    }
  }

  /**
   * The template with its one title and one body placeholder replaced; text already inserted
   * is never searched again, so a file name that looks like a placeholder stays as it is.
   */
  private static String fill(String template, String title, String body) {
    int t = template.indexOf("{{title}}");
    int b = template.indexOf("{{body}}");
    if (t < 0 || b < t) {
      throw new IllegalStateException("the resource " + TEMPLATE + " lacks {{title}} before {{body}}");
    }
    return template.substring(0, t) + title + template.substring(t + 9, b) + body + template.substring(b + 8);
  }

  /** The svg element alone: the XML declaration and DOCTYPE Graphviz writes are dropped. */
  static String inlineSvg(String svg) {
    int start = svg.indexOf("<svg");
    return start < 0 ? "" : svg.substring(start);
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String template() {
    try (InputStream in = ReportHtml.class.getResourceAsStream(TEMPLATE)) {
      if (in == null) {
        throw new IllegalStateException("the resource " + TEMPLATE + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
