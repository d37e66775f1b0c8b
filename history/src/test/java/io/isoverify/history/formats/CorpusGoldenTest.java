package io.isoverify.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.history.testing.SharedCorpora;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whole converted histories of three small corpus entries, checked against the raw files
 * by hand (xxd of the vbox logs, the EDN lines): the anomaly each entry is named for must
 * survive conversion, e.g. the dirty read must read the aborted transaction's write.
 */
class CorpusGoldenTest {
  /** Vbox's key 0x94c7240709923352 as a signed 64-bit integer. */
  private static final String VBOX_KEY = "-7726167023086849198";

  private static Path entry(String relative) {
    return SharedCorpora.entry(relative);
  }

  /** The value code of vbox writer (tid, oid). */
  private static String v(long tid, long oid) {
    return Long.toString(tid << 32 | oid);
  }

  @Test
  void elleThePaperExampleKeepsItsAppendsAndWholeListReads() throws Exception {
    assertEquals(List.of(
        "op 0 T0 committed app(253,1) app(253,3) app(253,4) app(255,2) app(255,3) app(255,4) "
            + "app(255,5) app(256,1) app(256,2)",
        "op 2 T2 committed app(255,8) r(253,[1 3 4])",
        "op 4 T4 committed app(256,4) r(255,[2 3 4 5 8]) r(256,[1 2 4]) r(253,[1 3 4])",
        "op 6 T6 committed app(250,10) r(253,[1 3 4]) r(255,[2 3 4 5]) app(256,3)"),
        HistoryText.lines(ElleEdnReader.read(entry("elle/paper-example.edn"))));
  }

  @Test
  void vboxTheDirtyReadReadsTheAbortedWrite() throws Exception {
    assertEquals(List.of(
        "1 T51 aborted [1732888368891272000,1732888369336420200] w(" + VBOX_KEY + "," + v(51, 198)
            + ")",
        "2 T52 committed [1732888369108241600,1732888369446341700] r(" + VBOX_KEY + ","
            + v(51, 198) + ")",
        "3 T53 committed [1732888371458298200,1732888371553112100] r(" + VBOX_KEY + ",init)"),
        HistoryText.lines(VboxLogReader.read(entry("vbox/rat_sda_dirty_read"))));
  }

  @Test
  void vboxTheLostUpdateKeepsTheClientTimesThatMakeItOne() throws Exception {
    assertEquals(List.of(
        "1 T85 committed [1732888400633301400,1732888401289018800] r(" + VBOX_KEY + ",init) w("
            + VBOX_KEY + "," + v(85, 328) + ")",
        "2 T86 committed [1732888400837115300,1732888401281602100] w(" + VBOX_KEY + ","
            + v(86, 327) + ")",
        "3 T87 committed [1732888403290852700,1732888403339536100] r(" + VBOX_KEY + ","
            + v(85, 328) + ")"),
        HistoryText.lines(VboxLogReader.read(entry("vbox/wat_sda_lost_update_c1"))));
  }
}
