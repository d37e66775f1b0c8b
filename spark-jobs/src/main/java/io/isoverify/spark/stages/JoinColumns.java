package io.isoverify.spark.stages;

import java.util.List;
import scala.collection.JavaConverters;
import scala.collection.Seq;

/** Column names for Dataset.join(other, names, type), from Java. */
final class JoinColumns {
  private JoinColumns() {}

  static Seq<String> of(String... names) {
    return JavaConverters.asScalaIteratorConverter(List.of(names).iterator()).asScala().toSeq();
  }
}
