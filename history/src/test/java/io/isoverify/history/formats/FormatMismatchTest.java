package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A named format that the file's content clearly contradicts: the message says what it is. */
class FormatMismatchTest {
  @TempDir
  Path dir;

  private String refusal(HistoryFormat format, Path file) {
    return assertThrows(InvalidHistoryException.class, () -> format.read(file)).getMessage();
  }

  private Path parquetLike() throws IOException {
    return Files.write(dir.resolve("h.parquet"),
        "PAR1\0\0\0\0\u00ff\u00fePAR1".getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void parquetReadAsAnotherFormatSaysItIsParquet() throws IOException {
    Path p = parquetLike();

    assertEquals(p + ": not JSON Lines (it looks like a Parquet file; use --format parquet or "
        + "leave --format out)", refusal(HistoryFormat.JSONL, p));
    assertEquals(p + ": not Elle EDN (it looks like a Parquet file; use --format parquet or "
        + "leave --format out)", refusal(HistoryFormat.ELLE, p));
    assertEquals(p + ": not dbcop bincode (it looks like a Parquet file; use --format parquet "
        + "or leave --format out)", refusal(HistoryFormat.DBCOP, p));
  }

  @Test
  void binaryDataReadAsTextSaysSo() throws IOException {
    Path b = Files.write(dir.resolve("h.jsonl"), new byte[] {'{', 0, 1, 2, '\n'});

    assertEquals(b + ": not JSON Lines (it holds binary data (NUL bytes), not text)",
        refusal(HistoryFormat.JSONL, b));
    assertEquals(b + ": not text ops (r(...)/w(...)) (it holds binary data (NUL bytes), not "
        + "text)", refusal(HistoryFormat.TEXT, b));
  }

  @Test
  void textReadAsParquetNamesTheTextFormat() throws IOException {
    Path j = Files.writeString(dir.resolve("h.parquet"),
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"ops\":[[\"w\",\"x\",1]]}\n");

    assertEquals(j + ": not Parquet (no PAR1 magic; it looks like JSON Lines; use --format "
        + "jsonl)", refusal(HistoryFormat.PARQUET, j));
  }

  @Test
  void jsonLinesThatAreNotUtf8AreRefusedPlainly() throws IOException {
    Path latin1 = Files.write(dir.resolve("h.jsonl"),
        "{\"session\":\"caf\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1));

    assertEquals(latin1 + ": not JSON Lines (the file is not UTF-8 text)",
        refusal(HistoryFormat.JSONL, latin1));
  }

  @Test
  void unclearContentIsLeftToTheReader() throws IOException {
    Path notes = Files.writeString(dir.resolve("notes.md"), "# a history?\n");

    assertEquals(notes + ": not a Parquet file: it does not start with the Parquet magic bytes "
        + "PAR1", refusal(HistoryFormat.PARQUET, notes));
  }
}
