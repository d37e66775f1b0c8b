package io.isoverify.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Spark by itself only for a cluster master; embedded local masters and none stay in-process. */
class EngineChoiceTest {
  @Test
  void onlyAClusterMasterPicksSpark() {
    assertTrue(EngineChoice.isCluster("spark://10.0.0.1:7077"));
    assertTrue(EngineChoice.isCluster("yarn"));
    assertTrue(EngineChoice.isCluster("k8s://https://api:6443"));
    assertFalse(EngineChoice.isCluster(null));
    assertFalse(EngineChoice.isCluster(" "));
    assertFalse(EngineChoice.isCluster("local[*]"));
    assertFalse(EngineChoice.isCluster("LOCAL"));
    assertFalse(EngineChoice.isCluster("local-cluster[2,1,1024]"));
  }
}
