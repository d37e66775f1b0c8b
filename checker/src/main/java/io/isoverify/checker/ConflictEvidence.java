package io.isoverify.checker;

import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.WrConstraint;
import java.util.List;

/**
 * A solver conflict in history terms: known edges, version-order constraints (each two
 * alternative edge sets) and reads with several candidate writers (veristrong's WR
 * constraints) such that every choice of sides and writers closes a cycle (for SI: a cycle
 * without two consecutive RW edges). A read's edges are not listed: the checker derives them
 * from the writer it tries and the WW edges of the choice (W -WR-> R, and R -RW-> U for
 * every W -WW-> U on the read's key). Edges use dense History transaction ids.
 *
 * @param known the edges that hold whatever the choice
 * @param side0 for each version-order constraint, its first alternative
 * @param side1 for each version-order constraint, its second alternative (same length as
 *     side0)
 * @param reads the reads, with their operation, value and candidate writers
 */
public record ConflictEvidence(List<Edge> known, List<List<Edge>> side0, List<List<Edge>> side1,
    List<WrConstraint> reads) {
  public ConflictEvidence {
    known = List.copyOf(known);
    side0 = side0.stream().map(List::copyOf).toList();
    side1 = side1.stream().map(List::copyOf).toList();
    reads = List.copyOf(reads);
    if (side0.size() != side1.size()) {
      throw new IllegalArgumentException("constraints need two sides: " + side0.size() + " vs " + side1.size());
    }
  }

  /** Evidence of version-order constraints only. */
  public ConflictEvidence(List<Edge> known, List<List<Edge>> side0, List<List<Edge>> side1) {
    this(known, side0, side1, List.of());
  }

  /** How many choices there are: 2 per version-order constraint times each read's writers. */
  public long choices() {
    long n = 1L << Math.min(side0.size(), 62);
    for (WrConstraint r : reads) {
      n = n > Long.MAX_VALUE / Math.max(1, r.writers().length) ? Long.MAX_VALUE : n * r.writers().length;
    }
    return n;
  }
}
