package io.isoverify.audit;

import io.isoverify.engine.VerifierOptions;
import io.isoverify.history.check.Level;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The audit's arguments, {@code --repository DIR [--tag KEY=VALUE]... [--level L]...
 * PARTITION...}, turned into a {@link Audit.Request}: the one meaning of them that
 * {@code bin/audit} (cli's picocli command) and the spark-submit entry point share.
 */
public final class AuditArgs {
  private AuditArgs() {}

  /** The usage line. */
  public static final String USAGE = "audit --repository DIR [--tag KEY=VALUE]..."
      + " [--level SER|SI|SSER|all]... PARTITION...";

  /** A request from its parts; an {@link IllegalArgumentException} says what is wrong. */
  public static Audit.Request request(Path repository, List<String> tags, List<String> levels,
      List<Path> partitions) {
    if (repository == null) {
      throw new IllegalArgumentException("--repository DIR is required");
    }
    if (partitions.isEmpty()) {
      throw new IllegalArgumentException("no PARTITION given");
    }
    Map<String, String> tagMap = new LinkedHashMap<>();
    for (String t : tags) {
      int eq = t.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--tag " + t + ": expected KEY=VALUE");
      }
      tagMap.put(t.substring(0, eq), t.substring(eq + 1));
    }
    EnumSet<Level> ls = EnumSet.noneOf(Level.class);
    for (String value : levels) {
      for (String name : value.split(",", -1)) {
        String n = name.strip().toUpperCase(Locale.ROOT);
        if (n.equals("ALL")) {
          ls.addAll(EnumSet.allOf(Level.class));
        } else {
          try {
            ls.add(Level.valueOf(n));
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--level: unknown level \"" + name
                + "\"; known: SER, SI, SSER, all");
          }
        }
      }
    }
    return new Audit.Request(repository, List.copyOf(partitions), tagMap, List.copyOf(ls),
        VerifierOptions.defaults());
  }
}
