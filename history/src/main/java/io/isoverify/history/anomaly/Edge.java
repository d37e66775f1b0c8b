package io.isoverify.history.anomaly;

import java.io.Serializable;

/**
 * One typed dependency between two transactions (dense ids of the History), with the key
 * and value it is about where the type has one: WR the value read, WW the value the second
 * wrote over, RW the value read that the second overwrote; -1 for SO and RT.
 */
public record Edge(int from, int to, EdgeType type, int key, int value) implements Serializable {
  public static Edge of(int from, int to, EdgeType type) {
    return new Edge(from, to, type, -1, -1);
  }
}
