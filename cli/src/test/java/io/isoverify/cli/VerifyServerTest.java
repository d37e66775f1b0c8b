package io.isoverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VerifyServer} and bin/verify-client, its client in bash: a command answered by the
 * server prints what the same command run by itself prints, exits with its code, and takes
 * relative paths from the client's folder; a client without the token gets nothing run; a
 * server whose class path changed answers nothing and stops; an idle one stops and removes
 * its state file.
 */
class VerifyServerTest {
  private static final Path SAMPLES = Path.of("..", "datasets", "samples").toAbsolutePath()
      .normalize();
  private static final Path CLIENT = Path.of("..", "bin", "verify-client").toAbsolutePath()
      .normalize();

  @TempDir Path dir;
  private VerifyServer server;
  private Thread serving;

  private VerifyServer start(int idleMillis, String classPath) throws IOException {
    server = new VerifyServer(idleMillis, classPath);
    server.writeState(dir.resolve("state"));
    serving = new Thread(() -> {
      try {
        server.serve();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      server.removeState(dir.resolve("state"));
    });
    serving.start();
    return server;
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (server != null) {
      server.stop();
      serving.join(10_000);
    }
  }

  /** What the server answered a command: null when it gave no exit code. */
  private static CliRun ask(VerifyServer s, String token, Path cwd, String... args)
      throws IOException {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), s.port())) {
      BufferedReader in = new BufferedReader(
          new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
      assertEquals(VerifyServer.HELLO, in.readLine());
      Writer w = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
      w.write(token + "\n" + cwd + "\n" + args.length + "\n");
      for (String a : args) {
        w.write(a + "\n");
      }
      w.flush();
      StringBuilder out = new StringBuilder();
      StringBuilder err = new StringBuilder();
      for (String line; (line = in.readLine()) != null; ) {
        if (line.startsWith("1 ")) {
          out.append(line.substring(2)).append('\n');
        } else if (line.startsWith("2 ")) {
          err.append(line.substring(2)).append('\n');
        } else if (line.startsWith("x ")) {
          return new CliRun(Integer.parseInt(line.substring(2)), out.toString(), err.toString());
        }
      }
      return null;
    }
  }

  /** The run with the seconds each level took left out: they differ from run to run. */
  private static CliRun timeless(CliRun r) {
    return r == null ? null : new CliRun(r.code(),
        r.out().replaceAll("\\(\\d+\\.\\d\\d s\\)", "(seconds)"), r.err());
  }

  private static String[][] commands(Path out) {
    String lostUpdate = SAMPLES.resolve("lost-update.parquet").toString();
    return new String[][] {
        {"--level", "SER,SI", lostUpdate},
        {"--level", "all", "--out", out.toString(), SAMPLES.resolve("valid-300.parquet").toString()},
        {"--level", "SSER", "--format", "jsonl", lostUpdate},
        {"--level", "XYZ", lostUpdate},
        {SAMPLES.resolve("missing.parquet").toString()},
        {"--help"},
    };
  }

  @Test
  void theServerAnswersWhatTheCommandPrintsByItself() throws IOException {
    VerifyServer s = start(60_000, "");
    String[][] commands = commands(dir.resolve("out"));
    List<Integer> codes = new ArrayList<>();
    for (String[] args : commands) {
      CliRun direct = CliRun.verify(args);
      assertEquals(timeless(direct), timeless(ask(s, s.token(), dir, args)),
          String.join(" ", args));
      codes.add(direct.code());
    }
    assertEquals(List.of(1, 0, 2, 2, 2, 0), codes);
    assertTrue(Files.isRegularFile(dir.resolve("out").resolve("report.json")));
  }

  @Test
  void relativePathsAreTheClientsFolders() throws IOException {
    VerifyServer s = start(60_000, "");
    Path cwd = Files.createDirectories(dir.resolve("work"));
    Files.copy(SAMPLES.resolve("lost-update.parquet"), cwd.resolve("h.parquet"));
    CliRun answer = ask(s, s.token(), cwd, "--out", "reports", "h.parquet");
    assertEquals(1, answer.code());
    assertTrue(answer.out().startsWith("history h.parquet (parquet): 302 transactions"),
        answer.out());
    assertTrue(Files.isRegularFile(cwd.resolve("reports").resolve("report.txt")));
  }

  @Test
  void messagesNamePathsAsTheClientGaveThem() throws IOException {
    VerifyServer s = start(60_000, "");
    Path cwd = Files.createDirectories(dir.resolve("work"));
    Files.writeString(cwd.resolve("bad.jsonl"), "{\"session\":\"a\",\"txn\":1}\n");
    Files.writeString(cwd.resolve("taken"), "a file where --out wants a folder");
    String[][] relative = {{"bad.jsonl"}, {"missing.jsonl"}, {"--out", "taken", "bad.jsonl"},
        {"--out", "taken/sub", "bad.jsonl"}};
    for (String[] args : relative) {
      String[] absolute = args.clone();
      for (int i = 0; i < args.length; i++) {
        absolute[i] = args[i].startsWith("-") ? args[i] : cwd.resolve(args[i]).toString();
      }
      CliRun direct = CliRun.verify(absolute);
      // what the same command prints run by itself in cwd: its paths relative to cwd
      String expected = direct.err().replace(cwd + java.io.File.separator, "");
      assertEquals(new CliRun(2, "", expected), ask(s, s.token(), cwd, args),
          String.join(" ", args));
      assertFalse(expected.contains(cwd.toString()), expected);
    }
  }

  @Test
  void aClientWithoutTheTokenGetsNothingRun() throws IOException {
    VerifyServer s = start(60_000, "");
    assertNull(ask(s, "0".repeat(32), dir, "--out", "out",
        SAMPLES.resolve("valid-300.parquet").toString()));
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void aServerWhoseClassPathChangedAnswersNothingAndStops() throws Exception {
    Path jar = Files.writeString(dir.resolve("a.jar"), "one");
    VerifyServer s = start(60_000, jar.toString());
    assertEquals(0, ask(s, s.token(), dir, "--help").code());
    Files.writeString(jar, "a new build");
    assertNull(ask(s, s.token(), dir, "--help"));
    serving.join(10_000);
    assertFalse(serving.isAlive());
    assertFalse(Files.exists(dir.resolve("state")));
  }

  @Test
  void anIdleServerStopsAndRemovesItsStateFile() {
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      start(500, "");
      assertTrue(Files.exists(dir.resolve("state")));
      serving.join();
      assertFalse(Files.exists(dir.resolve("state")));
    });
  }

  /** bin/verify-client's function, run by bash in {@code cwd}; "no answer" when it returned. */
  private CliRun bashClient(Path cwd, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("bash", "-c", "source \"$0\"; verify_on_server \"$@\";"
        + " echo 'no answer'; exit 42", CLIENT.toString(), dir.resolve("state").toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new CliRun(p.waitFor(), out, err);
  }

  @Test
  void theBashClientPrintsTheAnswerAndExitsWithItsCode() throws Exception {
    start(60_000, "");
    for (String[] args : commands(dir.resolve("out"))) {
      assertEquals(timeless(CliRun.verify(args)), timeless(bashClient(dir, args)),
          String.join(" ", args));
    }
  }

  @Test
  void theBashClientReturnsWhenNoServerAnswers() throws Exception {
    String[] args = {SAMPLES.resolve("lost-update.parquet").toString()};
    assertEquals(new CliRun(42, "no answer\n", ""), bashClient(dir, args));
    Files.writeString(dir.resolve("state"), "1 " + "0".repeat(32) + "\n");
    assertEquals(new CliRun(42, "no answer\n", ""), bashClient(dir, args));
  }

  @Test
  void theBashClientSendsNothingButPrintableAscii() throws Exception {
    start(60_000, "");
    for (String name : new String[] {"a\tb.parquet", "a\nb.parquet"}) {
      assertEquals(new CliRun(42, "no answer\n", ""), bashClient(dir, name), name);
    }
    // non-ASCII names reach bash as such only where this JVM's file names are Unicode
    String accented = "hist\u00f3rico";
    if (java.nio.charset.Charset.forName(System.getProperty("sun.jnu.encoding"))
        .newEncoder().canEncode(accented)) {
      assertEquals(new CliRun(42, "no answer\n", ""), bashClient(dir, accented + ".parquet"));
      Path odd = Files.createDirectories(dir.resolve(accented));
      assertEquals(new CliRun(42, "no answer\n", ""), bashClient(odd, "--help"), "in " + odd);
    }
    assertEquals(0, bashClient(dir, "--help").code(), "the server answers the others");
  }

  /** bin/verify-client's came_soon_after MARK SECONDS: its exit status. */
  private int cameSoonAfter(Path mark, int seconds) throws Exception {
    Process p = new ProcessBuilder("bash", "-c", "source \"$0\"; came_soon_after \"$1\" \"$2\"",
        CLIENT.toString(), mark.toString(), Integer.toString(seconds)).start();
    return p.waitFor();
  }

  @Test
  void aShortRunComingSoonAfterTheLastOneIsSeenAsASeries() throws Exception {
    Path mark = dir.resolve("state.last");
    assertEquals(1, cameSoonAfter(mark, 30), "the first run of all");
    assertTrue(Files.exists(mark));
    assertEquals(0, cameSoonAfter(mark, 30), "right after it");
    Files.setLastModifiedTime(mark, java.nio.file.attribute.FileTime.fromMillis(
        System.currentTimeMillis() - 60_000));
    assertEquals(1, cameSoonAfter(mark, 30), "a minute later");
    assertEquals(0, cameSoonAfter(mark, 30), "the mark was touched again");
    assertEquals(1, cameSoonAfter(dir.resolve("no-such-folder").resolve("state.last"), 30),
        "a mark that cannot be written");
  }
}
