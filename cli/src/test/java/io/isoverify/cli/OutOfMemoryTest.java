package io.isoverify.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A run that ran out of memory is UNKNOWN (exit 3) also when the error reaches the command
 * inside another exception: a Spark job whose task ran out of memory fails with a
 * SparkException whose cause is the error (local mode), or whose message names it (the
 * task ran in another process).
 */
class OutOfMemoryTest {
  @Test
  void theErrorAsACauseOrInTheMessageIsOutOfMemory() {
    assertTrue(CliCommand.outOfMemory(new OutOfMemoryError("Java heap space")));
    assertTrue(CliCommand.outOfMemory(new RuntimeException("Job aborted due to stage failure",
        new IllegalStateException("task failed", new OutOfMemoryError("Java heap space")))));
    assertTrue(CliCommand.outOfMemory(new RuntimeException("Job aborted due to stage failure:"
        + " Task 57 in stage 4.0 failed 1 times, most recent failure: java.lang.OutOfMemoryError:"
        + " Java heap space")));
  }

  @Test
  void otherFailuresAreNot() {
    assertFalse(CliCommand.outOfMemory(new IllegalStateException("a row cannot be decoded")));
    assertFalse(CliCommand.outOfMemory(new RuntimeException("Job aborted",
        new IllegalArgumentException("OutOfMemory is not the error's name here"))));
  }
}
