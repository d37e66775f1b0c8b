package io.isoverify.notebooks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for Zeppelin's ZeppelinContext ({@code z}) so that the notes' paragraphs run
 * unchanged outside Zeppelin: a text box answers what the test typed into it, else its
 * default (as Zeppelin does on a first run); {@code show} records what it was given.
 * Only the methods the notes call are here; a paragraph calling another fails to compile,
 * which is the point.
 */
public final class ZShim {
  ZShim() {}

  private final Map<String, String> typed = new LinkedHashMap<>();
  private final Map<String, String> asked = new LinkedHashMap<>();
  private final List<Object> shown = new ArrayList<>();

  /** Types {@code value} into the text box {@code name}, as a user of the note would. */
  void type(String name, String value) {
    typed.put(name, value);
  }

  /** Zeppelin: a paragraph's text box; its value, or the default when none was typed. */
  public Object textbox(String name, String defaultValue) {
    String value = typed.getOrDefault(name, defaultValue);
    asked.put(name, value);
    return value;
  }

  public Object textbox(String name) {
    return textbox(name, "");
  }

  /** Zeppelin: displays a DataFrame as a table (here: recorded). */
  public void show(Object o) {
    shown.add(o);
  }

  public void show(Object o, int maxResult) {
    shown.add(o);
  }

  /** The text boxes asked for, with the value each got. */
  Map<String, String> asked() {
    return asked;
  }

  /** What {@code show} was given since the last call, and forgets it. */
  List<Object> takeShown() {
    List<Object> s = List.copyOf(shown);
    shown.clear();
    return s;
  }
}
