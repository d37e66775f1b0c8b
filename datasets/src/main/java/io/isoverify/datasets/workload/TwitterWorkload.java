package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * A key-value form of cobra's C-Twitter: users tweet, follow or unfollow, and read their
 * timeline. Key layout, for {@code u} users: {@code u'} in {@code [0, u)} is user u''s
 * latest-tweet pointer, {@code u + u'} is u''s following list. Users are drawn from the
 * given distribution (cobra uses zipfian follows).
 * <pre>
 *   tweet     (40%): read and write the user's tweet pointer
 *   follow    (20%): read and write the user's following list
 *   timeline  (40%): read the following list, then the tweet pointers of 1..maxOps-1 users
 * </pre>
 */
public final class TwitterWorkload extends PlannedWorkload {
  private final KeyDistribution users;
  private final int maxOps;

  public TwitterWorkload(KeyDistribution users, int maxOps) {
    OpRange.check(1, maxOps);
    this.users = users;
    this.maxOps = maxOps;
  }

  @Override
  public void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    long n = users.keys();
    long user = users.next(random);
    double kind = random.nextDouble();
    if (kind < 0.4) {
      out.read(user);
      out.write(user);
    } else if (kind < 0.6) {
      out.read(n + user);
      out.write(n + user);
    } else {
      out.read(n + user);
      int followed = 1 + random.nextInt(Math.max(1, maxOps - 1));
      for (int i = 0; i < followed; i++) {
        out.read(users.next(random));
      }
    }
  }

  @Override
  public long keys() {
    return 2 * users.keys();
  }
}
