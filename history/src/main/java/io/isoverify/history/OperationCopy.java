package io.isoverify.history;

import io.isoverify.history.validation.OperationPositions;
import java.util.stream.IntStream;

/**
 * {@link HistoryBuilder#build()}'s last step: the operations copied from arrival order into
 * (session, position) order, each transaction's by operation position, checking positions
 * 0..k-1 on the way. The transactions are cut into parts with about as many operations
 * each, copied on parallel threads (a part writes its own range of the output); one part
 * when rows carry predicates or fields (their tables are filled in order). The first problem
 * is the first part's that has one, so it does not depend on the parts. O(operations) over
 * the parts.
 */
final class OperationCopy {
  private final HistoryBuilder b;
  final int[] txnOrder;
  final int[] groupStart;
  final int[] byTxn;
  final int[] opStart;
  final byte[] kindOut;
  final int[] keyOut;
  final int[] valueOut;
  final int[] listsOut;
  final int[] lengthsOut;
  final PredicateTable predicatesOut = new PredicateTable();
  final FieldsTable fieldsOut = new FieldsTable();
  /** The first transaction (in the output order) whose positions have a problem, and it. */
  int problemAt = Integer.MAX_VALUE;
  String problem;

  OperationCopy(HistoryBuilder b, int[] txnOrder, int[] groupStart, int[] byTxn, int[] opStart,
      boolean lists) {
    this.b = b;
    this.txnOrder = txnOrder;
    this.groupStart = groupStart;
    this.byTxn = byTxn;
    this.opStart = opStart;
    int ops = b.ops;
    kindOut = new byte[ops];
    keyOut = new int[ops];
    valueOut = new int[ops];
    listsOut = lists ? new int[ops] : null;
    lengthsOut = lists ? new int[ops] : null;
  }

  /** Copies transactions 0..limit-1 (output order) in {@code parts} parts. */
  void run(int limit, int parts) {
    int[] bound = new int[parts + 1];
    for (int p = 1; p < parts; p++) {
      long target = (long) opStart[limit] * p / parts;
      bound[p] = Math.max(bound[p - 1], IndexSort.firstAtLeast(opStart, 0, limit, (int) target));
    }
    bound[parts] = limit;
    int[] at = new int[parts];
    String[] found = new String[parts];
    IntStream.range(0, parts).parallel().forEach(p -> {
      OperationPositions positions =
          new OperationPositions(o -> b.namer.name(b.opRow[(int) o]));
      at[p] = Integer.MAX_VALUE;
      for (int t = bound[p]; t < bound[p + 1]; t++) {
        String problem = copy(t, positions);
        if (problem != null) {
          at[p] = t;
          found[p] = problem;
          return;
        }
      }
    });
    for (int p = 0; p < parts; p++) {
      if (found[p] != null) {
        problemAt = at[p];
        problem = found[p];
        return;
      }
    }
  }

  /** Copies transaction t's operations in position order: the problem, or null. */
  private String copy(int t, OperationPositions positions) {
    int g = txnOrder[t];
    int count = opStart[t + 1] - opStart[t];
    positions.start(count);
    for (int i = groupStart[g]; i < groupStart[g + 1]; i++) {
      int r = byTxn[i];
      for (int o = b.runFirstOp[r]; o < b.runFirstOp[r + 1]; o++) {
        String problem = positions.place(b.opPos[o], o);
        if (problem != null) {
          return problem;
        }
      }
    }
    int out = opStart[t];
    for (int p = 0; p < count; p++) {
      int o = (int) positions.at(p);
      kindOut[out] = b.opKind[o];
      keyOut[out] = b.opKey[o];
      valueOut[out] = b.opValue[o];
      if (listsOut != null) {
        boolean has = o < b.hasList.length && b.hasList[o];
        listsOut[out] = has ? b.readLists.branch(o) : -1;
        lengthsOut[out] = has ? b.readLists.length(o) : 0;
      }
      if (b.attached.get(o)) {
        PredicateRead pr = b.predicates.find(o);
        if (pr != null) {
          predicatesOut.add(out, pr);
        }
        WrittenFields wf = b.writtenFields.find(o);
        if (wf != null) {
          fieldsOut.add(out, wf);
        }
      }
      out++;
    }
    return null;
  }
}
