package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isoverify.history.History;
import java.io.IOException;
import io.isoverify.history.testing.SharedCorpora;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every history in the shared corpus (../shared/corpora from the repository root) converts,
 * is detected as the format its folder names, and keeps the sessions, transactions and
 * operations that {@link CorpusCensus} counts in the raw bytes. One test per entry.
 */
class CorpusConversionTest {
  private static final List<HistoryFormat> PEER_FORMATS = List.of(HistoryFormat.COBRA,
      HistoryFormat.DBCOP, HistoryFormat.TEXT, HistoryFormat.ELLE, HistoryFormat.VBOX);

  @TestFactory
  Stream<DynamicTest> everyCorpusHistoryConverts() throws IOException {
    Path corpora = corpora();
    assumeTrue(corpora != null, "no shared/corpora folder above " + Path.of("").toAbsolutePath()
        + ": the corpus tests need the shared corpus");
    List<DynamicTest> tests = new ArrayList<>();
    for (HistoryFormat format : PEER_FORMATS) {
      for (Path entry : entries(corpora.resolve(format.code()), format)) {
        tests.add(DynamicTest.dynamicTest(corpora.relativize(entry).toString(),
            () -> check(format, entry)));
      }
    }
    assertFalse(tests.isEmpty(), "the corpus at " + corpora + " holds no history");
    return tests.stream();
  }

  private static void check(HistoryFormat format, Path entry) throws Exception {
    assertEquals(format, HistoryFormat.detect(entry), "detected format of " + entry);
    History h = format.read(entry);
    CorpusCensus expected = CorpusCensus.of(format, entry);
    CorpusCensus actual = new CorpusCensus(h.sessionCount(), h.txnCount(), h.opCount());
    assertEquals(expected, actual, "sessions, transactions and operations of " + entry);
  }

  /** The histories of one format: dbcop folders holding history.bincode, else each child. */
  private static List<Path> entries(Path folder, HistoryFormat format) throws IOException {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> s = format == HistoryFormat.DBCOP ? Files.walk(folder) : Files.list(folder)) {
      return s.filter(p -> format != HistoryFormat.DBCOP
              || p.getFileName().toString().equals(DbcopBincodeReader.FILE_NAME))
          .map(p -> format == HistoryFormat.DBCOP ? p.getParent() : p)
          .sorted()
          .toList();
    }
  }

  /** The shared corpus: ../../shared/corpora from the module, found by walking up. */
  static Path corpora() {
    return SharedCorpora.folder();
  }
}
