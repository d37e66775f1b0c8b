package io.isoverify.cli;

import static io.isoverify.cli.CliRun.verify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the commands answer before any check runs: the version, usage errors, the --level
 * values, a bad --out, a --format the file contradicts. Whole outputs and exit codes.
 */
class CommandLineTest {
  private static final String USAGE_HINT = "usage: verify [OPTIONS] HISTORY\n"
      + "run 'bin/verify --help' for the options\n";

  @TempDir Path dir;

  private Path history() throws IOException {
    return Files.writeString(dir.resolve("h.jsonl"),
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"ops\":[[\"w\",\"x\",1]]}\n");
  }

  /** The project's version, from the parent pom the build ran from. */
  private static String projectVersion() throws IOException {
    Matcher m = Pattern.compile("<artifactId>isoverify-parent</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(Files.readString(Path.of("..", "pom.xml")));
    return m.find() ? m.group(1) : "?";
  }

  @Test
  void everyCommandPrintsItsVersion() throws IOException {
    String version = "isoverify " + projectVersion() + "\n";
    for (CliRun r : new CliRun[] {verify("-V"), verify("--version"), CliRun.convert("-V"),
        CliRun.runWriters((out, err) -> GenerateCommand.run(out, err, "--version")),
        CliRun.runWriters((out, err) -> CollectCommand.run(out, err, "-V"))}) {
      assertEquals(new CliRun(0, version, ""), r);
    }
  }

  @Test
  void anUnknownOptionGivesTheErrorAndOneLineOfUsage() {
    assertEquals(new CliRun(2, "", "error: unknown option: '--levle' (did you mean --level?)\n"
        + USAGE_HINT), verify("--levle", "SER"));
    assertEquals(new CliRun(2, "", "error: missing required parameter: 'HISTORY'\n" + USAGE_HINT),
        verify());
    assertEquals(new CliRun(2, "", "error: missing required parameters: 'INPUT', 'OUTPUT'\n"
        + "usage: convert [OPTIONS] INPUT OUTPUT\nrun 'bin/convert --help' for the options\n"),
        CliRun.convert());
  }

  @Test
  void levelsComeCommaSeparatedOrRepeatedOnceEachInOrder() throws IOException {
    String h = history().toString();
    CliRun all = verify("--level", "sser,All", "--level", "SER", h);
    assertEquals(0, all.code(), all.err());
    assertEquals("SER SI SSER", levelsIn(all.out()));
    CliRun two = verify("--level", "SSER,ser", "--level", "ser", h);
    assertEquals("SER SSER", levelsIn(two.out()));
    assertEquals(new CliRun(2, "", "error: --level: unknown level \"RC\"; known: SER, SI, SSER, "
        + "all (several: --level SER,SI)\n"), verify("--level", "SER,RC", h));
    assertEquals(new CliRun(2, "", "error: --level: unknown level \"\"; known: SER, SI, SSER, "
        + "all (several: --level SER,SI)\n"), verify("--level", "SER,", h));
  }

  private static String levelsIn(String report) {
    return String.join(" ", report.lines().filter(l -> l.matches("(SER|SI|SSER) .*"))
        .map(l -> l.substring(0, l.indexOf(' '))).toList());
  }

  @Test
  void anOutThatIsAFileFailsBeforeTheCheck() throws IOException {
    String h = history().toString();
    Path file = Files.writeString(dir.resolve("report"), "keep me");

    assertEquals(new CliRun(2, "", "error: --out " + file + ": is a file, not a folder\n"),
        verify("--out", file.toString(), h));
    Path under = file.resolve("sub/out");
    assertEquals(new CliRun(2, "", "error: --out " + under + ": the folder cannot be created: "
        + file + " is a file\n"), verify("--out", under.toString(), h));
    assertEquals("keep me", Files.readString(file));
  }

  @Test
  void aNamedFormatTheFileContradictsIsNamed() throws IOException {
    Path parquet = Path.of("..", "datasets", "samples", "lost-update.parquet");
    Path out = dir.resolve("out");

    assertEquals(new CliRun(2, "", "error: " + parquet + ": not JSON Lines (it looks like a "
        + "Parquet file; use --format parquet or leave --format out)\n"),
        verify("--format", "jsonl", "--out", out.toString(), parquet.toString()));
    assertFalse(Files.exists(out), "nothing is written");
  }
}
