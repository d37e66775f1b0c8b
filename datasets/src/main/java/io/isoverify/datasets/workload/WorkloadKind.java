package io.isoverify.datasets.workload;

/**
 * The workloads by the names the generate command takes. The general and BlindW workloads
 * use every shape parameter; the application workloads fix their own transaction mix and
 * use the key distribution for their main table (items, users) and {@code maxOps} as the
 * size of their scans.
 */
public enum WorkloadKind {
  GENERAL("general"),
  BLINDW_RW("blindw-rw"),
  BLINDW_RH("blindw-rh"),
  TPCC("tpcc"),
  RUBIS("rubis"),
  TWITTER("twitter");

  private final String cliName;

  WorkloadKind(String cliName) {
    this.cliName = cliName;
  }

  /** The name on the command line. */
  public String cliName() {
    return cliName;
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

  /** A workload of this kind with the given shape. */
  public PlannedWorkload create(int minOps, int maxOps, double readRatio, KeyDistribution keys) {
    return switch (this) {
      case GENERAL -> new GeneralWorkload(minOps, maxOps, readRatio, keys);
      case BLINDW_RW -> new BlindWorkload(minOps, maxOps, BlindWorkload.READ_WRITE, keys);
      case BLINDW_RH -> new BlindWorkload(minOps, maxOps, BlindWorkload.READ_HEAVY, keys);
      case TPCC -> new TpccWorkload(keys);
      case RUBIS -> new RubisWorkload(keys, maxOps);
      case TWITTER -> new TwitterWorkload(keys, maxOps);
    };
  }
}
