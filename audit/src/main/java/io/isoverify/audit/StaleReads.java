package io.isoverify.audit;

import io.isoverify.history.Fences;
import io.isoverify.history.History;
import io.isoverify.history.LongSet;
import io.isoverify.history.OpKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a round checks against the collected transactions, which it no longer holds.
 * O(operations of the round), plus the tombstones when a new read has no writer held.
 */
final class StaleReads {
  private StaleReads() {}

  /**
   * The new reads of a version only collected transactions wrote (cobra 4.3: the verifier's
   * tombstones), one line each: reader, key, value, collected writer.
   */
  static List<String> find(History h, boolean[] isNew, AuditState state, Path repository)
      throws IOException {
    List<String> found = new ArrayList<>();
    if (!state.collectedAny) {
      return found;
    }
    LongSet written = new LongSet();
    for (int o = 0; o < h.opCount(); o++) {
      if (h.opKind(o).installsVersion() && h.opKey(o) >= 0 && h.opValue(o) >= 0) {
        written.add(pair(h.opKey(o), h.opValue(o)));
      }
    }
    LongSet unwritten = new LongSet();
    boolean any = false;
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t) && isNew[t]; o++) {
        if (h.opKind(o) == OpKind.READ && h.opValue(o) >= 0
            && !written.contains(pair(h.opKey(o), h.opValue(o)))) {
          any |= unwritten.add(pair(h.opKey(o), h.opValue(o)));
        }
      }
    }
    if (!any) {
      return found;
    }
    Map<Long, Long> writers = Tombstones.writers(repository, h, unwritten);
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t) && isNew[t]; o++) {
        Long w = h.opKind(o) == OpKind.READ && h.opValue(o) >= 0
            ? writers.get(pair(h.opKey(o), h.opValue(o))) : null;
        if (w != null) {
          found.add(h.showTxn(t) + " read " + h.showKey(h.opKey(o)) + " = "
              + h.showValue(h.opValue(o)) + ", written by T" + w
              + ", which the audit had collected as overwritten before it");
        }
      }
    }
    return found;
  }

  /**
   * Why the round cannot hold once transactions were collected and a session appears that
   * was never audited and does not begin with a fence (cobra Claim 37 holds only for
   * transactions that follow a fence of their session), or null.
   */
  static String unfencedNewSession(History h, AuditState state) {
    if (!state.collectedAny) {
      return null;
    }
    Set<Object> known = new HashSet<>();
    for (int i = 0; i < state.sessionNames.size(); i++) {
      known.add(state.sessionNames.isText(i) ? state.sessionNames.text(i)
          : (Object) state.sessionNames.number(i));
    }
    int key = Fences.keyCode(h);
    for (int s = 0; s < h.sessionCount(); s++) {
      int first = h.firstTxnOfSession(s);
      if (!known.contains(h.sessions().decode(s)) && !Fences.isFence(h, first, key)) {
        return "session " + h.sessionName(s) + " first appears after transactions were"
            + " collected and does not begin with a fence transaction: what was collected"
            + " relied on every later transaction following a fence of its session (cobra"
            + " Claim 37); verify the whole history at once";
      }
    }
    return null;
  }

  static long pair(int key, int value) {
    return ((long) key << 32) | (value & 0xffffffffL);
  }
}
