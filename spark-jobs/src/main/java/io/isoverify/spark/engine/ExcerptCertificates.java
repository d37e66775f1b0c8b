package io.isoverify.spark.engine;

import io.isoverify.checker.Check;
import io.isoverify.checker.CycleCheck;
import io.isoverify.checker.ListAnomalyCheck;
import io.isoverify.checker.PredicateAnomalyCheck;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.PredicateReads;
import io.isoverify.history.Dictionary;
import io.isoverify.history.History;
import io.isoverify.history.anomaly.Certificate;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.anomaly.WrConstraint;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.explain.CertificateSummary;
import io.isoverify.solver.CertificateFactory;
import io.isoverify.spark.stages.TxnColumns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.apache.spark.sql.SparkSession;

/**
 * Restates a Spark run's certificates on the {@link Excerpt} of the history they mention:
 * the one place where the Spark engine's ids meet History's. A transaction's dense id goes
 * to its file id ({@link TxnColumns#txnId}) to the excerpt's id; a key code to its name (the
 * run looked up the names its certificates mention) to the excerpt's code; an operation id
 * to (transaction, position in it) ({@link TxnColumns#opStart}) to the excerpt's operation.
 * Values are never mapped: they are read off the excerpt's operations. A cycle from the
 * graph phase (typed edges, no values, no operations) is then made into the in-process
 * engine's certificate by local-solver's {@link CertificateFactory} on the excerpt (values
 * and operations filled in) and
 * re-checked by the independent checker, {@link CycleCheck}, as the in-process engine does.
 *
 * <p>What the re-check on the excerpt establishes: every edge is supported by the
 * operations of its two transactions (WR: the first installed the value and the second read
 * it from outside; WW: the first installed the value and the second writes the key; RW: the
 * first read the value from outside and the second overwrites it; SO: session and position;
 * RT: the client timestamps), the writer each read of a repeated value is assumed to have
 * read from installed it, the edges close a cycle, SI's rule on consecutive RW edges,
 * and that the version orders the cycle states (its WW edges, and for an RW edge the read
 * value's writer before the overwriter: the excerpt includes the writers of the values RW
 * edges read, found by a second filtered scan) do not contradict each other. These facts are local to the transactions
 * the certificate names, so they hold of the whole history as of the excerpt. Not
 * established: that the stated WW orders are forced (in-process neither; the in-process
 * engine also re-checks UNSAT cores as conflict evidence, which needs the component's
 * constraints the driver no longer holds). On a key read as a list (Elle), the cycle check
 * also asks the read lists whether they support each WW and RW edge; on the excerpt it sees
 * the lists of the excerpt's transactions only, a subset of those the in-process check
 * reads, so that part is weaker here (a list contradicting an edge may be left out).
 * Non-cycle certificates are restated, not re-checked (in-process neither), except those of
 * Elle's list-order anomalies found without search (IncompatibleOrder, DuplicateElements),
 * re-checked on the read lists of their operations by checker's {@link ListAnomalyCheck}, and
 * vbox's PredicateMismatch, re-checked by {@link PredicateAnomalyCheck} on every version of
 * its key (the excerpt then holds every installer of the key), as in-process. With predicate
 * reads the excerpt also holds the row fields, and every installer of the key of a cycle's RW
 * edge whose reader read by predicate (the version it saw is chosen among all of them, as
 * in-process). Witnesses of levels that hold are not replayed here: that needs the whole
 * history, which only a predicate run's driver holds ({@link ReplayingCertifier}).
 */
final class ExcerptCertificates {
  private final TxnColumns txns;
  private final Map<Integer, String> keyNames;
  private History h;
  private final Map<Long, Integer> subTxn = new HashMap<>();
  private final Map<String, Integer> subKey = new HashMap<>();
  private final Map<Certificate, Certificate> restated = new IdentityHashMap<>();
  private int cyclesChecked;
  private int listsChecked;
  private int predicatesChecked;
  private final PredicateReads predicates;

  private ExcerptCertificates(TxnColumns txns, Map<Integer, String> keyNames,
      PredicateReads predicates) {
    this.txns = txns;
    this.keyNames = keyNames;
    this.predicates = predicates;
  }

