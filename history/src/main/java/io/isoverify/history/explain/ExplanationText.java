package io.isoverify.history.explain;

import io.isoverify.history.History;
import io.isoverify.history.OpKind;
import io.isoverify.history.PredicateRead;
import io.isoverify.history.WrittenFields;
import io.isoverify.history.anomaly.Edge;
import io.isoverify.history.anomaly.EdgeType;
import io.isoverify.history.check.Level;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An {@link Explanation} as text a person reads top to bottom, in Elle's manner: first who
 * the transactions are (only the operations that take part), then one line per dependency
 * saying which reads and writes make it hold (a predicate read by what it returned and the
 * field of the version it missed or saw), then the contradiction and what it rules out.
 */
public final class ExplanationText {
  private final History h;

  public ExplanationText(History h) {
    this.h = h;
  }

  public String render(Explanation x) {
    return render(x, x.title());
  }

  /** The same, headed by {@code title} in place of the anomaly's title ("[1] G0 breaks SER"). */
  public String render(Explanation x, String title) {
    StringBuilder s = new StringBuilder();
    s.append(title).append(": ").append(meaning(x)).append('\n');
    s.append("Let\n");
    for (int t : x.txns()) {
      s.append("  ").append(txn(t)).append(" = ").append(body(t, x.ops())).append('\n');
    }
    if (x.isCycle()) {
      s.append("Then:\n");
      List<Edge> cycle = x.steps().stream().map(Step::edge).toList();
      for (int i = 0; i < x.steps().size(); i++) {
        s.append("  - ").append(because(x.steps().get(i)))
            .append(i + 1 < x.steps().size() ? ";" : ".").append('\n');
      }
      s.append("A contradiction: ").append(cycle.stream().map(e -> txn(e.from()))
          .collect(Collectors.joining(" < "))).append(" < ").append(txn(cycle.get(0).from()))
          .append(", so no order of the transactions explains what they read.\n");
    } else {
      s.append("Then: ").append(x.summary()).append(".\n");
    }
    s.append("Rules out ").append(x.rulesOut().stream().map(Level::name)
        .collect(Collectors.joining(", "))).append("; ")
        .append(x.stillPossible() == null ? "no weaker level allows it either"
            : "the history could still be " + x.stillPossible()).append(".\n");
    return s.toString();
  }

  private static String meaning(Explanation x) {
    return x.pattern() != null ? x.pattern().meaning() : x.anomaly().meaning();
  }

  /** Why one edge holds, from the operations the history shows. */
  public String because(Step s) {
    Edge e = s.edge();
    String a = txn(e.from());
    String b = txn(e.to());
    String k = e.key() >= 0 ? h.showKey(e.key()) : "?";
    String arrow = ", so " + a + " -> " + b + " (" + e.type() + (e.key() >= 0 ? " on " + k : "") + ")";
    if (s.fromOp() < 0 && s.toOp() < 0 && e.type() != EdgeType.SO && e.type() != EdgeType.RT) {
      return "the search ordered " + a + " before " + b + arrow;
    }
    if (e.type() == EdgeType.RW && predicateAt(e.from(), s.fromOp())) {
      return a + "'s " + seen(e.from(), s.fromOp(), e.key()) + ": " + version(e) + "; " + b
          + next(s.toOp(), k) + fields(s.toOp(), s.fromOp()) + arrow;
    }
    if (e.type() == EdgeType.WR && e.from() >= 0 && predicateAt(e.to(), s.toOp())) {
      return b + "'s " + seen(e.to(), s.toOp(), e.key()) + ": the one " + a + " wrote, " + k
          + " = " + h.showValue(e.value()) + fields(s.fromOp(), s.toOp()) + arrow;
    }
    return switch (e.type()) {
      case WR -> (e.from() < 0 ? b + " read the initial " + k
          : a + " wrote " + k + " = " + h.showValue(e.value()) + " and " + b + " read it") + arrow;
      case WW -> (e.from() < 0 ? b + (deletes(s.toOp()) ? " deleted " + k
              : " wrote " + k + " = " + value(s.toOp())) + " over the initial state"
          : a + " wrote " + k + " = " + h.showValue(e.value()) + " and " + b
              + (deletes(s.toOp()) ? " deleted it" : " overwrote it with " + value(s.toOp()))) + arrow;
      case RW -> a + " read " + k + " = " + h.showValue(e.value()) + " and " + b + next(s.toOp(), k)
          + arrow;
      case SO -> a + " ran before " + b + " in session " + h.sessionName(h.session(e.from())) + arrow;
      case RT -> a + " ended (at " + h.endTs(e.from()) + ") before " + b + " started (at "
          + h.startTs(e.to()) + ")" + arrow;
    };
  }

