package io.isoverify.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;

/** What one run of a command gave: its exit code, stdout and stderr; and ways to run them. */
record CliRun(int code, String out, String err) {
  /** A command's in-JVM entry point, on the streams given. */
  interface Entry {
    int run(String[] args, PrintStream out, PrintStream err);
  }

  static CliRun verify(String... args) {
    return run(VerifyCommand::run, args);
  }

  static CliRun convert(String... args) {
    return run(ConvertCommand::run, args);
  }

  static CliRun run(Entry command, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = command.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A command whose entry point takes writers (generate, collect). */
  static CliRun runWriters(BiFunction<PrintWriter, PrintWriter, Integer> command) {
    return run((args, out, err) -> command.apply(new PrintWriter(out, true), new PrintWriter(err, true)));
  }
}
