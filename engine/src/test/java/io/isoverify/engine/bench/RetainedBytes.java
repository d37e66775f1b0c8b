package io.isoverify.engine.bench;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bytes an object graph holds, by walking its instance fields (reflection; a benchmark
 * tool, not for hot paths): arrays as 16 bytes plus their elements, objects as 12 bytes plus
 * their fields, 8-byte aligned (a 64-bit JVM with compressed references). Objects already
 * counted for an earlier root are not counted again, so successive roots give what each
 * structure adds; each call still walks through them, so arrays that an earlier structure
 * has since replaced (a list that grew: the known graph during pruning) count for the later
 * root that reaches them (identity hash codes are kept, not the objects). Class objects,
 * threads and class loaders are not followed. O(objects) per call.
 */
public final class RetainedBytes {
  /**
   * Identity hash codes of the objects counted: holding the objects themselves would keep
   * every structure alive (a collision, rare with the few thousand arrays the pipeline holds,
   * leaves one object uncounted).
   */
  private final Set<Integer> seen = new HashSet<>();
  private final Map<Class<?>, List<Field>> fields = new IdentityHashMap<>();

  /** The bytes reachable from {@code root} that no earlier call counted. */
  public long add(Object root) {
    long bytes = 0;
    ArrayDeque<Object> todo = new ArrayDeque<>();
    Set<Object> walked = Collections.newSetFromMap(new IdentityHashMap<>());
    push(todo, walked, root);
    while (!todo.isEmpty()) {
      Object o = todo.pop();
      Class<?> c = o.getClass();
      boolean counted = !seen.add(System.identityHashCode(o));
      if (c.isArray()) {
        int n = Array.getLength(o);
        Class<?> e = c.getComponentType();
        bytes += counted ? 0 : align(16 + (long) n * width(e));
        if (!e.isPrimitive()) {
          for (Object x : (Object[]) o) {
            push(todo, walked, x);
          }
        }
        continue;
      }
      long size = 12;
      for (Field f : fieldsOf(c)) {
        Class<?> t = f.getType();
        size += width(t);
        if (!t.isPrimitive()) {
          try {
            push(todo, walked, f.get(o));
          } catch (IllegalAccessException e) {
            // not opened to us: counted as a reference only
          }
        }
      }
      bytes += counted ? 0 : align(size);
    }
    return bytes;
  }

  private static void push(ArrayDeque<Object> todo, Set<Object> walked, Object o) {
    if (o == null || o instanceof Class || o instanceof Thread || o instanceof ClassLoader
        || !walked.add(o)) {
      return;
    }
    todo.push(o);
  }

  private List<Field> fieldsOf(Class<?> c) {
    return fields.computeIfAbsent(c, k -> {
      List<Field> out = new ArrayList<>();
      for (Class<?> x = k; x != null; x = x.getSuperclass()) {
        for (Field f : x.getDeclaredFields()) {
          if (!Modifier.isStatic(f.getModifiers()) && f.trySetAccessible()) {
            out.add(f);
          }
        }
      }
      return out;
    });
  }

  private static long width(Class<?> t) {
    if (t == long.class || t == double.class) {
      return 8;
    }
    if (t == int.class || t == float.class) {
      return 4;
    }
    if (t == short.class || t == char.class) {
      return 2;
    }
    if (t == byte.class || t == boolean.class) {
      return 1;
    }
    return 4;
  }

  private static long align(long n) {
    return (n + 7) & ~7L;
  }
}
