package io.isoverify.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.isoverify.history.testing.DebianPackages;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html opened in a real headless Chromium (Debian's, installed by bin/install-deps):
 * the screenshot must show the page, not a blank or error page: many colours, the verdict
 * badges' red among them, and a good share of non-white pixels.
 */
class ReportHtmlBrowserTest {
  private static final int WIDTH = 1200;
  private static final int HEIGHT = 900;
  /** The VIOLATED badge and the anomaly border (report-template.html). */
  private static final int VIOLATED_RED = 0xc62828;

  @TempDir Path dir;

  @Test
  void chromiumRendersThePage() throws Exception {
    DebianPackages.require("chromium");
    Path out = dir.resolve("out");
    ReportFiles.write(SampleRuns.writeSkewAndAbortedRead(), out);
    Path png = dir.resolve("page.png");
    Path profile = Files.createDirectory(dir.resolve("profile"));
    Path log = dir.resolve("chromium.log");
    Process p = new ProcessBuilder(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + profile, "--screenshot=" + png,
        "--window-size=" + WIDTH + "," + HEIGHT, out.resolve("report.html").toUri().toString()))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "chromium did not finish in 180 s");
    String chromiumLog = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), chromiumLog);
    BufferedImage img = ImageIO.read(png.toFile());
    assertNotNull(img, "no PNG written: " + chromiumLog);
    assertEquals(WIDTH, img.getWidth());
    Set<Integer> colours = new HashSet<>();
    long nonWhite = 0;
    boolean red = false;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        int rgb = img.getRGB(x, y) & 0xffffff;
        colours.add(rgb);
        if (rgb != 0xffffff) {
          nonWhite++;
        }
        red |= rgb == VIOLATED_RED;
      }
    }
    long pixels = (long) img.getWidth() * img.getHeight();
    assertTrue(colours.size() > 50, "only " + colours.size() + " colours: a blank or error page?");
    assertTrue(nonWhite > pixels / 10, "only " + nonWhite + " of " + pixels + " pixels are not white");
    assertTrue(red, "the red VIOLATED badge is not on the screenshot");
  }
}
