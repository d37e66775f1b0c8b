package io.isoverify.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The check of {@code --out} before any work: it names a folder, existing or not, that can be
 * written (created when missing, with its parents). A file of that name, a file where a parent
 * folder should be, or a folder that cannot be written is a usage error before the check runs,
 * not an error after it. Nothing is created here: bad input leaves no folder behind.
 */
final class OutFolder {
  private OutFolder() {}

  /** Throws when the report files could not be written to {@code out}. */
  static void check(Path out) throws UsageException {
    Path abs = out.toAbsolutePath().normalize();
    if (Files.exists(abs)) {
      if (!Files.isDirectory(abs)) {
        throw new UsageException("--out " + out + ": is a file, not a folder");
      }
      if (!Files.isWritable(abs)) {
        throw new UsageException("--out " + out + ": the folder cannot be written (no permission)");
      }
      return;
    }
    Path parent = abs.getParent();
    while (parent != null && !Files.exists(parent)) {
      parent = parent.getParent();
    }
    if (parent == null) {
      return;
    }
    if (!Files.isDirectory(parent)) {
      throw new UsageException("--out " + out + ": the folder cannot be created: " + parent
          + " is a file");
    }
    if (!Files.isWritable(parent)) {
      throw new UsageException("--out " + out + ": the folder cannot be created: no permission "
          + "to write in " + parent);
    }
  }
}
