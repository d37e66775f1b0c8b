package io.isoverify.history.anomaly;

import java.io.Serializable;
import java.util.Arrays;

/**
 * A read whose writer the history leaves open: several transactions wrote the value it read
 * to its key, so it has a set of candidate writers of which exactly one is its writer
 * (veristrong Definition 3.1, a WR constraint). A certificate lists the reads whose writer
 * its violation does not depend on: it holds whichever candidate wrote each of them.
 *
 * @param reader the reading transaction (dense id)
 * @param op the read (dense operation id), or -1 where it is filled in later from the
 *     history (the Spark driver)
 * @param key the key (code)
 * @param value the value read (code), or -1 where it is filled in later
 * @param writers the candidate writers, dense ids, ascending
 * @param assumed the candidate the certificate's example cycle takes as the writer
 */
public record WrConstraint(int reader, int op, int key, int value, int[] writers, int assumed)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public WrConstraint {
    writers = writers.clone();
  }

  /** The same read with its operation and value filled in. */
  public WrConstraint at(int op, int value) {
    return new WrConstraint(reader, op, key, value, writers, assumed);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WrConstraint w && reader == w.reader && op == w.op && key == w.key
        && value == w.value && assumed == w.assumed && Arrays.equals(writers, w.writers);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * reader + key) + Arrays.hashCode(writers);
  }

  @Override
  public String toString() {
    return "WrConstraint[reader=" + reader + ", op=" + op + ", key=" + key + ", value=" + value
        + ", writers=" + Arrays.toString(writers) + ", assumed=" + assumed + "]";
  }
}
