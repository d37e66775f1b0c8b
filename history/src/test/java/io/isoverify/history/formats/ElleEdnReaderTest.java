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

class ElleEdnReaderTest {
  @TempDir
  Path dir;

  private Path file(String text) throws IOException {
    return Files.writeString(dir.resolve("history.edn"), text);
  }

  @Test
  void pairsInvokesWithCompletionsPerProcess() throws Exception {
    Path f = file("""
        {:type :invoke, :f :txn, :value [[:append 1 1] [:r 2 nil]], :process 0, :time 10, :index 0}
        {:type :invoke, :f :txn, :value [[:r 1 nil] [:append 2 5]], :process 1, :time 11, :index 1}
        {:type :info, :f :start-partition, :process :nemesis, :index 2}
        {:type :ok, :f :txn, :value [[:append 1 1] [:r 2 []]], :process 0, :time 20, :index 3}
        {:type :fail, :f :txn, :value [[:r 1 nil] [:append 2 5]], :process 1, :time 21, :index 4}
        {:type :invoke, :f :txn, :value [[:r 1 nil] [:w 3 4]], :process 0, :time 30, :index 5}
        {:type :info, :f :txn, :process 0, :time 40, :index 6}
        {:type :invoke, :f :txn, :value [[:r 1 nil] [:r 2 nil]], :process 2, :time 50, :index 7}
        {:type :ok, :f :txn, :value [[:r 1 [1]] [:r 2 nil]], :process 2, :time 60, :index 8}
        {:type :invoke, :f :txn, :value [[:append 3 9]], :process 3, :time 70, :index 9}
        """);

    assertEquals(List.of(
        "0 T0 committed [10,20] app(1,1) r(2,[])",
        "0 T5 unknown [30,40] w(3,4)",
        "1 T1 aborted [11,21] app(2,5)",
        "2 T7 committed [50,60] r(1,[1]) r(2,init)",
        "3 T9 unknown app(3,9)"), HistoryText.lines(ElleEdnReader.read(f)));
  }

  @Test
  void opsWithoutProcessesGetASessionEach() throws Exception {
    Path f = file("""
        {:index 0 :type :invoke :value [[:append 5 1]]}
        {:index 1 :type :ok     :value [[:append 5 1]]}
        {:index 2 :type :invoke, :value [[:r 5 nil]]}
        {:index 3 :type :ok,     :value [[:r 5 [1]]]}
        """);

    assertEquals(List.of("op 0 T0 committed app(5,1)", "op 2 T2 committed r(5,[1])"),
        HistoryText.lines(ElleEdnReader.read(f)));
  }

  @Test
  void badEdnNamesLineAndColumn() throws Exception {
    Path f = file("{:type :invoke, :process 0, :value []}\n{:type :ok, :process 0, :value [\n");

    assertMessage(f, f + ": line 2, column 33: bad EDN: the text ends where a value or ] "
        + "should be");
  }

  @Test
  void aCompletionWithoutInvokeIsRefused() throws Exception {
    Path f = file("{:type :ok, :process 4, :value [[:append 1 1]]}\n");

    assertMessage(f, f + ": line 1: a :ok completion of process 4 with no :invoke before it");
  }

  @Test
  void aSecondInvokeOfABusyProcessIsRefused() throws Exception {
    Path f = file("{:type :invoke, :process 4, :value []}\n"
        + "{:type :invoke, :process 4, :value []}\n");

    assertMessage(f, f + ": line 2: process 4 invokes again before its op at line 1 completed");
  }

  @Test
  void anUnknownMicroOpIsRefused() throws Exception {
    Path f = file("{:type :invoke, :process 0, :value [[:cas 1 2]]}\n"
        + "{:type :ok, :process 0, :value [[:cas 1 2]]}\n");

    assertMessage(f, f + ": line 2: unknown micro-op :cas in [:cas, 1, 2] (expected :append, "
        + ":r or :w)");
  }

  @Test
  void anOpThatIsNoMapIsRefused() throws Exception {
    assertMessage(file(":type :ok\n"), "line 1: expected an op map {:type ... :value ...}, "
        + "found :type");
    assertMessage(file("[[:type :ok]]\n"), "line 1, column 2: expected an op map {:type ... "
        + ":value ...}, found [:type, :ok]");
  }

