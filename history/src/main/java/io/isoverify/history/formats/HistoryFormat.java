package io.isoverify.history.formats;

import io.isoverify.history.History;
import io.isoverify.history.InvalidHistoryException;
import io.isoverify.history.io.JsonlHistoryReader;
import java.nio.file.Path;

/** Placeholder until the format readers land: JSON Lines only. */
public enum HistoryFormat {
  JSONL("jsonl");

  private final String code;

  HistoryFormat(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  public static HistoryFormat ofCode(String code) {
    for (HistoryFormat f : values()) {
      if (f.code.equals(code)) {
        return f;
      }
    }
    return null;
  }

  public static HistoryFormat detect(Path file) throws InvalidHistoryException {
    return JSONL;
  }

  public History read(Path file) throws InvalidHistoryException {
    return JsonlHistoryReader.read(file);
  }
}
