package io.isoverify.audit;

import io.isoverify.engine.InProcessEngine;
import io.isoverify.engine.LevelReport;
import io.isoverify.engine.ProgressListener;
import io.isoverify.engine.VerifierOptions;
import io.isoverify.graph.Partition;
import io.isoverify.graph.Partitioner;
import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.OrderMarkers;
import io.isoverify.history.check.Level;
import io.isoverify.history.check.Verdict;
import io.isoverify.history.io.ParquetHistoryReader;
import io.isoverify.history.io.ParquetHistoryWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * One round (cobra Figure 12, one turn of VERIFYSERIALIZABILITY): the held transactions and
 * the new partitions read as one history, checked by the in-process pipeline as any history
 * is, then, when the repository collects, the removable transactions dropped and their writes
 * tombstoned. Work and memory are proportional to the held transactions plus the partitions,
 * not to the history audited so far (the audited ids are ranges; the tombstones are read
 * only when a new read has no writer held).
 *
 * <p>A new read of a value only a collected transaction wrote is a violation (cobra 4.3,
 * Claim 41); the round then reports it as {@code ReadOfCollectedWrite}, with the cycles of the
 * whole audited history read again where it can be ({@link CollectedReads}), and checks
 * nothing else (the pipeline, which no longer holds the writer, would call it a thin-air
 * read).
 */
final class Round {
  /** What a round found and the state it leaves. */
  record Result(History history, List<LevelReport> levels, AuditState state, long newTxns,
      long collected, String collection, LinkedHashMap<String, Long> phases,
      History reportHistory) {}

  private Round() {}

  /**
   * @param collect whether this repository collects (its levels are SER alone)
   * @param out the new generation's folder, where the carried history is written
   * @param audited the partitions audited before, read again only to certify a read of a
   *     collected write ({@link CollectedReads})
   */
  static Result run(AuditState state, Path carried, List<Path> partitions, List<Level> levels,
      boolean collect, VerifierOptions options, Path out, Path repository,
      List<CollectedReads.Audited> audited) throws InvalidHistoryException, IOException {
    if (collect) {
      // collection finds overwritten versions along the WW edges of the SER partition's
      // constraints: keep those between unread versions too (graph-partitioning's
      // PartitionOptions.unreadPairs), which the verifier leaves out
      options = new VerifierOptions(options.threads(), options.limits(),
          options.partition().withUnreadPairs(true));
    }
    LinkedHashMap<String, Long> phases = new LinkedHashMap<>();
    long t0 = System.nanoTime();
    List<Path> files = new ArrayList<>();
    if (carried != null) {
      files.add(carried);
    }
    files.addAll(partitions);
    History h = ParquetHistoryReader.read(files, repository.toString());
    boolean[] isNew = new boolean[h.txnCount()];
    long newTxns = 0;
    for (int t = 0; t < h.txnCount(); t++) {
      isNew[t] = !state.audited(h.txnId(t));
      newTxns += isNew[t] ? 1 : 0;
    }
    refuseMarkers(h, isNew, partitions, repository);
    phases.put("load", System.nanoTime() - t0);
    List<String> stale = StaleReads.find(h, isNew, state, repository);
    List<LevelReport> reports;
    History reportHistory = h;
    Partition[] serPartition = new Partition[1];
    if (!stale.isEmpty()) {
      long c0 = System.nanoTime();
      CollectedReads.Certified c = CollectedReads.certify(stale, audited, partitions, levels,
          options, h, Audit::sha256);
      reports = c.reports();
      reportHistory = c.history();
      phases.put("certify", System.nanoTime() - c0);
    } else {
      reports = new InProcessEngine(options).check(h, levels, phases, ProgressListener.NONE,
          (level, p) -> {
            if (level == Level.SER) {
              serPartition[0] = p;
            }
          });
      String unfenced = StaleReads.unfencedNewSession(h, state);
      if (unfenced != null) {
        List<LevelReport> unknown = new ArrayList<>();
        for (LevelReport r : reports) {
          unknown.add(r.verdict() != Verdict.HOLDS ? r : new LevelReport(r.level(),
              Verdict.UNKNOWN, unfenced, List.of(), r.counts(), null, r.elapsedNanos(),
              r.path()));
        }
        reports = unknown;
      }
    }
    boolean[] removed = new boolean[h.txnCount()];
    int[] values = null;
    OrderCarry.Orders orders = new OrderCarry.Orders(new int[0], new int[0]);
    String collection;
    if (!collect) {
      collection = "nothing collected: the repository checks " + levels
          + "; collection follows cobra's argument for SER alone";
    } else if (reports.get(0).verdict() != Verdict.HOLDS) {
      collection = "nothing collected: the round does not hold";
    } else {
      long c0 = System.nanoTime();
      Epochs epochs = Epochs.of(h);
      if (Collection.whyNot(h) != null) {
        collection = "nothing collected: " + Collection.whyNot(h);
      } else if (epochs.reason != null) {
        collection = "nothing collected: " + epochs.reason;
      } else {
        Partition p = serPartition[0] != null ? serPartition[0]
            : Partitioner.partition(h, Level.SER, options.partition());
        Collection.Collected c = Collection.collect(h, p, epochs);
        removed = c.removed();
        values = c.values();
        orders = c.orders();
        collection = "collected by epochs (epochAgree " + epochs.agree + ")"
            + (orders.count() == 0 ? "" : "; " + orders.count() + " orders between held "
                + "transactions that ran through collected ones carried as order markers")
            + (c.heldForOrder() == 0 ? "" : "; " + c.heldForOrder() + " otherwise removable "
                + "held because a held transaction precedes them (the order between held "
                + "transactions may not run through collected ones)");
      }
      phases.put("collect", System.nanoTime() - c0);
    }
    if (values == null) {
      values = HeldReads.values(h, removed, t -> { });
    }
    long collected = 0;
    for (boolean r : removed) {
      collected += r ? 1 : 0;
    }
    AuditState next = StateUpdate.next(state, h, isNew);
    Tombstones.write(h, removed, out.resolve(Tombstones.PENDING));
    if (collected < h.txnCount()) {
      boolean[] gone = removed;
      int[] held = values;
      boolean[] unread = unreadMarkers(h, removed, values);
      ParquetHistoryWriter.write(h, t -> !gone[t],
          o -> held[o] != HeldReads.LEFT_OUT && (h.opKey(o) < 0 || !unread[h.opKey(o)]),
          o -> held[o], orders.from(), orders.to(), markerIds(h, orders.count()),
          out.resolve(AuditState.CARRIED));
      next.hasCarried = true;
    }
    next.write(out);
    return new Result(h, reports, next, newTxns, collected, collection, phases, reportHistory);
  }

