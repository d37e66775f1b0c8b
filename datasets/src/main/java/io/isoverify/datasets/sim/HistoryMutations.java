package io.isoverify.datasets.sim;

import io.isoverify.history.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The single changes {@link RandomHistories#candidate} makes to a recorded history, each
 * returning a one-line description, or "none" when the history offers no place for it.
 */
final class HistoryMutations {
  private HistoryMutations() {}

  /** A read of a committed transaction returns another value written to its key. */
  static String readAnotherWrite(List<RecordingSink.Txn> txns, SplittableRandom random) {
    List<int[]> choices = new ArrayList<>(); // {txn index, op, txn index of writer, writer op}
    for (int t = 0; t < txns.size(); t++) {
      RecordingSink.Txn reader = txns.get(t);
      if (reader.outcome() != Outcome.COMMITTED) {
        continue;
      }
      for (int o = 0; o < reader.keys().length; o++) {
        if (reader.write()[o]) {
          continue;
        }
        for (int w = 0; w < txns.size(); w++) {
          RecordingSink.Txn writer = txns.get(w);
          for (int p = 0; p < writer.keys().length; p++) {
            if (writer.write()[p] && writer.keys()[p] == reader.keys()[o]
                && writer.values()[p] != reader.values()[o]) {
              choices.add(new int[] {t, o, w, p});
            }
          }
        }
      }
    }
    if (choices.isEmpty()) {
      return "none";
    }
    int[] c = choices.get(random.nextInt(choices.size()));
    RecordingSink.Txn reader = txns.get(c[0]);
    long value = txns.get(c[2]).values()[c[3]];
    txns.set(c[0], reader.withValue(c[1], value));
    return "T" + reader.id() + " operation " + c[1] + " reads key " + reader.keys()[c[1]]
        + " = " + value + " (written by T" + txns.get(c[2]).id() + ") instead of "
        + show(reader.values()[c[1]]);
  }

  /** A read of a committed transaction that saw a write returns the initial state. */
  static String readInitial(List<RecordingSink.Txn> txns, SplittableRandom random) {
    List<int[]> choices = new ArrayList<>();
    for (int t = 0; t < txns.size(); t++) {
      RecordingSink.Txn reader = txns.get(t);
      if (reader.outcome() != Outcome.COMMITTED) {
        continue;
      }
      for (int o = 0; o < reader.keys().length; o++) {
        if (!reader.write()[o] && reader.values()[o] != VersionStore.INITIAL) {
          choices.add(new int[] {t, o});
        }
      }
    }
    if (choices.isEmpty()) {
      return "none";
    }
    int[] c = choices.get(random.nextInt(choices.size()));
    RecordingSink.Txn reader = txns.get(c[0]);
    txns.set(c[0], reader.withValue(c[1], VersionStore.INITIAL));
    return "T" + reader.id() + " operation " + c[1] + " reads key " + reader.keys()[c[1]]
        + " = init instead of " + reader.values()[c[1]];
  }

  /** Two adjacent transactions of one session trade places (positions and timestamps). */
  static String swapInSession(List<RecordingSink.Txn> txns, SplittableRandom random) {
    List<int[]> pairs = new ArrayList<>();
    for (int a = 0; a < txns.size(); a++) {
      for (int b = 0; b < txns.size(); b++) {
        RecordingSink.Txn x = txns.get(a);
        RecordingSink.Txn y = txns.get(b);
        if (x.session() == y.session() && y.position() == x.position() + 1) {
          pairs.add(new int[] {a, b});
        }
      }
    }
    if (pairs.isEmpty()) {
      return "none";
    }
    int[] p = pairs.get(random.nextInt(pairs.size()));
    RecordingSink.Txn x = txns.get(p[0]);
    RecordingSink.Txn y = txns.get(p[1]);
    txns.set(p[0], x.movedTo(y));
    txns.set(p[1], y.movedTo(x));
    return "T" + x.id() + " and T" + y.id() + " of session " + x.session() + " trade places";
  }

  private static String show(long value) {
    return value == VersionStore.INITIAL ? "init" : Long.toString(value);
  }
}
