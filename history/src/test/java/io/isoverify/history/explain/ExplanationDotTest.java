package io.isoverify.history.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.testing.DebianPackages;
import io.isoverify.history.testing.HistoryDsl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The DOT of a write skew, whole, and Graphviz accepts it (installed by bin/install-deps). */
class ExplanationDotTest {
  private final History h = HistoryDsl.parse(
      "a: [r x init; r y init; w x 1]\nb: [r x init; r y init; w y 1]");
  private final Explanation x = new Explainer(h).explain(new Certificate(Anomaly.CYCLE, new int[0],
      new int[0], new int[0], List.of(Edge.of(0, 1, EdgeType.RW), Edge.of(1, 0, EdgeType.RW)), 0));

  @Test
  void writeSkewDigraph() {
    assertEquals("""
        digraph "anomaly-1" {
          label="G2-item (WriteSkew)";
          labelloc=t;
          rankdir=LR;
          fontname="Helvetica";
          node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
          edge [fontname="Helvetica", fontsize=10];
          t0 [label="T1 (a)\\nr y init\\nw x 1"];
          t1 [label="T2 (b)\\nr x init\\nw y 1"];
          t0 -> t1 [label="RW y=init", color="#c62828", fontcolor="#c62828", style=dashed];
          t1 -> t0 [label="RW x=init", color="#c62828", fontcolor="#c62828", style=dashed];
        }
        """, new ExplanationDot(h).render("anomaly-1", x));
  }

  @Test
  void graphvizParsesIt() throws IOException, InterruptedException {
    DebianPackages.require("graphviz");
    Process p = new ProcessBuilder("dot", "-Tsvg").redirectErrorStream(true).start();
    p.getOutputStream().write(new ExplanationDot(h).render("anomaly-1", x).getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String svg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), svg);
    assertTrue(svg.contains("<svg") && svg.contains("G2&#45;item (WriteSkew)"), svg);
  }
}
