package io.isoverify.cli;

import io.isoverify.history.check.Level;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

/**
 * The values of {@code --level}: SER, SI, SSER or all, in any case, several at once
 * separated by commas ({@code --level SER,SI}) and the option repeatable. The levels come
 * back once each, in {@link Level} order; SER when none is named.
 */
final class LevelOption {
  private LevelOption() {}

  /** The levels {@code values} name; a value that names none is a usage error. */
  static List<Level> parse(List<String> values) throws UsageException {
    EnumSet<Level> levels = EnumSet.noneOf(Level.class);
    for (String value : values) {
      for (String name : value.split(",", -1)) {
        levels.addAll(named(name.strip()));
      }
    }
    return levels.isEmpty() ? List.of(Level.SER) : List.copyOf(levels);
  }

  private static EnumSet<Level> named(String name) throws UsageException {
    if (name.equalsIgnoreCase("all")) {
      return EnumSet.allOf(Level.class);
    }
    for (Level l : Level.values()) {
      if (l.name().equalsIgnoreCase(name)) {
        return EnumSet.of(l);
      }
    }
    throw new UsageException("--level: unknown level \"" + name + "\"; known: SER, SI, SSER, "
        + "all (several: --level SER,SI)");
  }
}
