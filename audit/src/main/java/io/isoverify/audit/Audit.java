package io.isoverify.audit;

import io.isoverify.engine.HistoryCertifier;
import io.isoverify.engine.HistoryFigures;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.RunReport;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.report.ReportFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * An audit run on a repository folder: verifies the given partitions after everything the
 * repository holds ({@link Round}), appends its rows to the {@link ResultsTable}, writes its
 * report files into {@code DIR/runs/<runId>/} and moves the {@link Manifest} in one atomic
 * rename. Library code: it prints nothing, the caller shows {@link Outcome#lines}.
 *
 * <p>Repository layout: {@code MANIFEST}; {@code state/<runId>/} (the generation the manifest
 * names: {@link AuditState}'s tables and the carried history); {@code runs/<runId>/};
 * {@code results/date=.../run-<runId>.parquet}. A run writes its generation, report and
 * results under temporary names, then the manifest; what a killed run left is removed (or,
 * when its manifest was moved, finished) by the next run before anything else.
 */
public final class Audit {
  /** What to audit; {@code levels} empty means the repository's levels (SER when new). */
  public record Request(Path repository, List<Path> partitions, Map<String, String> tags,
      List<Level> levels, VerifierOptions options) {}

  /** The run's exit code (0 holds, 1 violated, 3 unknown), what to show, and its id. */
  public record Outcome(int exitCode, List<String> lines, String runId, boolean changed) {}

  private Audit() {}

  public static Outcome run(Request r) throws InvalidHistoryException, IOException {
    Path dir = r.repository();
    Files.createDirectories(dir);
    try (FileChannel lockFile = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE); FileLock lock = lockFile.tryLock()) {
      if (lock == null) {
        throw new InvalidHistoryException(dir.toString(), "", "another audit holds the"
            + " repository's lock");
      }
      Manifest m = Manifest.read(dir);
      Recovery.run(dir, m);
      return audit(r, dir, m);
    }
  }

  private static Outcome audit(Request r, Path dir, Manifest m)
      throws InvalidHistoryException, IOException {
    long start = System.nanoTime();
    List<Level> levels = levels(r, m, dir);
    List<String> lines = new ArrayList<>();
    List<Path> todo = new ArrayList<>();
    List<String> hashes = new ArrayList<>();
    for (Path p : r.partitions()) {
      if (!Files.isRegularFile(p)) {
        throw new InvalidHistoryException(p.toString(), "", "no such file");
      }
      String hash = sha256(p);
      String audited = audited(m, hash);
      if (audited != null || hashes.contains(hash)) {
        lines.add(p + ": already audited (" + (audited != null ? audited : "given twice")
            + "); nothing to do for it");
      } else {
        todo.add(p);
        hashes.add(hash);
      }
    }
    if (todo.isEmpty()) {
      lines.add("nothing changed in " + dir);
      lines.addAll(summary(m, levels));
      return new Outcome(exitCode(m, levels), lines, m.get("lastRun"), false);
    }
    AuditState state = m.isNew() ? new AuditState()
        : AuditState.read(dir.resolve("state").resolve(m.get("generation")));
    state.collectedAny = m.count("collected") > 0;
    Continuity.check(state, todo);
    String runId = UUID.randomUUID().toString();
    Instant runTime = Instant.now();
    Path tmpGen = dir.resolve("state").resolve(".tmp-" + runId);
    Files.createDirectories(tmpGen);
    Path carried = m.isNew() || !state.hasCarried ? null
        : dir.resolve("state").resolve(m.get("generation")).resolve(AuditState.CARRIED);
    boolean collect = levels.equals(List.of(Level.SER))
        && !"VIOLATED".equals(m.get("verdict.SER")) && !"UNKNOWN".equals(m.get("verdict.SER"));
    Round.Result round;
    try {
      round = Round.run(state, carried, todo, levels, collect, r.options(), tmpGen, dir,
          CollectedReads.of(m));
    } catch (IOException | InvalidHistoryException | RuntimeException e) {
      Recovery.delete(tmpGen); // bad input found while reading: the repository as it was
      throw e;
    }
    Files.move(tmpGen, dir.resolve("state").resolve(runId));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    // the cumulative verdicts and the results rows
    List<ResultsTable.Row> rows = new ArrayList<>();
    for (LevelReport l : round.levels()) {
      String before = m.get("verdict." + l.level());
      Verdict now = combine(before, l.verdict());
      if (now != l.verdict() || before == null || !before.equals(now.name())) {
        m.set("verdict." + l.level(), now.name());
        String reason = l.verdict() == now ? l.reason() : m.get("reason." + l.level());
        if (reason != null) {
          m.set("reason." + l.level(), reason);
        }
      }
      Map<String, Long> counts = new TreeMap<>();
      for (Map.Entry<Anomaly, Long> e : l.counts().entrySet()) {
        counts.put(e.getKey().displayName(), e.getValue());
      }
      rows.add(new ResultsTable.Row(l.level().name(), now.name(), counts));
    }
    List<String> given = todo.stream().map(Path::toString).toList();
    String results = ResultsTable.relativeFile(runId, runTime);
    Path resultsTmp = Recovery.pending(dir.resolve(results));
    Files.createDirectories(resultsTmp.getParent());
    ResultsTable.write(resultsTmp, runId, runTime, given, r.tags(), rows, round.newTxns(),
        elapsedMs);
    Path runTmp = dir.resolve("runs").resolve(".tmp-" + runId);
    Files.createDirectories(runTmp);
    ReportFiles.write(new RunReport(runId, String.join(" ", given), "parquet",
        HistoryFigures.of(round.history()), round.reportHistory(), round.levels(),
        round.phases(), HistoryCertifier.RECHECK), runTmp);
    // the manifest: the one commit point
    String oldGeneration = m.get("generation");
    m.set("generation", runId);
    m.set("levels", String.join(",", levels.stream().map(Level::name).toList()));
    long n = m.count("partitions");
    for (int i = 0; i < todo.size(); i++) {
      m.set("partition." + (n + i), hashes.get(i) + " " + given.get(i) + " run " + runId);
      m.set("partition." + (n + i) + ".file", todo.get(i).toAbsolutePath().normalize().toString());
    }
    m.set("partitions", Long.toString(n + todo.size()));
    m.set("runs", Long.toString(m.count("runs") + 1));
    m.set("transactions", Long.toString(m.count("transactions") + round.newTxns()));
    m.set("collected", Long.toString(m.count("collected") + round.collected()));
    m.set("held", Long.toString(round.history().txnCount() - round.collected()));
    m.set("lastRun", runId);
    m.set("lastResults", results);
    m.commit(dir);
    Recovery.finish(dir, m, oldGeneration);
    lines.add(String.format("audited %d new transactions in %d partition(s): held %d,"
        + " collected %d this run (%s); %d ms", round.newTxns(), todo.size(),
        round.history().txnCount() - round.collected(), round.collected(), round.collection(),
        elapsedMs));
    for (LevelReport l : round.levels()) {
      Map<String, Long> counts = new TreeMap<>();
      l.counts().forEach((a, c) -> counts.put(a.displayName(), c));
      lines.add(String.format("  this run %s: %s%s%s", l.level(), l.verdict(),
          counts.isEmpty() ? "" : " " + counts,
          l.reason() == null ? "" : " (" + l.reason() + ")"));
    }
    lines.addAll(summary(m, levels));
    lines.add("report: " + dir.resolve("runs").resolve(runId) + ", results: "
        + dir.resolve(results));
    return new Outcome(exitCode(m, levels), lines, runId, true);
  }

  /** The levels of this run: those asked, within the repository's (set by its first run). */
  private static List<Level> levels(Request r, Manifest m, Path dir)
      throws InvalidHistoryException {
    if (m.isNew() || m.get("levels") == null) {
      return r.levels().isEmpty() ? List.of(Level.SER) : r.levels();
    }
    EnumSet<Level> repo = EnumSet.noneOf(Level.class);
    for (String s : m.get("levels").split(",")) {
      repo.add(Level.valueOf(s));
    }
    if (!r.levels().isEmpty() && !EnumSet.copyOf(r.levels()).equals(repo)) {
      throw new InvalidHistoryException(dir.toString(), "", "the repository audits "
          + repo + " (set by its first run), not " + r.levels() + ": every run checks the"
          + " same levels, since what a round collects depends on them");
    }
    return List.copyOf(repo);
  }

  private static Verdict combine(String before, Verdict now) {
    if ("VIOLATED".equals(before) || now == Verdict.VIOLATED) {
      return Verdict.VIOLATED;
    }
    return "UNKNOWN".equals(before) || now == Verdict.UNKNOWN ? Verdict.UNKNOWN : Verdict.HOLDS;
  }

  private static List<String> summary(Manifest m, List<Level> levels) {
    List<String> out = new ArrayList<>();
    for (Level l : levels) {
      String reason = m.get("reason." + l);
      out.add(String.format("%s: %s for the %s transactions audited in %s run(s)%s", l,
          m.get("verdict." + l), m.get("transactions"), m.get("runs"),
          "HOLDS".equals(m.get("verdict." + l)) || reason == null ? "" : " (" + reason + ")"));
    }
    return out;
  }

  private static int exitCode(Manifest m, List<Level> levels) {
    boolean unknown = false;
    for (Level l : levels) {
      String v = m.get("verdict." + l);
      if ("VIOLATED".equals(v)) {
        return 1;
      }
      unknown |= !"HOLDS".equals(v);
    }
    return unknown ? 3 : 0;
  }

  private static String audited(Manifest m, String hash) {
    long n = m.count("partitions");
    for (long i = 0; i < n; i++) {
      String entry = m.get("partition." + i);
      if (entry != null && entry.startsWith(hash + " ")) {
        return "as " + entry.substring(hash.length() + 1);
      }
    }
    return null;
  }

  static String sha256(Path p) throws IOException {
    try (InputStream in = new DigestInputStream(Files.newInputStream(p),
        MessageDigest.getInstance("SHA-256"))) {
      byte[] buf = new byte[1 << 16];
      while (in.read(buf) >= 0) {
        // digesting
      }
      return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
