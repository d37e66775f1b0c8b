package io.isoverify.audit;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import java.util.Arrays;

/**
 * The reads of held transactions whose writer is collected. Cobra's deletion (Definition 25)
 * removes the collected transaction's vertex, edges and reads-from tuples, so such a read
 * constrains nothing any more; the held history carries it the same way by leaving the read
 * out (the next round would otherwise see a read no one wrote). A held transaction that
 * would be left with no operation keeps its writers instead (to a fixpoint: a writer kept
 * may itself read from collected ones). A fence's read is not left out but made a read of
 * the initial state: the collected fences are a prefix of the fence chain, so the fence
 * that read the last collected one is the first fence held, before every other writer of
 * the fence key held, and it stays a fence (a read and a write of the fence key) for the
 * next round's epochs. O(operations) per pass.
 */
final class HeldReads {
  private HeldReads() {}

  /**
   * Updates {@code removed} (writers kept back) and returns, per operation of {@code h}, true
   * for the reads the held history leaves out; sets {@code asInitial[o]} for the reads of
   * held fences whose writer was collected.
   */
  static boolean[] leftOut(History h, boolean[] removed, boolean[] asInitial) {
    int fenceKey = io.isoverify.history.Fences.keyCode(h);
    boolean[] drop = new boolean[h.opCount()];
    boolean changed = true;
    while (changed) {
      changed = false;
      LongSet heldVersions = new LongSet();
      LongSet removedVersions = new LongSet();
      for (int t = 0; t < h.txnCount(); t++) {
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (h.opKind(o).installsVersion() && h.opKey(o) >= 0 && h.opValue(o) >= 0) {
            (removed[t] ? removedVersions : heldVersions)
                .add(StaleReads.pair(h.opKey(o), h.opValue(o)));
          }
        }
      }
      Arrays.fill(drop, false);
      Arrays.fill(asInitial, false);
      LongSet wanted = new LongSet();
      for (int t = 0; t < h.txnCount(); t++) {
        if (removed[t]) {
          continue;
        }
        int kept = 0;
        for (int o = h.firstOp(t); o < h.endOp(t); o++) {
          if (h.opKind(o) == OpKind.READ && h.opValue(o) >= 0) {
            long v = StaleReads.pair(h.opKey(o), h.opValue(o));
            drop[o] = removedVersions.contains(v) && !heldVersions.contains(v);
            if (drop[o] && io.isoverify.history.Fences.isFence(h, t, fenceKey)) {
              drop[o] = false;
              asInitial[o] = true;
            }
          }
          kept += drop[o] ? 0 : 1;
        }
        for (int o = h.firstOp(t); o < h.endOp(t) && kept == 0; o++) {
          wanted.add(StaleReads.pair(h.opKey(o), h.opValue(o)));
        }
      }
      for (int w = 0; w < h.txnCount(); w++) {
        for (int o = h.firstOp(w); o < h.endOp(w) && removed[w]; o++) {
          if (h.opKind(o).installsVersion() && h.opKey(o) >= 0 && h.opValue(o) >= 0
              && wanted.contains(StaleReads.pair(h.opKey(o), h.opValue(o)))) {
            removed[w] = false; // a held transaction that would be empty keeps its writers
            changed = true;
          }
        }
      }
    }
    return drop;
  }
}
