package io.isoverify.history;

import java.util.Arrays;

/** A set of longs on one open-addressing array (no boxing). Long.MIN_VALUE marks a free slot. */
public final class LongSet {
  private static final long FREE = Long.MIN_VALUE;
  private long[] slots = new long[64];
  private boolean hasFree;
  private int size;

  public LongSet() {
    Arrays.fill(slots, FREE);
  }

  /** Adds {@code v}; false when it was there. */
  public boolean add(long v) {
    if (v == FREE) {
      boolean was = hasFree;
      hasFree = true;
      return !was;
    }
    if ((size + 1) * 2 > slots.length) {
      grow();
    }
    int mask = slots.length - 1;
    for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
      if (slots[i] == v) {
        return false;
      }
      if (slots[i] == FREE) {
        slots[i] = v;
        size++;
        return true;
      }
    }
  }

  public boolean isEmpty() {
    return size == 0 && !hasFree;
  }

  public boolean contains(long v) {
    if (v == FREE) {
      return hasFree;
    }
    int mask = slots.length - 1;
    for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
      if (slots[i] == v) {
        return true;
      }
      if (slots[i] == FREE) {
        return false;
      }
    }
  }

  /** Calls {@code f} with every element. */
  public void forEach(java.util.function.LongConsumer f) {
    if (hasFree) {
      f.accept(FREE);
    }
    for (long v : slots) {
      if (v != FREE) {
        f.accept(v);
      }
    }
  }

  private void grow() {
    long[] old = slots;
    slots = new long[old.length * 2];
    Arrays.fill(slots, FREE);
    size = 0;
    for (long v : old) {
      if (v != FREE) {
        add(v);
      }
    }
  }

  private static int mix(long v) {
    long h = v * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
