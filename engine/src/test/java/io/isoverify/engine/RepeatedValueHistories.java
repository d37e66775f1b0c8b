package io.isoverify.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hand-made histories in which several transactions write the same value to a key
 * (veristrong's DuplicateValue histories), each violation with its valid twin, in the
 * test DSL; the name says which (a twin's or a valid one's ends so). Used by this module's
 * {@code RepeatedValuesTest} and by spark-jobs' engine contract.
 */
public final class RepeatedValueHistories {
  /** veristrong's Figure 2b: whichever of T1, T2 wrote the x = 1 that T3 read, a cycle. */
  public static final String FIGURE_2B = "s1: [r y 1; w x 1]\ns2: [w y 1; w x 1]\ns3: [r y init; r x 1]";
  /** Its twin: T3 saw y = 1 too, so it may come after both writers. */
  public static final String FIGURE_2B_TWIN = "s1: [r y 1; w x 1]\ns2: [w y 1; w x 1]\ns3: [r y 1; r x 1]";
  /** veristrong's Figure 3, extended: T4 read 1 from T1, whose write came after T2's and T3's. */
  public static final String FIGURE_3 = "s1: [w x 1]\ns2: [w x 1] [w x 2] [r x 1]";
  /** A lost update: the aborted T4's 1 is no candidate, so both read committed T1's. */
  public static final String LOST_UPDATE = "s1: [w x 1]\ns2: [r x 1; w x 2]\ns3: [r x 1; w x 3]\ns4: [w x 1]!";
  public static final String LOST_UPDATE_TWIN = "s1: [w x 1]\ns2: [r x 1; w x 2]\ns3: [r x 2; w x 3]\ns4: [w x 1]!";
  /**
   * Write skew over values two transactions wrote: T3 runs after both writers (session
   * order), T4 after the second (it read its z), and each read 1 before the other's write,
   * whichever writer it read from: SER is violated, SI holds.
   */
  public static final String WRITE_SKEW = "s1: [w x 1; w y 1] [w x 1; w y 1; w z 1] "
      + "[r x 1; r y 1; w x 2]\ns2: [r z 1; r x 1; r y 1; w y 2]";
  public static final String WRITE_SKEW_TWIN = "s1: [w x 1; w y 1] [w x 1; w y 1; w z 1] "
      + "[r x 1; r y 1; w x 2]\ns2: [r z 1; r x 2; r y 1; w y 2]";
  /**
   * Real time: both writers of 1 ended before T2 wrote 2, which ended before T4 read 1; a
   * violation of SSER only.
   */
  public static final String REAL_TIME = "s1: [w x 1]@1-2 [w x 2]@3-4\ns2: [w x 1]@0-2\ns3: [r x 1]@5-6";
  /** Its twin: T3 may have ended after T2. */
  public static final String REAL_TIME_TWIN = "s1: [w x 1]@1-2 [w x 2]@3-4\ns2: [w x 1]@0-5\ns3: [r x 1]@5-6";

  private RepeatedValueHistories() {}

  /** Every history above by a name (twins and valid ones named so). */
  public static Map<String, String> cases() {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("repeated values, Figure 2b", FIGURE_2B);
    c.put("repeated values, Figure 2b twin", FIGURE_2B_TWIN);
    c.put("repeated values, Figure 3 valid", FIGURE_3);
    c.put("repeated values, lost update", LOST_UPDATE);
    c.put("repeated values, lost update twin", LOST_UPDATE_TWIN);
    c.put("repeated values, write skew", WRITE_SKEW);
    c.put("repeated values, write skew twin", WRITE_SKEW_TWIN);
    c.put("repeated values, real time", REAL_TIME);
    c.put("repeated values, real time twin", REAL_TIME_TWIN);
    return c;
  }
}
