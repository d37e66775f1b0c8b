// The module's CUDA kernels compiled as host C++ and run on the CPU, against a BFS: a check
// of the kernels' index arithmetic and level/barrier logic where no GPU is (gpu/README.md).
// Grid kernels run thread by thread; fillLevels runs one block of real threads with a
// std::barrier for __syncthreads. Random DAGs (fixed seed), level fill with both kinds of
// launch (a small NARROW bound), the dense closure and the chain jumps; exit 1 on a
// difference.
//
//   g++ -std=c++20 -O1 -pthread -x c++ gpu/src/test/cuda/kernel_emulation.cpp -o /tmp/emu && /tmp/emu
#include <thread>
#include <barrier>
#include <vector>
#include <climits>
#include <cstdio>
#include <random>
#include <algorithm>
#include <functional>
struct dim { unsigned x; };
thread_local dim threadIdx, blockIdx;
dim blockDim;
#define __global__
#define __device__
#define __forceinline__ inline
#define __ffs __builtin_ffs
std::barrier<>* bar;
void __syncthreads() { bar->arrive_and_wait(); }
#include "../../main/cuda/reachability.cu"

void grid(long long threads, int block, std::function<void()> k) {
  blockDim.x = block;
  long long blocks = (threads + block - 1) / block;
  for (long long b = 0; b < blocks; b++) for (int t = 0; t < block; t++) { blockIdx.x = b; threadIdx.x = t; k(); }
}
void oneBlock(int block, std::function<void()> k) {
  blockDim.x = block;
  std::barrier<> b(block); bar = &b;
  std::vector<std::thread> ts;
  for (int t = 0; t < block; t++) ts.emplace_back([&, t] { blockIdx.x = 0; threadIdx.x = t; k(); });
  for (auto& x : ts) x.join();
}

