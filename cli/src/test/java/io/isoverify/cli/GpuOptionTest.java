package io.isoverify.cli;

import static io.isoverify.cli.CliRun.verify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isoverify.graph.AutoReachability;
import io.isoverify.graph.ReachabilityBackends;
import io.isoverify.gpu.CudaReachability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify --gpu auto|on|off} where no CUDA device is (every test asks; with a device
 * they are skipped): auto and off check on the CPU (auto looks for a device only at a graph
 * of {@link AutoReachability#MIN_NODES} nodes), on is one clear error with exit 2 before
 * any work, a wrong value a usage error.
 */
class GpuOptionTest {
  private static final String NO_DEVICE = new CudaReachability().unavailableReason();

  @TempDir Path dir;

  private Path history() throws IOException {
    Path p = dir.resolve("serial.jsonl");
    Files.writeString(p, String.join("\n",
        "{\"session\":\"a\",\"txn\":1,\"pos\":0,\"ops\":[[\"w\",\"x\",1],[\"w\",\"y\",1],[\"w\",\"z\",1]]}",
        "{\"session\":\"b\",\"txn\":2,\"pos\":0,\"ops\":[[\"r\",\"x\",1],[\"r\",\"y\",1],[\"r\",\"z\",1],[\"w\",\"x\",2]]}") + "\n");
    return p;
  }

  @Test
  void autoPicksTheCpuWithoutADeviceAndChecks() throws Exception {
    assumeTrue(NO_DEVICE != null, "a CUDA device is present");
    AutoReachability chosen = (AutoReachability) VerifyCommand.reachability("auto");
    assertEquals("auto", chosen.name(), "no device is looked for before a large graph");
    assertSame(ReachabilityBackends.cpu(), VerifyCommand.reachability("off"));
    CliRun auto = verify(history().toString());
    assertEquals(0, auto.code(), auto.out() + auto.err());
    CliRun off = verify("--gpu", "off", history().toString());
    assertEquals(0, off.code(), off.out() + off.err());
    assertTrue(auto.out().contains("SER   HOLDS"), auto.out());
    assertTrue(!auto.out().contains("path: mini"), auto.out());
    assertTrue(!auto.err().contains("gpu:"), auto.err());
    assertEquals(auto.out().replaceAll("\\(\\d+\\.\\d+ s\\)", ""),
        off.out().replaceAll("\\(\\d+\\.\\d+ s\\)", ""));
  }

  @Test
  void onWithoutADeviceIsOneErrorWithExitTwo() throws IOException {
    assumeTrue(NO_DEVICE != null, "a CUDA device is present");
    Path out = dir.resolve("out");
    CliRun on = verify("--gpu", "on", "--out", out.toString(), history().toString());
    assertEquals(2, on.code());
    assertEquals("", on.out());
    assertEquals("error: a GPU was required (gpu on) but no GPU backend can run here: cuda: "
        + NO_DEVICE + "\n", on.err());
    assertTrue(!Files.exists(out), "nothing is written");
  }

  @Test
  void aWrongValueIsAUsageError() throws IOException {
    CliRun r = verify("--gpu", "maybe", history().toString());
    assertEquals(2, r.code());
    assertEquals("error: --gpu must be auto, on or off, not 'maybe'\n", r.err());
  }
}
