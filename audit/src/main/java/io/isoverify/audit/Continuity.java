package io.isoverify.audit;

import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.LongSet;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks that new partitions continue the audited history (cobra appendix B.1, a
 * continuation), each file alone and in the order given: no transaction id audited before
 * or given twice, and each session's positions after the last position audited for it (a
 * session whose positions restart or overlap what was audited is refused). The first problem
 * is thrown naming the file and the transaction. It reads only the partitions' session, id
 * and position columns ({@link PartitionScan}), so the round reads each partition once.
 * O(rows of the partitions), plus a binary search per transaction in the audited id ranges.
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
      LongSet here = new LongSet();
      Map<Object, long[]> sessions = new HashMap<>(); // first position, its txn, last position
      long[] count = {0};
      PartitionScan.scan(file, (number, text, id, position) -> {
        if (here.add(id)) {
          count[0]++;
          if (state.audited(id)) {
            throw new InvalidHistoryException(file.toString(), "transaction " + id,
                "the transaction id was already audited: the partition does not continue the"
                    + " audited history");
          }
          if (seen.contains(id)) {
            throw new InvalidHistoryException(file.toString(), "transaction " + id,
                "the transaction id is in an earlier partition of this run");
          }
        }
        long[] span = sessions.computeIfAbsent(text != null ? text : (Object) number,
            k -> new long[] {Long.MAX_VALUE, 0, Long.MIN_VALUE});
        if (position < span[0]) {
          span[0] = position;
          span[1] = id;
        }
        span[2] = Math.max(span[2], position);
      });
      transactions += count[0];
      for (Map.Entry<Object, long[]> e : sessions.entrySet()) {
        Integer before = lastInRun.containsKey(e.getKey()) ? lastInRun.get(e.getKey())
            : last.get(e.getKey());
        long[] span = e.getValue();
        if (before != null && span[0] <= before) {
          throw new InvalidHistoryException(file.toString(), "transaction " + span[1],
              "session " + e.getKey() + " restarts or overlaps what was audited: its"
                  + " position " + span[0] + " is not after " + before + ", the last"
                  + " position audited for the session");
        }
      }
      for (Map.Entry<Object, long[]> e : sessions.entrySet()) {
        lastInRun.put(e.getKey(), (int) e.getValue()[2]);
      }
      here.forEach(seen::add);
    }
    return transactions;
  }

  private static Object name(Ids ids, int i) {
    return ids.isText(i) ? ids.text(i) : (Object) ids.number(i);
  }
}
