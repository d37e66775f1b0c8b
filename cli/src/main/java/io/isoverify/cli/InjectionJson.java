package io.isoverify.cli;

import io.isoverify.datasets.sim.Injection;
import io.isoverify.history.anomaly.Anomaly;
import io.isoverify.history.check.Level;
import java.util.List;

/** The JSON form of an {@link Injection} label, written beside a generated history. */
final class InjectionJson {
  private InjectionJson() {}

  /**
   * {"anomaly":"LostUpdate","name":"LOST_UPDATE","txns":[..],"keys":[..],"description":"..",
   * "violates":["SER","SI","SSER"],"names":["LostUpdate"]}: the levels in Level order, the
   * names (display names) in Anomaly order.
   */
  static String of(Injection i) {
    StringBuilder b = new StringBuilder();
    b.append("{\"anomaly\":\"").append(i.anomaly().displayName()).append("\",\"name\":\"")
        .append(i.anomaly().name()).append("\",\"txns\":").append(list(i.txns()))
        .append(",\"keys\":").append(list(i.keys())).append(",\"description\":\"")
        .append(i.description().replace("\\", "\\\\").replace("\"", "\\\"")).append("\",\"violates\":[");
    String sep = "";
    for (Level l : Level.values()) {
      if (i.violates().contains(l)) {
        b.append(sep).append('"').append(l.name()).append('"');
        sep = ",";
      }
    }
    b.append("],\"names\":[");
    sep = "";
    for (Anomaly a : Anomaly.values()) {
      if (i.names().contains(a)) {
        b.append(sep).append('"').append(a.displayName()).append('"');
        sep = ",";
      }
    }
    return b.append("]}\n").toString();
  }

  private static String list(List<Long> values) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < values.size(); i++) {
      b.append(i == 0 ? "" : ",").append(values.get(i));
    }
    return b.append(']').toString();
  }
}
