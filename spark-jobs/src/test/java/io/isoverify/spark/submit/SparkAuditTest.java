package io.isoverify.spark.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.io.ParquetHistorySink;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spark-submit entry point of the audit answers as bin/audit does. */
class SparkAuditTest {
  @TempDir
  Path tmp;

  @Test
  void auditsAPartitionAndRefusesBadUsage() throws Exception {
    Path p = tmp.resolve("p.parquet");
    try (ParquetHistorySink s = new ParquetHistorySink(p)) {
      s.begin(1, 1, 0, Outcome.COMMITTED, Long.MIN_VALUE, Long.MIN_VALUE);
      s.op(OpKind.WRITE, 1, 1);
      s.end();
      s.begin(2, 2, 0, Outcome.COMMITTED, Long.MIN_VALUE, Long.MIN_VALUE);
      s.op(OpKind.READ, 1, 1);
      s.end();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = SparkAudit.run(new String[] {"--repository", tmp.resolve("repo").toString(),
        "--tag", "k=v", p.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("SER: HOLDS for the 2"),
        out.toString(StandardCharsets.UTF_8));
    assertTrue(Files.exists(tmp.resolve("repo/MANIFEST")));
    assertEquals(2, SparkAudit.run(new String[] {"--repository", tmp.resolve("repo").toString(),
        "--tag", "novalue", p.toString()}, new PrintStream(out), new PrintStream(err)));
    assertEquals(2, SparkAudit.run(new String[] {p.toString()}, new PrintStream(out),
        new PrintStream(err)));
  }
}
