// Reachability kernels of the gpu module (gpu/README.md), compiled to PTX by nvcc during the
// build and loaded by io.isoverify.gpu.CudaKernels through JCuda's driver API.
//
// The chain-cover table (graph-partitioning's ChainReachability): first[u*k + c] is the
// earliest position on chain c that node u reaches, INT_MAX when none.
#include <climits>

// Entry (u, c) of the table: u's own position on its own chain, else the minimum over u's
// successors w of first[w][c] (their rows are final: they lie on lower levels).
__device__ __forceinline__ void fillEntry(const int* outStart, const int* outHead,
    const int* chainOf, const int* posOf, int u, int c, int k, int* first) {
  int best = INT_MAX;
  if (chainOf[u] == c) {
    best = posOf[u];
  } else {
    for (int a = outStart[u]; a < outStart[u + 1]; a++) {
      int x = first[(long long) outHead[a] * k + c];
      best = x < best ? x : best;
    }
  }
  first[(long long) u * k + c] = best;
}

// One wide level of the table, filled in reverse topological order (levels by height: a
// node's successors all have lower heights). Thread t fills entry (levelNodes[offset + t / k],
// t % k); adjacent threads read adjacent columns of a successor's row.
extern "C" __global__ void fillLevel(const int* outStart, const int* outHead,
    const int* chainOf, const int* posOf, const int* levelNodes, int offset, int count, int k,
    int* first) {
  long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long) count * k) {
    return;
  }
  fillEntry(outStart, outHead, chainOf, posOf, levelNodes[offset + (int) (t / k)], (int) (t % k),
      k, first);
}

// A run of narrow levels from..to-1 in one launch of one block: the block's threads stride
// over each level's entries, then wait for each other (__syncthreads makes the level's
// writes visible to the whole block) before the next level. Long session chains make many
// levels of a few nodes each; this spares one launch per level.
extern "C" __global__ void fillLevels(const int* outStart, const int* outHead,
    const int* chainOf, const int* posOf, const int* levelNodes, const int* levelStart,
    int from, int to, int k, int* first) {
  for (int l = from; l < to; l++) {
    int offset = levelStart[l];
    long long total = (long long) (levelStart[l + 1] - offset) * k;
    for (long long t = threadIdx.x; t < total; t += blockDim.x) {
      fillEntry(outStart, outHead, chainOf, posOf, levelNodes[offset + (int) (t / k)],
          (int) (t % k), k, first);
    }
    __syncthreads();
  }
}

// One boolean squaring of the bit matrix r (n rows of w 32-bit words; bit j of row i: i
// reaches j, reflexive): next[i] = OR of r[j] over the bits j of r[i]. Thread (i, word)
// computes one word; *changed becomes 1 when a word differs (cobra section 5: repeat while
// the matrix changes, at most ceil(log2 n) times).
extern "C" __global__ void squareBits(const unsigned int* r, int n, int w, unsigned int* next,
    int* changed) {
  long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long) n * w) {
    return;
  }
  int i = (int) (t / w);
  int word = (int) (t % w);
  const unsigned int* row = r + (long long) i * w;
  unsigned int acc = 0;
  for (int jw = 0; jw < w; jw++) {
    unsigned int bits = row[jw];
    while (bits != 0) {
      int j = jw * 32 + __ffs(bits) - 1;
      acc |= r[(long long) j * w + word];
      bits &= bits - 1;
    }
  }
  next[t] = acc;
  if (acc != row[word]) {
    *changed = 1;
  }
}

// The chain-cover table of a closed bit matrix: thread u scans its row and keeps, per chain,
// the smallest position of a chained node it reaches.
extern "C" __global__ void tableOfBits(const unsigned int* r, int n, int w,
    const int* chainOf, const int* posOf, int k, int* first) {
  int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= n) {
    return;
  }
  const unsigned int* row = r + (long long) u * w;
  int* out = first + (long long) u * k;
  for (int jw = 0; jw < w; jw++) {
    unsigned int bits = row[jw];
    while (bits != 0) {
      int v = jw * 32 + __ffs(bits) - 1;
      int c = chainOf[v];
      if (c >= 0 && posOf[v] < out[c]) {
        out[c] = posOf[v];
      }
      bits &= bits - 1;
    }
  }
}

// One round of chain jumps over the whole table, in place (io.isoverify.gpu.ChainJumps):
// entry (u, c) becomes the least of itself, u's own position when u lies on chain c, its
// successors' entries, and, for every chain c2 that u reaches at position p, the entry of
// the node at (c2, p) (u reaches all of c2 from p on, hence all that node reaches). The
// last term doubles the length of the paths the table accounts for each round, so the
// rounds are about log2 of the longest path's chain changes, not the graph's depth. Entries
// only decrease and each is a position u does reach, so reading a neighbour's entry while
// another thread lowers it is harmless; *changed becomes 1 when an entry was lowered, and
// a round that lowers none read a settled table: it is then exact.
extern "C" __global__ void jumpRound(const int* outStart, const int* outHead,
    const int* chainOf, const int* posOf, const int* nodeAt, const int* chainBase, int n,
    int k, int* first, int* changed) {
  long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long) n * k) {
    return;
  }
  int u = (int) (t / k);
  int c = (int) (t % k);
  int* row = first + (long long) u * k;
  int old = row[c];
  int best = chainOf[u] == c ? posOf[u] : old;
  best = old < best ? old : best;
  for (int a = outStart[u]; a < outStart[u + 1]; a++) {
    int x = first[(long long) outHead[a] * k + c];
    best = x < best ? x : best;
  }
  for (int c2 = 0; c2 < k; c2++) {
    int p = row[c2];
    if (p != INT_MAX && c2 != c) {
      int x = first[(long long) nodeAt[chainBase[c2] + p] * k + c];
      best = x < best ? x : best;
    }
  }
  if (best < old) {
    row[c] = best;
    *changed = 1;
  }
}
