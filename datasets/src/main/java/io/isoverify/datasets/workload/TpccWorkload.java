package io.isoverify.datasets.workload;

import java.util.SplittableRandom;

/**
 * A key-value form of TPC-C (one warehouse, ten districts), with the standard mix of cobra
 * section 6. Nearly every update is a read-modify-write, which is why cobra's write
 * combining resolves all its constraints. Items are drawn from the given distribution.
 * Key layout ({@code D = 10} districts, {@code C = 30} customers per district,
 * {@code R = 16} order slots per district, {@code I} items):
 * <pre>
 *   0                      warehouse year-to-date
 *   1 .. D                 district next order id
 *   D+1 .. 2D              district year-to-date
 *   2D+1 ..  +D*C          customer balance
 *   then I                 item stock
 *   then D*R               order records (a ring of slots per district)
 *
 *   new order    (45%): read warehouse; rmw district next id; read customer;
 *                       rmw the stock of 5..15 items; write an order slot
 *   payment      (43%): rmw warehouse, district and customer year-to-date / balance
 *   order status  (4%): read a customer and an order slot of its district
 *   delivery      (4%): for every district, rmw an order slot and a customer balance
 *   stock level   (4%): read a district's next id and the stock of 10..20 items
 * </pre>
 */
public final class TpccWorkload extends PlannedWorkload {
  private static final int DISTRICTS = 10;
  private static final int CUSTOMERS = 30;
  private static final int SLOTS = 16;
  private static final long CUSTOMER_BASE = 2 * DISTRICTS + 1;
  private static final long STOCK_BASE = CUSTOMER_BASE + (long) DISTRICTS * CUSTOMERS;

  private final KeyDistribution items;
  private final long orderBase;

  public TpccWorkload(KeyDistribution items) {
    this.items = items;
    this.orderBase = STOCK_BASE + items.keys();
  }

  @Override
  public void plan(int session, SplittableRandom random, TxnPlan out) {
    out.clear();
    int d = random.nextInt(DISTRICTS);
    long customer = CUSTOMER_BASE + (long) d * CUSTOMERS + random.nextInt(CUSTOMERS);
    double kind = random.nextDouble();
    if (kind < 0.45) {
      out.read(0);
      rmw(out, 1 + d);
      out.read(customer);
      int lines = 5 + random.nextInt(11);
      for (int i = 0; i < lines; i++) {
        rmw(out, STOCK_BASE + items.next(random));
      }
      out.write(slot(d, random));
    } else if (kind < 0.88) {
      rmw(out, 0);
      rmw(out, 1 + DISTRICTS + d);
      rmw(out, customer);
    } else if (kind < 0.92) {
      out.read(customer);
      out.read(slot(d, random));
    } else if (kind < 0.96) {
      for (int district = 0; district < DISTRICTS; district++) {
        rmw(out, slot(district, random));
        rmw(out, CUSTOMER_BASE + (long) district * CUSTOMERS + random.nextInt(CUSTOMERS));
      }
    } else {
      out.read(1 + d);
      int n = 10 + random.nextInt(11);
      for (int i = 0; i < n; i++) {
        out.read(STOCK_BASE + items.next(random));
      }
    }
  }

  private long slot(int district, SplittableRandom random) {
    return orderBase + (long) district * SLOTS + random.nextInt(SLOTS);
  }

  private static void rmw(TxnPlan out, long key) {
    out.read(key);
    out.write(key);
  }

  @Override
  public long keys() {
    return orderBase + (long) DISTRICTS * SLOTS;
  }
}
