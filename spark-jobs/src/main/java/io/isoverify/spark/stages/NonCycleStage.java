package io.isoverify.spark.stages;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.udf;

import io.isoverify.history.OpKind;
import io.isoverify.history.Outcome;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.DuplicateWrite;
import io.isoverify.history.check.NonCycleFindings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The non-cycle checks on Spark, with the results of history's NonCycleChecks: the same
 * duplicate-write refusal, the same count per anomaly, the same first certificates of each
 * kind in the same order (by transaction, then program order).
 *
 * <p>Jobs: the write index as aggregations by (key, value) and (transaction, key); the
 * transactions that count (committed, plus unknown ones read from, a fixpoint on the
 * driver over the few reads of unknown transactions' values); one shuffle grouping the
 * operations of counted transactions, checked by {@link TxnAnomalies} on the executors.
 * The driver receives counts and at most {@code examples} findings per kind per partition.
 */
public final class NonCycleStage {
  private NonCycleStage() {}

  public static NonCycleFindings run(SparkSession spark, Dataset<Row> encoded, TxnColumns txns,
      int examples) {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Broadcast<int[]> opStart = sc.broadcast(txns.opStart);
    Broadcast<byte[]> outcome = sc.broadcast(txns.outcome);
    Broadcast<long[]> txnIds = sc.broadcast(txns.txnId);
    Column id = udf((UDF2<Integer, Integer, Integer>) (t, p) -> opStart.value()[t] + p,
        DataTypes.IntegerType).apply(col("t"), col("op_pos"));
    Dataset<Row> ops = encoded.withColumn("id", id);
    Dataset<Row> writes = ops.where(col("kind").isin(EncodingStage.installKinds()).and(col("k").geq(0)));
    Dataset<Row> first = writes.groupBy("k", "v").agg(min(struct(col("id"), col("t"))).as("f"))
        .select(col("k"), col("v"), col("f.id").as("w_op"), col("f.t").as("w_t"))
        .persist(StorageLevel.MEMORY_AND_DISK());

    Row dup = writes.join(first, JoinColumns.of("k", "v")).where(col("t").notEqual(col("w_t")))
        .agg(min(struct(col("id"), col("k"), col("v"), col("w_t"), col("t")))).first();
    if (!dup.isNullAt(0)) {
      Row d = dup.getStruct(0);
      first.unpersist();
      return new NonCycleFindings(List.of(), Map.of(),
          new DuplicateWrite(d.getInt(1), d.getInt(2), d.getInt(3), d.getInt(4)));
    }
    boolean[] counted = counted(ops, first, txns);
    Broadcast<boolean[]> countedB = sc.broadcast(counted);

    Dataset<Row> last = writes.groupBy("t", "k")
        .agg(max(struct(col("op_pos"), col("id"), col("value_name"))).as("l"))
        .select(col("t").as("w_t"), col("k"), col("l.id").as("w_last"),
            col("l.value_name").as("w_last_name"));
    Dataset<Row> writerInfo = first.join(last, JoinColumns.of("w_t", "k"));
    Dataset<Row> withWriters = ops.join(writerInfo, JoinColumns.of("k", "v"), "left")
        .select("t", "op_pos", "kind", "k", "v", "id", "key_name", "value_name", "w_op", "w_t",
            "w_last", "w_last_name");
    JavaRDD<TxnAnomalies.Finding> findings = withWriters.javaRDD()
        .filter(r -> countedB.value()[r.getInt(0)])
        .mapToPair(r -> new Tuple2<>(r.getInt(0), new Tuple2<>(r.getInt(1), op(r, outcome.value()))))
        .groupByKey()
        .flatMap(g -> {
          List<Tuple2<Integer, TxnAnomalies.Op>> list = new ArrayList<>();
          g._2().forEach(list::add);
          list.sort(Comparator.comparingInt(Tuple2::_1));
          return TxnAnomalies.check(g._1(), list.stream().map(Tuple2::_2).toList(),
              txnIds.value()).iterator();
        })
        .persist(StorageLevel.MEMORY_AND_DISK());
    Map<Integer, Long> byKind = findings.map(f -> f.anomaly()).countByValue();
    List<List<TxnAnomalies.Finding>> firsts = findings
        .mapPartitions(it -> List.of(firstPerKind(it, examples)).iterator()).collect();
    findings.unpersist();
    first.unpersist();
    Map<Anomaly, Long> counts = new EnumMap<>(Anomaly.class);
    byKind.forEach((k, n) -> counts.put(Anomaly.values()[k], n));
    List<TxnAnomalies.Finding> merged = new ArrayList<>();
    firsts.forEach(merged::addAll);
    Iterator<TxnAnomalies.Finding> kept = firstPerKind(merged.iterator(), examples).iterator();
    List<Certificate> certs = new ArrayList<>();
    kept.forEachRemaining(f -> certs.add(certificate(f)));
    return new NonCycleFindings(certs, counts, null);
  }

  /** Committed transactions, plus unknown ones read (transitively) by counted ones. */
  private static boolean[] counted(Dataset<Row> ops, Dataset<Row> first, TxnColumns txns) {
    int n = txns.count();
    byte unknown = (byte) Outcome.UNKNOWN.ordinal();
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(ops.sparkSession().sparkContext());
    Broadcast<byte[]> outcome = sc.broadcast(txns.outcome);
    List<Tuple2<Integer, Integer>> readsOfUnknown = ops
        .where(col("kind").equalTo(OpKind.READ.ordinal()).and(col("v").geq(0)))
        .join(first, JoinColumns.of("k", "v"))
        .select("t", "w_t").javaRDD()
        .filter(r -> outcome.value()[r.getInt(1)] == unknown)
        .map(r -> new Tuple2<>(r.getInt(0), r.getInt(1))).distinct().collect();
    List<Tuple2<Integer, Integer>> pairs = new ArrayList<>(readsOfUnknown);
    pairs.sort(Comparator.comparingInt(Tuple2::_1));
    int[] readerStart = new int[n + 1];
    int[] writer = new int[pairs.size()];
    for (int i = 0; i < pairs.size(); i++) {
      readerStart[pairs.get(i)._1() + 1]++;
      writer[i] = pairs.get(i)._2();
    }
    for (int t = 0; t < n; t++) {
      readerStart[t + 1] += readerStart[t];
    }
    boolean[] counted = new boolean[n];
    int[] stack = new int[n];
    int top = 0;
    for (int t = 0; t < n; t++) {
      if (txns.outcome[t] == Outcome.COMMITTED.ordinal()) {
        counted[t] = true;
        stack[top++] = t;
      }
    }
    while (top > 0) {
      int t = stack[--top];
      for (int i = readerStart[t]; i < readerStart[t + 1]; i++) {
        int w = writer[i];
        if (!counted[w]) {
          counted[w] = true;
          stack[top++] = w;
        }
      }
    }
    return counted;
  }

  private static TxnAnomalies.Op op(Row r, byte[] outcome) {
    boolean hasWriter = !r.isNullAt(8);
    int wt = hasWriter ? r.getInt(9) : -1;
    return new TxnAnomalies.Op(r.getInt(2), r.getInt(3), r.getInt(4), r.getInt(5),
        r.getString(6), r.getString(7), hasWriter ? r.getInt(8) : -1, wt,
        hasWriter && outcome[wt] == Outcome.ABORTED.ordinal(), hasWriter ? r.getInt(10) : -1,
        hasWriter ? r.getString(11) : null);
  }

  private static final Comparator<TxnAnomalies.Finding> ORDER =
      Comparator.comparingInt(TxnAnomalies.Finding::txn).thenComparingInt(TxnAnomalies.Finding::seq);

  /** The first {@code n} findings of each kind, in (transaction, sequence) order. */
  private static List<TxnAnomalies.Finding> firstPerKind(Iterator<TxnAnomalies.Finding> it, int n) {
    List<TxnAnomalies.Finding> all = new ArrayList<>();
    int[] kept = new int[Anomaly.values().length];
    List<TxnAnomalies.Finding> sorted = new ArrayList<>();
    it.forEachRemaining(sorted::add);
    sorted.sort(ORDER);
    for (TxnAnomalies.Finding f : sorted) {
      if (kept[f.anomaly()]++ < n) {
        all.add(f);
      }
    }
    return all;
  }

  private static Certificate certificate(TxnAnomalies.Finding f) {
    Anomaly a = Anomaly.values()[f.anomaly()];
    List<Edge> edges = f.txns().length == 2 && a != Anomaly.NOT_MY_OWN_WRITE
        ? List.of(new Edge(f.txns()[1], f.txns()[0], EdgeType.WR, f.key(), f.edgeValue()))
        : List.of();
    return new Certificate(a, f.txns(), new int[] {f.key()}, f.ops(), edges, f.summary());
  }
}
