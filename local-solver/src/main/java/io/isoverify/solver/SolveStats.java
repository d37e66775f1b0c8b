package io.isoverify.solver;

/**
 * What the solving phase saw for one level.
 *
 * @param components components solved
 * @param constraints constraints over all components
 * @param largestComponent vertices of the largest component
 * @param conflicts solver conflicts over all components
 * @param unsat components without an acyclic choice
 * @param unknown components that hit a limit
 */
public record SolveStats(int components, long constraints, int largestComponent, long conflicts,
    int unsat, int unknown) {
}
