package io.isoverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.io.ParquetHistoryWriter;
import io.isoverify.history.testing.HistoryDsl;
import io.isoverify.spark.submit.SparkVerify;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark's log when the CLI JVM starts with SLF4J's no-op provider, as bin/cli-env starts
 * every run that does not name the Spark engine (so also one that picks Spark by itself): the
 * verify command's Spark path binds log4j2 again and Spark's log reaches its file; the same
 * run without that step (SparkVerify's main alone) loses it (log4j2 still opens the file, empty). Fresh JVMs, since SLF4J binds
 * once per JVM.
 */
class SparkLogTest {
  private static final String NOP = "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider";

  @TempDir Path dir;

  @Test
  void theVerifyCommandKeepsSparksLogWhenStartedWithTheNoOpProvider() throws Exception {
    Path h = dir.resolve("h.parquet");
    ParquetHistoryWriter.write(HistoryDsl.parse("a: [w x 1]\nb: [r x 1]"), h);
    Path kept = dir.resolve("verify.log");
    String err = run(kept, VerifyCommand.class.getName(), "--engine", "spark", h.toString());
    assertTrue(err.startsWith("spark: Spark's own log (warnings and errors) goes to " + kept + "\n"), err);
    // Hadoop warns that it has no native library (the JDK-only test machines have none).
    assertTrue(Files.readString(kept).contains(" WARN "), "Spark's warnings are in " + kept);
    Path lost = dir.resolve("submit.log");
    run(lost, SparkVerify.class.getName(), h.toString());
    assertFalse(Files.exists(lost) && Files.readString(lost).contains(" WARN "), "nothing reached " + lost);
  }

  /** Runs a main in a fresh JVM started as bin/cli-env starts it; its stderr. */
  private String run(Path log, String main, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
    String opens = Files.readAllLines(Path.of("..", "config", "jvm-opens.properties")).stream()
        .filter(l -> l.startsWith("jvm.opens=")).findFirst().orElseThrow().substring("jvm.opens=".length());
    cmd.addAll(List.of(opens.trim().split("\\s+")));
    cmd.addAll(List.of(NOP, "-Dslf4j.internal.verbosity=WARN", "-Disoverify.spark.log=" + log,
        "-Xmx1g", "-cp", System.getProperty("java.class.path"), main));
    cmd.addAll(List.of(args));
    Path err = dir.resolve(log.getFileName() + ".err");
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(err.toFile()).start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
    assertEquals(0, p.exitValue(), Files.readString(err));
    return Files.readString(err);
  }
}