  @Test
  void readsAJepsenFileWithCommentsTagsAndOpsAcrossLines() throws Exception {
    Path f = file("""
        ; history.edn, as Jepsen writes it
        ;; test: list-append

        {:type :invoke, :f :txn, :value [[:append 1 1] [:r 2 nil]], :process 0, :time 10N, :index 0}
        #jepsen.history.Op{:index 1, :time 11, :type :info, :process :nemesis,
                           :f :jepsen.nemesis/start-partition, :value #{"n1" "n2"}}
        #_{:type :ok, :f :txn, :value [[:append 9 9]], :process 0, :index 99} ; discarded
        {:type :ok, :f :txn, ; the completion spans lines
         :value [[:append 1 1] [:r 2 []]], :process 0, :time 20, :index 2}
        #jepsen.history.Op{:index 3, :time 30, :type :invoke, :process 1, :f :txn,
                           :value [[:append 3 1]]}
        #jepsen.history.Op{:index 4, :time 40, :type :fail, :process 1, :f :txn,
                           :value [[:append 3 1]], :error [:timeout "no \\"reply\\"" \\x]}
        {:type :info, :f :log, :value #inst "2024-01-01T00:00:00.000-00:00", :process 2,
         :id #uuid "8e4f1e5a-5f3d-4b2e-9c1a-0d2b3c4d5e6f", :index 5}
        """);

    assertEquals(List.of(
        "0 T0 committed [10,20] app(1,1) r(2,[])",
        "1 T3 aborted [30,40] app(3,1)"), HistoryText.lines(ElleEdnReader.read(f)));
  }

  @Test
  void readsAVectorOfOpsAndNumbersOpsWithoutIndexByPosition() throws Exception {
    Path f = file("""
        [{:type :invoke, :process 0, :value [[:append 1 1]]}
         {:type :ok, :process 0, :value [[:append 1 1]]} {:type :invoke, :process 1, :value []}
         {:type :ok, :process 1, :value [[:r 1 [1]]]}]
        """);

    assertEquals(List.of("0 T0 committed app(1,1)", "1 T2 committed r(1,[1])"),
        HistoryText.lines(ElleEdnReader.read(f)));
  }

  @Test
  void anOpInsideALineIsPlacedByLineAndColumn() throws Exception {
    assertMessage(file("[{:type :invoke, :process 4, :value []} {:type :ok, :process 4}]\n"),
        "line 1, column 41: an :ok completion must carry the transaction's :value vector");
  }

  @Test
  void anUnclosedOpNamesWhereItsBracketOpened() throws Exception {
    assertMessage(file("""
        {:type :invoke, :process 0, :value [[:append 1 1]}
        {:type :ok, :process 0, :value [[:append 1 1]]}
        """), "line 1, column 50: bad EDN: expected ] but found '}'");
    assertMessage(file("""
        {:type :invoke, :process 0, :value [[:append 1 1]]}
        {:type :ok, :process 0, :value [[:append 1 1]
        {:type :invoke, :process 0, :value [[:append 1 2]]}
        """), "line 3, column 52: bad EDN: the text ends where a value or ] should be "
        + "(the [ at line 2, column 32 is still open)");
    assertMessage(file("""
        {:type :invoke, :process 0, :index
        {:type :ok, :process 0, :value [[:append 1 1]], :index 1}
        {:type :invoke, :process 0, :value [[:append 1 2] [:append 1 3] [:r 1 nil]], :index 2}
        """), "line 3, column 87: bad EDN: the map key {:type=:invoke, :process=0, "
        + ":value=[[:append, 1, 2], [:append, 1, 3], [:r, 1,... has no value (the { at line 1, "
        + "column 1 is still open)");
  }

  @Test
  void malformedEdnIsPlacedAfterLeadingComments() throws Exception {
    assertMessage(file("; comment\n; another\n{:type :invoke, :error \"\\q\"}\n"),
        "line 3, column 27: bad EDN: unknown escape \\q in a string");
    assertMessage(file("; comment\n{:type :invoke, :value \\bell}\n"),
        "line 2, column 29: bad EDN: unknown character \\bell");
    assertMessage(file("; comment\n{:type :invoke, :index 12x}\n"),
        "line 2, column 27: bad EDN: \"12x\" is not a number");
    assertMessage(file("; comment\n{:type :invoke, :time ##Foo}\n"),
        "line 2, column 28: bad EDN: unknown symbolic value ##Foo (expected ##Inf, ##-Inf or "
        + "##NaN)");
    assertMessage(file("; comment\n{:type :invoke #_}\n"),
        "line 2, column 18: bad EDN: expected a form after #_ but found '}'");
  }

  @Test
  void aFileOfCommentsOnlyIsAnEmptyHistory() throws Exception {
    assertMessage(file("; nothing ran\n\n;; at all\n"),
        "the history is empty: it has no operations");
  }

  @Test
  void aFileThatIsNotUtf8IsRefusedAtItsLine() throws Exception {
    Path f = Files.write(dir.resolve("history.edn"),
        new byte[] {';', ' ', 'x', '\n', '{', ':', 'a', ' ', '"', (byte) 0xff, '"', '}', '\n'});

    assertMessage(f, f + ": line 2: the file is not UTF-8 text");
  }

  /** The message for {@code f} is "f: " + {@code expected} when it does not start with f. */
  private static void assertMessage(Path f, String expected) {
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ElleEdnReader.read(f));
    assertEquals(expected.startsWith(f.toString()) ? expected : f + ": " + expected,
        e.getMessage());
  }
}
