package io.isoverify.history.formats;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.JsonlHistoryReader;
import io.isoverify.history.io.ParquetHistoryReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The on-disk forms a history can come in: our own (Parquet, JSON Lines) and the peer
 * checkers' (cobra, dbcop, Plume text, Elle EDN, Vbox). {@link #detect} tells them apart
 * and {@link #read} converts any of them into a {@link History} through
 * {@link io.isoverify.history.HistoryBuilder}, so that every format gets the same checks.
 *
 * <p>Detection, first rule that applies: a file starting with the Parquet magic "PAR1";
 * a folder holding history.bincode (dbcop), T&lt;n&gt;.log files (cobra) or &lt;n&gt;.log
 * files (vbox); a file's extension (.parquet, .jsonl, .ndjson, .bincode, .edn); the first
 * line of a text file that is neither blank nor an EDN comment ({"..." JSON Lines; {:,
 * #jepsen or either after [ EDN; r( or w( text ops).
 */
public enum HistoryFormat {
  PARQUET("parquet"),
  JSONL("jsonl"),
  COBRA("cobra"),
  DBCOP("dbcop"),
  TEXT("text"),
  ELLE("elle"),
  VBOX("vbox");

  static final byte[] PARQUET_MAGIC = {'P', 'A', 'R', '1'};
  private static final Pattern COBRA_LOG = Pattern.compile("T\\d+\\.log");
  private static final Pattern VBOX_LOG = Pattern.compile("-?\\d+\\.log");
  private static final Pattern TEXT_OP = Pattern.compile("[rw]\\(\\s*-?\\d+\\s*,.*");
  private static final int SNIFF_LINES = 50;

  private final String code;

  HistoryFormat(String code) {
    this.code = code;
  }

  /** The name users give on the command line. */
  public String code() {
    return code;
  }

  /** The format named {@code code} (case-insensitive). */
  public static HistoryFormat ofCode(String code) {
    for (HistoryFormat f : values()) {
      if (f.code.equalsIgnoreCase(code.strip())) {
        return f;
      }
    }
    StringBuilder known = new StringBuilder();
    for (HistoryFormat f : values()) {
      known.append(known.length() == 0 ? "" : ", ").append(f.code);
    }
    throw new IllegalArgumentException("unknown history format \"" + code + "\"; known: " + known);
  }

  /**
   * Reads the history at {@code path} in this format; a file that clearly is in another
   * format (the Parquet magic, binary data for a text format) is refused saying so.
   */
  public History read(Path path) throws InvalidHistoryException {
    FormatMismatch.check(this, path);
    return switch (this) {
      case PARQUET -> ParquetHistoryReader.read(path);
      case JSONL -> JsonlHistoryReader.read(path);
      case COBRA -> CobraLogReader.read(path);
      case DBCOP -> DbcopBincodeReader.read(path);
      case TEXT -> TextOpsReader.read(path);
      case ELLE -> ElleEdnReader.read(path);
      case VBOX -> VboxLogReader.read(path);
    };
  }

  /** Reads {@code path} in the format {@link #detect} finds. */
  public static History readDetected(Path path) throws InvalidHistoryException {
    return detect(path).read(path);
  }

  /** The format of the file or folder at {@code path}; see the class comment for the rules. */
  public static HistoryFormat detect(Path path) throws InvalidHistoryException {
    String where = path.toString();
    if (Files.isDirectory(path)) {
      return detectFolder(path);
    }
    if (!Files.isRegularFile(path)) {
      throw new InvalidHistoryException(where, "", "no such file or folder");
    }
    if (startsWith(path, PARQUET_MAGIC)) {
      return PARQUET;
    }
    String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".parquet")) {
      return PARQUET;
    }
    if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
      return JSONL;
    }
    if (name.endsWith(".bincode")) {
      return DBCOP;
    }
    if (name.endsWith(".edn")) {
      return ELLE;
    }
    HistoryFormat byText = byFirstLine(firstLine(path));
    if (byText != null) {
      return byText;
    }
    throw new InvalidHistoryException(where, "", "cannot tell the history format: not Parquet "
        + "(no PAR1 magic), no known extension (.parquet .jsonl .bincode .edn), and the first "
        + "line is neither a JSON object, an EDN op map nor r(...)/w(...); name the format "
        + "(one of parquet, jsonl, cobra, dbcop, text, elle, vbox)");
  }

  /** The text format whose first line {@code first} (stripped) is; null when none. */
  static HistoryFormat byFirstLine(String first) {
    if (first.startsWith("{\"")) {
      return JSONL;
    }
    String op = first.startsWith("[") ? first.substring(1).stripLeading() : first;
    if (op.startsWith("{:") || op.startsWith("#jepsen")) {
      return ELLE;
    }
    if (TEXT_OP.matcher(first).matches()) {
      return TEXT;
    }
    return null;
  }

  private static HistoryFormat detectFolder(Path folder) throws InvalidHistoryException {
    if (Files.isRegularFile(folder.resolve(DbcopBincodeReader.FILE_NAME))) {
      return DBCOP;
    }
    int cobra = 0;
    int vbox = 0;
    int parquet = 0;
    try (Stream<Path> files = Files.list(folder)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        String n = p.getFileName().toString();
        if (n.endsWith(".parquet") && !n.startsWith(".") && !n.startsWith("_")) {
          parquet++;
        } else if (COBRA_LOG.matcher(n).matches()) {
          cobra++;
        } else if (VBOX_LOG.matcher(n).matches()) {
          vbox++;
        }
      }
    } catch (IOException e) {
      throw new InvalidHistoryException(folder.toString(), "", "cannot list the folder: " + e, e);
    }
    if (parquet > 0 && cobra == 0 && vbox == 0) {
      return PARQUET; // part files, read as one history in name order
    }
    if (cobra > 0 && vbox == 0) {
      return COBRA;
    }
    if (vbox > 0 && cobra == 0) {
      return VBOX;
    }
    throw new InvalidHistoryException(folder.toString(), "", cobra > 0
        ? "cannot tell the history format: the folder holds both cobra logs (T<n>.log) and "
            + "vbox logs (<n>.log)"
        : "cannot tell the history format: the folder holds no Parquet part files (*.parquet), "
            + "history.bincode (dbcop), T<n>.log (cobra) or <n>.log (vbox) files");
  }

  private static boolean startsWith(Path file, byte[] magic) throws InvalidHistoryException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(magic.length);
      return Arrays.equals(head, magic);
    } catch (IOException e) {
      throw new InvalidHistoryException(file.toString(), "", "cannot read the file: " + e, e);
    }
  }

  /**
   * The first line among the first few that is neither blank nor an EDN comment ({@code ;}),
   * stripped; empty when there is none.
   */
  private static String firstLine(Path file) throws InvalidHistoryException {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < SNIFF_LINES; i++) {
        String line = in.readLine();
        if (line == null) {
          break;
        }
        String text = line.strip();
        if (!text.isEmpty() && !text.startsWith(";")) {
          return text;
        }
      }
      return "";
    } catch (IOException e) {
      // Undecodable as UTF-8 (a binary file) or unreadable: no text format applies.
      if (e instanceof CharacterCodingException) {
        return "";
      }
      throw new InvalidHistoryException(file.toString(), "", "cannot read the file: " + e, e);
    }
  }
}