  /** {@code count} order marker numbers that no key of {@code h} uses: after its largest. */
  private static long[] markerIds(History h, int count) {
    long next = 0;
    for (int k = 0; k < h.keys().size(); k++) {
      next = Math.max(next, OrderMarkers.marker(h, k) + 1);
    }
    long[] ids = new long[count];
    for (int i = 0; i < count; i++) {
      ids[i] = next + i;
    }
    return ids;
  }

  /**
   * Refuses a new transaction that touches a key reserved for order markers (a marker is
   * exempt from the obsolescence rule, so a workload's write of one could be collected while
   * still the key's latest version). The error names the partition and the transaction.
   */
  private static void refuseMarkers(History h, boolean[] isNew, List<Path> partitions,
      Path repository) throws InvalidHistoryException, IOException {
    boolean[] marker = OrderMarkers.keys(h);
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t) && isNew[t]; o++) {
        if (h.opKey(o) >= 0 && marker[h.opKey(o)]) {
          String file = partitions.toString();
          for (Path part : partitions) {
            History one = ParquetHistoryReader.read(List.of(part), repository.toString());
            for (int u = 0; u < one.txnCount(); u++) {
              file = one.txnId(u) == h.txnId(t) ? part.toString() : file;
            }
          }
          throw new InvalidHistoryException(file, "transaction " + h.txnId(t), "key "
              + h.showKey(h.opKey(o)) + " is reserved for the audit's order markers (integer keys "
              + OrderMarkers.LAST_KEY + " to " + OrderMarkers.FIRST_KEY + ", string keys "
              + "beginning \"" + OrderMarkers.PREFIX + "\")");
        }
      }
    }
  }

  /**
   * Per key: an order marker that no held transaction reads any more (its reader was
   * collected), so its write carries no order and is not written on.
   */
  private static boolean[] unreadMarkers(History h, boolean[] removed, int[] values) {
    boolean[] marker = OrderMarkers.keys(h);
    boolean[] read = new boolean[marker.length];
    for (int t = 0; t < h.txnCount(); t++) {
      for (int o = h.firstOp(t); o < h.endOp(t) && !removed[t]; o++) {
        int key = h.opKey(o);
        if (key >= 0 && marker[key] && !h.opKind(o).installsVersion()
            && values[o] != HeldReads.LEFT_OUT) {
          read[key] = true;
        }
      }
    }
    for (int k = 0; k < marker.length; k++) {
      marker[k] &= !read[k];
    }
    return marker;
  }
}
