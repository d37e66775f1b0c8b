package io.isoverify.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.explain.Explainer;
import io.isoverify.history.explain.ExplanationGraph;
import io.isoverify.history.testing.HistoryDsl;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The in-process pictures, with no Graphviz anywhere: a lost update and an aborted read drawn
 * by ELK are well-formed SVG with one box per transaction, one arrow per dependency, their
 * labels, nothing overlapping, the same bytes every time, and fast enough for a report's
 * hundred pictures.
 */
class AnomalySvgTest {
  private final History h = HistoryDsl.parse("""
      a: [r x init; w x 1]
      b: [r x init; w x 2]
      """);
  private final ExplanationGraph lostUpdate = ExplanationGraph.of(h, new Explainer(h).explain(new Certificate(
      Anomaly.CYCLE, new int[0], new int[0], new int[0],
      List.of(Edge.of(0, 1, EdgeType.WW), Edge.of(1, 0, EdgeType.RW)), 0)));

  @TempDir Path dir;

  private static Document parse(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  /** The text of each {@code <g class="...">} whose class starts with {@code prefix}, in order. */
  private static List<String> groups(Document d, String prefix) {
    List<String> out = new ArrayList<>();
    NodeList gs = d.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
    for (int i = 0; i < gs.getLength(); i++) {
      Element g = (Element) gs.item(i);
      if (g.getAttribute("class").startsWith(prefix)) {
        out.add(g.getAttribute("class") + ": " + texts(g));
      }
    }
    return out;
  }

  private static String texts(Element g) {
    NodeList ts = g.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ts.getLength(); i++) {
      out.add(ts.item(i).getTextContent());
    }
    return String.join(" | ", out);
  }

  @Test
  void lostUpdateHasABoxPerTransactionAndAnArrowPerDependency() throws Exception {
    Document d = parse(AnomalySvg.draw(lostUpdate));
    assertEquals("svg", d.getDocumentElement().getLocalName());
    assertEquals("G-single (LostUpdate)", d.getElementsByTagNameNS("*", "title").item(0).getTextContent());
    assertEquals(List.of("txn: T1 (a) | r x init | w x 1", "txn: T2 (b) | r x init | w x 2"), groups(d, "txn"));
    assertEquals(List.of("dep WW: WW x=1", "dep RW: RW x=init"), groups(d, "dep"));
    assertTrue(groups(d, "legend").get(0).contains("RW: B overwrote what A read"), groups(d, "legend").toString());
  }

  @Test
  void nothingOverlaps() {
    AnomalyLayout.Layout l = AnomalyLayout.of(lostUpdate);
    List<AnomalyLayout.Rect> parts = new ArrayList<>();
    l.boxes().forEach(p -> parts.add(p.at()));
    l.arrows().forEach(r -> parts.add(r.label()));
    for (int i = 0; i < parts.size(); i++) {
      for (int j = i + 1; j < parts.size(); j++) {
        assertFalse(overlap(parts.get(i), parts.get(j)), parts.get(i) + " overlaps " + parts.get(j));
      }
    }
  }

  private static boolean overlap(AnomalyLayout.Rect a, AnomalyLayout.Rect b) {
    return a.x() < b.x() + b.w() && b.x() < a.x() + a.w() && a.y() < b.y() + b.h() && b.y() < a.y() + a.h();
  }

  @Test
  void reportFilesDrawEveryAnomalyWithoutGraphviz() throws Exception {
    ReportFiles.write(SampleRuns.writeSkewAndAbortedRead(), dir);
    Document aborted = parse(Files.readString(dir.resolve("anomaly-2.svg")));
    assertEquals(List.of("txn: T4 (d) | r z 1", "txn: T3 (c) | w z 1"), groups(aborted, "txn"));
    assertEquals(List.of("dep WR: WR z=1"), groups(aborted, "dep"));
    assertTrue(groups(aborted, "legend").get(0).endsWith("aborted"), "the dashed box is explained");
    String html = Files.readString(dir.resolve("report.html"));
    assertEquals(2, html.split("<div class=\"picture\"><svg ", -1).length - 1, "both pictures inline");
  }

  @Test
  void sameGraphSameBytesAndAHundredPicturesAreQuick() {
    String first = AnomalySvg.draw(lostUpdate);
    long t0 = System.nanoTime();
    for (int i = 0; i < 100; i++) {
      assertEquals(first, AnomalySvg.draw(lostUpdate));
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertTrue(seconds < 20, "100 pictures took " + seconds + " s");
  }
}
