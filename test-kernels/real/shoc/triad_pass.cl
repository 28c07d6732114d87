//pass
//--local_size=128 --num_groups=256

// STREAM-style triad C = A + s * B on float4 vectors, after the public description of
// SHOC's Triad benchmark, written as a grid-stride loop: each work item starts at its
// global id and steps by the global size (32,768 work items), so every float4 of the
// vectors is written by exactly one work item. 128 work items per group, 256 groups; the
// bound on n (16M floats, 4M float4s) keeps the loop counter from wrapping.
__kernel void triad(__global const float4 *A, __global const float4 *B, __global float4 *C,
                    float s, int n) {
  __requires(n >= 0 && n <= 4194304);
  int stride = get_local_size(0) * get_num_groups(0);
  for (int i = get_global_id(0); i < n; i += stride)
    C[i] = A[i] + s * B[i];
}
