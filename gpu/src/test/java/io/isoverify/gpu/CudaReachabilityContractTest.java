package io.isoverify.gpu;

import io.isoverify.graph.ReachabilityContractTest;

/**
 * graph-partitioning's reachability contract with this module on the class path: every
 * case runs for the CPU backend and for {@link CudaReachability}, which is skipped, saying
 * why, where no CUDA device is.
 */
class CudaReachabilityContractTest extends ReachabilityContractTest {
}
