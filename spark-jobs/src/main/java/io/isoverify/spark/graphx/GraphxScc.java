package io.isoverify.spark.graphx;

import io.isoverify.graph.SccLabeller;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.graphx.Edge;
import org.apache.spark.graphx.Graph;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * P-SCC labels computed on the cluster by Spark GraphX's strongly connected components
 * (iterative Pregel: trim, forward colouring from the smallest vertex id, backward
 * confirmation, repeated until every vertex is labelled). A vertex's label is the smallest
 * vertex id of its component.
 *
 * <p>The arcs leave the driver as primitive-array slices, one per partition; each executor
 * turns its slice into GraphX {@link Edge}s, so the driver never holds an object per arc.
 * Labels come back the same way, one int array of (vertex, label) pairs per partition.
 * graph-partitioning trims the graph before asking ({@code LabelledScc}), so GraphX sees
 * only vertices with both in- and out-arcs; its own trimming then has little left to do,
 * and its rounds are bounded by the diameter of what can hold cycles.
 *
 * <p>Runs to completion (no iteration cap): a capped run would leave vertices labelled as
 * singletons and split components, which graph-partitioning rejects.
 */
public final class GraphxScc implements SccLabeller {
  /** Arcs per slice at most, so that one task's edge partition stays small. */
  static final int SLICE_ARCS = 1 << 21;

  private final JavaSparkContext jsc;
  private long nanos;

  public GraphxScc(JavaSparkContext jsc) {
    this.jsc = jsc;
  }

  /** Wall time spent in {@link #label} so far, summed over calls. */
  public long nanos() {
    return nanos;
  }

  @Override
  public int[] label(int vertexCount, int[] from, int[] to) {
    int[] labels = new int[vertexCount];
    Arrays.setAll(labels, v -> v);
    if (from.length == 0) {
      return labels; // no arc, no cycle: every vertex alone
    }
    long t0 = System.nanoTime();
    int slices = Math.max(jsc.defaultParallelism(),
        (int) Math.min(Integer.MAX_VALUE, (from.length + (long) SLICE_ARCS - 1) / SLICE_ARCS));
    slices = Math.min(slices, from.length);
    List<int[][]> parts = new ArrayList<>(slices);
    for (int s = 0; s < slices; s++) {
      int begin = (int) ((long) from.length * s / slices);
      int end = (int) ((long) from.length * (s + 1) / slices);
      parts.add(new int[][] {Arrays.copyOfRange(from, begin, end), Arrays.copyOfRange(to, begin, end)});
    }
    JavaRDD<Edge<Object>> edges = jsc.parallelize(parts, slices)
        .flatMap(GraphxScc::edges);
    ClassTag<Object> tag = ClassTag$.MODULE$.AnyRef();
    Graph<Object, Object> graph = Graph.fromEdges(edges.rdd(), null,
        StorageLevel.MEMORY_AND_DISK(), StorageLevel.MEMORY_AND_DISK(), tag, tag);
    Graph<Object, Object> scc = graph.ops().stronglyConnectedComponents(Integer.MAX_VALUE);
    List<int[]> pairs = scc.vertices().toJavaRDD().mapPartitions(GraphxScc::pairs).collect();
    scc.unpersist(false);
    graph.unpersist(false);
    for (int[] p : pairs) {
      for (int i = 0; i < p.length; i += 2) {
        labels[p[i]] = p[i + 1];
      }
    }
    nanos += System.nanoTime() - t0;
    return labels;
  }

  /** One slice's arcs as GraphX edges (on an executor). */
  private static Iterator<Edge<Object>> edges(int[][] slice) {
    int[] f = slice[0];
    int[] t = slice[1];
    return new Iterator<>() {
      private int i;

      @Override
      public boolean hasNext() {
        return i < f.length;
      }

      @Override
      public Edge<Object> next() {
        if (i >= f.length) {
          throw new NoSuchElementException();
        }
        Edge<Object> e = new Edge<>(f[i], t[i], null);
        i++;
        return e;
      }
    };
  }

  /** One partition's (vertex, component id) pairs as one int array (on an executor). */
  private static Iterator<int[]> pairs(Iterator<Tuple2<Object, Object>> it) {
    int[] out = new int[64];
    int size = 0;
    while (it.hasNext()) {
      Tuple2<Object, Object> t = it.next();
      if (size + 2 > out.length) {
        out = Arrays.copyOf(out, 2 * out.length);
      }
      out[size++] = (int) (long) (Long) t._1();
      out[size++] = (int) (long) (Long) t._2();
    }
    return List.of(Arrays.copyOf(out, size)).iterator();
  }
}
