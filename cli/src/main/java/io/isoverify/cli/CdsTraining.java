package io.isoverify.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The training run of the class-data archive that bin/cli-env makes once per build (the
 * classes listed with {@code -XX:DumpLoadedClassList}, then dumped with {@code -Xshare:dump};
 * {@code -XX:ArchiveClassesAtExit} where that fails): the classes a JVM loads here are the
 * ones later runs find already parsed and verified in the archive. It goes through what a
 * user's first commands go through, on the bundled sample: verify a Parquet history at the
 * three levels, convert it to JSON Lines, verify that, and verify a small history in the text
 * format.
 * Everything goes to a temporary folder, deleted at the end; nothing is printed. What is
 * left out is loaded from the jars as before: the other peer formats' readers, Spark, and
 * the report files' classes ({@code --out}: OpenJDK 17 crashes while it writes a dynamic
 * archive after the drawing library has run, in
 * {@code SystemDictionaryShared::adjust_lambda_proxy_class_dictionary}, and while it dumps a
 * static one that lists the drawing library's classes).
 */
final class CdsTraining {
  private CdsTraining() {
  }

  /** {@code args[0]}: the bundled sample (datasets/samples/lost-update.parquet). */
  public static void main(String[] args) throws IOException {
    exercise(args[0], 1);
  }

  /**
   * The training's commands on {@code sample}, the verifications {@code rounds} times (a
   * {@link VerifyServer} warms up with them).
   */
  static void exercise(String sample, int rounds) throws IOException {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    Path dir = Files.createTempDirectory("isoverify-cds");
    try {
      Path jsonl = dir.resolve("sample.jsonl");
      ConvertCommand.run(new String[] {sample, jsonl.toString()}, quiet, quiet);
      Path text = dir.resolve("sample.txt");
      Files.writeString(text, "w(1,1,1,1)\nr(1,1,2,2)\nw(1,2,2,2)\n");
      for (int i = 0; i < rounds; i++) {
        VerifyCommand.run(new String[] {"--level", "SER", "--level", "SI", "--level", "SSER",
            sample}, quiet, quiet);
        VerifyCommand.run(new String[] {jsonl.toString()}, quiet, quiet);
        VerifyCommand.run(new String[] {text.toString()}, quiet, quiet);
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}
