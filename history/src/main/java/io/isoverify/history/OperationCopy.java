package io.isoverify.history;

import io.isoverify.history.validation.OperationPositions;
import java.util.stream.IntStream;

/**
 * {@link HistoryBuilder#build()}'s last step: the operations copied from arrival order into
 * (session, position) order, each transaction's by operation position, checking positions
 * 0..k-1 on the way. The transactions are cut into parts with about as many operations
 * each, copied on parallel threads (a part writes its own range of the output); the
 * operations that carry a predicate or row fields are noted per part, as (output, arrival)
 * pairs in output order, and their attachments copied after, part by part (the tables are
 * filled in operation order). The first problem is the first part's that has one, so it
 * does not depend on the parts. O(operations) over the parts, then O(attachments).
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
    Pairs[] attachedPairs = new Pairs[parts];
    IntStream.range(0, parts).parallel().forEach(p -> {
      OperationPositions positions =
          new OperationPositions(o -> b.namer.name(b.opRow[(int) o]));
      Pairs pairs = new Pairs();
      attachedPairs[p] = pairs;
      at[p] = Integer.MAX_VALUE;
      for (int t = bound[p]; t < bound[p + 1]; t++) {
        String problem = copy(t, positions, pairs);
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
    for (Pairs pairs : attachedPairs) {
      for (int i = 0; i < pairs.size; i += 2) {
        int out = pairs.items[i];
        int o = pairs.items[i + 1];
        predicatesOut.addFrom(out, b.predicates, b.predicates.index(o));
        fieldsOut.addFrom(out, b.writtenFields, b.writtenFields.index(o));
      }
    }
  }

  /**
   * Copies transaction t's operations in position order, noting in {@code attachedPairs}
   * (output, arrival) of those with an attachment: the problem, or null.
   */
  private String copy(int t, OperationPositions positions, Pairs attachedPairs) {
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
        attachedPairs.add(out, o);
      }
      out++;
    }
    return null;
  }

  /** A growing array of (output, arrival) pairs of one part. */
  private static final class Pairs {
    int[] items = new int[16];
    int size;

    void add(int out, int o) {
      if (size + 2 > items.length) {
        items = java.util.Arrays.copyOf(items, items.length * 2);
      }
      items[size++] = out;
      items[size++] = o;
    }
  }
}
