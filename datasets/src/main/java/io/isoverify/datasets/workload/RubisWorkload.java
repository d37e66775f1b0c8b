package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * A key-value form of RUBiS, the eBay-like bidding benchmark (cobra and polysi use it).
 * Key layout, for {@code i} items and {@code u = max(1, i/10)} users: {@code [0, u)} user
 * records, {@code [u, u+i)} items' highest bid, {@code [u+i, u+2i)} items' comment lists.
 * Items are drawn from the given distribution, users uniformly.
 * <pre>
 *   browse        (50%): read the highest bid of 1..maxOps items
 *   bid           (25%): read and write an item's highest bid and the bidder's record
 *   comment       (10%): read and write a seller's record and an item's comment list
 *   register item (10%): write an item's highest bid and comment list (blind writes)
 *   register user  (5%): write a user record (blind write)
 * </pre>
 */
public final class RubisWorkload extends PlannedWorkload {
  private final KeyDistribution items;
  private final long users;
  private final int maxOps;

  public RubisWorkload(KeyDistribution items, int maxOps) {
    OpRange.check(1, maxOps);
    this.items = items;
    this.users = Math.max(1, items.keys() / 10);
    this.maxOps = maxOps;
  }

  @Override
  public void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    long bids = users;
    long comments = users + items.keys();
    double kind = random.nextDouble();
    if (kind < 0.5) {
      int n = 1 + random.nextInt(maxOps);
      for (int i = 0; i < n; i++) {
        out.read(bids + items.next(random));
      }
    } else if (kind < 0.75) {
      long item = bids + items.next(random);
      long user = random.nextLong(users);
      out.read(item);
      out.write(item);
      out.read(user);
      out.write(user);
    } else if (kind < 0.85) {
      long seller = random.nextLong(users);
      long item = comments + items.next(random);
      out.read(seller);
      out.write(seller);
      out.read(item);
      out.write(item);
    } else if (kind < 0.95) {
      long item = items.next(random);
      out.write(bids + item);
      out.write(comments + item);
    } else {
      out.write(random.nextLong(users));
    }
  }

  @Override
  public long keys() {
    return users + 2 * items.keys();
  }
}
