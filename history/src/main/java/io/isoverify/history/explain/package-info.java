/**
 * Explaining violations (Elle's habit: explain as data first, render afterwards).
 *
 * <p>Entry points: {@link io.isoverify.history.explain.Explainer} turns any
 * {@link io.isoverify.history.anomaly.Certificate} into an
 * {@link io.isoverify.history.explain.Explanation} (Adya's class, the mtc paper's name, the
 * levels ruled out, the operations behind each edge and only those) and trims certificates;
 * {@link io.isoverify.history.explain.ShortestCycle} finds minimal counterexamples (shortest,
 * then fewest anti-dependencies) in a typed graph held as int arrays;
 * {@link io.isoverify.history.explain.ExplanationText} and
 * {@link io.isoverify.history.explain.ExplanationDot} render an explanation as text a person
 * reads and as a Graphviz digraph, the latter from
 * {@link io.isoverify.history.explain.ExplanationGraph}, what a drawing shows, which the
 * report's own SVG is drawn from too. The report files are written by the report module
 * (io.isoverify.report).
 */
package io.isoverify.history.explain;
