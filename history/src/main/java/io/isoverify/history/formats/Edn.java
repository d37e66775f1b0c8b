package io.isoverify.history.formats;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A reader for the part of EDN that Jepsen writes into its history files: maps, vectors,
 * lists, sets, keywords, symbols, integers (with an optional N suffix), decimals, strings,
 * characters, nil, true and false; commas are whitespace, {@code ;} starts a comment,
 * {@code #_} discards the next form and any other tag ({@code #inst "..."},
 * {@code #jepsen.history.Op{...}}) is dropped, keeping the tagged value.
 *
 * <p>Values become plain Java: {@link Map} (insertion-ordered), {@link List} for vectors
 * and lists, {@link Set}, {@link Keyword}, {@link Symbol}, {@link Long} (or
 * {@link BigInteger} beyond 64 bits), {@link Double}, {@link String}, {@link Character},
 * {@link Boolean} and null. One reader parses one text; a syntax error is an
 * {@link EdnException} carrying the column (1-based).
 */
final class Edn {
  /** An EDN keyword such as {@code :type}, kept without its colon. */
  record Keyword(String name) {
    @Override
    public String toString() {
      return ":" + name;
    }
  }

  /** An EDN symbol such as {@code foo}. */
  record Symbol(String name) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** A syntax error at a column of the text. */
  static final class EdnException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int column;

    EdnException(int column, String message) {
      super(message);
      this.column = column;
    }

    int column() {
      return column;
    }
  }

  private static final Object NOTHING = new Object();
  /** Deeper nesting is refused rather than risking the stack; Jepsen ops nest a few levels. */
  private static final int MAX_DEPTH = 500;
  private final String s;
  private int i;
  private int depth;

  private Edn(String s) {
    this.s = s;
  }

  /** Parses the one value in {@code text}; anything after it other than whitespace is an error. */
  static Object parse(String text) throws EdnException {
    Edn e = new Edn(text);
    Object v = e.value();
    if (v == NOTHING) {
      throw e.error("expected a value");
    }
    e.skipBlank();
    if (e.i < e.s.length()) {
      throw e.error("unexpected " + e.show() + " after the value");
    }
    return v;
  }

  /** The next value, or NOTHING at the end of the text. */
  private Object value() throws EdnException {
    if (++depth > MAX_DEPTH) {
      throw error("values nest deeper than " + MAX_DEPTH + " levels");
    }
    try {
      return valueAtDepth();
    } finally {
      depth--;
    }
  }

  private Object valueAtDepth() throws EdnException {
    while (true) {
      skipBlank();
      if (i >= s.length()) {
        return NOTHING;
      }
      char c = s.charAt(i);
      switch (c) {
        case '{':
          i++;
          return map();
        case '[':
          i++;
          return sequence(']');
        case '(':
          i++;
          return sequence(')');
        case '"':
          i++;
          return string();
        case ':':
          i++;
          String name = token();
          if (name.isEmpty()) {
            throw error("a keyword needs a name after the colon");
          }
          return new Keyword(name);
        case '\\':
          i++;
          return character();
        case '#':
          i++;
          if (i < s.length() && s.charAt(i) == '{') {
            i++;
            return new LinkedHashSet<>(sequence('}'));
          }
          if (i < s.length() && s.charAt(i) == '_') {
            i++;
            require(value(), "a form after #_");
            continue;
          }
          if (token().isEmpty()) { // the tag's name; the tagged value follows
            throw error("# must be followed by a tag, { or _");
          }
          return require(value(), "a value after the tag");
        case '}':
        case ']':
        case ')':
          throw error("unexpected " + show());
        default:
          return atom(token());
      }
    }
  }

  private Map<Object, Object> map() throws EdnException {
    Map<Object, Object> m = new LinkedHashMap<>();
    while (true) {
      skipBlank();
      if (i < s.length() && s.charAt(i) == '}') {
        i++;
        return m;
      }
      Object k = require(value(), "a key or }");
      skipBlank();
      if (i >= s.length() || s.charAt(i) == '}') {
        throw error("the map key " + k + " has no value");
      }
      m.put(k, value());
    }
  }

  private List<Object> sequence(char close) throws EdnException {
    List<Object> out = new ArrayList<>();
    while (true) {
      skipBlank();
      if (i < s.length() && s.charAt(i) == close) {
        i++;
        return out;
      }
      if (i < s.length() && (s.charAt(i) == '}' || s.charAt(i) == ']' || s.charAt(i) == ')')) {
        throw error("expected " + close + " but found " + show());
      }
      out.add(require(value(), "a value or " + close));
    }
  }

  private Object require(Object v, String what) throws EdnException {
    if (v == NOTHING) {
      throw error("the text ends where " + what + " should be");
    }
    return v;
  }

  private String string() throws EdnException {
    StringBuilder out = new StringBuilder();
    while (i < s.length()) {
      char c = s.charAt(i++);
      if (c == '"') {
        return out.toString();
      }
      if (c == '\\') {
        if (i >= s.length()) {
          break;
        }
        char e = s.charAt(i++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case '"', '\\' -> out.append(e);
          case 'u' -> {
            if (i + 4 > s.length()) {
              throw error("a \\u escape needs four hex digits");
            }
            try {
              out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            } catch (NumberFormatException x) {
              throw error("bad \\u escape \\u" + s.substring(i, i + 4));
            }
            i += 4;
          }
          default -> throw error("unknown escape \\" + e + " in a string");
        }
      } else {
        out.append(c);
      }
    }
    throw error("the string is not closed");
  }

  private Character character() throws EdnException {
    String t = token();
    if (t.isEmpty() && i < s.length()) {
      return s.charAt(i++); // a delimiter such as \( or \space written as \ + char
    }
    switch (t) {
      case "newline":
        return '\n';
      case "space":
        return ' ';
      case "tab":
        return '\t';
      case "return":
        return '\r';
      default:
        if (t.length() == 1) {
          return t.charAt(0);
        }
        throw error("unknown character \\" + t);
    }
  }

  private Object atom(String t) throws EdnException {
    if (t.isEmpty()) {
      throw error("unexpected " + show());
    }
    switch (t) {
      case "nil":
        return null;
      case "true":
        return Boolean.TRUE;
      case "false":
        return Boolean.FALSE;
      default:
        break;
    }
    char c = t.charAt(0);
    boolean numeric = Character.isDigit(c)
        || ((c == '-' || c == '+') && t.length() > 1 && Character.isDigit(t.charAt(1)));
    if (!numeric) {
      return new Symbol(t);
    }
    String digits = t.endsWith("N") ? t.substring(0, t.length() - 1) : t;
    try {
      if (digits.indexOf('.') >= 0 || digits.indexOf('e') >= 0 || digits.indexOf('E') >= 0
          || digits.endsWith("M")) {
        return Double.parseDouble(digits.endsWith("M") ? digits.substring(0, digits.length() - 1)
            : digits);
      }
      BigInteger big = new BigInteger(digits.startsWith("+") ? digits.substring(1) : digits);
      return big.bitLength() < 64 ? (Object) big.longValue() : big;
    } catch (NumberFormatException e) {
      throw error("\"" + t + "\" is not a number");
    }
  }

  /** The run of characters up to the next delimiter. */
  private String token() {
    int start = i;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c) || c == ',' || c == '{' || c == '}' || c == '[' || c == ']'
          || c == '(' || c == ')' || c == '"' || c == ';') {
        break;
      }
      i++;
    }
    return s.substring(start, i);
  }

  private void skipBlank() {
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == ';') {
        while (i < s.length() && s.charAt(i) != '\n') {
          i++;
        }
      } else if (Character.isWhitespace(c) || c == ',') {
        i++;
      } else {
        return;
      }
    }
  }

  private String show() {
    return i < s.length() ? "'" + s.charAt(i) + "'" : "end of text";
  }

  private EdnException error(String message) {
    return new EdnException(Math.min(i, s.length()) + 1, message);
  }
}
