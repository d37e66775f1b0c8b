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
  void aLineThatIsNoMapIsRefused() throws Exception {
    Path f = file("[:type :ok]\n");

    assertMessage(f, f + ": line 1: expected one op map {:type ... :value ...} per line, found "
        + "[:type, :ok]");
  }

  private static void assertMessage(Path f, String expected) {
    InvalidHistoryException e = assertThrows(InvalidHistoryException.class,
        () -> ElleEdnReader.read(f));
    assertEquals(expected, e.getMessage());
  }
}
