package io.isoverify.datasets.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.isoverify.datasets.sim.Isolation;
import io.isoverify.datasets.sim.Simulator;
import io.isoverify.datasets.workload.GeneralWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.io.HistoryBuilderSink;
import io.isoverify.history.io.JsonlHistoryReader;
import io.isoverify.history.io.JsonlHistorySink;
import io.isoverify.history.io.JsonlHistoryWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streaming JSON Lines sink and the in-memory builder sink describe the same history. */
class SinksTest {
  @Test
  void jsonlSinkAndBuilderSinkAgree(@TempDir Path dir) throws Exception {
    GeneralWorkload w = new GeneralWorkload(1, 5, 0.5, KeyDistribution.zipf(30, 1.2));
    Simulator.Config config = Simulator.Config.of(4, 400, Isolation.SI, 21)
        .withUnknownRate(0.1).withInjection(Anomaly.ABORTED_READ);
    Path streamed = dir.resolve("streamed.jsonl");
    try (JsonlHistorySink sink = new JsonlHistorySink(streamed)) {
      Simulator.run(w, config, sink);
    }
    HistoryBuilderSink built = new HistoryBuilderSink("built");
    Simulator.run(w, config, built);
    History h = built.history();

    // Write the built history in the reference writer's form and compare line sets: the
    // streamed file is in commit order, the writer's in session order.
    Path rewritten = dir.resolve("rewritten.jsonl");
    JsonlHistoryWriter.write(h, rewritten);
    Path restreamed = dir.resolve("restreamed.jsonl");
    JsonlHistoryWriter.write(JsonlHistoryReader.read(streamed), restreamed);
    assertEquals(Files.readAllLines(rewritten), Files.readAllLines(restreamed));
    assertEquals(402, h.txnCount());
  }
}
