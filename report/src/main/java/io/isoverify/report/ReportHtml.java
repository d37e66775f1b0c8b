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
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * report.html: one self-contained page per run (the template resource {@value #TEMPLATE}
 * carries the inline CSS; the anomalies' SVGs are inlined), with the verdicts, the history's
 * counts, time per phase, and each anomaly shown once, with the levels it breaks, its picture
 * and its explanation. No script
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
    b.append("<h2>Verdicts</h2>\n<table><tr><th>level</th><th>verdict</th><th>detail</th><th>path</th><th>time</th></tr>\n");
    for (ExplainedRun.LevelView v : run.levels()) {
      LevelReport l = v.level();
      String detail = switch (l.verdict()) {
        case HOLDS -> l.witness() == null ? "" : l.witness();
        case UNKNOWN -> l.reason();
        case VIOLATED -> ReportText.counts(l.counts());
      };
      b.append("<tr><td>").append(l.level()).append("</td><td><span class=\"verdict ").append(l.verdict())
          .append("\">").append(l.verdict()).append("</span></td><td>").append(esc(detail)).append("</td><td>")
          .append(l.path() == null ? "" : esc(l.path().toString())).append("</td><td>")
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

  /** Each anomaly once, with the levels it breaks; then, per level, what was left out. */
  private static void anomalies(StringBuilder b, ExplainedRun run, Pictures pictures) {
    if (run.distinct().isEmpty() && run.levels().stream().allMatch(v -> v.omitted().isEmpty())) {
      return;
    }
    b.append("<h2>Anomalies</h2>\n");
    if (pictures.unavailable() != null) {
      b.append("<p class=\"note\">No pictures: ").append(esc(pictures.unavailable())).append("</p>\n");
    }
    ExplanationText text = new ExplanationText(run.report().history());
    for (ExplainedRun.Shown s : run.distinct()) {
      var x = s.explanation();
      Pictures.Picture p = pictures.of(s.number());
      b.append("<section class=\"anomaly\" id=\"anomaly-").append(s.number()).append("\"><h3>")
          .append(esc(ReportText.heading(s))).append("</h3>\n")
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
    for (ExplainedRun.LevelView v : run.levels()) {
      if (!v.omitted().isEmpty()) {
        b.append("<p>Not shown under ").append(v.level().level()).append(": ").append(esc(v.omitted().entrySet()
            .stream().map(e -> e.getValue() + " more " + e.getKey().displayName())
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

  /** The svg element alone: an XML declaration or DOCTYPE before it is dropped. */
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
