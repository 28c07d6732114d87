//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//thread_index_blocks_fail\.cu:9:\d+: error: possible write-write race on out\[\d+\]
//Write by thread \(\d+, 0, 0\) in group \(0, 0, 0\), thread_index_blocks_fail\.cu:9:\d+
//Write by thread \(\d+, 0, 0\) in group \(1, 0, 0\), thread_index_blocks_fail\.cu:9:\d+

__global__ void k(int *out) {
  // The index forgets the block: both blocks write out[0..31].
  out[threadIdx.x] = blockIdx.x;
}
