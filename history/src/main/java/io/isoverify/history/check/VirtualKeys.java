package io.isoverify.history.check;


import io.isoverify.history.History;

/**
 * The virtual keys of a history's predicate observations (see {@link PredicateObservations}):
 * one per key and tested field whose versions do not all fix the field, numbered after the
 * history's keys in the order they are first needed. Shared by the observations made with and
 * without real time, so that a key code means the same in both.
 */
final class VirtualKeys {
  private final History h;
  private final VersionTable versions;
  /** Per tested field (by {@link VersionTable#fieldIndex}) and key: 0 unknown, -1 none, v + 1. */
  private final int[][] virtualOf;
  final IntList real = new IntList();
  final LongList field = new LongList();

  VirtualKeys(History h, VersionTable versions) {
    this.h = h;
    this.versions = versions;
    this.virtualOf = new int[versions.fieldCount()][];
  }

  /**
   * The key the graph orders field f of y on: y itself when every version of y fixes f,
   * else a virtual key whose versions are those that do (their order is y's: both give WW
   * edges between the same transactions, and opposite ones close a cycle).
   */
  int keyOf(int y, long f) {
    int fi = versions.fieldIndex(f);
    if (virtualOf[fi] == null) {
      virtualOf[fi] = new int[h.keys().size()];
    }
    int v = virtualOf[fi][y];
    if (v == 0) {
      boolean all = true;
      for (int at = versions.first(y); at < versions.end(y) && all; at++) {
        all = versions.defines(fi, at);
      }
      if (all) {
        v = -1;
      } else {
        v = real.size() + 1;
        real.add(y);
        field.add(f);
      }
      virtualOf[fi][y] = v;
    }
    return v < 0 ? y : h.keys().size() + v - 1;
  }

  int count() {
    return real.size();
  }
}
