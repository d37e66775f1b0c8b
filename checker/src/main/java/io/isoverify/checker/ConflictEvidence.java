package io.isoverify.checker;

import io.isoverify.history.anomaly.Edge;
import java.util.List;

/**
 * A solver conflict in history terms: known edges and constraints (each two alternative
 * edge sets) such that every choice of sides closes a cycle (for SI: a cycle without two
 * consecutive RW edges). Edges use dense History transaction ids.
 *
 * @param known the edges that hold whatever the choice
 * @param side0 for each constraint, its first alternative
 * @param side1 for each constraint, its second alternative (same length as side0)
 */
public record ConflictEvidence(List<Edge> known, List<List<Edge>> side0, List<List<Edge>> side1) {
  public ConflictEvidence {
    known = List.copyOf(known);
    side0 = side0.stream().map(List::copyOf).toList();
    side1 = side1.stream().map(List::copyOf).toList();
    if (side0.size() != side1.size()) {
      throw new IllegalArgumentException("constraints need two sides: " + side0.size() + " vs " + side1.size());
    }
  }
}
