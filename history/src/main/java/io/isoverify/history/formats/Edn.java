package io.isoverify.history.formats;

import io.isoverify.history.InvalidHistoryException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A streaming reader for the EDN that Jepsen writes into its history files: maps, vectors,
 * lists, sets, keywords (namespaced too), symbols, integers (with an optional N suffix),
 * decimals (with an optional M suffix), ratios, strings, characters, nil, true and false,
 * {@code ##Inf}, {@code ##-Inf} and {@code ##NaN}; commas are whitespace, {@code ;} starts a
 * comment that runs to the end of its line, {@code #_} discards the next form, {@code #:ns{}}
 * qualifies a map's keys, and any other tag ({@code #inst "..."}, {@code #uuid "..."},
 * {@code #jepsen.history.Op{...}}) is dropped, keeping the tagged value.
 *
 * <p>Values become plain Java: {@link Map} (insertion-ordered), {@link List} for vectors
 * and lists, {@link Set}, {@link Keyword}, {@link Symbol}, numbers as {@link EdnAtoms} says,
 * {@link String}, {@link Character}, {@link Boolean} and null. {@link #nextOp} reads a text
 * one op at a time, whether it holds one op per line or one vector of ops, so that only the
 * current op and the current line are in memory; a value may span lines. A syntax error is
 * an {@link EdnException} carrying its line and column.
 */
final class Edn {
  /** An EDN keyword such as {@code :type} or {@code :jepsen.foo/bar}, kept without its colon. */
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

  /** A syntax error at a line and column of the text. */
  static final class EdnException extends Exception {
    private static final long serialVersionUID = 1L;
    private final long line;
    private final int column;

    EdnException(long line, int column, String message) {
      super(message);
      this.line = line;
      this.column = column;
    }

    long line() {
      return line;
    }

    int column() {
      return column;
    }
  }

  /** What {@link #nextOp} returns at the end of the text. */
  static final Object END = new Object() {
    @Override
    public String toString() {
      return "end of text";
    }
  };

  /** What {@link #value} returns before a closing bracket, which it leaves unread. */
  private static final Object CLOSE = new Object();
  /** What a {@code #} form returns when it was {@code #_} with its discarded form. */
  private static final Object DISCARDED = new Object();
  /** Deeper nesting is refused rather than risking the stack; Jepsen ops nest a few levels. */
  private static final int MAX_DEPTH = 500;

  private final EdnCursor in;
  private int depth;
  /** Where the last top-level value (or element of the top-level vector) starts. */
  private long startLine;
  private int startColumn;
  /** The bracket closing the top-level vector or list being read element by element, or 0. */
  private char topClose;
  private long topLine;
  private int topColumn;

  /** A reader of the text made of {@code lines}. */
  Edn(EdnCursor.Lines lines) throws InvalidHistoryException {
    this.in = new EdnCursor(lines);
  }

  /** Parses the one value in {@code text}; anything after it other than whitespace is an error. */
  static Object parse(String text) throws EdnException {
    Iterator<String> lines = text.lines().iterator();
    try {
      Edn e = new Edn(() -> lines.hasNext() ? lines.next() : null);
      Object v = e.value();
      if (v == END) {
        throw e.error("expected a value");
      }
      e.require(v, "a value");
      e.in.skipBlank();
      if (e.in.peek() != EdnCursor.END) {
        throw e.error("unexpected " + e.in.show() + " after the value");
      }
      return v;
    } catch (InvalidHistoryException impossible) {
      throw new IllegalStateException("the lines of a string cannot fail to read", impossible);
    }
  }

  /**
   * The next op: the next top-level value or, when the text is one vector or list, its next
   * element; {@link #END} at the end of the text.
   */
  Object nextOp() throws EdnException, InvalidHistoryException {
    while (true) {
      in.skipBlank();
      int c = in.peek();
      if (topClose == 0 && (c == '[' || c == '(')) {
        topClose = c == '[' ? ']' : ')';
        topLine = in.line();
        topColumn = in.column();
        in.skip();
      } else if (topClose != 0 && c == topClose) {
        topClose = 0;
        in.skip();
      } else {
        Object v = value();
        if (v == END && topClose != 0) {
          char open = topClose == ']' ? '[' : '(';
          throw endsInside("the text ends where a value or " + topClose + " should be", open,
              topLine, topColumn);
        }
        return v == END ? END : require(v, "a value");
      }
    }
  }

  /** {@code v} as EDN-ish text for a message, cut to 80 characters. */
  static String show(Object v) {
    String text = String.valueOf(v);
    return text.length() <= 80 ? text : text.substring(0, 77) + "...";
  }

  /** The line where the value {@link #nextOp} returned last starts. */
  long line() {
    return startLine;
  }

  /** The column where the value {@link #nextOp} returned last starts. */
  int column() {
    return startColumn;
  }

  /** The next value, {@link #END} at the end of the text, or {@link #CLOSE}. */
  private Object value() throws EdnException, InvalidHistoryException {
    if (++depth > MAX_DEPTH) {
      throw error("values nest deeper than " + MAX_DEPTH + " levels");
    }
    try {
      Object v;
      do {
        v = valueAtDepth();
      } while (v == DISCARDED);
      return v;
    } finally {
      depth--;
    }
  }

  private Object valueAtDepth() throws EdnException, InvalidHistoryException {
    in.skipBlank();
    long line = in.line();
    int column = in.column();
    if (depth == 1) {
      startLine = line;
      startColumn = column;
    }
    int c = in.peek();
    switch (c) {
      case EdnCursor.END:
        return END;
      case '}', ']', ')':
        return CLOSE;
      case '{':
        in.skip();
        return map(line, column);
      case '[':
        in.skip();
        return sequence('[', ']', line, column);
      case '(':
        in.skip();
        return sequence('(', ')', line, column);
      case '"':
        in.skip();
        return in.string(line, column);
      case ':':
        in.skip();
        String name = in.token();
        if (name.isEmpty()) {
          throw error("a keyword needs a name after the colon");
        }
        return new Keyword(name);
      case '\\':
        in.skip();
        return in.character();
      case '#':
        in.skip();
        return dispatch(line, column);
      default:
        try {
          return EdnAtoms.atom(in.token());
        } catch (IllegalArgumentException e) {
          throw error(e.getMessage());
        }
    }
  }

  /** What follows a {@code #}: a set, a discard, a namespaced map, ##Inf and kin, or a tag. */
  private Object dispatch(long line, int column) throws EdnException, InvalidHistoryException {
    int c = in.peek();
    if (c == '{') {
      in.skip();
      return new LinkedHashSet<>(sequence('{', '}', line, column));
    }
    if (c == '_') {
      in.skip();
      require(value(), "a form after #_");
      return DISCARDED;
    }
    if (c == ':') {
      in.skip();
      return namespacedMap();
    }
    String tag = in.token();
    switch (tag) {
      case "":
        throw error("# must be followed by a tag, {, _, : or #");
      case "#Inf":
        return Double.POSITIVE_INFINITY;
      case "#-Inf":
        return Double.NEGATIVE_INFINITY;
      case "#NaN":
        return Double.NaN;
      default:
        if (tag.startsWith("#")) {
          throw error("unknown symbolic value #" + tag + " (expected ##Inf, ##-Inf or ##NaN)");
        }
        return require(value(), "a value after the tag #" + tag);
    }
  }

  /** {@code #:ns{:a 1 :_/b 2}}: the map {:ns/a 1 :b 2}. */
  private Map<Object, Object> namespacedMap() throws EdnException, InvalidHistoryException {
    String ns = in.token();
    in.skipBlank();
    if (ns.isEmpty() || in.peek() != '{') {
      throw error("#:" + ns + " must be followed by a namespace and a map, found " + in.show());
    }
    long line = in.line();
    int column = in.column();
    in.skip();
    Map<Object, Object> out = new LinkedHashMap<>();
    for (Map.Entry<Object, Object> e : map(line, column).entrySet()) {
      Object k = e.getKey();
      if (k instanceof Keyword kw && kw.name().indexOf('/') < 0) {
        k = new Keyword(ns + "/" + kw.name());
      } else if (k instanceof Keyword kw && kw.name().startsWith("_/")) {
        k = new Keyword(kw.name().substring(2));
      }
      out.put(k, e.getValue());
    }
    return out;
  }

  private Map<Object, Object> map(long line, int column)
      throws EdnException, InvalidHistoryException {
    Map<Object, Object> m = new LinkedHashMap<>();
    while (true) {
      Object k = value();
      if (k == CLOSE) {
        closing('}');
        return m;
      }
      if (k == END) {
        throw endsInside("the text ends where a key or } should be", '{', line, column);
      }
      Object v = value();
      if (v == END) {
        throw endsInside("the map key " + show(k) + " has no value", '{', line, column);
      }
      if (v == CLOSE) {
        throw error("the map key " + show(k) + " has no value");
      }
      m.put(k, v);
    }
  }

  private List<Object> sequence(char open, char close, long line, int column)
      throws EdnException, InvalidHistoryException {
    List<Object> out = new ArrayList<>();
    while (true) {
      Object v = value();
      if (v == CLOSE) {
        closing(close);
        return out;
      }
      if (v == END) {
        throw endsInside("the text ends where a value or " + close + " should be", open, line,
            column);
      }
      out.add(v);
    }
  }

  /** Consumes the closing bracket {@code close} that comes next, or fails on another one. */
  private void closing(char close) throws EdnException, InvalidHistoryException {
    if (in.peek() != close) {
      throw error("expected " + close + " but found " + in.show());
    }
    in.skip();
  }

  /** {@code v} unless it is {@link #END} or {@link #CLOSE}, which fail naming {@code what}. */
  private Object require(Object v, String what) throws EdnException, InvalidHistoryException {
    if (v == END) {
      throw error("the text ends where " + what + " should be");
    }
    if (v == CLOSE) {
      throw error(depth == 0 ? "unexpected " + in.show()
          : "expected " + what + " but found " + in.show());
    }
    return v;
  }

  private EdnException endsInside(String problem, char open, long line, int column) {
    return in.endsInside(problem, open, line, column);
  }

  private EdnException error(String message) {
    return in.error(message);
  }
}
