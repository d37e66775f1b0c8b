package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;
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

  private static void assertError(String text, int column, String message) {
    Edn.EdnException e = assertThrows(Edn.EdnException.class, () -> Edn.parse(text));
    assertEquals(message + " at column " + column, e.getMessage() + " at column " + e.column());
  }
}
