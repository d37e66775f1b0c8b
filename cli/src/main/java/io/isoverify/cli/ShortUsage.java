package io.isoverify.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What a command line picocli cannot parse (an unknown option, a missing argument) gets:
 * the error, one line of usage and where the options are described, on stderr; exit
 * code 2. The whole usage is for {@code --help}.
 */
final class ShortUsage implements IParameterExceptionHandler {
  @Override
  public int handleParseException(ParameterException e, String[] args) {
    CommandLine cl = e.getCommandLine();
    PrintWriter err = cl.getErr();
    err.println("error: " + message(e));
    err.println("usage: " + cl.getHelp().abbreviatedSynopsis().strip());
    err.println("run 'bin/" + cl.getCommandName() + " --help' for the options");
    err.flush();
    return CliCommand.BAD_INPUT;
  }

  /** Picocli's message, its first word lower-cased like the commands' own, and its suggestions. */
  private static String message(ParameterException e) {
    String m = e.getMessage();
    if (m.length() > 1 && Character.isLowerCase(m.charAt(1))) {
      m = m.substring(0, 1).toLowerCase(Locale.ROOT) + m.substring(1);
    }
    if (e instanceof UnmatchedArgumentException u) {
      List<String> suggestions = u.getSuggestions();
      if (!suggestions.isEmpty()) {
        m += " (did you mean " + String.join(" or ", suggestions) + "?)";
      }
    }
    return m;
  }
}
