package io.isoverify.spark.engine;

import io.isoverify.engine.ProgressListener;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Progress of the Spark phases for the person waiting: every few seconds, one line on the
 * stream the command gives (stderr) naming the phase and the running stages with their
 * finished and total tasks. Silent while nothing runs, and for runs shorter than the period.
 */
public final class StageProgress extends SparkListener implements ProgressListener, AutoCloseable {
  private record Running(String name, int total, AtomicInteger done) {}

  private final Map<Integer, Running> stages = new ConcurrentHashMap<>();
  private final SparkContext sc;
  private final ScheduledExecutorService ticker;
  private volatile String phase = "starting";
  private volatile String count = "";
  private final long start = System.nanoTime();

  private StageProgress(SparkContext sc, PrintStream out, long periodSeconds) {
    this.sc = sc;
    ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "spark-progress");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleAtFixedRate(() -> print(out), periodSeconds, periodSeconds, TimeUnit.SECONDS);
  }

  /** Starts reporting the jobs of {@code sc} on {@code out} every {@code periodSeconds}. */
  public static StageProgress attach(SparkContext sc, PrintStream out, long periodSeconds) {
    StageProgress p = new StageProgress(sc, out, periodSeconds);
    sc.addSparkListener(p);
    return p;
  }

  /** Names the verifier's phase shown in the next lines ("encode", "non-cycle checks", ...). */
  @Override
  public void phase(String name) {
    phase = name;
    count = "";
  }

  @Override
  public void progress(String what, long done, long total) {
    count = " " + what + " " + done + (total >= 0 ? "/" + total : "");
  }

  private void print(PrintStream out) {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "spark: %s%s, %.0f s",
        phase, count, (System.nanoTime() - start) / 1e9));
    stages.forEach((id, r) -> s.append(String.format(Locale.ROOT, "; stage %d %s %d/%d tasks",
        id, r.name(), r.done().get(), r.total())));
    out.println(s);
  }

  @Override
  public void onStageSubmitted(SparkListenerStageSubmitted e) {
    String name = e.stageInfo().name();
    int at = name.indexOf(" at ");
    stages.put(e.stageInfo().stageId(), new Running(at < 0 ? name : name.substring(0, at),
        e.stageInfo().numTasks(), new AtomicInteger()));
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd e) {
    Running r = stages.get(e.stageId());
    if (r != null && e.taskInfo().successful()) {
      r.done().incrementAndGet();
    }
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted e) {
    stages.remove(e.stageInfo().stageId());
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    sc.removeSparkListener(this);
  }
}
