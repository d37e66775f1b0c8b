package io.isoverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * generate --partitions and --fence-every, verify of the folder, and audit partition by
 * partition: the same verdict and exit code; usage and continuity errors exit 2.
 */
class AuditCommandTest {
  @TempDir
  Path tmp;

  private CliRun generate(String... args) {
    return CliRun.runWriters((out, err) -> GenerateCommand.run(out, err, args));
  }

  private CliRun audit(String... args) {
    return CliRun.run(AuditCommand::run, args);
  }

  @Test
  void aPartitionedFencedHistoryAuditedInRoundsHoldsAsTheWholeDoes() {
    Path parts = tmp.resolve("parts");
    CliRun g = generate("--txns", "600", "--sessions", "4", "--keys", "50", "--partitions", "3",
        "--fence-every", "5", "--seed", "7", parts.toString());
    assertEquals(0, g.code(), g.err());
    assertTrue(Files.exists(parts.resolve("part-00002.parquet")));
    assertEquals(0, CliRun.verify(parts.toString()).code());
    Path repo = tmp.resolve("repo");
    for (int i = 0; i < 3; i++) {
      CliRun a = audit("--repository", repo.toString(), "--tag", "k=v",
          parts.resolve("part-0000" + i + ".parquet").toString());
      assertEquals(0, a.code(), a.out() + a.err());
      assertTrue(a.out().contains("SER: HOLDS for the"), a.out());
    }
    CliRun again = audit("--repository", repo.toString(), parts.resolve("part-00001.parquet")
        .toString());
    assertEquals(0, again.code());
    assertTrue(again.out().contains("already audited") && again.out().contains("nothing changed"),
        again.out());
  }

  @Test
  void anInjectedAnomalyIsAViolationInRoundsAndWhole() {
    Path parts = tmp.resolve("parts");
    CliRun g = generate("--txns", "400", "--sessions", "4", "--keys", "50", "--partitions", "4",
        "--fence-every", "4", "--inject", "LOST_UPDATE", "--seed", "3", parts.toString());
    assertEquals(0, g.code(), g.err());
    assertEquals(1, CliRun.verify(parts.toString()).code());
    Path repo = tmp.resolve("repo");
    int last = -1;
    for (int i = 0; i < 4; i++) {
      last = audit("--repository", repo.toString(), parts.resolve("part-0000" + i + ".parquet")
          .toString()).code();
    }
    assertEquals(1, last);
  }

  @Test
  void badUsageAndAPartitionThatDoesNotContinueExitTwo() {
    assertEquals(2, audit("--repository", tmp.resolve("r").toString(), "--tag", "novalue",
        "x.parquet").code());
    assertEquals(2, audit("x.parquet").code());
    Path parts = tmp.resolve("parts");
    generate("--txns", "100", "--sessions", "2", "--partitions", "2", parts.toString());
    Path repo = tmp.resolve("repo");
    Path second = parts.resolve("part-00001.parquet");
    // the second part alone reads values the first wrote: thin-air reads, a violation
    assertEquals(1, audit("--repository", repo.toString(), second.toString()).code());
    CliRun first = audit("--repository", repo.toString(),
        parts.resolve("part-00000.parquet").toString());
    assertEquals(2, first.code());
    assertTrue(first.err().contains("part-00000.parquet: transaction")
        && first.err().contains("restarts or overlaps"), first.err());
  }
}
