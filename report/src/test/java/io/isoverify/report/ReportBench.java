package io.isoverify.report;

import io.isoverify.engine.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Benchmark main (not a test): the report of a history with N aborted reads (default 10^5),
 * time per rendering step and the bytes written. Run from the test classpath:
 * {@code java -cp ... io.isoverify.report.ReportBench [N] [DIR]}.
 */
public final class ReportBench {
  private ReportBench() {}

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    Path dir = Files.createDirectories(args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("report-bench"));
    long t0 = System.nanoTime();
    RunReport r = SampleRuns.abortedReads(n);
    long t1 = System.nanoTime();
    ExplainedRun run = ExplainedRun.of(r, ReportFiles.SHOWN_PER_KIND);
    long t2 = System.nanoTime();
    Pictures pictures = Pictures.draw(run, Pictures.ELK);
    long t3 = System.nanoTime();
    AnomalyTable.write(run, dir.resolve("bench.parquet"));
    long t4 = System.nanoTime();
    String json = ReportJson.render(run, pictures);
    String html = ReportHtml.render(run, pictures);
    String text = ReportText.full(run, pictures);
    long t5 = System.nanoTime();
    ReportFiles.write(r, dir);
    long t6 = System.nanoTime();
    long bytes;
    try (Stream<Path> s = Files.list(dir)) {
      bytes = s.filter(p -> !p.getFileName().toString().equals("bench.parquet")).mapToLong(p -> p.toFile().length()).sum();
    }
    System.out.printf(Locale.ROOT, "%d violations: history and checks %.2f s; explain %.3f s; %d drawings %.2f s; "
        + "parquet (cold) %.2f s; json+html+txt %.3f s (%d chars); whole ReportFiles.write (warm) %.2f s; %d bytes in %s%n",
        n, (t1 - t0) / 1e9, (t2 - t1) / 1e9, run.distinct().size(), (t3 - t2) / 1e9, (t4 - t3) / 1e9, (t5 - t4) / 1e9,
        json.length() + html.length() + text.length(), (t6 - t5) / 1e9, bytes, dir);
  }
}