  /**
   * Reads the certificates' transactions from the input at {@code path} and restates the
   * certificates of {@code reports} on them.
   *
   * @throws IllegalStateException when the checker rejects a cycle (a bug, as in-process)
   */
  static Excerpt of(SparkSession spark, String path, String display, TxnColumns txns,
      List<LevelReport> reports, Map<Integer, String> keyNames, PredicateReads predicates) {
    ExcerptCertificates first = new ExcerptCertificates(txns, keyNames, predicates);
    long[] ids = first.mentioned(reports);
    if (ids.length == 0) {
      return new Excerpt(null, reports, "no certificates to re-check");
    }
    boolean rowFields = predicates.count() > 0;
    first.index(ExcerptReader.read(spark, path, display, ids, rowFields));
    long[] all = withWriters(ids, ExcerptReader.writers(spark, path, first.overwrittenValues(reports)));
    all = withWriters(all, ExcerptReader.installers(spark, path, first.versionedKeys(reports)));
    ExcerptCertificates x = first;
    if (all.length > ids.length) {
      x = new ExcerptCertificates(txns, keyNames, predicates);
      x.index(ExcerptReader.read(spark, path, display, all, rowFields));
    }
    return x.restateAll(reports, all.length);
  }

  private Excerpt restateAll(List<LevelReport> reports, int read) {
    List<LevelReport> out = new ArrayList<>();
    for (LevelReport l : reports) {
      List<Certificate> certs = new ArrayList<>();
      try {
        for (Certificate c : l.certificates()) {
          certs.add(restated.computeIfAbsent(c, k -> restate(k, l.level())));
        }
      } catch (Uncertified e) {
        // as in-process (the level pipeline): UNKNOWN, never a violation without a certificate
        out.add(new LevelReport(l.level(), Verdict.UNKNOWN, PredicateReads.uncertified(
            e.getMessage()), List.of(), Map.of(), null, l.elapsedNanos(), l.path()));
        continue;
      }
      out.add(new LevelReport(l.level(), l.verdict(), l.reason(), certs, l.counts(), l.witness(),
          l.elapsedNanos(), l.path()));
    }
    return new Excerpt(h, out, cyclesChecked + " cycle certificate(s) re-checked by the "
        + "independent checker on the " + read + " transactions the certificates mention "
        + "and the writers of the values their RW edges read, read back from the input (edges, "
        + "closure, SI's rule, stated version orders)" + (listsChecked == 0 ? ""
        : ", and " + listsChecked + " list-order certificate(s) (IncompatibleOrder, "
        + "DuplicateElements) on their read lists") + (predicatesChecked == 0 ? ""
        : ", and " + predicatesChecked + " PredicateMismatch certificate(s) on every version of "
        + "their keys") + "; other non-cycle certificates and "
        + "witnesses are not re-checked");
  }

  /**
   * The (key, value) of every RW edge of a cycle whose read value is not the initial one, as
   * the input stores them: the checker orders that value's writer before the overwriter, so
   * the writer must be in the excerpt for the check to be as strong as on the whole history.
   */
  private List<Object[]> overwrittenValues(List<LevelReport> reports) {
    CertificateFactory values = new CertificateFactory(h);
    List<Object[]> out = new ArrayList<>();
    for (LevelReport l : reports) {
      for (Certificate c : l.certificates()) {
        if (!isGraphCycle(c)) {
          continue;
        }
        for (Edge e : values.withValues(mapped(c.edges()))) {
          if (e.type() == EdgeType.RW && e.value() >= 0) {
            out.add(new Object[] {h.keys().decode(e.key()), h.values().decode(e.value())});
          }
        }
      }
    }
    return out;
  }

  /**
   * The keys, as the input stores them, whose every version the checks read: the key of a
   * PredicateMismatch certificate (no version of it matches), and the key of a cycle's RW edge
   * whose reader read by predicate (the version it saw is one its predicate reads allow, the
   * latest by real time first, chosen among all of the key's versions as in-process).
   */
  private List<Object> versionedKeys(List<LevelReport> reports) {
    List<Object> out = new ArrayList<>();
    for (LevelReport l : reports) {
      for (Certificate c : l.certificates()) {
        if (PredicateAnomalyCheck.covers(c.anomaly())) {
          out.add(h.keys().decode(key(c.keys()[0])));
        }
        for (Edge e : isGraphCycle(c) ? c.edges() : List.<Edge>of()) {
          if (e.type() == EdgeType.RW && readsByPredicate(txn(e.from()))) {
            out.add(h.keys().decode(key(e.key())));
          }
        }
      }
    }
    return out;
  }

