package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryFormatTest {
  @TempDir
  Path dir;

  @Test
  void codesRoundTrip() {
    assertEquals(List.of("parquet", "jsonl", "cobra", "dbcop", "text", "elle", "vbox"),
        Arrays.stream(HistoryFormat.values()).map(HistoryFormat::code).toList());
    for (HistoryFormat f : HistoryFormat.values()) {
      assertEquals(f, HistoryFormat.ofCode(f.code().toUpperCase()));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> HistoryFormat.ofCode("csv"));
    assertEquals("unknown history format \"csv\"; known: parquet, jsonl, cobra, dbcop, text, "
        + "elle, vbox", e.getMessage());
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private Path folder(String name, String... files) throws IOException {
    Path f = Files.createDirectories(dir.resolve(name));
    for (String file : files) {
      Files.write(f.resolve(file), new byte[] {'S'});
    }
    return f;
  }

  @Test
  void detectsFilesByMagicExtensionAndFirstLine() throws Exception {
    byte[] parquet = "PAR1\0\0\0PAR1".getBytes(StandardCharsets.US_ASCII);
    assertEquals(HistoryFormat.PARQUET,
        HistoryFormat.detect(Files.write(dir.resolve("history.bin"), parquet)));
    assertEquals(HistoryFormat.PARQUET, HistoryFormat.detect(write("h.parquet", "")));
    assertEquals(HistoryFormat.JSONL, HistoryFormat.detect(write("h.jsonl", "")));
    assertEquals(HistoryFormat.JSONL, HistoryFormat.detect(write("h1", "\n{\"session\": 1}\n")));
    assertEquals(HistoryFormat.DBCOP, HistoryFormat.detect(write("x.bincode", "")));
    assertEquals(HistoryFormat.ELLE, HistoryFormat.detect(write("h.edn", "")));
    assertEquals(HistoryFormat.ELLE, HistoryFormat.detect(write("h2", "{:type :invoke}")));
    assertEquals(HistoryFormat.ELLE, HistoryFormat.detect(write("h4",
        "; a Jepsen history\n;; more comments\n\n{:type :invoke}\n")));
    assertEquals(HistoryFormat.ELLE, HistoryFormat.detect(write("h5", "[ {:type :invoke}\n")));
    assertEquals(HistoryFormat.ELLE,
        HistoryFormat.detect(write("h6", "#jepsen.history.Op{:type :invoke}\n")));
    assertEquals(HistoryFormat.TEXT, HistoryFormat.detect(write("h.txt", "w(1,0,0,0)\n")));
    assertEquals(HistoryFormat.TEXT, HistoryFormat.detect(write("h3", "  r(-1, 2,3,4)\n")));
  }

  @Test
  void detectsFoldersByTheirFiles() throws Exception {
    assertEquals(HistoryFormat.DBCOP,
        HistoryFormat.detect(folder("d", "history.bincode", "history.json")));
    assertEquals(HistoryFormat.COBRA, HistoryFormat.detect(folder("c", "T0.log", "T0.debug")));
    assertEquals(HistoryFormat.VBOX, HistoryFormat.detect(folder("v", "-1.log", "0.log")));
  }

  @Test
  void anUnknownFileIsRefusedWithTheRules() throws IOException {
    Path f = write("notes.md", "# a history?\n");

    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> HistoryFormat.detect(f));
    assertEquals(f + ": cannot tell the history format: not Parquet (no PAR1 magic), no known "
        + "extension (.parquet .jsonl .bincode .edn), and the first line is neither a JSON "
        + "object, an EDN op map nor r(...)/w(...); name the format (one of parquet, jsonl, "
        + "cobra, dbcop, text, elle, vbox)", e.getMessage());
  }

  @Test
  void ambiguousAndEmptyFoldersAreRefused() throws IOException {
    Path mixed = folder("m", "T0.log", "0.log");
    Path empty = folder("e", "readme.txt");

    assertEquals(mixed + ": cannot tell the history format: the folder holds both cobra logs "
        + "(T<n>.log) and vbox logs (<n>.log)",
        assertThrows(InvalidHistoryException.class, () -> HistoryFormat.detect(mixed))
            .getMessage());
    assertEquals(empty + ": cannot tell the history format: the folder holds no Parquet part "
        + "files (*.parquet), history.bincode (dbcop), T<n>.log (cobra) or <n>.log (vbox) files",
        assertThrows(InvalidHistoryException.class, () -> HistoryFormat.detect(empty))
            .getMessage());
    Path missing = dir.resolve("nothing-here");
    assertEquals(missing + ": no such file or folder",
        assertThrows(InvalidHistoryException.class, () -> HistoryFormat.detect(missing))
            .getMessage());
  }

  @Test
  void readsJsonLinesThroughTheJsonlReader() throws Exception {
    Path f = write("h.jsonl", """
        {"session": "s1", "txn": 7, "pos": 0, "ops": [["w", "x", 1]]}
        {"session": "s1", "txn": 8, "pos": 1, "ops": [["r", "x", 1]]}
        """);

    assertEquals(List.of("s1 T7 committed w(x,1)", "s1 T8 committed r(x,1)"),
        HistoryText.lines(HistoryFormat.readDetected(f)));
  }
}
