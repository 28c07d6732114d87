/*
 * cuda_groups.h -- the cooperative groups lockstep models, included by its
 * cuda.h (which defines __LOCKSTEP_D, the built-in variables and the warp
 * functions of cuda_warp.h).
 *
 * A thread block and the grid synchronise as __syncthreads() and the grid-wide
 * barrier. A tile of N threads (tiled_partition<N>, N up to 32) is N
 * consecutive threads of the block in linear order, which is where ranks come
 * from; its sync() orders nothing (as __syncwarp()); its shuffles and votes are
 * cuda_warp.h's over the tile's segment of the warp (votes with the tile's
 * member mask, so only a tile's threads share a vote), and
 * cooperative_groups::reduce returns an arbitrary value.
 */
#ifndef LOCKSTEP_CUDA_GROUPS_H
#define LOCKSTEP_CUDA_GROUPS_H

extern "C" __device__ void __lockstep_grid_sync(void);

namespace cooperative_groups {
struct thread_block {
  __device__ __forceinline__ void sync() const { __syncthreads(); }
  static __device__ __forceinline__ unsigned int thread_rank() {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  static __device__ __forceinline__ unsigned int size() {
    return blockDim.x * blockDim.y * blockDim.z;
  }
  static __device__ __forceinline__ unsigned int num_threads() { return size(); }
  static __device__ __forceinline__ dim3 group_index() {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  static __device__ __forceinline__ dim3 thread_index() {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  static __device__ __forceinline__ dim3 group_dim() {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
};
struct grid_group {
  __device__ __forceinline__ void sync() const { __lockstep_grid_sync(); }
  static __device__ __forceinline__ bool is_valid() { return true; }
  static __device__ __forceinline__ unsigned long long thread_rank() {
    unsigned long long block =
        (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    return block * thread_block::size() + thread_block::thread_rank();
  }
  static __device__ __forceinline__ unsigned long long size() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z *
           thread_block::size();
  }
  static __device__ __forceinline__ unsigned long long num_threads() {
    return size();
  }
};
template <unsigned int N> struct thread_block_tile {
  __device__ __forceinline__ void sync() const { __syncwarp(); }
  __device__ __forceinline__ unsigned int thread_rank() const {
    return thread_block::thread_rank() % N;
  }
  static __device__ __forceinline__ unsigned int size() { return N; }
  static __device__ __forceinline__ unsigned int num_threads() { return N; }
  __device__ __forceinline__ unsigned int meta_group_rank() const {
    return thread_block::thread_rank() / N;
  }
  __device__ __forceinline__ unsigned int meta_group_size() const {
    return (thread_block::size() + N - 1) / N;
  }
  template <class T> __device__ __forceinline__ T shfl(T v, int l) const {
    return __shfl_sync(0xffffffffu, v, l, N);
  }
  template <class T>
  __device__ __forceinline__ T shfl_down(T v, unsigned int d) const {
    return __shfl_down_sync(0xffffffffu, v, d, N);
  }
  template <class T>
  __device__ __forceinline__ T shfl_up(T v, unsigned int d) const {
    return __shfl_up_sync(0xffffffffu, v, d, N);
  }
  template <class T> __device__ __forceinline__ T shfl_xor(T v, int m) const {
    return __shfl_xor_sync(0xffffffffu, v, m, N);
  }
  /* The tile's lanes within its warp: votes are of the tile's threads only. */
  __device__ __forceinline__ unsigned int __lane0() const {
    return thread_block::thread_rank() % 32 / N * N;
  }
  __device__ __forceinline__ unsigned int __mask() const {
    return N == 32 ? 0xffffffffu : ((1u << (N % 32)) - 1) << __lane0();
  }
  __device__ __forceinline__ int any(int p) const {
    return __any_sync(__mask(), p);
  }
  __device__ __forceinline__ int all(int p) const {
    return __all_sync(__mask(), p);
  }
  __device__ __forceinline__ unsigned int ballot(int p) const {
    return __ballot_sync(__mask(), p) >> __lane0();
  }
};
__LOCKSTEP_D thread_block this_thread_block(void) { return thread_block(); }
__LOCKSTEP_D grid_group this_grid(void) { return grid_group(); }
template <unsigned int N>
__LOCKSTEP_D thread_block_tile<N> tiled_partition(const thread_block &) {
  return thread_block_tile<N>();
}
__LOCKSTEP_D void synchronize(const thread_block &g) { g.sync(); }
__LOCKSTEP_D void synchronize(const grid_group &g) { g.sync(); }
template <class G> __LOCKSTEP_D void sync(const G &g) { g.sync(); }
template <class G> __LOCKSTEP_D unsigned long long thread_rank(const G &g) {
  return g.thread_rank();
}
template <class G> __LOCKSTEP_D unsigned long long group_size(const G &g) {
  return g.size();
}
/* cooperative_groups::reduce over a tile: the result combines other lanes'
   values, arbitrary to the verifier. */
template <class T> struct plus {
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
template <class T> struct less {
  __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? a : b; }
};
template <class T> struct greater {
  __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? b : a; }
};
__LOCKSTEP_D int __lockstep_tile_value(int) { return lockstep_cuda_warp_int(); }
__LOCKSTEP_D unsigned int __lockstep_tile_value(unsigned int) {
  return lockstep_cuda_warp_uint();
}
__LOCKSTEP_D long __lockstep_tile_value(long) { return lockstep_cuda_warp_longlong(); }
__LOCKSTEP_D unsigned long __lockstep_tile_value(unsigned long) {
  return lockstep_cuda_warp_ulonglong();
}
__LOCKSTEP_D long long __lockstep_tile_value(long long) {
  return lockstep_cuda_warp_longlong();
}
__LOCKSTEP_D unsigned long long __lockstep_tile_value(unsigned long long) {
  return lockstep_cuda_warp_ulonglong();
}
__LOCKSTEP_D float __lockstep_tile_value(float) { return lockstep_cuda_warp_float(); }
__LOCKSTEP_D double __lockstep_tile_value(double) { return lockstep_cuda_warp_double(); }
/* The other lanes' part of the reduction: an arbitrary value (a shuffle would
   now say which lane's value it is, which the reduction is not). */
template <unsigned int N, class T, class Op>
__LOCKSTEP_D T reduce(const thread_block_tile<N> &g, T v, Op op) {
  return op(v, __lockstep_tile_value(v));
}
} // namespace cooperative_groups

#endif /* LOCKSTEP_CUDA_GROUPS_H */
