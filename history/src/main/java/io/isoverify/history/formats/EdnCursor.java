package io.isoverify.history.formats;

import io.isoverify.history.InvalidHistoryException;

/**
 * The characters of an EDN text pulled from its lines one line at a time, with the 1-based
 * line and column of the next character, and the lexing below the level of forms: blanks and
 * comments, tokens, strings and characters. {@link Edn} reads through it, so that a value may
 * span lines while only the current line is in memory. The lines are joined by {@code '\n'};
 * the end of the text is {@link #END}, positioned just after the last character of the last
 * line. Errors are {@link Edn.EdnException}s at the position of the next character.
 */
final class EdnCursor {
  /** A source of lines (without their line ends), null after the last. */
  @FunctionalInterface
  interface Lines {
    String next() throws InvalidHistoryException;
  }

  /** What {@link #peek} returns at the end of the text. */
  static final int END = -1;

  private final Lines lines;
  private String s;
  private int i;
  private long line = 1;
  /** The line after {@link #s} once pulled: null at the end of the text. */
  private String following;
  private boolean pulled;

  EdnCursor(Lines lines) throws InvalidHistoryException {
    this.lines = lines;
    String first = lines.next();
    this.s = first == null ? "" : first;
    this.pulled = first == null; // an empty text: nothing follows
  }

  /** The next character, or {@link #END}. */
  int peek() throws InvalidHistoryException {
    return i < s.length() ? s.charAt(i) : lineEnd();
  }

  /** Moves past the next character; nothing at the end of the text. */
  void skip() throws InvalidHistoryException {
    if (i < s.length()) {
      i++;
    } else if (lineEnd() != END) {
      s = following;
      following = null;
      pulled = false;
      i = 0;
      line++;
    }
  }

  /** The line of the next character. */
  long line() {
    return line;
  }

  /** The column of the next character (1-based, in UTF-16 units). */
  int column() {
    return i + 1;
  }

  /** Skips whitespace, commas and {@code ;} comments, across lines. */
  void skipBlank() throws InvalidHistoryException {
    while (true) {
      while (i < s.length()) {
        char c = s.charAt(i);
        if (c == ';') {
          i = s.length();
        } else if (c == ',' || Character.isWhitespace(c)) {
          i++;
        } else {
          return;
        }
      }
      if (lineEnd() == END) {
        return;
      }
      skip();
    }
  }

  /** The run of characters up to the next delimiter or line end, consumed; maybe empty. */
  String token() {
    int start = i;
    while (i < s.length() && !delimits(s.charAt(i))) {
      i++;
    }
    return s.substring(start, i);
  }

  /** The next character for messages: quoted, or "end of text". */
  String show() throws InvalidHistoryException {
    int c = peek();
    return c == END ? "end of text" : "'" + (char) c + "'";
  }

  /** The rest of a string whose opening quote, at line, column, was just read. */
  String string(long line, int column) throws Edn.EdnException, InvalidHistoryException {
    StringBuilder out = new StringBuilder();
    while (true) {
      int c = peek();
      if (c == END) {
        throw endsInside("the string is not closed", '"', line, column);
      }
      skip();
      if (c == '"') {
        return out.toString();
      }
      out.append(c == '\\' ? escape(line, column) : (char) c);
    }
  }

  /** The character an escape in a string stands for; the backslash is read. */
  private char escape(long line, int column) throws Edn.EdnException, InvalidHistoryException {
    int e = peek();
    if (e == END) {
      throw endsInside("the string is not closed", '"', line, column);
    }
    skip();
    switch (e) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case '"', '\\':
        return (char) e;
      case 'u':
        int code = 0;
        for (int k = 0; k < 4; k++) {
          int digit = Character.digit(peek(), 16);
          if (peek() == END || digit < 0) {
            throw error("a \\u escape needs four hex digits");
          }
          code = code * 16 + digit;
          skip();
        }
        return (char) code;
      default:
        throw error("unknown escape \\" + (char) e + " in a string");
    }
  }

  /** The rest of a character literal whose backslash was just read. */
  Character character() throws Edn.EdnException, InvalidHistoryException {
    String name = token();
    if (name.isEmpty()) { // a delimiter such as \( or \" written as \ + char
      int c = peek();
      if (c == END || Character.isWhitespace(c)) {
        throw error("a backslash must be followed by a character");
      }
      skip();
      return (char) c;
    }
    try {
      return EdnAtoms.character(name);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  /**
   * An error at the end of the text inside a string or collection that {@code open} opened
   * at line, column; the message names that place when it is on an earlier line.
   */
  Edn.EdnException endsInside(String problem, char open, long line, int column) {
    if (line == this.line) {
      return error(problem);
    }
    String place = "line " + line + ", column " + column;
    return error(problem + (open == '"' ? " (it opens at " + place + ")"
        : " (the " + open + " at " + place + " is still open)"));
  }

  /** An error at the next character. */
  Edn.EdnException error(String message) {
    return new Edn.EdnException(line, column(), message);
  }

  private static boolean delimits(char c) {
    return c == ',' || c == '{' || c == '}' || c == '[' || c == ']' || c == '(' || c == ')'
        || c == '"' || c == ';' || Character.isWhitespace(c);
  }

  /** At the end of the current line: '\n' when another line follows, else {@link #END}. */
  private int lineEnd() throws InvalidHistoryException {
    if (!pulled) {
      following = lines.next();
      pulled = true;
    }
    return following == null ? END : '\n';
  }
}
