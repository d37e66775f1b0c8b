package io.isoverify.report;

/**
 * The sizes and fonts of an anomaly's SVG picture, shared by the layout (which needs the size
 * of every box and label before placing them) and the SVG writer (which draws the text in
 * them). Text inside the picture is monospace: every character is {@value #CHAR_EM} em wide
 * in DejaVu Sans Mono, Liberation Mono, Menlo and Courier alike, so widths are known exactly
 * without font files or AWT, and a box never turns out narrower than its text.
 */
final class PictureStyle {
  static final String MONO = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace";
  static final String SANS = "Helvetica, Arial, sans-serif";
  /** Advance of one monospace character, in em (DejaVu Sans Mono: 0.602). */
  static final double CHAR_EM = 0.61;
  /** Size of the operations in a box and of the arrows' labels, px. */
  static final double TEXT = 12;
  static final double LABEL = 11;
  static final double TITLE = 14;
  static final double LINE = 16;
  static final double BOX_PAD_X = 10;
  static final double BOX_PAD_Y = 6;
  /** The virtual initial transaction is an ellipse: wider than its text by this. */
  static final double ELLIPSE_EXTRA = 24;
  static final double LABEL_PAD = 3;
  static final double MARGIN = 12;
  /** A line longer than this many characters is cut, with an ellipsis (the text has it whole). */
  static final int MAX_CHARS = 48;

  private PictureStyle() {}

  /** The width of {@code s} in monospace of size {@code px}; wide (CJK) characters count two. */
  static double width(String s, double px) {
    double cells = 0;
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      cells += Character.isIdeographic(c) || (c >= 0x1100 && c <= 0x115f) || (c >= 0xac00 && c <= 0xd7a3)
          || (c >= 0xff00 && c <= 0xff60) ? 2 : 1;
      i += Character.charCount(c);
    }
    return Math.ceil(cells * CHAR_EM * px);
  }

  /** {@code s}, cut to {@value #MAX_CHARS} characters with an ellipsis when longer. */
  static String cut(String s) {
    return s.codePointCount(0, s.length()) <= MAX_CHARS ? s
        : s.substring(0, s.offsetByCodePoints(0, MAX_CHARS - 1)) + "\u2026";
  }
}
