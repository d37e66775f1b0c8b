package io.isoverify.datasets.postgres;

import io.isoverify.datasets.workload.StepKind;
import io.isoverify.datasets.workload.TxnPlan;
import io.isoverify.history.Outcome;
import java.io.IOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * One client session: one thread with its own JDBC connection, running its share of the
 * workload one transaction at a time and recording each attempt as a transaction of the
 * history, at the next position of the session.
 *
 * <p>Outcomes: COMMITTED when {@code commit} returns. ABORTED after a serialization
 * failure or deadlock (SQLState 40001, 40P01; PostgreSQL has rolled the transaction back)
 * and when the connection is lost before {@code commit} was sent (the server rolls back an
 * open transaction whose client goes away); the same steps are then retried as a new
 * transaction. UNKNOWN when the connection is lost during {@code commit}: the transaction
 * may have committed, so it is not retried (a retry could apply it twice). Any other error
 * ends the collection. An attempt records the reads that returned and the writes it sent;
 * one whose first operation, a read, failed has nothing to record and leaves a gap in the
 * session's positions.
 *
 * <p>Values: the n-th write or append of session s installs {@code s * 2^40 + n} (n from
 * 1), unique across the collection and never {@link KeyValueTable#INITIAL_VALUE}, so every
 * read names its writer; with repeated values ({@link RepeatedValues}) some register writes
 * install their key's first value again instead. A statement on rows ({@link RowStatements})
 * gives every row it writes its one value. A list read returns the key's whole array (no row: the empty list). Timestamps: the shared clock read before the first statement and after
 * {@code commit} (or {@code rollback}) returns; for an UNKNOWN transaction, when the client
 * gave up, which need not bound when the server committed it.
 */
final class ClientSession implements Callable<CollectionResult> {
  private static final int VALUE_SHIFT = 40;
  private static final int RECONNECT_ATTEMPTS = 5;
  private static final long RECONNECT_BACKOFF_MILLIS = 50;
  private static final long[] NO_ELEMENTS = {};

  private final RunContext run;
  private final int session;
  private final long transactions;
  private final SplittableRandom random;
  private final PendingTransaction pending = new PendingTransaction();
  private final TxnPlan plan = new TxnPlan();

  private Connection connection;
  private PreparedStatement select;
  private PreparedStatement upsert;
  private PreparedStatement append;
  private RowStatements rows;
  private int position;
  private long writes;
  private long committed;
  private long aborted;
  private long unknown;
  private long abandoned;

  /** Takes ownership of {@code connection}, opened by {@link RunContext#connect}. */
  ClientSession(RunContext run, int session, Connection connection, SplittableRandom random)
      throws SQLException {
    this.run = run;
    this.session = session;
    this.transactions = run.config().transactionsOf(session);
    this.random = random;
    use(connection);
  }

  @Override
  public CollectionResult call() throws CollectionException, IOException {
    try {
      for (long i = 0; i < transactions; i++) {
        run.plan(session, random, plan);
        runWithRetries();
      }
    } finally {
      close();
    }
    return new CollectionResult(committed, aborted, unknown, abandoned, 0);
  }

  private void runWithRetries() throws CollectionException, IOException {
    for (int attempt = 0; ; attempt++) {
      Outcome outcome = attempt();
      switch (outcome) {
        case COMMITTED -> committed++;
        case UNKNOWN -> unknown++;
        case ABORTED -> aborted++;
      }
      if (outcome != Outcome.ABORTED) {
        return;
      }
      if (attempt == run.config().maxRetries()) {
        abandoned++;
        return;
      }
    }
  }

  private Outcome attempt() throws CollectionException, IOException {
    long txn = run.txnIds().getAndIncrement();
    int txnPosition = position++;
    pending.clear();
    long start = run.clock().now();
    Outcome outcome;
    boolean committing = false;
    try {
      for (int i = 0; i < plan.size(); i++) {
        step(i);
      }
      committing = true;
      connection.commit();
      outcome = Outcome.COMMITTED;
    } catch (SQLException e) {
      outcome = failed(e, committing, txn);
    }
    long end = run.clock().now();
    run.sink().write(session, txn, txnPosition, outcome, start, end, pending);
    return outcome;
  }

  private void step(int i) throws SQLException {
    long key = plan.key(i);
    switch (plan.kind(i)) {
      case READ -> read(key);
      case WRITE -> write(key);
      case APPEND -> append(key);
      case READ_LIST -> readList(key);
      case ROW_WRITE, ROW_INSERT -> rows.write(key, nextValue(), plan.low(i), plan.high(i),
          plan.kind(i) == StepKind.ROW_INSERT, pending);
      case PREDICATE_READ -> rows.read((int) key, plan.low(i), plan.high(i), pending);
      case PREDICATE_UPDATE -> rows.update((int) key, plan.low(i), plan.high(i),
          plan.setField(i), plan.setValue(i), nextValue(), pending);
      case PREDICATE_DELETE -> rows.delete((int) key, plan.low(i), plan.high(i), nextValue(),
          pending);
      default -> throw new IllegalStateException(
          "the collector cannot run a " + plan.kind(i) + " step");
    }
  }

  private long nextValue() {
    return ((long) session << VALUE_SHIFT) + ++writes;
  }

  // Writes and appends are recorded before they run: one the database refused belongs to
  // the aborted attempt as what the client sent, and is never visible, so it cannot mislead
  // a checker.

  private void write(long key) throws SQLException {
    long value = run.repeated().value(key, nextValue(), random);
    pending.write(key, value);
    send(upsert, key, value);
  }

  private void append(long key) throws SQLException {
    long element = nextValue();
    pending.append(key, element);
    send(append, key, element);
  }

  private static void send(PreparedStatement statement, long key, long value)
      throws SQLException {
    statement.setLong(1, key);
    statement.setLong(2, value);
    statement.executeUpdate();
  }

  private void read(long key) throws SQLException {
    Long value = (Long) select(key, false);
    if (value == null || value == KeyValueTable.INITIAL_VALUE) {
      pending.readInitial(key);
    } else {
      pending.read(key, value);
    }
  }

  private void readList(long key) throws SQLException {
    long[] list = (long[]) select(key, true);
    pending.readList(key, list == null ? NO_ELEMENTS : list);
  }

  /** The key's value (a Long, or for a list its elements as a long[]), or null: no row. */
  private Object select(long key, boolean list) throws SQLException {
    select.setLong(1, key);
    try (ResultSet rs = select.executeQuery()) {
      if (!rs.next()) {
        return null;
      }
      if (!list) {
        return rs.getLong(1);
      }
      Array array = rs.getArray(1);
      Object[] boxed = (Object[]) array.getArray();
      long[] elements = new long[boxed.length];
      for (int i = 0; i < elements.length; i++) {
        elements[i] = (Long) boxed[i];
      }
      array.free();
      return elements;
    }
  }

  /** The outcome of an attempt that threw; rolls back or reconnects so the next can run. */
  private Outcome failed(SQLException e, boolean committing, long txn)
      throws CollectionException {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    if (state.equals("40001") || state.equals("40P01")) {
      try {
        connection.rollback();
      } catch (SQLException rollbackFailure) {
        reconnect(txn);
      }
      return Outcome.ABORTED;
    }
    if (state.startsWith("08") || state.startsWith("57P") || !isOpen()) {
      reconnect(txn);
      return committing ? Outcome.UNKNOWN : Outcome.ABORTED;
    }
    throw new CollectionException(where(txn), e);
  }

  private boolean isOpen() {
    try {
      return connection.isValid(5);
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * Replaces a lost connection. A server that restarts or kills sessions may refuse or
   * drop the first tries, so it tries a few times, waiting a little longer each time.
   */
  private void reconnect(long txn) throws CollectionException {
    close();
    for (int attempt = 1; ; attempt++) {
      try {
        use(run.connect(applicationName(session)));
        return;
      } catch (SQLException e) {
        if (attempt == RECONNECT_ATTEMPTS) {
          throw new CollectionException(where(txn) + ": lost the connection and could not"
              + " reconnect in " + RECONNECT_ATTEMPTS + " tries", e);
        }
      }
      try {
        Thread.sleep(RECONNECT_BACKOFF_MILLIS * attempt);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CollectionException(where(txn) + ": interrupted while reconnecting");
      }
    }
  }

  /** How a session's connections show in {@code pg_stat_activity}. */
  static String applicationName(int session) {
    return "isoverify-session-" + session;
  }

  private void use(Connection c) throws SQLException {
    connection = c;
    select = c.prepareStatement(run.table().selectSql());
    upsert = c.prepareStatement(run.table().upsertSql());
    append = c.prepareStatement(run.table().appendSql());
    rows = run.table().rows() ? new RowStatements(c, run.table().name()) : null;
  }

  /** Closes the connection; best effort, since it may be the one that was lost. */
  void close() {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // nothing to do: the server drops the session and rolls back whatever was open
    }
  }

  private String where(long txn) {
    return "session " + session + ", transaction " + txn;
  }
}
