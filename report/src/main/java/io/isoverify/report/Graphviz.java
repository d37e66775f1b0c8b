package io.isoverify.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Graphviz's {@code dot}, when installed (Debian package graphviz; bin/install-deps installs
 * it): turns a DOT digraph into SVG. When it is missing or fails, the caller gets the reason
 * to put in the report instead of a picture; the DOT file is written either way.
 */
final class Graphviz {
  /** A picture, or why there is none. */
  record Svg(String svg, String reason) {}

  private static final long TIMEOUT_S = 30;

  private final String unavailable;

  private Graphviz(String unavailable) {
    this.unavailable = unavailable;
  }

  /** A Graphviz that cannot draw, for the given reason. */
  static Graphviz missing(String reason) {
    return new Graphviz(reason);
  }

  /** Probes `dot -V` once. */
  static Graphviz find() {
    try {
      Process p = new ProcessBuilder("dot", "-V").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return new Graphviz("`dot -V` failed; the DOT files are written, without SVG");
      }
      return new Graphviz(null);
    } catch (IOException e) {
      return new Graphviz("Graphviz is not installed (`dot` not found; bin/install-deps graphviz "
          + "installs it): the DOT files are written, without SVG");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Graphviz("interrupted while probing Graphviz");
    }
  }

  /** Null when `dot` works, else why there are no SVGs. */
  String unavailable() {
    return unavailable;
  }

  Svg render(String dot) {
    if (unavailable != null) {
      return new Svg(null, unavailable);
    }
    try {
      Process p = new ProcessBuilder("dot", "-Tsvg").start();
      CompletableFuture<String> out = drain(p.getInputStream());
      CompletableFuture<String> err = drain(p.getErrorStream());
      try (var in = p.getOutputStream()) {
        in.write(dot.getBytes(StandardCharsets.UTF_8));
      }
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Svg(null, "`dot -Tsvg` took more than " + TIMEOUT_S + " s");
      }
      if (p.exitValue() != 0) {
        return new Svg(null, "`dot -Tsvg` failed: " + err.join().strip());
      }
      return new Svg(out.join(), null);
    } catch (IOException e) {
      return new Svg(null, "`dot -Tsvg` could not run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Svg(null, "interrupted while running Graphviz");
    }
  }

  private static CompletableFuture<String> drain(InputStream s) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return new String(s.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "";
      }
    });
  }
}