  /** " installed the next version, x = 2", or " deleted x, the next version" for a delete. */
  private String next(int op, String k) {
    return deletes(op) ? " deleted " + k + ", the next version"
        : " installed the next version, " + k + " = " + value(op);
  }

  private boolean deletes(int op) {
    return op >= 0 && h.opKind(op) == OpKind.DELETE;
  }

  private boolean predicateAt(int t, int op) {
    return t >= 0 && op >= 0 && h.predicate(op) != null;
  }

  /**
   * "predicate read (field 1 in [0, 9]) did not return x, so it saw a version of x that does
   * not match": what t's predicate read (or update) {@code op} shows of key.
   */
  private String seen(int t, int op, int key) {
    PredicateRead p = h.predicate(op);
    boolean update = p.matched() > 0 && op + 1 < h.endOp(t) && h.opKind(op + 1).installsVersion();
    boolean returned = StepFinder.returns(h, t, op, p, key);
    String k = h.showKey(key);
    return (update ? "predicate update (" : "predicate read (") + predicate(p) + ") "
        + (returned ? (update ? "updated " : "returned ") : (update ? "did not update " : "did not return "))
        + k + ", so it saw a version of " + k + " that " + (returned ? "matches" : "does not match");
  }

  /** "the initial state" or "x = 1": the version an edge says its reader saw. */
  private String version(Edge e) {
    return e.value() == History.INITIAL ? "the initial state"
        : h.showKey(e.key()) + " = " + h.showValue(e.value());
  }

  /** " (field 1 = 5)": the field predicate read {@code op} tests, as write w set it; "" if it did not. */
  private String fields(int w, int op) {
    PredicateRead p = h.predicate(op);
    int slot = w < 0 ? -1 : h.writtenFieldSlot(w, p.field());
    return slot < 0 ? "" : " (field " + p.field() + " = " + h.writtenFieldValue(slot) + ")";
  }

  /** "field 1 in [0, 9]". */
  static String predicate(PredicateRead p) {
    return "field " + p.field() + " in [" + p.low() + ", " + p.high() + "]";
  }

  /**
   * "x=1", the key and value an edge is about; only the key for a WW edge without the value
   * it overwrote; "" for SO and RT.
   */
  public String keyValue(Edge e) {
    if (e.key() < 0) {
      return "";
    }
    boolean unknown = e.value() == History.INITIAL && e.type() == EdgeType.WW;
    return h.showKey(e.key()) + (unknown ? "" : "=" + h.showValue(e.value()));
  }

  private String value(int op) {
    return op < 0 ? "?" : h.showValue(h.opValue(op));
  }

  private String txn(int t) {
    return t < 0 ? "init" : h.showTxn(t);
  }

  /** "session a, committed: [r x 1; ...; w y 2]": the operations that take part, elisions marked. */
  public String body(int t, List<Integer> ops) {
    if (t < 0) {
      return "the initial state";
    }
    StringBuilder s = new StringBuilder("session ").append(h.sessionName(h.session(t))).append(", ")
        .append(h.outcome(t).code()).append(": [");
    boolean gap = false;
    boolean first = true;
    for (int o = h.firstOp(t); o < h.endOp(t); o++) {
      if (!ops.contains(o)) {
        gap = true;
        continue;
      }
      if (!first) {
        s.append("; ");
      }
      if (gap) {
        s.append("...; ");
      }
      s.append(op(o));
      first = false;
      gap = false;
    }
    if (gap) {
      s.append(first ? "..." : "; ...");
    }
    return s.append(']').toString();
  }

  /**
   * "r x 1", "w y 2"; a write that sets row fields with them, "w y 2 {1=5}"; a predicate read,
   * "pr field 1 in [0, 9]: 2 rows".
   */
  public String op(int o) {
    PredicateRead p = h.predicate(o);
    if (p != null) {
      return h.opKind(o).code() + " " + predicate(p) + ": " + p.matched()
          + (p.matched() == 1 ? " row" : " rows");
    }
    String op = h.opKind(o).code() + " " + h.showKey(h.opKey(o)) + " " + h.showValue(h.opValue(o));
    WrittenFields f = h.writtenFields(o);
    if (f == null) {
      return op;
    }
    StringBuilder s = new StringBuilder(op).append(" {");
    for (int i = 0; i < f.field().length; i++) {
      s.append(i == 0 ? "" : ", ").append(f.field()[i]).append('=').append(f.value()[i]);
    }
    return s.append('}').toString();
  }
}
