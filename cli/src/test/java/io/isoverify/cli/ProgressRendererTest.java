package io.isoverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The progress lines, on a fake clock that the test moves and ticks by hand. */
class ProgressRendererTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
  private long now = 1_000;

  private ProgressRenderer renderer(boolean terminal) {
    return new ProgressRenderer(err, terminal, () -> now);
  }

  /** Moves the clock to {@code millis} after the start and ticks. */
  private void at(ProgressRenderer r, long millis) {
    now = 1_000 + TimeUnit.MILLISECONDS.toNanos(millis);
    r.tick();
  }

  private String shown() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aRunThatEndsWithinTwoSecondsShowsNothing() {
    ProgressRenderer plain = renderer(false);
    plain.phase("load");
    at(plain, 1_000);
    plain.progress("components", 3, 40);
    at(plain, 1_999);
    plain.close();
    ProgressRenderer terminal = renderer(true);
    terminal.phase("load");
    at(terminal, 1_999);
    terminal.close();

    assertEquals("", shown());
  }

  @Test
  void plainLinesComeAtMostEveryFiveSecondsPerPhase() {
    ProgressRenderer r = renderer(false);
    r.phase("load");
    at(r, 2_000);
    at(r, 4_000);
    r.phase("solve");
    r.progress("components", 12, 40);
    at(r, 4_250);
    r.progress("components", 13, 40);
    at(r, 9_000);
    at(r, 9_250);
    r.phase("prune");
    r.progress("constraints left", 1_234_567, -1);
    at(r, 75_000);
    r.close();

    assertEquals("""
        verify: load (2 s)
        verify: solve: components 12/40 (4 s)
        verify: solve: components 13/40 (9 s)
        verify: prune: 1.2M constraints left (1 min 15 s)
        """, shown());
  }

  @Test
  void aTerminalLineIsRedrawnInPlaceWhenItChangesAndEndsWithANewline() {
    ProgressRenderer r = renderer(true);
    r.phase("solve");
    r.progress("components", 12, 40);
    at(r, 2_000);
    at(r, 2_250);
    r.progress("components", 40, 40);
    at(r, 2_500);
    at(r, 3_000);
    r.close();
    r.close();
    String shownBeforeTheLast = shown();
    now = 1_000;
    ProgressRenderer late = renderer(true);
    late.phase("load");
    at(late, 2_000);
    now += TimeUnit.SECONDS.toNanos(1);
    late.close();

    assertEquals("\rverify: solve: components 12/40 (2 s)\033[K"
        + "\rverify: solve: components 40/40 (2 s)\033[K"
        + "\rverify: solve: components 40/40 (3 s)\033[K" + System.lineSeparator(),
        shownBeforeTheLast);
    assertEquals(shownBeforeTheLast + "\rverify: load (2 s)\033[K\rverify: load (3 s)\033[K"
        + System.lineSeparator(), shown());
  }

  @Test
  void countsAndTimesAreShort() {
    assertEquals("9999 12.3k 123k 1.0M 12.3G",
        String.join(" ", ProgressRenderer.count(9_999), ProgressRenderer.count(12_345),
            ProgressRenderer.count(123_456), ProgressRenderer.count(999_999),
            ProgressRenderer.count(12_345_678_901L)));
    assertEquals("59 s, 1 min 00 s, 2 h 07 min",
        String.join(", ", ProgressRenderer.elapsed(TimeUnit.SECONDS.toNanos(59)),
            ProgressRenderer.elapsed(TimeUnit.SECONDS.toNanos(60)),
            ProgressRenderer.elapsed(TimeUnit.SECONDS.toNanos(2 * 3600 + 7 * 60 + 5))));
  }
}