int main() {
  std::mt19937 rnd(5);
  int bad = 0, wideL = 0, runs = 0, maxRounds = 0;
  for (int round = 0; round < 40; round++) {
    int n = 2 + rnd() % (round < 20 ? 60 : 600);
    int k = 1 + rnd() % std::min(n, round % 3 == 0 ? 3 : 40);
    double dens = (rnd() % 2) ? 0.02 : 0.3;
    std::vector<int> tail, head, chainOf(n), posOf(n), last(k, -1);
    for (int v = 0; v < n; v++) {
      int c = v % k; chainOf[v] = c; posOf[v] = last[c] < 0 ? 0 : posOf[last[c]] + 1;
      if (last[c] >= 0) { tail.push_back(last[c]); head.push_back(v); }
      int extra = (int) (dens * v);
      for (int i = 0; i < extra; i++) { tail.push_back(rnd() % v); head.push_back(v); }
      last[c] = v;
    }
    if (round % 5 == 4) {
      for (int v = 0; v < n; v += 2) chainOf[v] = -1;  // nodes off every chain
    }
    int m = tail.size();
    std::vector<int> start(n + 1, 0), out(m);
    for (int a = 0; a < m; a++) start[tail[a] + 1]++;
    for (int u = 0; u < n; u++) start[u + 1] += start[u];
    std::vector<int> fill(start.begin(), start.end() - 1);
    for (int a = 0; a < m; a++) out[fill[tail[a]]++] = head[a];
    // reference: BFS closure, first[u][c] = min pos of chain-c node reachable (reflexive)
    std::vector<int> ref((size_t) n * k, INT_MAX);
    for (int u = 0; u < n; u++) {
      std::vector<char> seen(n, 0); std::vector<int> q{u}; seen[u] = 1;
      for (size_t i = 0; i < q.size(); i++) { int x = q[i];
        if (chainOf[x] >= 0) ref[(size_t) u * k + chainOf[x]] = std::min(ref[(size_t) u * k + chainOf[x]], posOf[x]);
        for (int a = start[x]; a < start[x + 1]; a++) if (!seen[out[a]]) { seen[out[a]] = 1; q.push_back(out[a]); } }
    }
    // levels by height (ids are a topological order)
    std::vector<int> h(n, 0); int L = 0;
    for (int u = n - 1; u >= 0; u--) { for (int a = start[u]; a < start[u + 1]; a++) h[u] = std::max(h[u], h[out[a]] + 1); L = std::max(L, h[u] + 1); }
    std::vector<int> ls(L + 1, 0), nodes(n);
    for (int u = 0; u < n; u++) ls[h[u] + 1]++;
    for (int l = 0; l < L; l++) ls[l + 1] += ls[l];
    std::vector<int> f2(ls.begin(), ls.end() - 1);
    for (int u = 0; u < n; u++) nodes[f2[h[u]]++] = u;
    std::vector<int> first((size_t) n * k, INT_MAX);
    const int NARROW = 64;
    int runFrom = 0;
    for (int l = 0; l <= L; l++) {
      if (l < L && (long long) (ls[l + 1] - ls[l]) * k <= NARROW) continue;
      if (runFrom < l) { runs++; int from = runFrom, to = l;
        oneBlock(16, [&] { fillLevels(start.data(), out.data(), chainOf.data(), posOf.data(), nodes.data(), ls.data(), from, to, k, first.data()); }); }
      if (l < L) { wideL++; int off = ls[l], cnt = ls[l + 1] - ls[l];
        grid((long long) cnt * k, 32, [&] { fillLevel(start.data(), out.data(), chainOf.data(), posOf.data(), nodes.data(), off, cnt, k, first.data()); }); }
      runFrom = l + 1;
    }
    if (first != ref) { bad++; printf("levels differ round %d n %d k %d\n", round, n, k); }
    // dense
    int w = (n + 31) / 32;
    std::vector<unsigned> r((size_t) n * w, 0), nx((size_t) n * w);
    for (int u = 0; u < n; u++) { r[(size_t) u * w + u / 32] |= 1u << (u % 32);
      for (int a = start[u]; a < start[u + 1]; a++) r[(size_t) u * w + out[a] / 32] |= 1u << (out[a] % 32); }
    for (int s = 0; s < 40; s++) { int changed = 0;
      grid((long long) n * w, 32, [&] { squareBits(r.data(), n, w, nx.data(), &changed); });
      std::swap(r, nx); if (!changed) break; }
    std::vector<int> first2((size_t) n * k, INT_MAX);
    grid(n, 32, [&] { tableOfBits(r.data(), n, w, chainOf.data(), posOf.data(), k, first2.data()); });
    if (first2 != ref) { bad++; printf("dense differs round %d n %d k %d\n", round, n, k); }
    // chain jumps: the (chain, position) -> node lookup as ChainJumps.lookup builds it
    std::vector<int> mn(k, INT_MAX), mx(k, -1), base(k, 0);
    for (int u = 0; u < n; u++) if (chainOf[u] >= 0) { mn[chainOf[u]] = std::min(mn[chainOf[u]], posOf[u]); mx[chainOf[u]] = std::max(mx[chainOf[u]], posOf[u]); }
    int span = 0;
    for (int c = 0; c < k; c++) if (mx[c] >= 0) { base[c] = span - mn[c]; span += mx[c] - mn[c] + 1; }
    std::vector<int> nodeAt(std::max(1, span), -1);
    for (int u = 0; u < n; u++) if (chainOf[u] >= 0) nodeAt[base[chainOf[u]] + posOf[u]] = u;
    std::vector<int> first3((size_t) n * k, INT_MAX);
    int rounds = 0, changed = 1;
    while (changed && rounds < 64) { changed = 0; rounds++;
      grid((long long) n * k, 32, [&] { jumpRound(start.data(), out.data(), chainOf.data(), posOf.data(), nodeAt.data(), base.data(), n, k, first3.data(), &changed); }); }
    if (first3 != ref) { bad++; printf("jumps differ round %d n %d k %d\n", round, n, k); }
    maxRounds = std::max(maxRounds, rounds);
  }
  printf("bad %d, wide levels %d, one-block runs %d, most jump rounds %d\n", bad, wideL, runs, maxRounds);
  return bad != 0;
}
