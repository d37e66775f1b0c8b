package io.isoverify.cli;

import io.isoverify.datasets.sim.Injection;
import java.util.List;

/** The JSON form of an {@link Injection} label, written beside a generated history. */
final class InjectionJson {
  private InjectionJson() {}

  /** {"anomaly":"LostUpdate","name":"LOST_UPDATE","txns":[..],"keys":[..],"description":".."}. */
  static String of(Injection i) {
    StringBuilder b = new StringBuilder();
    b.append("{\"anomaly\":\"").append(i.anomaly().displayName()).append("\",\"name\":\"")
        .append(i.anomaly().name()).append("\",\"txns\":").append(list(i.txns()))
        .append(",\"keys\":").append(list(i.keys())).append(",\"description\":\"")
        .append(i.description().replace("\\", "\\\\").replace("\"", "\\\"")).append("\"}\n");
    return b.toString();
  }

  private static String list(List<Long> values) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < values.size(); i++) {
      b.append(i == 0 ? "" : ",").append(values.get(i));
    }
    return b.append(']').toString();
  }
}
