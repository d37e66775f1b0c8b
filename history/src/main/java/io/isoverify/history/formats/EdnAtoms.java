package io.isoverify.history.formats;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The EDN values written as one token: nil, true, false, symbols, numbers and the names of
 * character literals. Numbers are {@link Long} (or {@link BigInteger} beyond 64 bits, or
 * with the N suffix when it does not fit a long), {@link Double}, {@link BigDecimal} for the
 * M suffix, and a ratio such as {@code 1/3} as its {@link Double}. A malformed token is an
 * {@link IllegalArgumentException} whose message names it; {@link Edn} adds the position.
 */
final class EdnAtoms {
  private EdnAtoms() {}

  /** The value of a non-empty token that is not a keyword, string or character. */
  static Object atom(String t) {
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
    boolean numeric = isDigit(c) || ((c == '-' || c == '+') && t.length() > 1
        && isDigit(t.charAt(1)));
    if (!numeric) {
      return new Edn.Symbol(t);
    }
    Object small = smallLong(t);
    if (small != null) {
      return small;
    }
    try {
      return number(t);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException("\"" + t + "\" is not a number");
    }
  }

  /** The character a literal such as {@code \a}, {@code \newline} or {@code \u00e9} names. */
  static char character(String name) {
    if (name.length() == 1) {
      return name.charAt(0);
    }
    switch (name) {
      case "newline":
        return '\n';
      case "space":
        return ' ';
      case "tab":
        return '\t';
      case "return":
        return '\r';
      case "backspace":
        return '\b';
      case "formfeed":
        return '\f';
      default:
        break;
    }
    try {
      if (name.length() == 5 && name.charAt(0) == 'u') {
        return (char) Integer.parseInt(name.substring(1), 16);
      }
      if (name.length() >= 2 && name.length() <= 4 && name.charAt(0) == 'o') {
        int code = Integer.parseInt(name.substring(1), 8);
        if (code <= 0377) {
          return (char) code;
        }
      }
    } catch (NumberFormatException e) {
      // an unknown name, reported below
    }
    throw new IllegalArgumentException("unknown character \\" + name);
  }

  /** The long of a plain decimal integer of up to 18 digits (the common case), else null. */
  private static Long smallLong(String t) {
    int start = t.charAt(0) == '-' || t.charAt(0) == '+' ? 1 : 0;
    if (t.length() - start > 18) {
      return null;
    }
    long v = 0;
    for (int j = start; j < t.length(); j++) {
      char c = t.charAt(j);
      if (!isDigit(c)) {
        return null;
      }
      v = v * 10 + (c - '0');
    }
    return t.charAt(0) == '-' ? -v : v;
  }

  private static Object number(String t) {
    String body = t.startsWith("+") ? t.substring(1) : t;
    int slash = body.indexOf('/');
    if (slash >= 0) {
      BigInteger num = integer(body.substring(0, slash));
      BigInteger den = integer(body.substring(slash + 1));
      if (den.signum() == 0) {
        throw new ArithmeticException("a ratio over zero");
      }
      return num.doubleValue() / den.doubleValue();
    }
    if (body.endsWith("M")) {
      return new BigDecimal(body.substring(0, body.length() - 1));
    }
    if (body.indexOf('.') >= 0 || body.indexOf('e') >= 0 || body.indexOf('E') >= 0) {
      return Double.parseDouble(decimal(body));
    }
    BigInteger big = integer(body.endsWith("N") ? body.substring(0, body.length() - 1) : body);
    return big.bitLength() < 64 ? (Object) big.longValue() : big;
  }

  /** {@code s} checked to be an optionally signed run of decimal digits. */
  private static BigInteger integer(String s) {
    int start = s.startsWith("-") ? 1 : 0;
    if (s.length() == start) {
      throw new NumberFormatException(s);
    }
    for (int j = start; j < s.length(); j++) {
      if (!isDigit(s.charAt(j))) {
        throw new NumberFormatException(s);
      }
    }
    return new BigInteger(s);
  }

  /** {@code s} checked to hold only what a decimal float may (Java also takes "1f", "0x1p3"). */
  private static String decimal(String s) {
    for (int j = 0; j < s.length(); j++) {
      char c = s.charAt(j);
      if (!isDigit(c) && c != '.' && c != 'e' && c != 'E' && c != '-' && c != '+') {
        throw new NumberFormatException(s);
      }
    }
    return s;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
