package io.isoverify.audit;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.ParquetHistoryReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks that new partitions continue the audited history (cobra appendix B.1, a
 * continuation), each file alone and in the order given: no transaction id audited before
 * or given twice, and each session's positions after the last position audited for it (a
 * session whose positions restart or overlap what was audited is refused). The first problem
 * is thrown naming the file and the transaction. O(transactions of the partitions), plus a
 * binary search per transaction in the audited id ranges.
 */
final class Continuity {
  private Continuity() {}

  /** Returns the number of transactions the partitions hold. */
  static long check(AuditState state, List<Path> partitions) throws InvalidHistoryException {
    Map<Object, Integer> last = new HashMap<>();
    for (int i = 0; i < state.sessionNames.size(); i++) {
      last.put(name(state.sessionNames, i), state.lastPosition[i]);
    }
    Map<Object, Integer> lastInRun = new HashMap<>();
    LongSet seen = new LongSet();
    long transactions = 0;
    for (Path file : partitions) {
      History h = ParquetHistoryReader.read(file);
      transactions += h.txnCount();
      for (int t = 0; t < h.txnCount(); t++) {
        long id = h.txnId(t);
        if (state.audited(id)) {
          throw new InvalidHistoryException(file.toString(), "transaction " + id,
              "the transaction id was already audited: the partition does not continue the"
                  + " audited history");
        }
        if (!seen.add(id)) {
          throw new InvalidHistoryException(file.toString(), "transaction " + id,
              "the transaction id is in an earlier partition of this run");
        }
      }
      Map<Object, Integer> maxHere = new HashMap<>();
      for (int s = 0; s < h.sessionCount(); s++) {
        Object session = h.sessions().decode(s);
        int first = h.firstTxnOfSession(s);
        int position = h.positionInSession(first);
        Integer before = lastInRun.containsKey(session) ? lastInRun.get(session)
            : last.get(session);
        if (before != null && position <= before) {
          throw new InvalidHistoryException(file.toString(), "transaction " + h.txnId(first),
              "session " + h.sessionName(s) + " restarts or overlaps what was audited: its"
                  + " position " + position + " is not after " + before + ", the last"
                  + " position audited for the session");
        }
        maxHere.put(session, h.positionInSession(h.endTxnOfSession(s) - 1));
      }
      lastInRun.putAll(maxHere);
    }
    return transactions;
  }

  private static Object name(Ids ids, int i) {
    return ids.isText(i) ? ids.text(i) : (Object) ids.number(i);
  }
}
