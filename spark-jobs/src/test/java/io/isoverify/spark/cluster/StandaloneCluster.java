package io.isoverify.spark.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A real Spark standalone cluster on 127.0.0.1 from the project's own classpath (no Spark
 * distribution: Master and Worker are classes of spark-core): one Master and two Workers of one core
 * each, started as separate JVMs and stopped by their own process handles. Drivers are
 * launched through {@code org.apache.spark.deploy.SparkSubmit}, as spark-submit does.
 */
final class StandaloneCluster implements AutoCloseable {
  /** The one list of JVM flags Spark needs, read where the build reads it. */
  private static final Path OPENS = Path.of("..", "config", "jvm-opens.properties");

  final Path home;
  final String classpath;
  final int masterPort;
  final int masterUi;
  final List<Path> workDirs = new ArrayList<>();
  private final List<Process> processes = new ArrayList<>();
  private final List<Process> workers = new ArrayList<>();

  private StandaloneCluster(Path home, String classpath) throws IOException {
    this.home = home;
    this.classpath = classpath;
    this.masterPort = freePort();
    this.masterUi = freePort();
  }

  /** Starts a Master and {@code workers} Workers and waits until every Worker is ALIVE. */
  static StandaloneCluster start(Path dir, int workers) throws Exception {
    Path home = Files.createDirectories(dir.resolve("spark-home"));
    Files.createDirectories(home.resolve("jars"));
    String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    StandaloneCluster c = new StandaloneCluster(home, cp);
    try {
      c.processes.add(c.launch(dir.resolve("master.log"), List.of("org.apache.spark.deploy.master.Master",
          "--host", "127.0.0.1", "--port", String.valueOf(c.masterPort), "--webui-port",
          String.valueOf(c.masterUi)), List.of()));
      for (int i = 0; i < workers; i++) {
        Path work = Files.createDirectories(dir.resolve("work-" + i));
        c.workDirs.add(work);
        Process w = c.launch(dir.resolve("worker-" + i + ".log"), List.of(
            "org.apache.spark.deploy.worker.Worker", c.masterUrl(), "--host", "127.0.0.1",
            "--cores", "1", "--memory", "1g", "--webui-port", String.valueOf(freePort()),
            "--work-dir", work.toString()), List.of());
        c.processes.add(w);
        c.workers.add(w);
      }
      c.awaitWorkers(workers, Duration.ofSeconds(90));
      return c;
    } catch (Exception | Error e) {
      c.close();
      throw e;
    }
  }

  String masterUrl() {
    return "spark://127.0.0.1:" + masterPort;
  }

  /**
   * Starts a driver as spark-submit does: SparkSubmit with {@code --master} this cluster,
   * the main class, a jar of the application's classes, and the arguments. Executors get
   * the project classpath through spark.executor.extraClassPath.
   */
  Process submit(Path dir, String mainClass, List<String> args, Path stdout, Path stderr)
      throws IOException {
    return submit(dir, mainClass, List.of(), args, stdout, stderr);
  }

  /** The same, with more Spark settings ({@code name=value}, each given as --conf). */
  Process submit(Path dir, String mainClass, List<String> conf, List<String> args, Path stdout,
      Path stderr) throws IOException {
    Path appJar = appJar(dir);
    List<String> cmd = new ArrayList<>(List.of("org.apache.spark.deploy.SparkSubmit",
        "--master", masterUrl(), "--class", mainClass,
        "--conf", "spark.executor.memory=512m",
        "--conf", "spark.executor.cores=1",
        "--conf", "spark.executor.extraClassPath=" + classpath,
        "--conf", "spark.sql.shuffle.partitions=4",
        "--conf", "spark.task.maxFailures=4"));
    for (String c : conf) {
      cmd.add("--conf");
      cmd.add(c);
    }
    cmd.add(appJar.toString());
    cmd.addAll(args);
    List<String> jvm = new ArrayList<>(opens());
    jvm.add("-Xmx768m");
    ProcessBuilder pb = builder(jvm, cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  /** The executor JVMs the Workers launched (CoarseGrainedExecutorBackend), ours only. */
  List<ProcessHandle> executors() {
    List<ProcessHandle> out = new ArrayList<>();
    for (Process w : workers) {
      w.toHandle().descendants().filter(StandaloneCluster::isExecutor).forEach(out::add);
    }
    return out;
  }

  /** Read from /proc: ProcessHandle.Info leaves out command lines as long as these. */
  private static boolean isExecutor(ProcessHandle h) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc", String.valueOf(h.pid()), "cmdline")),
          java.nio.charset.StandardCharsets.UTF_8).contains("CoarseGrainedExecutorBackend");
    } catch (IOException e) {
      return false; // the process has ended
    }
  }

  /** The Master's state as JSON (workers, running and completed applications). */
  String masterJson() throws IOException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + masterUi + "/json/"))
        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  private void awaitWorkers(int n, Duration limit) throws Exception {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        String json = masterJson();
        if (json.split("\"ALIVE\"", -1).length - 1 >= n) {
          return;
        }
      } catch (IOException e) {
        // the Master's web UI is not up yet
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException("the standalone cluster did not come up within " + limit);
  }

  private Process launch(Path log, List<String> args, List<String> jvm) throws IOException {
    return builder(jvm, args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  private ProcessBuilder builder(List<String> jvm, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvm);
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    Map<String, String> env = pb.environment();
    env.put("SPARK_HOME", home.toString());
    env.put("SPARK_SCALA_VERSION", "2.12");
    env.put("SPARK_LOCAL_IP", "127.0.0.1");
    return pb;
  }

  private static List<String> opens() throws IOException {
    for (String line : Files.readAllLines(OPENS)) {
      if (line.startsWith("jvm.opens=")) {
        return List.of(line.substring("jvm.opens=".length()).trim().split("\\s+"));
      }
    }
    throw new IllegalStateException("no jvm.opens in " + OPENS);
  }

  /** A jar of this module's classes: spark-submit wants one as its primary resource. */
  private static Path appJar(Path dir) throws IOException {
    Path jar = dir.resolve("app.jar");
    if (Files.exists(jar)) {
      return jar;
    }
    Path classes = Path.of("target", "classes");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        try (InputStream in = Files.newInputStream(f)) {
          in.transferTo(out);
        }
        out.closeEntry();
      }
    }
    return jar;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Stops one process this cluster started (a driver), its children first. */
  static void stop(Process p) {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    try {
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
    }
  }

  /** Stops every process this cluster started, drivers first, and waits for each. */
  @Override
  public void close() {
    for (int i = processes.size() - 1; i >= 0; i--) {
      stop(processes.get(i));
    }
  }
}
