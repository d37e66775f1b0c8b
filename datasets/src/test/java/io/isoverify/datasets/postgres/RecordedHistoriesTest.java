package io.isoverify.datasets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.History;
import io.isoverify.history.check.NonCycleChecks;
import io.isoverify.history.io.JsonlHistoryReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The histories recorded from PostgreSQL 15 and kept as test resources (6 sessions, 240
 * committed read-modify-write transactions on 2 keys, seed 20261122; see
 * datasets/README.md) are what their names say, so other modules can use them as golden
 * inputs: all pass the non-cycle checks, the READ COMMITTED one loses updates and the
 * other two do not.
 */
class RecordedHistoriesTest {
  /** A recorded history by level name: serializable, repeatable-read or read-committed. */
  static History recorded(String level) throws Exception {
    String name = level + "-rmw.jsonl";
    return JsonlHistoryReader.read(
        Path.of(RecordedHistoriesTest.class.getResource(name).toURI()));
  }

  @Test
  void readCommittedLosesUpdatesAndTheOthersDoNot() throws Exception {
    for (String level : List.of("serializable", "repeatable-read", "read-committed")) {
      History h = recorded(level);
      long committed = 0;
      for (int t = 0; t < h.txnCount(); t++) {
        committed += h.isCommitted(t) ? 1 : 0;
      }
      assertEquals(240, committed, level);
      assertTrue(NonCycleChecks.findings(h, 1).clean(), level);
      assertEquals(level.equals("read-committed"), !LostUpdate.find(h).isEmpty(), level);
    }
  }

  @Test
  void theReadCommittedLostUpdateIsTheOneItShows() throws Exception {
    History h = recorded("read-committed");
    LostUpdate first = LostUpdate.find(h).get(0);

    assertEquals("T5 and T2 both read 1 = init and both wrote 1", first.show(h));
    assertFalse(h.isAborted(first.first()) || h.isAborted(first.second()));
  }
}
