package io.isoverify.engine;

import io.isoverify.history.History;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run of the verifier found: the history's figures, a verdict per requested
 * level, the time spent per phase, and the history the certificates' ids refer to (the whole
 * history in process; a Spark run's excerpt of the transactions its certificates mention).
 * The text summary, report.json and the anomalies table are all rendered from this record.
 *
 * @param history what certificates are explained on; null only when no level has one
 * @param phaseNanos time per phase in the order the phases ran ("load", "check", ...)
 * @param recheck what the independent checker established about the certificates, one line
 */
public record RunReport(String runId, String file, String format, HistoryFigures figures,
    History history, List<LevelReport> levels, LinkedHashMap<String, Long> phaseNanos,
    String recheck) {
  public RunReport {
    levels = List.copyOf(levels);
    phaseNanos = new LinkedHashMap<>(phaseNanos);
  }

  /** An in-process run: figures from the whole history, re-checked on it. */
  public RunReport(String runId, String file, String format, History history,
      List<LevelReport> levels, LinkedHashMap<String, Long> phaseNanos) {
    this(runId, file, format, HistoryFigures.of(history), history, levels, phaseNanos,
        HistoryCertifier.RECHECK);
  }

  /** 0 when every level holds, 1 when one is violated, 3 when one is unknown (none violated). */
  public int exitCode() {
    boolean unknown = false;
    for (LevelReport l : levels) {
      switch (l.verdict()) {
        case VIOLATED -> {
          return 1;
        }
        case UNKNOWN -> unknown = true;
        case HOLDS -> { }
      }
    }
    return unknown ? 3 : 0;
  }

  /** Transactions by outcome: committed, aborted, unknown. */
  public Map<String, Long> outcomeCounts() {
    return figures.outcomes();
  }

  /** A run id from what identifies the run (input, size, levels): same basis, same id. */
  public static String deriveId(String basis) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(basis.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
