package io.isoverify.graph;

import java.util.Locale;

/**
 * Whether the reachability index is built on a GPU ({@code --gpu} of bin/verify,
 * {@code spark.verifier.gpu} on Spark): AUTO when a usable accelerated backend is on the
 * class path and finds a device, ON always (an error when none can run), OFF never.
 */
public enum GpuMode {
  AUTO, ON, OFF;

  /**
   * The mode a user wrote, in any case.
   *
   * @param setting the option's name, for the message
   * @throws IllegalArgumentException naming the setting and the value when it is none of
   *     auto, on, off
   */
  public static GpuMode parse(String value, String setting) {
    if (value != null) {
      for (GpuMode m : values()) {
        if (m.name().equalsIgnoreCase(value.trim())) {
          return m;
        }
      }
    }
    throw new IllegalArgumentException(setting + " must be auto, on or off, not '" + value + "'");
  }

  /** The word users write. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
