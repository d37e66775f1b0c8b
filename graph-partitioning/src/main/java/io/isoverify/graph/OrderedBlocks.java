package io.isoverify.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Blocks of independent work run on several threads, their results handed on in block
 * order: threads take the next block in turn (a hot key's block may be long; the others keep
 * taking blocks meanwhile), and whoever finishes the next block to hand on passes it, and the
 * finished ones after it, to the sink, one at a time. So the sink sees exactly the sequence
 * of a loop over the blocks, and a result waits only while an earlier block runs: the extra
 * memory is the blocks finished out of order, not a copy of the whole output.
 */
final class OrderedBlocks {
  /** The work of one block. */
  interface Work<R> {
    R run(int block);
  }

  /** Where results go, in block order, never two at once. */
  interface Sink<R> {
    void accept(R result);
  }

  private OrderedBlocks() {
  }

  /**
   * Runs {@code blocks} blocks on up to {@code threads} threads (in the caller's thread when
   * one is enough) and returns when the sink has had every result.
   *
   * <p>A block's failure is thrown here as it was (an unchecked exception or an error, such as
   * running out of memory, which the commands report as such); other blocks may have run.
   */
  static <R> void run(int blocks, int threads, Work<R> work, Sink<R> sink) {
    int parts = Math.max(1, Math.min(threads, blocks));
    if (parts == 1) {
      for (int b = 0; b < blocks; b++) {
        sink.accept(work.run(b));
      }
      return;
    }
    Object[] done = new Object[blocks];
    AtomicInteger next = new AtomicInteger();
    int[] handed = {0};
    ExecutorService pool = Executors.newFixedThreadPool(parts);
    try {
      List<Future<?>> tasks = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        tasks.add(pool.submit(() -> {
          for (int b = next.getAndIncrement(); b < blocks; b = next.getAndIncrement()) {
            R result = work.run(b);
            synchronized (done) {
              done[b] = result;
              while (handed[0] < blocks && done[handed[0]] != null) {
                @SuppressWarnings("unchecked")
                R r = (R) done[handed[0]];
                done[handed[0]++] = null;
                sink.accept(r);
              }
            }
          }
        }));
      }
      for (Future<?> f : tasks) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    } finally {
      pool.shutdownNow();
    }
  }
}
