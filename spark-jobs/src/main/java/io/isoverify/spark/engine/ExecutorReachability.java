package io.isoverify.spark.engine;

import io.isoverify.graph.ChainCoverGraph;
import io.isoverify.graph.ChainReachability;
import io.isoverify.graph.ReachabilityBackend;
import io.isoverify.graph.ReachabilityIndex;
import io.isoverify.gpu.CudaReachability;
import java.io.Serializable;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.resource.ResourceInformation;

/**
 * The reachability index's table filled on an executor's GPU: the graph's arrays are
 * broadcast, one task fills the table on the GPU address Spark's resource scheduling gave
 * it ({@code TaskContext.resources()}, "gpu"; device 0 when none is named) with the gpu
 * module's kernels, and the table comes back as the task's result; the driver then queries
 * and updates it as every backend's ({@link ChainReachability#ofTable}). The table is nodes
 * x chains ints, so {@code spark.driver.maxResultSize} must hold it (spark-jobs/README.md).
 */
final class ExecutorReachability implements ReachabilityBackend {
  /** How the task fills the table on the device Spark gave it. */
  interface TableFill extends Serializable {
    int[] fill(ChainCoverGraph graph, int device);
  }

  /** The gpu module's kernels ({@link CudaReachability#table}). */
  static final TableFill CUDA = (graph, device) -> {
    CudaReachability cuda = new CudaReachability(device, CudaReachability.Strategy.BY_SIZE);
    String why = cuda.unavailableReason();
    if (why != null) {
      throw new IllegalStateException("executor GPU " + device + ": " + why);
    }
    return cuda.table(graph);
  };

  private final JavaSparkContext jsc;
  private final TableFill fill;

  ExecutorReachability(JavaSparkContext jsc) {
    this(jsc, CUDA);
  }

  /** With another fill (tests: the CPU's, to run the Spark round trip without a GPU). */
  ExecutorReachability(JavaSparkContext jsc, TableFill fill) {
    this.jsc = jsc;
    this.fill = fill;
  }

  @Override
  public String name() {
    return "cuda on an executor";
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public ReachabilityIndex build(ChainCoverGraph graph, int threads) {
    Broadcast<int[][]> arrays = jsc.broadcast(new int[][] {graph.outStart(), graph.outHead(),
        graph.topologicalOrder(), graph.chainOf(), graph.posOf()});
    int chains = graph.chains();
    boolean paired = graph.pairedNodes();
    TableFill f = fill;
    try {
      jsc.setJobDescription("reachability index on an executor's GPU");
      int[] first = jsc.parallelize(List.of(0), 1)
          .map(x -> onExecutor(arrays.value(), chains, paired, f)).first();
      return ChainReachability.ofTable(graph, first);
    } finally {
      jsc.setJobDescription(null);
      arrays.destroy();
    }
  }

  /** On the executor: the table on the task's GPU (device 0 when Spark names none). */
  private static int[] onExecutor(int[][] a, int chains, boolean paired, TableFill fill) {
    TaskContext task = TaskContext.get();
    ResourceInformation gpu = task == null ? null : task.resourcesJMap().get("gpu");
    int device = gpu == null || gpu.addresses().length == 0 ? 0
        : Integer.parseInt(gpu.addresses()[0]);
    return fill.fill(ChainCoverGraph.ofArrays(a[0], a[1], a[2], a[3], a[4], chains, paired),
        device);
  }
}
