package io.isoverify.datasets.postgres;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One throwaway {@link PostgresCluster} per test class, as a JUnit extension: started before
 * the class's first test, stopped after its last. Register it in a static field with
 * {@code @RegisterExtension} and reach the cluster through {@link #cluster()}.
 */
public final class PostgresExtension implements BeforeAllCallback, AfterAllCallback {
  private PostgresCluster cluster;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    cluster = PostgresCluster.start();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (cluster != null) {
      cluster.close();
      cluster = null;
    }
  }

  /** The running cluster; only inside the tests of the class that registered this. */
  public PostgresCluster cluster() {
    if (cluster == null) {
      throw new IllegalStateException("the PostgreSQL cluster runs only while the class's tests do");
    }
    return cluster;
  }
}
