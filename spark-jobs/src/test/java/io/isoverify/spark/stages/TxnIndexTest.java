package io.isoverify.spark.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Transaction ids to dense ids, for ids close together (a table) and far apart (a search). */
class TxnIndexTest {
  @Test
  void denseIdsGoThroughATable() {
    long[] ids = {12, 10, 11, 15, 13};
    TxnIndex index = new TxnIndex(ids);
    for (int t = 0; t < ids.length; t++) {
      assertEquals(t, index.t(ids[t]));
    }
  }

  @Test
  void sparseIdsGoThroughASearch() {
    long[] ids = {Long.MAX_VALUE, -5, 1_000_000_000_000L, 0, Long.MIN_VALUE, 77};
    TxnIndex index = new TxnIndex(ids);
    for (int t = 0; t < ids.length; t++) {
      assertEquals(t, index.t(ids[t]));
    }
  }
}
