package io.isoverify.graph;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns edges between vertices into {@link Edge} records between dense History transaction
 * ids ({@link Component#INITIAL_TXN} for vertex 0), with the value each is about: for WR and
 * WW the version of the key the first transaction wrote, for RW the version the first read
 * (History.INITIAL for the initial state); -1 for SO and RT.
 */
final class CycleReport {
  private final int[] txnOf;
  private final Versions versions;

  CycleReport(int[] txnOf, Versions versions) {
    this.txnOf = txnOf;
    this.versions = versions;
  }

  List<Edge> edges(EdgeList cycle) {
    List<Edge> out = new ArrayList<>(cycle.size());
    for (int e = 0; e < cycle.size(); e++) {
      int from = cycle.from(e);
      int type = cycle.type(e);
      int key = cycle.key(e);
      out.add(new Edge(txnOf[from], txnOf[cycle.to(e)], EdgeType.values()[type], key,
          key < 0 ? -1 : value(from, type, key)));
    }
    return out;
  }

  private int value(int from, int type, int key) {
    if (type == EdgeType.RW.ordinal()) {
      for (int i = versions.keySlotStart[key]; i < versions.keySlotStart[key + 1]; i++) {
        int lo = versions.readerStart[i];
        int hi = versions.readerStart[i + 1];
        if (Arrays.binarySearch(versions.readers, lo, hi, from) >= 0) {
          return versions.slotValue[i];
        }
      }
      return -1;
    }
    int slot = versions.slot(key, from);
    return slot < 0 ? -1 : versions.slotValue[slot];
  }
}
