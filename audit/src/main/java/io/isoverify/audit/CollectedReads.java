package io.isoverify.audit;

import io.isoverify.engine.InProcessEngine;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.ParquetHistoryReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The certificate of a read of a collected write ({@code ReadOfCollectedWrite}, cobra 4.3,
 * Claim 41). The round holds neither the collected writer nor the transactions through which
 * it was overwritten before the reader (its overwriter and the fences after it), so the cycle
 * that makes the read a violation (reader -RW-> overwriter -> ... -> reader) cannot be shown
 * from the held history. When every partition the repository audited is still where it was
 * audited from, with the same bytes (SHA-256), they are read again with this run's partitions
 * as one history and checked by the in-process pipeline, whose certificates the independent
 * checker re-checks as in any run: the round's report then shows that cycle.
 *
 * <p>The verdict stays the round's (VIOLATED) and the counts keep {@code
 * ReadOfCollectedWrite}; the whole history's anomalies are added. Where a file is gone or
 * changed, or the whole history's check is UNKNOWN (a limit, such as memory: its cost is the
 * whole history's, paid only on such a violation), the violation stands without a
 * certificate and the reason says why. Were the whole history to hold, the collection would
 * have been wrong (Claim 41 says it cannot): the level is UNKNOWN with that reason, never
 * HOLDS and never VIOLATED without a cycle.
 */
final class CollectedReads {
  /** A partition an earlier run audited: its content hash and where it was read from. */
  record Audited(String hash, Path file, String run) {}

  /** What the round reports, and the history the certificates' transactions refer to. */
  record Certified(List<LevelReport> reports, History history) {}

  private CollectedReads() {}

  /**
   * The partitions the manifest lists, in the order they were audited. Entries written before
   * the manifest kept absolute paths name the file as it was given then.
   */
  static List<Audited> of(Manifest m) {
    List<Audited> out = new ArrayList<>();
    long n = m.count("partitions");
    for (long i = 0; i < n; i++) {
      String entry = m.get("partition." + i);
      int space = entry.indexOf(' ');
      int run = entry.lastIndexOf(" run ");
      String file = m.get("partition." + i + ".file");
      out.add(new Audited(entry.substring(0, space),
          Path.of(file != null ? file : entry.substring(space + 1, run)),
          entry.substring(run + 5)));
    }
    return out;
  }

  /**
   * The round's reports of the reads {@code stale} names, with the whole audited history's
   * certificates where it can be read again ({@code hash} gives a file's SHA-256).
   */
  static Certified certify(List<String> stale, List<Audited> audited, List<Path> partitions,
      List<Level> levels, VerifierOptions options, History round, FileHash hash)
      throws IOException {
    String found = String.join("; ", stale.subList(0, Math.min(5, stale.size())));
    String missing = missing(audited, hash);
    if (missing != null) {
      return uncertified(levels, found + "; no certificate: " + missing, stale.size(), round);
    }
    List<Path> files = new ArrayList<>();
    audited.forEach(a -> files.add(a.file()));
    files.addAll(partitions);
    History whole;
    try {
      whole = ParquetHistoryReader.read(files, "the audited partitions");
    } catch (InvalidHistoryException e) {
      return uncertified(levels, found + "; no certificate: the audited partitions read again"
          + " as one history are refused: " + e.getMessage(), stale.size(), round);
    }
    List<LevelReport> checked = new InProcessEngine(options).check(whole, levels,
        new LinkedHashMap<>(), ProgressListener.NONE);
    List<LevelReport> out = new ArrayList<>();
    for (LevelReport r : checked) {
      Map<Anomaly, Long> counts = new HashMap<>(r.counts());
      counts.put(Anomaly.READ_OF_COLLECTED_WRITE, (long) stale.size());
      String why = switch (r.verdict()) {
        case VIOLATED -> found + "; the cycles shown are the whole audited history's ("
            + audited.size() + " partitions audited before and " + partitions.size()
            + " now, " + whole.txnCount() + " transactions), read again and checked at once";
        case UNKNOWN -> found + "; no certificate: the whole audited history's check is"
            + " UNKNOWN: " + r.reason();
        case HOLDS -> "the round found reads of collected writes (" + found + "), but the"
            + " whole audited history, read again, holds: the collection of an earlier round"
            + " was wrong; verify the whole history at once";
      };
      Verdict v = r.verdict() == Verdict.HOLDS ? Verdict.UNKNOWN : Verdict.VIOLATED;
      out.add(new LevelReport(r.level(), v, why, r.certificates(), counts, null,
          r.elapsedNanos(), r.path()));
    }
    return new Certified(out, whole);
  }

  /** Why the audited partitions cannot be read again, or null when each one can. */
  private static String missing(List<Audited> audited, FileHash hash) throws IOException {
    for (Audited a : audited) {
      if (!Files.isRegularFile(a.file())) {
        return "partition " + a.file() + " (audited in run " + a.run() + ") is no longer there";
      }
      if (!hash.of(a.file()).equals(a.hash())) {
        return "partition " + a.file() + " (audited in run " + a.run() + ") has changed since";
      }
    }
    return null;
  }

  private static Certified uncertified(List<Level> levels, String reason, long count,
      History round) {
    List<LevelReport> out = new ArrayList<>();
    for (Level l : levels) {
      out.add(new LevelReport(l, Verdict.VIOLATED, reason, List.of(),
          Map.of(Anomaly.READ_OF_COLLECTED_WRITE, count), null, 0));
    }
    return new Certified(out, round);
  }

  /** A file's content hash, as the manifest keeps it. */
  interface FileHash {
    String of(Path file) throws IOException;
  }
}
