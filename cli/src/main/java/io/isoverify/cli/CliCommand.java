package io.isoverify.cli;

import io.isoverify.history.InvalidHistoryException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What every command shares: the streams it talks on, and how failures reach the user —
 * one line and exit code 2 for bad input or usage, 3 for running out of memory or an
 * internal error; a stack trace only with --debug. Every command answers -V and --version.
 */
abstract class CliCommand implements Callable<Integer> {
  static final int BAD_INPUT = 2;
  static final int UNKNOWN = 3;

  @Option(names = "--debug", description = "Show stack traces of internal errors.")
  boolean debug;

  final PrintStream stdout;
  final PrintStream stderr;

  CliCommand(PrintStream stdout, PrintStream stderr) {
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** The command's work; returns its exit code. */
  abstract int run() throws Exception;

  @Override
  public final Integer call() {
    try {
      return run();
    } catch (InvalidHistoryException e) {
      return fail(BAD_INPUT, "error: " + e.getMessage(), e);
    } catch (UsageException e) {
      return fail(BAD_INPUT, "error: " + e.getMessage(), e);
    } catch (OutOfMemoryError e) {
      return fail(UNKNOWN, OUT_OF_MEMORY, e);
    } catch (Exception | Error e) {
      if (outOfMemory(e)) {
        return fail(UNKNOWN, OUT_OF_MEMORY, e);
      }
      return fail(UNKNOWN, "internal error: " + e + (debug ? "" : " (run with --debug for the stack trace)"), e);
    }
  }

  private static final String OUT_OF_MEMORY =
      "UNKNOWN: out of memory (raise -Xmx through JAVA_OPTS)";

  /**
   * Whether a failure came from running out of memory elsewhere: a Spark job whose task ran
   * out (the error is its cause, or only named in its message when it crossed a process).
   */
  static boolean outOfMemory(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof OutOfMemoryError
          || String.valueOf(t.getMessage()).contains("java.lang.OutOfMemoryError")) {
        return true;
      }
    }
    return false;
  }

  private int fail(int code, String message, Throwable e) {
    stderr.println(message);
    if (debug) {
      e.printStackTrace(stderr);
    }
    return code;
  }

  /**
   * What every command's parser gets, also those that are no CliCommand (generate,
   * collect): the version for -V and --version, and short usage errors ({@link ShortUsage}).
   */
  static CommandLine configure(CommandLine cl) {
    cl.getCommandSpec().versionProvider(new Version());
    return cl.setParameterExceptionHandler(new ShortUsage());
  }

  /** Parses and runs a command; returns its exit code, never exits the JVM. */
  static int execute(CliCommand command, String[] args) {
    return configure(new CommandLine(command))
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setOut(new PrintWriter(command.stdout, true))
        .setErr(new PrintWriter(command.stderr, true))
        .execute(args);
  }
}
