package io.isoverify.spark.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import java.util.Map;

/**
 * report.json, schema "isoverify-report/1" (documented in spark-jobs/README.md): the
 * history's counts, then per level the verdict, reason, anomaly counts, the certificates
 * shown and the witness; then time per phase in milliseconds.
 */
public final class ReportJson {
  public static final String SCHEMA = "isoverify-report/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportJson() {}

  public static String render(RunReport r) {
    History h = r.history();
    ObjectNode root = JSON.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("run_id", r.runId());
    ObjectNode hist = root.putObject("history");
    hist.put("file", r.file());
    hist.put("format", r.format());
    hist.put("sessions", h.sessionCount());
    hist.put("transactions", h.txnCount());
    ObjectNode outcomes = hist.putObject("outcomes");
    r.outcomeCounts().forEach(outcomes::put);
    hist.put("operations", h.opCount());
    hist.put("keys", h.keys().size());
    hist.put("timestamps", h.hasTimestamps());
    ArrayNode levels = root.putArray("levels");
    for (LevelReport l : r.levels()) {
      ObjectNode n = levels.addObject();
      n.put("level", l.level().name());
      n.put("verdict", l.verdict().name());
      if (l.reason() != null) {
        n.put("reason", l.reason());
      }
      n.put("elapsed_ms", l.elapsedNanos() / 1_000_000);
      ObjectNode counts = n.putObject("anomaly_counts");
      for (Map.Entry<Anomaly, Long> e : l.counts().entrySet()) {
        counts.put(e.getKey().displayName(), e.getValue());
      }
      ArrayNode shown = n.putArray("anomalies");
      for (Certificate c : l.certificates()) {
        ObjectNode a = shown.addObject();
        a.put("anomaly", c.anomaly().displayName());
        CertificateText.txnIds(h, c).forEach(a.putArray("transactions")::add);
        CertificateText.keys(h, c).forEach(a.putArray("keys")::add);
        CertificateText.edges(h, c).forEach(a.putArray("edges")::add);
        a.put("explanation", c.summary());
      }
      if (l.witness() != null) {
        n.put("witness", l.witness());
      }
    }
    ObjectNode phases = root.putObject("phases_ms");
    r.phaseNanos().forEach((k, v) -> phases.put(k, v / 1_000_000));
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("report.json could not be rendered", e);
    }
  }
}
