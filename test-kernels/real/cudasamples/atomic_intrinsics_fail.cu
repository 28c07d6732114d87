//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on g_odata

// As `atomic_intrinsics_pass.cu`, with the last counter updated by a plain read-modify-write
// (`g_odata[9] ^= tid`) instead of atomicXor: every thread of the grid reads and writes
// g_odata[9] unsynchronised.
__global__ void atomic_intrinsics(int *g_odata) {
  const unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
  atomicAdd(&g_odata[0], 10);
  atomicExch(&g_odata[1], tid);
  atomicMax(&g_odata[2], tid);
  atomicMin(&g_odata[3], tid);
  atomicInc((unsigned int *)&g_odata[4], 17);
  atomicDec((unsigned int *)&g_odata[5], 137);
  atomicCAS(&g_odata[6], tid - 1, tid);
  atomicAnd(&g_odata[7], 2 * tid + 7);
  atomicOr(&g_odata[8], 1 << tid);
  g_odata[9] ^= tid;
}
