package io.isoverify.spark.engine;

import io.isoverify.engine.ProgressListener;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Spark's task counts as the engine's progress: while a Spark phase runs, every finished
 * task tells the {@link ProgressListener} "tasks D/T" over the stages running. Attached for
 * the length of one run, removed on close.
 */
final class TaskProgress extends SparkListener implements AutoCloseable {
  private final SparkContext sc;
  private final ProgressListener progress;
  private final Map<Integer, Integer> totals = new ConcurrentHashMap<>();
  private final Map<Integer, AtomicInteger> done = new ConcurrentHashMap<>();

  private TaskProgress(SparkContext sc, ProgressListener progress) {
    this.sc = sc;
    this.progress = progress;
  }

  /** Forwards the task counts of {@code sc}'s stages to {@code progress} until closed. */
  static TaskProgress attach(SparkContext sc, ProgressListener progress) {
    TaskProgress p = new TaskProgress(sc, progress);
    sc.addSparkListener(p);
    return p;
  }

  @Override
  public void onStageSubmitted(SparkListenerStageSubmitted e) {
    totals.put(e.stageInfo().stageId(), e.stageInfo().numTasks());
    done.put(e.stageInfo().stageId(), new AtomicInteger());
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd e) {
    AtomicInteger d = done.get(e.stageId());
    if (d != null && e.taskInfo().successful()) {
      d.incrementAndGet();
      long all = 0;
      long finished = 0;
      for (Map.Entry<Integer, Integer> s : totals.entrySet()) {
        all += s.getValue();
        finished += done.getOrDefault(s.getKey(), new AtomicInteger()).get();
      }
      progress.progress("tasks", finished, all);
    }
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted e) {
    totals.remove(e.stageInfo().stageId());
    done.remove(e.stageInfo().stageId());
  }

  @Override
  public void close() {
    sc.removeSparkListener(this);
  }
}
