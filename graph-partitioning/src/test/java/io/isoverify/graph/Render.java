package io.isoverify.graph;

import io.isoverify.history.History;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Renders partitions as sorted text, so tests can assert whole results. */
final class Render {
  private Render() {
  }

  static String txn(History h, int txn) {
    return txn == Component.INITIAL_TXN ? "init" : "T" + h.txnId(txn);
  }

  static String edge(History h, int fromTxn, int toTxn, int type, int key) {
    return txn(h, fromTxn) + "-" + EdgeType.values()[type] + (key < 0 ? "" : "(" + h.showKey(key) + ")")
        + "->" + txn(h, toTxn);
  }

  /** Known edges of one type (all types when type < 0), sorted, deduplicated. */
  static TreeSet<String> known(History h, Partition p, EdgeType type) {
    TreeSet<String> out = new TreeSet<>();
    for (int e = 0; e < p.knownEdgeCount(); e++) {
      if (type == null || p.knownType(e) == type.ordinal()) {
        out.add(edge(h, p.txnOf(p.knownFrom(e)), p.txnOf(p.knownTo(e)), p.knownType(e),
            p.knownKey(e)));
      }
    }
    return out;
  }

  /** Each constraint of each component as "{side0} | {side1}", sorted. */
  static List<String> constraints(History h, Partition p) {
    List<String> out = new ArrayList<>();
    for (Component c : p.components()) {
      for (int k = 0; k < c.constraintCount(); k++) {
        out.add(side(h, c, k, 0) + " | " + side(h, c, k, 1));
      }
    }
    out.sort(null);
    return out;
  }

  static String side(History h, Component c, int k, int s) {
    TreeSet<String> edges = new TreeSet<>();
    for (int e = c.sideBegin(k, s); e < c.sideEnd(k, s); e++) {
      edges.add(edge(h, c.txn(c.sideFrom(e)), c.txn(c.sideTo(e)), c.sideType(e), c.sideKey(e)));
    }
    return String.join(" ", edges);
  }

  /**
   * Each WR constraint of each component as "T3 reads x from T1 {edges} or T2 {edges}; derived
   * edges [guarded by side s of constraint c]", sorted.
   */
  static List<String> reads(History h, Partition p) {
    List<String> out = new ArrayList<>();
    for (Component c : p.components()) {
      ComponentReads r = c.reads();
      for (int j = 0; j < r.count(); j++) {
        List<String> cands = new ArrayList<>();
        for (int i = r.candidateBegin(j); i < r.candidateEnd(j); i++) {
          TreeSet<String> edges = new TreeSet<>();
          for (int e = r.edgeBegin(i); e < r.edgeEnd(i); e++) {
            edges.add(edge(h, c.txn(r.edgeFrom(e)), c.txn(r.edgeTo(e)), r.edgeType(e), r.edgeKey(e)));
          }
          for (int d = 0; d < r.derivedCount(); d++) {
            if (r.derivedCandidate(d) == i) {
              edges.add(edge(h, c.txn(r.derivedFrom(d)), c.txn(r.derivedTo(d)),
                  EdgeType.RW.ordinal(), r.derivedKey(d)) + "[" + side(h, c, r.derivedConstraint(d),
                  r.derivedSide(d)).split(" ")[0] + "]" + (r.derivedCloses(d) ? "!" : ""));
            }
          }
          cands.add(txn(h, r.writerTxn(i)) + " {" + String.join(" ", edges) + "}");
        }
        out.add(txn(h, c.txn(r.readerVertex(j))) + " reads " + h.showKey(r.key(j)) + " from "
            + String.join(" or ", cands));
      }
    }
    out.sort(null);
    return out;
  }

  static String cycle(History h, List<Edge> cycle) {
    List<String> out = new ArrayList<>();
    for (Edge e : cycle) {
      out.add(edge(h, e.from(), e.to(), e.type().ordinal(), e.key()));
    }
    return String.join(" ", out);
  }
}
