package io.isoverify.cli;

import io.isoverify.datasets.workload.FencedWorkload;
import io.isoverify.datasets.workload.KeyDistribution;
import io.isoverify.datasets.workload.PlannedWorkload;
import io.isoverify.datasets.workload.ValueChoice;
import io.isoverify.datasets.workload.WorkloadFamily;
import io.isoverify.datasets.workload.WorkloadKind;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The command-line options that choose a workload and its shape, shared by every command
 * that runs one ({@code generate} on the simulated database, {@code collect} on
 * PostgreSQL), so that the same options describe the same workload everywhere.
 */
public final class WorkloadOptions {
  @Option(names = "--workload", defaultValue = "general",
      description = "general, blindw-rw, blindw-rh, tpcc, rubis, twitter, list-append, mt,"
          + " lwt, blindw-pred, pred-rw (default: ${DEFAULT-VALUE})")
  String workload;

  @Option(names = "--ops",
      description = "operations per transaction, N or MIN-MAX (default: 15; list-append: 1-4;"
          + " blindw-pred: 4 predicates; pred-rw: 1-2 pairs;"
          + " mt and lwt have fixed shapes and ignore it)")
  String ops;

  @Option(names = "--keys", defaultValue = "10000",
      description = "keys; for tpcc, rubis and twitter the size of the main table"
          + " (default: ${DEFAULT-VALUE})")
  long keys;

  @Option(names = "--read-ratio", defaultValue = "0.5",
      description = "fraction of reads (general, list-append), of read-only transactions (mt)"
          + " (default: ${DEFAULT-VALUE})")
  double readRatio;

  @Option(names = "--appends-per-key", defaultValue = "32",
      description = "list-append: appends a key gets before the workload moves on to a fresh"
          + " key, Elle's max-writes-per-key (default: ${DEFAULT-VALUE})")
  int appendsPerKey;

  @Option(names = "--distribution", defaultValue = "zipf",
      description = "key distribution: uniform, zipf, hotspot (default: ${DEFAULT-VALUE})")
  String distribution;

  @Option(names = "--zipf-exponent", defaultValue = "1.0",
      description = "(default: ${DEFAULT-VALUE})")
  double zipfExponent;

  @Option(names = "--repeated-values", defaultValue = "0", paramLabel = "FRACTION",
      description = "fraction of register writes (after a key's first) that write the key's"
          + " first value again, so that reads of it have several candidate writers; not"
          + " with --inject (default: ${DEFAULT-VALUE})")
  double repeatedValues;

  @Option(names = "--value-space", defaultValue = "0", paramLabel = "N",
      description = "register writes draw their values from 1..N, Zipf with --value-exponent"
          + " (veristrong's duplicate values); not with --repeated-values (default: unique"
          + " values)")
  long valueSpace;

  @Option(names = "--value-exponent", defaultValue = "1.4", paramLabel = "THETA",
      description = "the value space's Zipf exponent; 1.4 gives the value frequencies of"
          + " veristrong's published RH-1k history (default: ${DEFAULT-VALUE})")
  double valueExponent;

  @Option(names = "--fence-every", paramLabel = "K",
      description = "each session issues a fence transaction (a read-modify-write of the fence"
          + " key, cobra 4.2; history README) after every K of its transactions, so that"
          + " bin/audit can collect old transactions (default: no fences)")
  Integer fenceEvery;

  /**
   * The workload the options describe.
   *
   * @throws IllegalArgumentException naming the option that is wrong and what it accepts
   */
  public PlannedWorkload create() {
    WorkloadKind kind = workloadKind();
    int[] range = opRange(ops == null ? kind.defaultOps() : ops);
    PlannedWorkload w = kind.create(range[0], range[1], readRatio, keyDistribution(),
        appendsPerKey);
    return fenceEvery == null ? w : new FencedWorkload(w, fenceEvery);
  }

  /**
   * How register writes choose their values.
   *
   * @throws IllegalArgumentException for values out of range, both ways of repeating, or
   *     repeated values asked of a workload without register writes (list-append, lwt,
   *     predicates: their appends, compare-and-sets and row versions stay unique)
   */
  public ValueChoice values() {
    ValueChoice v = new ValueChoice(repeatedValues, valueSpace, valueExponent);
    WorkloadFamily family = workloadKind().family();
    if (!v.unique() && (family == WorkloadFamily.LIST_APPEND
        || family == WorkloadFamily.LIGHTWEIGHT_TRANSACTION
        || family == WorkloadFamily.PREDICATE)) {
      throw new IllegalArgumentException("--repeated-values and --value-space repeat the values"
          + " of register writes; the " + workload + " workload has none ("
          + family.description() + ")");
    }
    return v;
  }

  /** The workload kind named by {@code --workload}. */
  WorkloadKind workloadKind() {
    WorkloadKind k = WorkloadKind.ofCliName(workload);
    if (k == null) {
      throw new IllegalArgumentException("unknown workload " + workload
          + "; known: " + WorkloadKind.cliNames());
    }
    return k;
  }

  private KeyDistribution keyDistribution() {
    return switch (distribution.toLowerCase(Locale.ROOT)) {
      case "uniform" -> KeyDistribution.uniform(keys);
      case "zipf", "zipfian" -> KeyDistribution.zipf(keys, zipfExponent);
      case "hotspot" -> KeyDistribution.hotspot(keys);
      default -> throw new IllegalArgumentException(
          "unknown distribution " + distribution + "; known: uniform, zipf, hotspot");
    };
  }

  /** "8-15" or "15" as {min, max}. */
  static int[] opRange(String text) {
    try {
      int dash = text.indexOf('-');
      int min = Integer.parseInt(dash < 0 ? text.trim() : text.substring(0, dash).trim());
      int max = dash < 0 ? min : Integer.parseInt(text.substring(dash + 1).trim());
      if (min < 1 || max < min) {
        throw new NumberFormatException();
      }
      return new int[] {min, max};
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--ops must be N or MIN-MAX with 1 <= MIN <= MAX, not " + text);
    }
  }
}