  private boolean readsByPredicate(int t) {
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (h.predicate(o) != null) {
        return true;
      }
    }
    return false;
  }

  private static long[] withWriters(long[] ids, long[] writers) {
    return LongStream.concat(Arrays.stream(ids), Arrays.stream(writers)).distinct().sorted().toArray();
  }

  /** A cycle from the graph phase: typed edges, no operations (DeferredCertifier). */
  private static boolean isGraphCycle(Certificate c) {
    return c.anomaly().isCycle() && c.ops().length == 0;
  }

  private List<Edge> mapped(List<Edge> edges) {
    List<Edge> out = new ArrayList<>();
    for (Edge e : edges) {
      out.add(new Edge(txn(e.from()), txn(e.to()), e.type(), key(e.key()), -1));
    }
    return out;
  }

  /** The file ids of every transaction a certificate names, sorted. */
  private long[] mentioned(List<LevelReport> reports) {
    TreeSet<Integer> dense = new TreeSet<>();
    for (LevelReport l : reports) {
      for (Certificate c : l.certificates()) {
        for (int t : c.txns()) {
          dense.add(t);
        }
        for (Edge e : c.edges()) {
          dense.add(e.from());
          dense.add(e.to());
        }
        for (int o : c.ops()) {
          dense.add(txns.txnOf(o));
        }
      }
    }
    dense.remove(-1);
    return dense.stream().mapToLong(t -> txns.txnId[t]).sorted().toArray();
  }

  private void index(History excerpt) {
    h = excerpt;
    for (int t = 0; t < h.txnCount(); t++) {
      subTxn.put(h.txnId(t), t);
    }
    byName(h.keys(), subKey);
  }

  private static void byName(Dictionary d, Map<String, Integer> into) {
    for (int c = 0; c < d.size(); c++) {
      into.putIfAbsent(d.show(c), c);
    }
  }

  private Certificate restate(Certificate c, Level level) {
    List<Edge> edges = mapped(c.edges());
    if (isGraphCycle(c)) {
      List<WrConstraint> reads = new ArrayList<>();
      for (WrConstraint r : c.reads()) {
        int[] writers = r.writers().clone();
        for (int i = 0; i < writers.length; i++) {
          writers[i] = txn(writers[i]);
        }
        reads.add(new WrConstraint(txn(r.reader()), -1, key(r.key()), -1, writers,
            txn(r.assumed())));
      }
      Certificate cycle = new CertificateFactory(h).cycle(edges, c.choices(), reads);
      Check check = CycleCheck.check(h, level, cycle.edges(), cycle.reads());
      if (!check.valid() && predicates.plain().virtualKeyCount() > 0) {
        throw new Uncertified(check.problem());
      }
      if (!check.valid()) {
        throw new IllegalStateException("the independent checker rejected the certificate "
            + CertificateSummary.of(h, cycle) + ": " + check.problem());
      }
      cyclesChecked++;
      return cycle;
    }
    int[] ts = c.txns().clone();
    for (int i = 0; i < ts.length; i++) {
      ts[i] = txn(ts[i]);
    }
    int[] ks = c.keys().clone();
    for (int i = 0; i < ks.length; i++) {
      ks[i] = key(ks[i]);
    }
    int[] os = c.ops().clone();
    for (int i = 0; i < os.length; i++) {
      os[i] = op(os[i]);
    }
    // a non-cycle certificate's one edge is the WR edge of the value its writer's first
    // operation installed (AbortedRead, IntermediateRead: of a register or a list element)
    List<Edge> read = new ArrayList<>();
    for (Edge e : edges) {
      read.add(new Edge(e.from(), e.to(), e.type(), e.key(), h.opValue(os[0])));
    }
    Certificate out = new Certificate(c.anomaly(), ts, ks, os, read, c.choices());
    boolean list = ListAnomalyCheck.covers(out.anomaly());
    if (list || PredicateAnomalyCheck.covers(out.anomaly())) {
      Check check = list ? ListAnomalyCheck.check(h, out) : PredicateAnomalyCheck.check(h, out);
      if (!check.valid()) {
        throw new IllegalStateException("the independent checker rejected the certificate "
            + CertificateSummary.of(h, out) + ": " + check.problem());
      }
      listsChecked += list ? 1 : 0;
      predicatesChecked += list ? 0 : 1;
    }
    return out;
  }

  /**
   * The checker rejected a cycle through a predicate read of a field some versions inherit
   * (the graph orders it as a key of its own): the level is UNKNOWN, as in-process.
   */
  private static final class Uncertified extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Uncertified(String problem) {
      super(problem, null, false, false);
    }
  }

  private int txn(int t) {
    return t < 0 ? t : found(subTxn.get(txns.txnId[t]), "transaction T" + txns.txnId[t]);
  }

  private int key(int k) {
    return k < 0 ? k : found(subKey.get(keyNames.get(k)), "key " + keyNames.get(k));
  }

  private int op(int o) {
    int t = txns.txnOf(o);
    return h.firstOp(txn(t)) + (o - txns.opStart[t]);
  }

  private static int found(Integer code, String what) {
    if (code == null) {
      throw new IllegalStateException(what + " of a certificate is not in the excerpt read back");
    }
    return code;
  }
}
