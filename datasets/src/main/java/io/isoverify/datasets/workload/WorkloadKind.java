package io.isoverify.datasets.workload;

/**
 * The workloads by the names the generate and collect commands take. The general and BlindW
 * workloads use every shape parameter; the application workloads fix their own transaction
 * mix and use the key distribution for their main table (items, users) and {@code maxOps}
 * as the size of their scans; list-append uses the operation range, the read ratio and the
 * appends per key; mini-transactions use the read ratio as the fraction of read-only ones;
 * lightweight transactions use only the keys; blindw-pred uses the keys as its rows and the
 * operation range as its predicates per transaction; pred-rw uses the keys as its rows and
 * the operation range as its (predicate read, insert or delete) pairs per transaction.
 */
public enum WorkloadKind {
  GENERAL("general", "15"),
  BLINDW_RW("blindw-rw", "15"),
  BLINDW_RH("blindw-rh", "15"),
  TPCC("tpcc", "15"),
  RUBIS("rubis", "15"),
  TWITTER("twitter", "15"),
  LIST_APPEND("list-append", "1-" + ListAppendWorkload.DEFAULT_MAX_OPS),
  MT("mt", "4"),
  LWT("lwt", "2"),
  BLINDW_PRED("blindw-pred", "4"),
  PRED_RW("pred-rw", "1-2");

  private final String cliName;
  private final String defaultOps;

  WorkloadKind(String cliName, String defaultOps) {
    this.cliName = cliName;
    this.defaultOps = defaultOps;
  }

  /** The name on the command line. */
  public String cliName() {
    return cliName;
  }

  /**
   * The operations per transaction when none are given ("N" or "MIN-MAX"); for mt and lwt,
   * whose shapes are fixed, the most operations a transaction has.
   */
  public String defaultOps() {
    return defaultOps;
  }

  /** The kind with this command-line name, or null. */
  public static WorkloadKind ofCliName(String name) {
    for (WorkloadKind k : values()) {
      if (k.cliName.equalsIgnoreCase(name)) {
        return k;
      }
    }
    return null;
  }

  /** The shape of the histories this kind makes (its workloads' {@code family()}). */
  public WorkloadFamily family() {
    return switch (this) {
      case LIST_APPEND -> WorkloadFamily.LIST_APPEND;
      case MT -> WorkloadFamily.MINI_TRANSACTION;
      case LWT -> WorkloadFamily.LIGHTWEIGHT_TRANSACTION;
      case BLINDW_PRED, PRED_RW -> WorkloadFamily.PREDICATE;
      default -> WorkloadFamily.REGISTER;
    };
  }

  /** The command-line names, comma-separated, for messages and help. */
  public static String cliNames() {
    StringBuilder b = new StringBuilder();
    for (WorkloadKind k : values()) {
      b.append(b.length() == 0 ? "" : ", ").append(k.cliName);
    }
    return b.toString();
  }

  /** A workload of this kind with the given shape and Elle's 32 appends per key. */
  public PlannedWorkload create(int minOps, int maxOps, double readRatio, KeyDistribution keys) {
    return create(minOps, maxOps, readRatio, keys, ListAppendWorkload.DEFAULT_APPENDS_PER_KEY);
  }

  /**
   * A workload of this kind with the given shape.
   *
   * @param appendsPerKey list-append only: appends a key gets before it is rotated out
   */
  public PlannedWorkload create(int minOps, int maxOps, double readRatio, KeyDistribution keys,
      int appendsPerKey) {
    return switch (this) {
      case GENERAL -> new GeneralWorkload(minOps, maxOps, readRatio, keys);
      case BLINDW_RW -> new BlindWorkload(minOps, maxOps, BlindWorkload.READ_WRITE, keys);
      case BLINDW_RH -> new BlindWorkload(minOps, maxOps, BlindWorkload.READ_HEAVY, keys);
      case TPCC -> new TpccWorkload(keys);
      case RUBIS -> new RubisWorkload(keys, maxOps);
      case TWITTER -> new TwitterWorkload(keys, maxOps);
      case LIST_APPEND -> new ListAppendWorkload(minOps, maxOps, readRatio, keys, appendsPerKey);
      case MT -> new MiniTransactionWorkload(readRatio, keys);
      case LWT -> new LightweightTxnWorkload(keys);
      case BLINDW_PRED -> new BlindWPredWorkload(minOps, maxOps, keys.keys());
      case PRED_RW -> new PredicateRwWorkload(minOps, maxOps, keys.keys());
    };
  }
}
