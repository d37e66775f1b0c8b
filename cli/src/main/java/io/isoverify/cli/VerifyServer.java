package io.isoverify.cli;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A JVM kept running between {@code bin/verify} commands on small histories, when
 * {@code ISOVERIFY_SERVER=1} asks for it (cli/README.md, "Start-up"): a command then costs
 * a warm JVM's verification, not a JVM's start and its first interpretation of the code.
 *
 * <p>It listens on 127.0.0.1 only, on a port it writes with a random token to its state
 * file (readable by its owner only); a connection that does not send the token first is
 * closed unanswered. The exchange is lines of UTF-8 text: the server says {@link #HELLO};
 * the client sends the token, its working folder, the number of arguments and each argument
 * on a line; the server answers each line the command writes as {@code "1 "} (stdout) or
 * {@code "2 "} (stderr) and the line, then {@code "x "} and the exit code. Commands run one at
 * a time, in the order they arrive. The server stops, after answering, when a command exits
 * 3 (a limit, out of memory, an internal error: the next one gets a fresh JVM); without an
 * answer ({@code "s"}) when a jar of its class path changed since it started (a new build);
 * and when no command came for its idle time. A client that gets no {@code "x"} line runs the
 * command itself.
 */
public final class VerifyServer {
  static final String HELLO = "isoverify-verify-server 1";

  private final ServerSocket socket;
  private final String token;
  private final String classPath;
  private final String signature;
  private final ReentrantLock running = new ReentrantLock(true);
  private final AtomicInteger open = new AtomicInteger();
  private volatile boolean stopping;
  /** A command ran since the last collection ({@link #serve}). */
  private volatile boolean ran;
  private final long idleNanos;

  /** How often the accept loop looks up from waiting: to collect, to see if it is idle. */
  private static final int TICK_MILLIS = 2000;
  /** How long a client may take to send its request once connected. */
  private static final int REQUEST_MILLIS = 10_000;
  /**
   * Rounds of the warm-up before the server takes commands ({@link #main}): one loads the
   * classes; more kept the cores from the commands that run by themselves meanwhile, and
   * each command served compiles the server's code as well (30 rounds against 1, series of
   * 10k commands from no server, cli/README.md: the second to fifth commands 6.7 s against
   * 3.6-4.4 s in all over two series, later ones alike).
   */
  static final int WARM_UPS = 1;

  /** A server on a free port of 127.0.0.1 that stops after {@code idleMillis} without work. */
  VerifyServer(int idleMillis) throws IOException {
    this(idleMillis, System.getProperty("java.class.path", ""));
  }

  /** The same, its staleness judged by the files of {@code classPath} (tests give their own). */
  VerifyServer(int idleMillis, String classPath) throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    socket.setSoTimeout(Math.min(idleMillis, TICK_MILLIS));
    idleNanos = idleMillis * 1_000_000L;
    byte[] secret = new byte[16];
    new SecureRandom().nextBytes(secret);
    token = HexFormat.of().formatHex(secret);
    this.classPath = classPath;
    signature = signature(classPath);
  }

  /**
   * {@code VerifyServer STATE_FILE IDLE_SECONDS [WARM_UP_HISTORY]}: makes the commands of the
   * class-data archive's training on the warm-up history (bin/verify gives the bundled
   * sample; {@link CdsTraining#exercise}) {@link #WARM_UPS} times, so that the first command
   * finds its classes loaded, then writes the state file and serves until idle; then exits.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2 && args.length != 3) {
      System.err.println("usage: VerifyServer STATE_FILE IDLE_SECONDS [WARM_UP_HISTORY]");
      System.exit(2);
    }
    Path state = Path.of(args[0]);
    VerifyServer server = new VerifyServer(Integer.parseInt(args[1]) * 1000);
    if (args.length == 3) {
      CdsTraining.exercise(args[2], WARM_UPS);
    }
    server.writeState(state);
    // stopped by a signal (kill, a logout), it still leaves no state naming a closed port
    Runtime.getRuntime().addShutdownHook(new Thread(() -> server.removeState(state)));
    try {
      server.serve();
    } finally {
      server.removeState(state);
    }
    System.exit(0);
  }

  int port() {
    return socket.getLocalPort();
  }

  String token() {
    return token;
  }

  /**
   * Writes "PORT TOKEN" to {@code state}, readable by the owner only, in one move; removes
   * the marker folder {@code STATE.starting} a client made while this server started.
   */
  void writeState(Path state) throws IOException {
    Path dir = state.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(dir, "verify-server", ".tmp",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(tmp, port() + " " + token + "\n");
    Files.move(tmp, state, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    Files.deleteIfExists(Path.of(state + ".starting"));
  }

  /** Removes {@code state} when it still names this server (a newer one may have replaced it). */
  void removeState(Path state) {
    try {
      if (Files.readString(state).equals(port() + " " + token + "\n")) {
        Files.delete(state);
      }
    } catch (IOException e) {
      // gone already
    }
  }

  /**
   * Accepts connections until the server stops; each is served on a thread of its own. A
   * quiet tick after commands ran collects the heap (a full collection, so that the waiting
   * server holds little memory, never between a command and its answer); the idle time with
   * no connection open stops the server.
   */
  void serve() throws IOException {
    long lastBusy = System.nanoTime();
    while (!stopping) {
      Socket client;
      try {
        client = socket.accept();
      } catch (SocketTimeoutException e) {
        if (open.get() > 0) {
          lastBusy = System.nanoTime();
        } else if (ran) {
          ran = false;
          System.gc();
        } else if (System.nanoTime() - lastBusy >= idleNanos) {
          break;
        }
        continue;
      } catch (IOException e) {
        if (stopping) {
          break;
        }
        throw e;
      }
      open.incrementAndGet();
      lastBusy = System.nanoTime();
      Thread t = new Thread(() -> {
        try (client) {
          handle(client);
        } catch (IOException e) {
          // the client went away: nothing to answer
        } finally {
          open.decrementAndGet();
        }
      }, "verify-client");
      t.setDaemon(true);
      t.start();
    }
    socket.close();
  }

  /** Stops accepting; the command running, if any, still gets its answer. */
  void stop() {
    stopping = true;
    try {
      socket.close();
    } catch (IOException e) {
      // closed already
    }
  }

  private void handle(Socket client) throws IOException {
    // a client that connects and says nothing is dropped, so that the server still goes idle
    client.setSoTimeout(REQUEST_MILLIS);
    Writer w = new OutputStreamWriter(client.getOutputStream(), StandardCharsets.UTF_8);
    w.write(HELLO + "\n");
    w.flush();
    BufferedReader in = new BufferedReader(
        new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
    if (!token.equals(in.readLine())) {
      return;
    }
    String cwd = in.readLine();
    String count = in.readLine();
    if (cwd == null || count == null) {
      return;
    }
    if (!count.matches("\\d{1,6}")) {
      return;
    }
    List<String> args = new ArrayList<>();
    for (int i = Integer.parseInt(count); i > 0; i--) {
      String a = in.readLine();
      if (a == null) {
        return;
      }
      args.add(a);
    }
    running.lock();
    try {
      if (stopping || !signature(classPath).equals(signature)) {
        w.write("s\n");
        w.flush();
        stop();
        return;
      }
      int code;
      try (PrintStream out = framed('1', w); PrintStream err = framed('2', w)) {
        code = VerifyCommand.run(args.toArray(String[]::new), out, err, Path.of(cwd));
      }
      w.write("x " + code + "\n");
      w.flush();
      if (code == CliCommand.UNKNOWN) {
        stop();
      }
      ran = true;
    } finally {
      running.unlock();
    }
  }

  /** A stream that sends each line written to it to {@code w} as "TAG line". */
  private static PrintStream framed(char tag, Writer w) {
    return new PrintStream(new OutputStream() {
      private final ByteArrayOutputStream line = new ByteArrayOutputStream();

      @Override
      public void write(int b) throws IOException {
        if (b == '\n') {
          send();
        } else {
          line.write(b);
        }
      }

      @Override
      public void close() throws IOException {
        if (line.size() > 0) {
          send();
        }
      }

      private void send() throws IOException {
        synchronized (w) {
          w.write(tag);
          w.write(' ');
          w.write(line.toString(StandardCharsets.UTF_8));
          w.write('\n');
          w.flush();
        }
        line.reset();
      }
    }, true, StandardCharsets.UTF_8);
  }

  /** Each class path entry with its size and modification time: a new build changes it. */
  private static String signature(String classPath) {
    StringBuilder b = new StringBuilder();
    for (String entry : classPath.split(java.io.File.pathSeparator)) {
      java.io.File f = new java.io.File(entry);
      b.append(entry).append(' ').append(f.length()).append(' ').append(f.lastModified())
          .append('\n');
    }
    return b.toString();
  }
}
