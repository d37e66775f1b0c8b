package io.isoverify.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isoverify.engine.HistoryFigures;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.check.Level;
import io.isoverify.history.explain.Explanation;
import io.isoverify.history.explain.ExplanationText;
import io.isoverify.history.explain.Step;
import java.util.Map;

/**
 * report.json, schema "isoverify-report/1", defined by the JSON Schema resource
 * {@value #SCHEMA_RESOURCE} (and summarized in spark-jobs/README.md): the history's counts,
 * per level the verdict, anomaly counts, the anomalies shown (explained: steps with their
 * operations, the levels that reported it and the levels ruled out, the text, the drawing's
 * files) and how many were left out, then time per phase. Transactions are the file's ids, -1 the initial state.
 */
public final class ReportJson {
  public static final String SCHEMA = "isoverify-report/1";
  /** The JSON Schema of report.json, on the classpath. */
  public static final String SCHEMA_RESOURCE = "/report.schema.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportJson() {}

  static String render(ExplainedRun run, Pictures pictures) {
    RunReport r = run.report();
    History h = r.history();
    ObjectNode root = JSON.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("run_id", r.runId());
    ObjectNode hist = root.putObject("history");
    hist.put("file", r.file());
    hist.put("format", r.format());
    HistoryFigures f = r.figures();
    hist.put("sessions", f.sessions());
    hist.put("transactions", f.transactions());
    ObjectNode outcomes = hist.putObject("outcomes");
    r.outcomeCounts().forEach(outcomes::put);
    hist.put("operations", f.operations());
    hist.put("keys", f.keys());
    hist.put("timestamps", f.timestamps());
    // Named for the tool that drew them in version 1; now whether the SVGs could be drawn.
    ObjectNode graphviz = root.putObject("graphviz");
    graphviz.put("available", pictures.unavailable() == null);
    if (pictures.unavailable() != null) {
      graphviz.put("reason", pictures.unavailable());
    }
    ArrayNode levels = root.putArray("levels");
    ExplanationText text = new ExplanationText(h);
    for (ExplainedRun.LevelView v : run.levels()) {
      LevelReport l = v.level();
      ObjectNode n = levels.addObject();
      n.put("level", l.level().name());
      n.put("verdict", l.verdict().name());
      if (l.reason() != null) {
        n.put("reason", l.reason());
      }
      n.put("elapsed_ms", l.elapsedNanos() / 1_000_000);
      if (l.path() != null) {
        ObjectNode path = n.putObject("path");
        path.put("name", l.path().path().displayName());
        path.put("reason", l.path().reason());
      }
      counts(n.putObject("anomaly_counts"), l.counts());
      ArrayNode shown = n.putArray("anomalies");
      for (ExplainedRun.Shown s : v.shown()) {
        anomaly(shown.addObject(), h, text, s, pictures.of(s.number()));
      }
      counts(n.putObject("omitted"), v.omitted());
      if (l.witness() != null) {
        n.put("witness", l.witness());
      }
    }
    root.put("recheck", r.recheck());
    ObjectNode phases = root.putObject("phases_ms");
    r.phaseNanos().forEach((k, v) -> phases.put(k, v / 1_000_000));
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("report.json could not be rendered", e);
    }
  }

  private static void counts(ObjectNode into, Map<Anomaly, Long> counts) {
    counts.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> into.put(e.getKey().displayName(), e.getValue()));
  }

  private static void anomaly(ObjectNode a, History h, ExplanationText text, ExplainedRun.Shown s,
      Pictures.Picture picture) {
    Explanation x = s.explanation();
    a.put("number", s.number());
    ArrayNode levels = a.putArray("levels");
    s.levels().forEach(l -> levels.add(l.name()));
    a.put("anomaly", x.name());
    if (x.pattern() != null) {
      a.put("pattern", x.pattern().displayName());
    } else {
      a.putNull("pattern");
    }
    ArrayNode txns = a.putArray("transactions");
    x.txns().forEach(t -> txns.add(t < 0 ? -1L : h.txnId(t)));
    ArrayNode keys = a.putArray("keys");
    x.keys().forEach(k -> keys.add(h.showKey(k)));
    ArrayNode edges = a.putArray("edges");
    x.steps().forEach(st -> edges.add(CertificateSummary.edge(h, st.edge())));
    a.put("explanation", x.summary());
    ArrayNode out = a.putArray("rules_out");
    x.rulesOut().stream().map(Level::name).forEach(out::add);
    if (x.stillPossible() != null) {
      a.put("still_possible", x.stillPossible());
    } else {
      a.putNull("still_possible");
    }
    ArrayNode steps = a.putArray("steps");
    for (Step st : x.steps()) {
      Edge e = st.edge();
      ObjectNode o = steps.addObject();
      o.put("from", e.from() < 0 ? -1L : h.txnId(e.from()));
      o.put("to", e.to() < 0 ? -1L : h.txnId(e.to()));
      o.put("type", e.type().name());
      if (e.key() >= 0) {
        o.put("key", h.showKey(e.key()));
        o.put("value", h.showValue(e.value()));
      }
      o.put("because", text.because(st));
    }
    ArrayNode ops = a.putArray("operations");
    for (int op : x.ops()) {
      ObjectNode o = ops.addObject();
      o.put("transaction", h.txnId(txnOf(h, op, x)));
      o.put("kind", h.opKind(op).code());
      o.put("key", h.showKey(h.opKey(op)));
      o.put("value", h.showValue(h.opValue(op)));
    }
    a.put("text", text.render(x));
    a.put("dot", picture.dotFile());
    if (picture.svgFile() != null) {
      a.put("svg", picture.svgFile());
    } else {
      a.putNull("svg");
    }
  }

  /** The transaction (among the explanation's) owning an operation. */
  private static int txnOf(History h, int op, Explanation x) {
    for (int t : x.txns()) {
      if (t >= 0 && op >= h.firstOp(t) && op < h.endOp(t)) {
        return t;
      }
    }
    throw new IllegalStateException("operation " + op + " is outside the explanation's transactions");
  }
}
