package io.isoverify.cli;

import io.isoverify.history.History;
import io.isoverify.history.io.JsonlHistoryWriter;
import io.isoverify.history.io.ParquetHistoryWriter;
import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code convert [--format F] INPUT OUTPUT.parquet|OUTPUT.jsonl}: reads a history in any
 * supported format, validates it, and writes it in the canonical Parquet form (or JSON
 * Lines). Exit 0 on success, 2 on bad input or usage.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
    description = "Converts a history from any supported format to Parquet (or JSON Lines).")
public final class ConvertCommand extends CliCommand {
  @Option(names = "--format", description = "Input format: parquet, jsonl, cobra, dbcop, text, elle or vbox (default: detected).")
  String format;

  @Parameters(index = "0", paramLabel = "INPUT")
  Path input;

  @Parameters(index = "1", paramLabel = "OUTPUT", description = "Ends in .parquet or .jsonl.")
  Path output;

  ConvertCommand(PrintStream stdout, PrintStream stderr) {
    super(stdout, stderr);
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  public static int run(String[] args, PrintStream stdout, PrintStream stderr) {
    return execute(new ConvertCommand(stdout, stderr), args);
  }

  @Override
  int run() throws Exception {
    String name = output.getFileName().toString();
    boolean parquet = name.endsWith(".parquet");
    if (!parquet && !name.endsWith(".jsonl")) {
      throw new UsageException("the output " + output + " must end in .parquet or .jsonl");
    }
    HistoryInput in = HistoryInput.read(input, format);
    History h = in.history();
    if (parquet) {
      ParquetHistoryWriter.write(h, output);
    } else {
      JsonlHistoryWriter.write(h, output);
    }
    stdout.printf("converted %s (%s): %d sessions, %d transactions, %d operations -> %s%n",
        input, in.format().code(), h.sessionCount(), h.txnCount(), h.opCount(), output);
    return 0;
  }
}
