package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EdnTest {
  private static Edn.Keyword kw(String name) {
    return new Edn.Keyword(name);
  }

  @Test
  void readsAJepsenOpMap() throws Exception {
    Object v = Edn.parse("{:type :ok, :f :txn, :process 3, :time 1200000, :index 7, "
        + ":value [[:append 4 1] [:r 2 nil] [:r 4 [1 2]]], :error \"a \\\"b\\\"\\n\"}");
    Map<Object, Object> expected = new LinkedHashMap<>();
    expected.put(kw("type"), kw("ok"));
    expected.put(kw("f"), kw("txn"));
    expected.put(kw("process"), 3L);
    expected.put(kw("time"), 1200000L);
    expected.put(kw("index"), 7L);
    expected.put(kw("value"), List.of(List.of(kw("append"), 4L, 1L),
        Arrays.asList(kw("r"), 2L, null), List.of(kw("r"), 4L, List.of(1L, 2L))));
    expected.put(kw("error"), "a \"b\"\n");
    assertEquals(expected, v);
  }

  @Test
  void readsSetsListsTagsDiscardsCommentsAndNumbers() throws Exception {
    assertEquals(List.of(Set.of(1L, 2L), List.of(new Edn.Symbol("foo"), true, false),
        "2024-01-01", new BigInteger("123456789012345678901234567890"), 5L, -2.5, 'c', ' '),
        Edn.parse("[#{1 2} (foo true false) #inst \"2024-01-01\" "
            + "123456789012345678901234567890 #_ ignored 5N -2.5 \\c \\space] ; a comment"));
    assertEquals(Map.of(kw("index"), 1L), Edn.parse("#jepsen.history.Op{:index 1}"));
  }

  @Test
  void syntaxErrorsCarryTheirColumn() {
    assertError("{:type :ok", 11, "the text ends where a key or } should be");
    assertError("[1 2}", 5, "expected ] but found '}'");
    assertError("{:a}", 4, "the map key :a has no value");
    assertError("\"open", 6, "the string is not closed");
    assertError("[1] 2", 5, "unexpected '2' after the value");
    assertError("12x", 4, "\"12x\" is not a number");
    assertError("[".repeat(600), 501, "values nest deeper than 500 levels");
  }

  @Test
  void readsOpsOneALineAfterCommentsAndAcrossLines() throws Exception {
    String text = """
        ; Jepsen history, written by hand
        ;; a second comment line

        {:type :invoke, :f :txn, :value [[:append 1 2]]} ; a comment after an op
        #_{:type :ok, :dropped true}
        {:type :ok,
         :f :txn, ; inside the map
         :value [[:append 1 2]]}
        #jepsen.history.Op{:index 3, :type :info}
        """;

    assertEquals(List.of(
        Map.of(kw("type"), kw("invoke"), kw("f"), kw("txn"), kw("value"),
            List.of(List.of(kw("append"), 1L, 2L))),
        Map.of(kw("type"), kw("ok"), kw("f"), kw("txn"), kw("value"),
            List.of(List.of(kw("append"), 1L, 2L))),
        Map.of(kw("index"), 3L, kw("type"), kw("info"))), ops(text));
    assertEquals(List.of("4:1", "6:1", "9:1"), starts(text));
  }

  @Test
  void readsAVectorOfOpsOneElementAtATime() throws Exception {
    String text = "; ops\n[{:index 0} #_ {:index 9}\n {:index 1}, {:index 2}]\n";

    assertEquals(List.of(Map.of(kw("index"), 0L), Map.of(kw("index"), 1L),
        Map.of(kw("index"), 2L)), ops(text));
    assertEquals(List.of("2:2", "3:2", "3:14"), starts(text));
  }

  @Test
  void readsTheRestOfTheSyntaxJepsenWrites() throws Exception {
    assertEquals(List.of(kw("jepsen.nemesis/partition"), kw("a.b/c-d?"), new Edn.Symbol("x/y")),
        Edn.parse("[:jepsen.nemesis/partition :a.b/c-d? x/y]"));
    assertEquals(Set.of(kw("a"), 1L, "s"), Edn.parse("#{:a 1 \"s\"}"));
    assertEquals(List.of("2024-01-01T00:00:00.000-00:00", "8e4f1e5a-5f3d-4b2e-9c1a-0d2b3c4d5e6f",
        Map.of(kw("index"), 0L, kw("value"), List.of())),
        Edn.parse("[#inst \"2024-01-01T00:00:00.000-00:00\" "
            + "#uuid \"8e4f1e5a-5f3d-4b2e-9c1a-0d2b3c4d5e6f\" "
            + "#jepsen.history.Op {:index 0 :value []}]"));
    assertEquals(List.of('a', '\n', ' ', '\t', '(', '"', 'é', 'A', ','),
        Edn.parse("[\\a \\newline \\space \\tab \\( \\\" \\u00e9 \\o101 \\,]"));
    assertEquals(List.of(new BigInteger("9223372036854775808"), 7L, -7L, 12L,
        new BigInteger("-123456789012345678901234567890"), new BigDecimal("1.50"), 0.5, 1e3,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
        Edn.parse("[9223372036854775808 7N -7 +12 -123456789012345678901234567890N 1.50M 1/2 "
            + "1e3 ##Inf ##-Inf]"));
    assertEquals(true, Double.isNaN((Double) Edn.parse("##NaN")));
    assertEquals(Map.of(kw("jepsen/a"), 1L, kw("b"), 2L, kw("c/d"), 3L),
        Edn.parse("#:jepsen{:a 1, :_/b 2, :c/d 3}"));
    assertEquals("tab\t quote\" back\\ é\nsecond line",
        Edn.parse("\"tab\\t quote\\\" back\\\\ \\u00e9\nsecond line\""));
    assertEquals(Map.of(kw("a"), 1L), Edn.parse("{:a 1 #_ :b #_ 2}"));
    assertEquals(List.of(), Edn.parse("(#_ 1)"));
  }

  @Test
  void syntaxErrorsCarryTheirLine() {
    assertError("{:type :ok,\n :value [[:append 1 2]\n{:type :invoke}\n", 3, 16,
        "the text ends where a value or ] should be (the [ at line 2, column 9 is still open)");
    assertError("[:a\n \"open\n:b", 3, 3,
        "the string is not closed (it opens at line 2, column 2)");
    assertError("{:a #_}", 1, 7, "expected a form after #_ but found '}'");
    assertError("\"\\q\"", 1, 4, "unknown escape \\q in a string");
    assertError("\"\\u12\"", 1, 6, "a \\u escape needs four hex digits");
    assertError("\\bell", 1, 6, "unknown character \\bell");
    assertError("[1/0]", 1, 5, "\"1/0\" is not a number");
    assertError("##Foo", 1, 6, "unknown symbolic value ##Foo (expected ##Inf, ##-Inf or ##NaN)");
    assertError("# {}", 1, 2, "# must be followed by a tag, {, _, : or #");
    assertError("#inst", 1, 6, "the text ends where a value after the tag #inst should be");
    assertError("; only a comment\n", 1, 17, "expected a value");
    assertError("}", 1, 1, "unexpected '}'");
  }

  private static void assertError(String text, int column, String message) {
    assertError(text, 1, column, message);
  }

  private static void assertError(String text, long line, int column, String message) {
    Edn.EdnException e = assertThrows(Edn.EdnException.class, () -> Edn.parse(text));
    assertEquals(message + " at line " + line + ", column " + column,
        e.getMessage() + " at line " + e.line() + ", column " + e.column());
  }

  /** Every op {@link Edn#nextOp} reads from {@code text}. */
  private static List<Object> ops(String text) throws Exception {
    List<Object> out = new ArrayList<>();
    Edn edn = reader(text);
    for (Object op = edn.nextOp(); op != Edn.END; op = edn.nextOp()) {
      out.add(op);
    }
    return out;
  }

  /** "line:column" where each op of {@code text} starts. */
  private static List<String> starts(String text) throws Exception {
    List<String> out = new ArrayList<>();
    Edn edn = reader(text);
    for (Object op = edn.nextOp(); op != Edn.END; op = edn.nextOp()) {
      out.add(edn.line() + ":" + edn.column());
    }
    return out;
  }

  private static Edn reader(String text) throws Exception {
    Iterator<String> lines = text.lines().iterator();
    return new Edn(() -> lines.hasNext() ? lines.next() : null);
  }
}
