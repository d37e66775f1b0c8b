package io.isoverify.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The branches give back every list exactly as it was added, whatever the lists'
 * relations: a key's lists growing (Elle's usual case), shrinking, branching (two reads
 * that are not prefixes of one another), repeating an element, empty, or a list of one
 * key equal to another key's; operations without a list stay without.
 */
class ReadListsTest {
  @Test
  void everyListComesBackAsAdded() {
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      int keys = 1 + random.nextInt(4);
      int ops = 1 + random.nextInt(60);
      int[][] expected = new int[ops][];
      int[][] current = new int[keys][];
      ReadLists.Builder builder = new ReadLists.Builder();
      int[] branchOfOp = new int[ops];
      int[] lengthOfOp = new int[ops];
      int count = 0;
      int[] buffer = new int[128];
      for (int o = 0; o < ops; o++) {
        if (random.nextInt(4) == 0) {
          branchOfOp[o] = -1;
          continue;
        }
        int key = random.nextInt(keys);
        int[] list = next(random, current[key] == null ? new int[0] : current[key]);
        current[key] = list;
        expected[o] = list;
        System.arraycopy(list, 0, buffer, 0, list.length);
        buffer[list.length] = -7; // what lies beyond the length is not part of the list
        builder.add(o, key, buffer, list.length);
        count++;
      }
      for (int o = 0; o < ops; o++) {
        if (expected[o] != null) {
          branchOfOp[o] = builder.branch(o);
          lengthOfOp[o] = builder.length(o);
        }
      }
      ReadLists lists = builder.build(branchOfOp, lengthOfOp, count);
      assertEquals(count, lists.size());
      List<Integer> withList = new ArrayList<>();
      for (int o = 0; o < ops; o++) {
        assertArrayEquals(expected[o], lists.of(o), "round " + round + ", operation " + o);
        assertEquals(expected[o] != null, lists.containsKey(o));
        if (expected[o] != null) {
          withList.add(o);
        }
      }
      List<Integer> iterated = new ArrayList<>();
      for (Map.Entry<Integer, int[]> e : lists.entrySet()) {
        iterated.add(e.getKey());
        assertArrayEquals(expected[e.getKey()], e.getValue());
      }
      assertEquals(withList, iterated);
      assertEquals(withList, new ArrayList<>(lists.keySet()));
      assertEquals(withList.size(), lists.keySet().size());
      assertNull(lists.of(ops));
    }
  }

  /** A key's next list: longer, shorter, a branch, a repeat, or the same again. */
  private static int[] next(Random random, int[] prev) {
    int[] list;
    switch (random.nextInt(5)) {
      case 0 -> {
        list = Arrays.copyOf(prev, prev.length + 1 + random.nextInt(3));
        for (int i = prev.length; i < list.length; i++) {
          list[i] = random.nextInt(10);
        }
      }
      case 1 -> list = Arrays.copyOf(prev, random.nextInt(prev.length + 1));
      case 2 -> {
        list = Arrays.copyOf(prev, prev.length);
        if (list.length > 0) {
          list[random.nextInt(list.length)] = random.nextInt(10);
        }
      }
      case 3 -> {
        list = new int[random.nextInt(4)];
        Arrays.fill(list, random.nextInt(3));
      }
      default -> list = prev.clone();
    }
    return list;
  }

  @Test
  void growingListsShareOneBranch() {
    ReadLists.Builder builder = new ReadLists.Builder();
    int[] buffer = new int[100];
    int[] branchOfOp = new int[101];
    int[] lengthOfOp = new int[101];
    for (int o = 0; o < 100; o++) {
      buffer[o] = 1000 + o;
      builder.add(o, 0, buffer, o + 1);
      branchOfOp[o] = builder.branch(o);
      lengthOfOp[o] = builder.length(o);
      assertEquals(branchOfOp[0], branchOfOp[o], "a list extending the last one shares its branch");
    }
    buffer[50] = 7;
    builder.add(100, 0, buffer, 60);
    branchOfOp[100] = builder.branch(100);
    lengthOfOp[100] = builder.length(100);
    assertTrue(branchOfOp[100] != branchOfOp[0], "a list that is no prefix starts a branch");
    ReadLists lists = builder.build(branchOfOp, lengthOfOp, 101);
    assertEquals(100, lists.of(99).length);
    assertEquals(1099, lists.of(99)[99]);
    assertEquals(1050, lists.of(99)[50]);
    assertEquals(7, lists.of(100)[50]);
    assertTrue(lists.containsKey(0));
    assertFalse(ReadLists.NONE.containsKey(0));
  }
}
