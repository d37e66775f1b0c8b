package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.isoverify.history.InvalidHistoryException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextOpsReaderTest {
  @TempDir
  Path dir;

  private Path file(String text) throws IOException {
    return Files.writeString(dir.resolve("h.txt"), text);
  }

  @Test
  void anExplicitWriteOfZeroIsReadFromAndAbortedLinesAreTransactionsOfTheirOwn()
      throws Exception {
    Path f = file("""
        w(1,0,0,0)
        w(2,0,0,0)
        w(1,5,1,1)
        r(2,0,1,1)
        w(2,7,2,-1)

        r(1,5,2,2)
        r(2,0,2,3)
        w(2,3,2,2)
        """);

    assertEquals(List.of(
        "0 T0 committed w(1,0) w(2,0)",
        "1 T1 committed w(1,5) r(2,0)",
        "2 T-5 aborted w(2,7)",
        "2 T2 committed r(1,5) w(2,3)",
        "2 T3 committed r(2,0)"), HistoryText.lines(TextOpsReader.read(f)));
  }

  @Test
  void withoutAWriteOfZeroAReadOfZeroIsInitial() throws Exception {
    Path f = file("r(4,0,1,1)\nw(4,2,1,1)\nr(5,0,2,2)\nw(5,0,3,3)\n");

    assertEquals(List.of(
        "1 T1 committed r(4,init) w(4,2)",
        "2 T2 committed r(5,0)",
        "3 T3 committed w(5,0)"), HistoryText.lines(TextOpsReader.read(f)));
  }

  @Test
  void aLineThatIsNoOperationIsRefused() throws Exception {
    Path f = file("w(1,0,0,0)\nx(1,0,0,0)\n");

    assertMessage(f, f + ": line 2: expected r(key,value,session,txn) or "
        + "w(key,value,session,txn): x(1,0,0,0)");
  }

  @Test
  void aFieldThatIsNoIntegerIsRefused() throws Exception {
    Path f = file("w(1,a,0,0)\n");

    assertMessage(f, f + ": line 1: the value \"a\" is not an integer: w(1,a,0,0)");
  }

  @Test
  void aWrongNumberOfFieldsIsRefused() throws Exception {
    Path f = file("r(1,2,3)\n");

    assertMessage(f, f + ": line 1: expected 4 comma-separated integers, found 3: r(1,2,3)");
  }

  @Test
  void aTransactionInTwoSessionsIsRefusedByTheBuilder() throws Exception {
    Path f = file("w(1,1,0,7)\nw(2,1,1,7)\n");

    assertMessage(f, f + ": line 2: the operations of transaction 7 disagree on the session: 1 "
        + "here but 0 at line 1");
  }

  @Test
  void aFileThatIsNotUtf8IsRefusedAtItsLine() throws Exception {
    Path f = Files.write(dir.resolve("h.txt"), new byte[] {'w', '(', '1', ',', '1', ',', '0', ',',
        '0', ')', '\n', 'r', '(', (byte) 0xff, ')', '\n'});

    assertMessage(f, f + ": line 2: the file is not UTF-8 text");
  }

  private static void assertMessage(Path f, String expected) {
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> TextOpsReader.read(f));
    assertEquals(expected, e.getMessage());
  }
}
